"""Review 52c of the class report: findings F1 to F7 (fix52r)."""

from tests.test_review50b import answer, key_of, read_csv, run, write


def _all_blank_class(tmp_path, roster: bool):
    """Three students answering every part right, s4 whose every cell is empty and s5 whose every
    cell is ``idk`` (graded blank), a wide file; with ``roster``, a roster of s1 to s5."""
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    rows += [[f"s{n}", *(answer(p) for _, _, p in parts)] for n in (1, 2, 3)]
    rows += [["s4", *[""] * len(parts)], ["s5", *["idk"] * len(parts)]]
    write(tmp_path / "ans.csv", rows)
    args = ["grade", "ans.csv", "--key", "quiz/key.json", "--force-key"]
    if roster:
        write(tmp_path / "roster.csv", [["student_id"], *([f"s{n}"] for n in range(1, 6))])
        args += ["--roster", "roster.csv"]
    return parts, run(args, tmp_path)


def test_f2_a_student_whose_every_answer_is_blank_counts_absent(tmp_path):
    """F2: a line with every answer empty (or only non-answers such as ``idk``) was graded as a
    student who sat and scored 0 (in the mean, D, r and alpha), while the same line off the roster
    is left out as "no answer": they now count absent, named in a note and in "To act on"."""
    for roster in (True, False):
        folder = tmp_path / f"r{roster}"
        folder.mkdir()
        parts, output = _all_blank_class(folder, roster)
        assert "from 3 students (and 2 whose every answer is blank)" in output, output
        assert ("Note: 2 student(s) left every answer blank (empty, or words such as 'idk' read as no answer), so "
                "they are counted absent (left out of the class figures, scored 0); check that their answers "
                "were not lost: s4, s5\n") in output, output
        for row in read_csv(folder / "ans-graded-questions.csv"):
            assert (row["students"], row["correct"], row["blank"], row["missing"]) == ("3", "3", "0", "0")
        items = read_csv(folder / "ans-graded-items.csv")
        assert {row["facility"] for row in items if row["level"] == "part"} == {"1.000"}
        md = (folder / "ans-graded-report.md").read_text(encoding="utf-8")
        assert "| s4 |  | 0 | 8 | 0.0 | no answer (every answer blank) |" in md
        assert "| s5 |  | 0 | 8 | 0.0 | no answer (every answer blank) |" in md
        act = md.split("## To act on", 1)[1]
        assert "Every answer blank" in act and f"- s4: all {len(parts)} parts blank" in act and "- s5: " in act
        students = {r["student_id"]: r for r in read_csv(folder / "ans-graded-students.csv")}
        assert (students["s4"]["score"], students["s4"]["blank"]) == ("0", str(len(parts)))   # graded, with its 0
        page = (folder / "ans-graded-report.html").read_text(encoding="utf-8")
        assert "no answer (every answer blank)" in page and "Every answer blank" in page
