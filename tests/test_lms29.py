"""lms29: what an LMS reviewer found in reading Moodle and Canvas downloads
and in the exports: a Cloze cell Moodle's report trimmed, ..."""

import csv
from pathlib import Path

import pytest

from lms_support import download_with, exported_download, moodle_csv
from quizgen.errors import InputFileError
from quizgen.lms.responses import cloze_parts, read_responses

DATA = Path(__file__).parent / "data" / "lms"


@pytest.mark.parametrize("summary, parts", [
    # Moodle joins 'part N: <response>' with '; ' and its Responses report trims the cell: a blank last part
    # ends it with 'part 3:', no space after the colon
    ("part 1: 3.9; part 2: 3.92; part 3:", [("a", "3.9"), ("b", "3.92"), ("c", "")]),
    ("part 1: ; part 2: ; part 3:", [("a", ""), ("b", ""), ("c", "")]),   # an untouched Cloze
    ("part 1:", [("a", "")]),
    ("part 1:0.5;part 2:0.7", [("a", "0.5"), ("b", "0.7")]),   # a spreadsheet dropped the spaces
    ("part 1: 0.5 ;  part 2: 0.7", [("a", "0.5"), ("b", "0.7")]),
])
def test_a_trimmed_cloze_cell_splits_into_its_parts(summary, parts):
    assert cloze_parts(summary) == parts


def test_the_moodle_fixture_is_trimmed_as_moodle_writes_it():
    header, first = list(csv.reader((DATA / "moodle_responses.csv").open(encoding="utf-8")))[:2]
    assert first[header.index("Response 1")].endswith("; part 3:")
    ada = [(r.part, r.answer) for r in read_responses(DATA / "moodle_responses.csv").rows
           if r.student_id == "s001" and r.attempt == 1 and r.slot == 1]
    assert ada == [("a", "0.5744"), ("b", "0.5544"), ("c", "")]


def _graded(folder) -> list:
    return list(csv.DictReader((folder / "responses-graded.csv").open(encoding="utf-8-sig")))


@pytest.mark.slow
def test_a_blank_last_cloze_part_leaves_the_part_before_it_right(tmp_path, invoke):
    header, *rows = exported_download(invoke, tmp_path, "C7", 1, 1)
    response = header.index("Response 1")
    assert rows[0][response] == "part 1: 0.5; part 2: 0.5; part 3: 0.5"
    rows[0][response] = "part 1: 0.5; part 2: 0.5; part 3:"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    assert invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json").exit_code == 0
    verdicts = {r["part"]: (r["answer"], r["status"]) for r in _graded(tmp_path)}
    assert verdicts["b"][0] == "0.5" and verdicts["b"][1] != "invalid"
    assert verdicts["c"] == ("", "blank")


@pytest.mark.parametrize("state, sheet", [("In progress", False), ("Not yet started", False), ("Overdue", False),
                                          ("Never submitted", True), ("Finished", True)])
@pytest.mark.slow
def test_no_feedback_sheet_for_an_attempt_still_open(tmp_path, invoke, state, sheet):
    # a sheet holds the worked solutions and the key's answers: a student whose attempt is still open could
    # read them and then submit
    header, *rows = exported_download(invoke, tmp_path, "C1", 2, 2)
    rows[0][header.index("State")] = state
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--feedback", tmp_path / "fb")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "fb" / "s001.md").exists()
    assert (tmp_path / "fb" / "s000.md").exists() is sheet
    held = [line for line in result.output.splitlines() if "get no feedback sheet" in line]
    assert held == ([] if sheet else [f"Note: 1 student(s) get no feedback sheet, as Moodle shows their attempt as "
                                      f"not submitted and still open, or none yet (a sheet holds the worked solutions "
                                      f"and the key's answers, which they could use before submitting): s000 "
                                      f"({state}); grade again for their sheets once the quiz is closed"])


# ---------------------------------------------------------------- item 3: a long name is a name

def _long_named(tmp_path, invoke, last: str) -> None:
    download_with(invoke, tmp_path, "Last name", last, count=2)


@pytest.mark.slow
def test_a_long_moodle_name_is_graded(tmp_path, invoke):
    _long_named(tmp_path, invoke, "L" * 201)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 0, result.output
    students = (tmp_path / "responses-graded-students.csv").read_text(encoding="utf-8-sig")
    assert "Test " + "L" * 201 in students


