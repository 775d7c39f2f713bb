"""Long-form rows labelled another way than the paper (the class C1 for the
question Q1, part 1 for a): every row was unknown_question, the class mean 0%,
exit 0 and no word (round 39's fresh-clone review). Now one line names the
labels; when they are most of the rows grade stops, with no output written,
unless --force-key."""

import csv

import pytest

from quizgen.grading.tally import LABELS_KEPT, MORE_LABELS, Tally


def _key_rows(key_json):
    with open(key_json.parent / "key.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _answers(path, key_json, label, students=5):
    """A long-form file of every key answer, each row's (question, part) given by ``label(key row, index)``."""
    rows = _key_rows(key_json)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["student_id", "question_id", "part", "answer"])
        for s in range(students):
            for i, row in enumerate(rows):
                out.writerow([f"s{s}", *label(row, i), row["answer"]])
    return path


@pytest.fixture(scope="module")
def key_json(tmp_path_factory):
    from quizgen.generation.run import generate
    folder = tmp_path_factory.mktemp("labels39")
    generate(folder / "quiz", seed=1)
    return folder / "quiz" / "key.json"


@pytest.mark.parametrize("label, named, why", [
    (lambda row, i: (row["class"], row["part"]), "'C1' part 'a' (5 rows)", "no question 'C1' in key.json"),
    (lambda row, i: (row["question_id"], str(ord(row["part"]) - 96)), "'Q1' part '1' (5 rows)",
     "Q1 has no part '1'")], ids=["class-for-question", "number-for-letter"])
def test_rows_labelled_another_way_stop_grade_naming_the_labels(tmp_path, key_json, invoke, label, named, why):
    answers = _answers(tmp_path / "answers.csv", key_json, label)
    result = invoke("grade", answers, "--key", key_json)
    assert result.exit_code == 2
    line = result.output.strip()
    assert "\n" not in line and line.startswith("quizgen: error: answers.csv: 135 of 135 answer rows name no part ")
    assert named in line and why in line and "or pass --force-key to grade them anyway" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.csv"]   # nothing half-written


def test_force_key_grades_them_and_says_so(tmp_path, key_json, invoke):
    answers = _answers(tmp_path / "answers.csv", key_json, lambda row, i: (row["class"], row["part"]))
    result = invoke("grade", answers, "--key", key_json, "--force-key")
    assert result.exit_code == 0, result.output
    assert "135 of 135 answer rows name no part" in result.output and "graded anyway, as --force-key asks" in result.output
    with open(tmp_path / "answers-graded.csv", newline="", encoding="utf-8") as handle:
        assert {r["status"] for r in csv.DictReader(handle)} == {"unknown_question"}


def test_a_few_stray_labels_are_named_in_a_warning_and_the_rest_graded(tmp_path, key_json, invoke):
    answers = _answers(tmp_path / "answers.csv", key_json,
                       lambda row, i: (row["question_id"] if i % 3 else "Q99", row["part"]))
    result = invoke("grade", answers, "--key", key_json)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert ("answers.csv: 45 of 135 answer rows name no part of " in said
            and "'Q99' part 'c' (20 rows), 'Q99' part 'a' (10 rows)" in said and "no question 'Q99'" in said)
    assert "graded anyway" not in said


def test_a_file_of_a_few_rows_is_only_warned(tmp_path, key_json, invoke):
    answers = _answers(tmp_path / "answers.csv", key_json, lambda row, i: ("C1", row["part"]), students=1)
    rows = answers.read_text(encoding="utf-8").splitlines()
    answers.write_text("\n".join(rows[:10]) + "\n", encoding="utf-8")   # 9 rows, none naming a part
    result = invoke("grade", answers, "--key", key_json)
    assert result.exit_code == 0 and "9 of 9 answer rows name no part" in " ".join(result.output.split())


