"""A student id printed as typed under LuaLaTeX too: the footers and the solutions' "Student ID:" kept
an id's characters apart with an empty group, a--b{}, which LuaLaTeX (any paper of a class with a
Greek or CJK name) still joins into a dash, so a--b printed a–b. Skips, with the reason, without it."""

import pytest

from test_pdf46_access import GREEK, lualatex_for_greek, run, tools


@pytest.mark.slow
def test_an_id_prints_as_typed_under_lualatex(tmp_path, invoke):
    tools("pdftotext")
    lualatex_for_greek()
    (tmp_path / "roster.csv").write_text(f"student_id,name\na--b,,c,{GREEK}\n".replace("a--b,,c", '"a--b,,c"'),
                                         encoding="utf-8")
    out = tmp_path / "quiz"
    result = invoke("generate", "--seed", 1, "--classes", "C6", "--students", tmp_path / "roster.csv",
                    "--format", "pdf", "--jobs", 1, "--out", out)
    assert result.exit_code == 0, result.stderr
    for name in ("problems.pdf", "solutions.pdf"):
        text = run("pdftotext", out / name, "-")
        assert f"{GREEK} (a--b,,c)" in text and "\u2013" not in text and "\u201e" not in text, name
    assert "Student ID: a--b,,c" in run("pdftotext", out / "solutions.pdf", "-")