@pytest.mark.slow
def test_a_name_no_one_has_is_refused_naming_the_downloads_row(tmp_path, invoke):
    _long_named(tmp_path, invoke, "L" * 1_001)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 2
    assert result.stderr == (f"quizgen: error: {tmp_path / 'responses.csv'}: the Moodle export's row 2 after the "
                             f"header (student 's001'): the name is 1,006 characters long, over 1,000, which no name "
                             f"is; check the row, or download the report again\n")


def test_a_long_canvas_name_is_read_and_a_key_keeps_it(tmp_path):
    from quizgen.key.model import read_key

    text = (DATA / "canvas_student_analysis.csv").read_text(encoding="utf-8")
    (tmp_path / "long.csv").write_text(text.replace("Ada Lovelace", "A" * 241), encoding="utf-8")
    assert {r.name for r in read_responses(tmp_path / "long.csv").rows if r.student_id == "s001"} == {"A" * 241}
    (tmp_path / "huge.csv").write_text(text.replace("Alan Turing", "A" * 1_001), encoding="utf-8")
    with pytest.raises(InputFileError, match="the Canvas student analysis's row 2 after the header .student '502'.: "
                                             "the name is 1,001 characters long"):
        read_responses(tmp_path / "huge.csv")
    key = {"questions": [{"id": "Q1", "parts": [{"part": "a", "value": 1, "points": 1}]}],
           "students": {"s001": {"name": "A" * 1_000, "questions": [{"id": "Q1", "parts": [
               {"part": "a", "value": 1, "points": 1}]}]}}}
    assert read_key(key).papers[0].name == "A" * 1_000
    key["students"]["s001"]["name"] += "A"
    with pytest.raises(InputFileError, match="name: expected text of at most 1,000 characters"):
        read_key(key)


def test_a_long_roster_name_is_read_and_one_no_one_has_is_refused(tmp_path):
    from quizgen.roster import read_roster

    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns002," + "A" * 600 + "\n", encoding="utf-8")
    assert [s.name for s in read_roster(tmp_path / "roster.csv")] == ["Ada", "A" * 600]
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns002," + "A" * 1_001 + "\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="line 3: the name 'AAAA.* is over 1,000 characters"):
        read_roster(tmp_path / "roster.csv")


# ---------------------------------------------------------------- item 6: a solution figure's name (none since 53a F6)

@pytest.mark.slow
def test_a_canvas_package_has_no_solution_figure_and_names_its_problem_figures_by_code(tmp_path, invoke):
    """Round 29 named a solution figure by a digest no student could make; a course file is fetched by
    its numeric id too, so since review 53a F6 the package holds none (test_lms_canvas_solution_figure53.py)."""
    import re
    import zipfile

    names = []
    for _ in range(2):   # again with the same --out and seed: the key's secret kept, the same bytes
        assert invoke("export", "canvas", "--classes", "C1,C7", "--count", 3, "--seed", 42,
                      "--out", tmp_path / "quiz.zip").exit_code == 0
        with zipfile.ZipFile(tmp_path / "quiz.zip") as archive:
            names.append(sorted(archive.namelist()))
            assessment = next(archive.read(n).decode("utf-8") for n in archive.namelist() if n.startswith("quizgen_")
                              and n.endswith(".xml"))
    assert names[0] == names[1]   # the same seed, the same names
    codes = set(re.findall(r"\[quizgen:[^:\]]+:([0-9A-Z]+)", assessment))   # what students see, in every tag
    solutions = [n for n in names[0] if n.endswith("-solution.svg")]
    problems = [n for n in names[0] if n.endswith("-problem.svg")]
    assert len(codes) == 6 and not solutions and len(problems) == 6
    assert all(any(code in n for code in codes) for n in problems)


# ---------------------------------------------------------------- item 5: Moodle's quiz Grades report

GRADES_REPORT = ("Last name,First name,ID number,Email address,State,Started on,Completed,Duration,Grade/47.00,"
                 "Q. 1 /4.00,Q. 2 /4.00\n"
                 "Lovelace,Ada,s001,ada@x.org,Finished,3 December 2026  2:05 PM,3 December 2026  2:30 PM,25 mins,"
                 "47.00,4.00,4.00\n"
                 "Turing,Alan,s002,alan@x.org,Finished,3 December 2026  2:05 PM,3 December 2026  2:30 PM,25 mins,"
                 "40.00,4.00,4.00\n"
                 "Lovelace,Ada,s001,ada@x.org,Finished,3 December 2026  3:05 PM,3 December 2026  3:30 PM,25 mins,"
                 "47.00,4.00,4.00\n"
                 ",,,,,,,,,,\n"
                 "Group average,,,,,,,,43.50,4.00,4.00\n"
                 "Overall average,,,,,,,,43.50,4.00,4.00\n")