def test_one_students_flood_of_stray_rows_does_not_stop_the_class(tmp_path, key_json, invoke):
    answers = _answers(tmp_path / "answers.csv", key_json, lambda row, i: (row["question_id"], row["part"]), students=2)
    with open(answers, "a", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("s0", "Q99", "a", n) for n in range(60)])
    result = invoke("grade", answers, "--key", key_json)
    assert result.exit_code == 0 and "60 of 114 answer rows name no part" in " ".join(result.output.split())


def test_rows_labelled_as_the_paper_get_no_such_line(tmp_path, key_json, invoke):
    answers = _answers(tmp_path / "answers.csv", key_json, lambda row, i: (row["question_id"], row["part"]))
    result = invoke("grade", answers, "--key", key_json)
    assert result.exit_code == 0 and "name no part" not in result.output


def test_the_tally_keeps_a_bounded_number_of_labels_and_counts_the_rest():
    tally = Tally(1)
    for n in range(LABELS_KEPT + 7):
        tally.count_unknown_label(f"X{n}", "a", "why", rows=2)
    assert len(tally.unknown_labels) == LABELS_KEPT + 1 and tally.unknown_labels[MORE_LABELS][1] == 14
    assert sum(rows for _, rows in tally.unknown_labels.values()) == 2 * (LABELS_KEPT + 7)


@pytest.mark.slow
def test_both_processes_count_their_labels(tmp_path, key_json, invoke):
    """A file big enough to be cut in two (--jobs 2): the later part's labels are merged in."""
    answers = _answers(tmp_path / "answers.csv", key_json,
                       lambda row, i: (row["question_id"] if i % 9 else "Q99", row["part"]), students=4000)
    assert answers.stat().st_size > 1.5 * (1 << 20)   # parts of at least 512 KiB (docs/performance.md)
    said = {}
    for jobs in ("1", "2"):
        result = invoke("grade", answers, "--key", key_json, "--jobs", jobs, "--out", tmp_path / jobs / "graded.csv")
        assert result.exit_code == 0, result.output
        said[jobs] = " ".join(result.output.split()).split("warning: ")[1].split(" Class:")[0]
    assert said["2"].startswith("answers.csv: 12,000 of 108,000 answer rows name no part") and "'Q99' part 'a' (" in said["2"]
    assert said["1"] == said["2"]


@pytest.mark.slow
def test_over_a_hundred_labels_are_named_by_first_meeting_alike_for_any_jobs(tmp_path, key_json, invoke):
    """The hostile review: past the labels kept (100), a later part's labels were counted together,
    so the most-rows order named other labels with --jobs 2 than with 1, and "and 96 more" undercounted."""
    rows = _key_rows(key_json)
    answers = tmp_path / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["student_id", "question_id", "part", "answer"])
        for s in range(4000):
            for i, row in enumerate(rows):
                label = f"X{(s * 27 + i) % 150}" if i % 9 == 0 else "Z9" if s > 3000 and i % 9 == 1 else row["question_id"]
                out.writerow([f"s{s}", label, row["part"], row["answer"]])
    said = {}
    for jobs in ("1", "2"):
        result = invoke("grade", answers, "--key", key_json, "--jobs", jobs, "--out", tmp_path / jobs / "graded.csv")
        assert result.exit_code == 0, result.output
        said[jobs] = " ".join(result.output.split()).split("warning: ")[1].split(" Class:")[0]
    assert said["1"] == said["2"]
    assert ("'X0' part 'a', 'X9' part 'c', 'X18' part 'c', 'X27' part 'a', 'X36' part 'c' and more (over 100 labels; "
            "these met first); no question 'X0'") in said["2"]


def test_the_reason_names_a_dozen_of_the_keys_questions_at_most(tmp_path, invoke):
    from quizgen.generation.run import generate
    generate(tmp_path / "quiz", seed=1, count=2)   # 20 questions
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q99,a,1\ns1,Q1,a,1\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", tmp_path / "quiz" / "key.json")
    assert result.exit_code == 0 and "(it has Q1, Q2, Q3, Q4, Q5, Q6, Q7, Q8, Q9, Q10, Q11, Q12 and 8 more)" in \
        " ".join(result.output.split())
