"""Per-student papers of two students (override26) and the answers file written
against them. ``papers`` is made once per test module that asks for it (module
scope, as when test_paper_as_written26.py alone defined it); registered for the
whole suite by ``pytest_plugins`` in conftest.py.

A module's own ``papers`` wins in that module: test_bank_cross_question.py,
test_bank_own_words.py, test_pdf32_one_page.py and test_serial34.py define
their own (other papers)."""

import json

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.key.papercode import display_code


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """Per-student papers of s001 and s002 (C1, seed 11): {id: (display code, [values of (a), (b)])}."""
    folder = tmp_path_factory.mktemp("papers")
    key = per_student_key(folder, "s001,Ada Lovelace\ns002,Alan Turing\n", 11, "quiz")
    codes = {record.get("student_id", ""): code for code, record in key["papers"].items()}
    values = {sid: [f"{p['value']:.4f}" for p in paper["questions"][0]["parts"]]
              for sid, paper in key["students"].items()}
    return folder, {sid: (display_code(codes[sid]), values[sid]) for sid in ("s001", "s002")}


def per_student_key(folder, roster_rows: str, seed: int, out: str) -> dict:
    """key.json's data of C1 papers generated with ``seed`` into ``folder``/``out`` for the
    roster ``folder``/roster.csv of ``roster_rows`` (student_id,name lines)."""
    (folder / "roster.csv").write_text("student_id,name\n" + roster_rows, encoding="utf-8")
    made = CliRunner().invoke(main, ["generate", "--seed", str(seed), "--classes", "C1", "--students",
                                     str(folder / "roster.csv"), "--out", str(folder / out)])
    assert made.exit_code == 0, made.output
    return json.loads((folder / out / "key.json").read_text(encoding="utf-8"))


def coded_answers(folder, rows):
    """``folder``/swap.csv of ``rows`` (student id, paper code, part, answer), all to Q1; its path."""
    path = folder / "swap.csv"
    path.write_text("student_id,paper,question_id,part,answer\n"
                    + "".join(f"{sid},{code},Q1,{part},{answer}\n" for sid, code, part, answer in rows), encoding="utf-8")
    return path
