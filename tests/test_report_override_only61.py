"""A student with no answer row, marked only by overrides, counts in alpha and the SD with every
part the marker left unmarked at 0, which can lift alpha by 0.1: the class report says beside both
how many such students they include and what the figures are without them."""

import re

from test_review50b import answer, key_of, run, write


def _graded(folder, overrides: bool) -> str:
    folder.mkdir()
    parts = key_of(folder, "C1,C2,C3")
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[f"s{n:02}", q, letter, answer(part) if (n * (k + 3)) % 7 < 4 + n % 3 else "1"]
             for n in range(12) for k, (q, letter, part) in enumerate(parts)]
    write(folder / "answers.csv", rows)
    write(folder / "roster.csv", [["student_id", "name"], *([f"s{n:02}", ""] for n in range(12)), ["s99", "Sat On Paper"]])
    write(folder / "ov.csv", [["student_id", "question_id", "part", "points", "comment"], ["s99", "Q1", "a", "1", "on paper"]])
    args = ["grade", "answers.csv", "--key", "quiz/key.json", "--roster", "roster.csv", "--out", "out"]
    run(args + ["--overrides", "ov.csv"] * overrides, folder)
    return (folder / "out" / "answers-graded-report.md").read_text(encoding="utf-8")


def _figure(md: str, name: str) -> str:
    return re.search(rf"^\| {re.escape(name)}[^|]* \| ([^|]+) \|$", md, re.M).group(1)


def test_alpha_and_the_sd_say_what_they_are_without_the_override_only_student(tmp_path):
    md = _graded(tmp_path / "with", True)
    plain = _graded(tmp_path / "without", False)   # s99 absent: in no figure
    alpha, sd = _figure(plain, "reliability of the score"), _figure(plain, "standard deviation").split()[0]
    assert _figure(md, "reliability of the score").endswith(
        f" (with the 1 student marked only by overrides, their unmarked parts 0; {alpha} without)")
    assert _figure(md, "standard deviation").endswith(
        f" percentage points (with the 1 student marked only by overrides, their unmarked parts 0; {sd} without)")
    assert "marked only by overrides" not in _figure(plain, "reliability of the score")
    assert _figure(md, "reliability of the score").split()[0] != alpha   # the zeros do move it
