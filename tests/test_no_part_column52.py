"""A long-form answers file that lost its part column (``student_id,
question_id, answer``) on a paper of several-part questions: every row of
such a question names no part, but each student's single-part question was
graded, so "one student's flood" let the class through: graded at 8%, exit 0,
a warning only (round 52's fresh-clone review, F2). Now grade stops in one
line naming the file and what was expected, exit 2, nothing written; a file
labelling its rows Q1a with no part column, and a few stray rows, still grade."""

import csv

from test_unknown_labels39 import _key_rows, key_json as seed_1_key


def _answers(path, key_json, label, students=8, header=("student_id", "question_id", "answer")):
    """Every key answer for each student, with no part column; ``label(key row, i)`` the question cell."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(header)
        for s in range(students):
            for i, row in enumerate(_key_rows(key_json)):
                out.writerow([f"s{s}", label(row, i), row["answer"]])
    return path


key_json = seed_1_key   # the fixture: generate --seed 1's key.json, made once for the module


def test_a_file_without_its_part_column_stops_grade(tmp_path, key_json, invoke):
    answers = _answers(tmp_path / "nopart.csv", key_json, lambda row, i: row["question_id"])
    result = invoke("grade", answers, "--key", key_json)
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and line.startswith("quizgen: error: nopart.csv: no part column")
    assert "expected a part column" in line and "labels such as Q1a" in line
    assert "no part given for Q1 (parts a, b)" in line or "no part given for" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nopart.csv"]   # nothing written


def test_force_key_grades_it_anyway(tmp_path, key_json, invoke):
    answers = _answers(tmp_path / "nopart.csv", key_json, lambda row, i: row["question_id"])
    result = invoke("grade", answers, "--key", key_json, "--force-key")
    assert result.exit_code == 0, result.output
    assert "graded anyway, as --force-key asks" in " ".join(result.output.split())


def test_labels_like_q1a_need_no_part_column(tmp_path, key_json, invoke):
    answers = _answers(tmp_path / "labelled.csv", key_json, lambda row, i: row["question_id"] + row["part"])
    result = invoke("grade", answers, "--key", key_json)
    assert result.exit_code == 0, result.output
    assert "name no part" not in result.output


def test_a_few_rows_with_no_part_are_only_warned(tmp_path, key_json, invoke):
    rows = _key_rows(key_json)
    several = {r["question_id"] for r in rows if r["part"] != "a"}
    stray = next(i for i, r in enumerate(rows) if r["question_id"] in several)
    answers = _answers(tmp_path / "few.csv", key_json,
                       lambda row, i: row["question_id"] + ("" if i == stray else row["part"]))
    result = invoke("grade", answers, "--key", key_json)
    assert result.exit_code == 0, result.output
    assert "name no part" in result.output and "no part given" in result.output


def _long(path, key_json, students=2):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["student_id", "question_id", "part", "answer"])
        for s in range(students):
            for row in _key_rows(key_json):
                out.writerow([f"s{s}", row["question_id"], row["part"], row["answer"]])
    return path


def test_an_overrides_file_without_its_part_column_is_refused(tmp_path, key_json, invoke):
    answers = _long(tmp_path / "answers.csv", key_json)
    several = sorted({r["question_id"] for r in _key_rows(key_json) if r["part"] == "b"})
    (tmp_path / "ov.csv").write_text("student_id,question_id,score\n"
                                     + "".join(f"s0,{q},0.5\n" for q in several[:3]), encoding="utf-8")
    result = invoke("grade", answers, "--key", key_json, "--overrides", tmp_path / "ov.csv")
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and line.startswith("quizgen: error: ov.csv: no part column, and 3 of 3 overrides")
    assert "line 2: no part given for" in line and "expected a part column" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.csv", "ov.csv"]


def test_overrides_labelled_q1a_or_on_single_part_questions_need_no_part_column(tmp_path, key_json, invoke):
    answers = _long(tmp_path / "answers.csv", key_json)
    rows = _key_rows(key_json)
    counts = {}
    for r in rows:
        counts[r["question_id"]] = counts.get(r["question_id"], 0) + 1
    single = next(q for q, n in counts.items() if n == 1)
    several = next(q for q, n in counts.items() if n > 1)
    (tmp_path / "ov.csv").write_text(f"student_id,question_id,score\ns0,{several}a,0.5\ns0,{single},0.5\n",
                                     encoding="utf-8")
    result = invoke("grade", answers, "--key", key_json, "--overrides", tmp_path / "ov.csv")
    assert result.exit_code == 0, result.output
    assert "matches no answer" not in result.output


def test_a_file_without_its_answer_column_is_told_so(tmp_path, key_json, invoke):
    (tmp_path / "noans.csv").write_text("student_id,question_id,part\ns1,Q1,a\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "noans.csv", "--key", key_json)
    assert result.exit_code == 2
    assert "line 1: no answer column (answer, response, ...) in the header; expected student_id, question_id, " \
           "part, answer; found 'student_id', 'question_id', 'part'" in result.output