def test_moodles_grades_report_is_a_roster(tmp_path):
    from quizgen.roster import read_roster

    (tmp_path / "overview.csv").write_text(GRADES_REPORT, encoding="utf-8")
    assert [(s.student_id, s.name) for s in read_roster(tmp_path / "overview.csv")] == [
        ("s001", "Ada Lovelace"), ("s002", "Alan Turing")]
    (tmp_path / "other.csv").write_text(GRADES_REPORT.replace("Lovelace,Ada,s001,ada@x.org,Finished,3 December 2026  3",
                                                              "Byron,Ada,s001,ada@x.org,Finished,3 December 2026  3"),
                                        encoding="utf-8")
    with pytest.raises(InputFileError, match="line 4: student_id 's001' repeats line 2"):   # another name: refused
        read_roster(tmp_path / "other.csv")


def test_a_roster_of_no_moodle_report_still_refuses_a_repeat_and_a_row_without_id(tmp_path):
    from quizgen.roster import read_roster

    (tmp_path / "r.csv").write_text("ID number,First name,Last name\ns1,Ada,L\ns1,Ada,L\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="line 3: student_id 's1' repeats line 2"):
        read_roster(tmp_path / "r.csv")
    (tmp_path / "r.csv").write_text("ID number,First name,Last name\ns1,Ada,L\n,Overall average,\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="line 3: student_id is empty"):
        read_roster(tmp_path / "r.csv")


def test_moodles_grades_report_as_the_answers_is_named(tmp_path):
    (tmp_path / "overview.csv").write_text(GRADES_REPORT, encoding="utf-8")
    with pytest.raises(InputFileError) as caught:
        read_responses(tmp_path / "overview.csv")
    assert str(caught.value) == (f"{tmp_path / 'overview.csv'}: this is Moodle's quiz Grades report (Results > "
                                 "Grades: its columns 'Q. 1 /...' hold marks, not answers); download the quiz's "
                                 "Results > Responses report instead, with 'Show the' 'question text' and 'response' "
                                 "ticked")


# ---------------------------------------------------------------- item 4: a Moodle row of no attempt

def _with_no_attempt(tmp_path, invoke) -> None:
    """A download of s000 and s001 and, as Moodle writes it with "Attempts from"
    including enrolled users who have not attempted, s009 with no attempt."""
    header, *rows = exported_download(invoke, tmp_path, "C1,C7", 2, 2)
    never = ["Babbage", "Charles", "s009", "cb@example.org"] + ["-"] * (len(header) - 4)
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows + [never]), encoding="utf-8")


@pytest.mark.slow
def test_a_moodle_student_with_no_attempt_is_missing_not_dropped(tmp_path, invoke):
    _with_no_attempt(tmp_path, invoke)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--gradebook", "moodle", "--feedback", tmp_path / "fb")
    assert result.exit_code == 0, result.output
    assert ("Note: 1 student is listed in the LMS download with no attempt of the quiz (missing, scored 0): "
            "s009") in result.output
    assert "s009 (No attempt)" in result.output   # no sheet: they may still attempt it
    assert "Moodle shows as not submitted, their only attempt" not in result.output
    gradebook = list(csv.reader((tmp_path / "responses-graded-gradebook-moodle.csv").open(encoding="utf-8-sig")))
    assert "s009" not in {row[0] for row in gradebook}   # lms29b: no grade, so Moodle's own stands (not 0)
    students = {r["student_id"]: r for r in csv.DictReader(
        (tmp_path / "responses-graded-students.csv").open(encoding="utf-8-sig"))}
    assert students["s009"]["max_score"] == students["s000"]["max_score"]
    assert not (tmp_path / "fb" / "s009.md").exists() and (tmp_path / "fb" / "s000.md").exists()
    again = invoke("grade", tmp_path / "responses-answers.csv", "--key", tmp_path / "responses-key.json",
                   "--out", tmp_path / "again" / "graded.csv")
    assert again.exit_code == 0 and "with no attempt of the quiz (missing, scored 0): s009" in again.output


@pytest.mark.slow
def test_a_row_of_no_attempt_beside_an_attempt_is_passed_over(tmp_path, invoke):
    _with_no_attempt(tmp_path, invoke)
    text = (tmp_path / "responses.csv").read_text(encoding="utf-8").replace("s009", "s001")
    (tmp_path / "responses.csv").write_text(text, encoding="utf-8")
    rows = read_responses(tmp_path / "responses.csv").rows
    assert {r.attempt for r in rows if r.student_id == "s001"} == {1} and all(r.template for r in rows)
