"""generate refuses to remake or keep papers whose seed labels now draw other
answers than their key holds (review 41c F2): a bank or quizgen changed since
the papers were made would reprint, with --only, numbers the key does not
grade, or rewrite, with a late joiner's --force, the key of papers handed out."""

import json

import pytest

ROSTER = "student_id,name\ns001,Ada\ns002,Alan\ns003,Grace\n"


def _made(tmp_path, invoke, *extra):
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    result = invoke("generate", "--seed", 7, "--classes", "C1,C7", "--students", tmp_path / "roster.csv",
                    "--split", "--out", tmp_path / "quiz", *extra)
    assert result.exit_code == 0, result.output
    return tmp_path / "quiz"


def _edit_exact(folder, student: str, question: str = "Q2") -> None:
    """key.json as a quizgen drawing other numbers would have written it for ``student``'s ``question``."""
    key = folder / "key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    record = next(q for q in data["students"][student]["questions"] if q["id"] == question)
    record["parts"][0]["exact"] = "1/(1 + exp(-3.9))"
    key.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _files(folder) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_same_paper_made_again_is_not_refused(tmp_path, invoke):
    folder = _made(tmp_path, invoke)
    before = _files(folder)
    _made(tmp_path, invoke)
    assert _files(folder) == before


@pytest.mark.parametrize("how", ["again", "only", "late joiner"])
def test_papers_whose_labels_now_draw_other_answers_are_not_remade(tmp_path, invoke, how):
    folder = _made(tmp_path, invoke)
    _edit_exact(folder, "s002")
    before = _files(folder)
    args = ["generate", "--seed", 7, "--classes", "C1,C7", "--split", "--out", folder]
    if how == "only":
        args += ["--students", tmp_path / "roster.csv", "--only", "s002"]
    elif how == "late joiner":
        (tmp_path / "more.csv").write_text(ROSTER + "s004,Ida\n", encoding="utf-8")
        args += ["--students", tmp_path / "more.csv", "--force"]
    else:
        args += ["--students", tmp_path / "roster.csv"]
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert line == (f"quizgen: error: {folder / 'key.json'} holds other answers than this quizgen draws for s002 Q2 "
                    "(1 question(s)): the bank or quizgen changed since these papers were made, and remaking them "
                    "would print numbers their key does not hold (or rewrite the key of papers handed out); remake "
                    "them with the quizgen and --bank that made them, or make a new paper in another --out folder")
    assert _files(folder) == before   # nothing written


def test_another_paper_replaced_with_force_is_not_held_against_the_old_key(tmp_path, invoke):
    folder = _made(tmp_path, invoke)
    _edit_exact(folder, "s002")
    result = invoke("generate", "--seed", 8, "--classes", "C1,C7", "--students", tmp_path / "roster.csv",
                    "--split", "--out", folder, "--force")
    assert result.exit_code == 0, result.output
