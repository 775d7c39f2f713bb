"""hostile32: hostile or broken input in the readers of answers files, LMS
downloads, rosters and keys (a Cloze part past the question's parts, ...)."""

import csv

import pytest

from lms_support import exported_download, moodle_csv
from quizgen.errors import InputFileError


def _graded(folder) -> list:
    return list(csv.DictReader((folder / "responses-graded.csv").open(encoding="utf-8-sig")))


# ---------------------------------------------------------------- item 1: a Cloze part past the question's parts

def test_a_cloze_part_past_the_questions_parts_takes_no_other_parts_marks(tmp_path, invoke):
    # 'part 16' is letter p, and C1's part (a) is named p: read as (a), it replaced the student's own (a)
    header, *rows = exported_download(invoke, tmp_path, "C1", 1, 1)
    response = header.index("Response 1")
    rows[0][response] = "part 1: 0.5; part 2: 0.5; " + "; ".join(f"part {n}: " for n in range(3, 16)) + "; part 16: 7"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 0, result.output
    verdicts = {r["part"]: (r["answer"], r["status"], r["reason"]) for r in _graded(tmp_path)}
    assert verdicts["a"][:2] == ("0.5", "incorrect")   # graded from its own box, not superseded by 'part 16'
    assert verdicts["part 16"] == ("7", "unknown_question", "Q1 has no part 'part 16' (parts a, b)")
    assert "p" not in verdicts and len(verdicts) == 16   # every part of the cell accounted for


def test_a_cloze_part_past_the_parts_whose_label_is_a_parts_name_is_refused():
    from quizgen.key.parts import PartSpec
    from quizgen.lms.papers import _part_label
    from quizgen.lms.responses import ResponseRow

    parts = (PartSpec("a", name="16"), PartSpec("b", name="loss"))
    row = ResponseRow("s1", "Ada", 1, 3, "C1", "v", "p", "7", row=4)
    assert _part_label(ResponseRow("s1", "Ada", 1, 3, "C1", "v", "b", "7"), {("s1", 3): parts}) == "b"
    with pytest.raises(InputFileError, match=r"^row 4: student s1's response to question 3 names part 16, past the "
                                             r"parts of C1, one of which is named so; expected parts 1 to 2"):
        _part_label(row, {("s1", 3): parts})


# ---------------------------------------------------------------- item 2: fullwidth question ids and parts

@pytest.fixture(scope="module")
def class_key(tmp_path_factory):
    from click.testing import CliRunner

    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("key")
    made = CliRunner().invoke(main, ["generate", "--classes", "C1,C7", "--seed", "7", "--no-solutions", "--out",
                                     str(folder / "quiz")])
    assert made.exit_code == 0, made.output
    return folder / "quiz" / "key.json"


def _graded_rows(path) -> list:
    return list(csv.DictReader(path.open(encoding="utf-8-sig")))


@pytest.mark.parametrize("header, row", [
    ("student_id,question_id,part,answer", ["s1,Ｑ１,ａ,0.5", "s1,Q1,b,0.4"]),   # long form
    ("student_id,Ｑ１ａ,Q1b", ["s1,0.5,0.4"]),                                    # wide form
])
def test_a_fullwidth_question_id_and_part_are_the_keys(tmp_path, invoke, class_key, header, row):
    (tmp_path / "a.csv").write_text("\n".join([header, *row]) + "\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", class_key, "--out", tmp_path / "g.csv")
    assert result.exit_code == 0, result.output
    graded = {(r["question_id"], r["part"]): (r["answer"], r["status"]) for r in _graded_rows(tmp_path / "g.csv")}
    assert graded[next(k for k in graded if k[1] in ("a", "ａ"))] == ("0.5", "incorrect")
    assert "labelled for Q1 (a)" not in result.output


@pytest.mark.parametrize("other", ["Ｑ１", "Q01", "q1", "Q1 "])
def test_key_question_ids_that_read_alike_are_refused(tmp_path, invoke, class_key, other):
    """Refused as the key is read, by its question id form, so grading's key index meets no two ids read alike."""
    import json

    key = json.loads(class_key.read_text(encoding="utf-8"))
    key["questions"][1]["id"] = other
    (tmp_path / "key.json").write_text(json.dumps(key, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json")
    assert result.exit_code == 2
    assert result.stderr == (f"quizgen: error: {tmp_path / 'key.json'}: questions[1].id: expected a question id "
                             f"Q1, Q2, ..., as generate writes them, got {json.dumps(other, ensure_ascii=False)}\n")


def test_question_ids_of_the_key_form_read_apart():
    """No two ids of generate's form (key.checks.QUESTION_ID_PATTERN) read alike as answers name questions."""
    from quizgen.key.checks import QUESTION_ID_PATTERN
    from quizgen.question_ids import norm_question

    ids = [f"Q{n}{letter}" for n in (1, 2, 10, 11, 100, 999999999) for letter in ("", "a", "b", "z")]
    assert all(QUESTION_ID_PATTERN.fullmatch(qid) for qid in ids)
    assert len({norm_question(qid) for qid in ids}) == len(ids)


# ---------------------------------------------------------------- item 3: a Moodle State quizgen does not know

def test_an_unknown_moodle_state_is_refused_naming_the_row_and_the_states_known(tmp_path, invoke):
    header, *rows = exported_download(invoke, tmp_path, "C1", 1, 2)
    rows[1][header.index("State")] = "Abgeschlossen"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 2
    assert result.stderr == (f"quizgen: error: {tmp_path / 'responses.csv'}: the Moodle export's row 2 after the "
                             f"header (student s001): State 'Abgeschlossen' is not one Moodle writes in English "
                             f"(Finished, Submitted, In progress, Overdue, Never submitted, Not yet started, Not "
                             f"started), so whether the attempt was submitted cannot be told; download the Responses "
                             f"report again in English, or correct the cell\n")
    assert not (tmp_path / "responses-graded.csv").exists()


def test_a_moodle_state_is_read_whatever_its_case_and_spaces(tmp_path, invoke):
    from quizgen.lms.responses import read_responses

    header, *rows = exported_download(invoke, tmp_path, "C1", 1, 3)
    for row, state in zip(rows, (" in  progress ", "FINISHED", "Never Submitted")):
        row[header.index("State")] = state
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    states = {r.student_id: r.unsubmitted for r in read_responses(tmp_path / "responses.csv").rows}
    assert states == {"s000": "In progress", "s001": "", "s002": "Never submitted"}   # as Moodle's English has them


# ---------------------------------------------------------------- item 4: a formula after an ASCII space

@pytest.mark.parametrize("lead", [" ", "   "])
def test_a_cell_from_outside_with_a_formula_after_spaces_is_guarded(tmp_path, invoke, class_key, lead):
    name, answer = f"{lead}=HYPERLINK(\"http://x.example\",\"Ada\")", f"{lead}@SUM(1)"
    with (tmp_path / "a.csv").open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows([["student_id", "name", "question_id", "part", "answer"],
                                   ["s1", name, "Q1", "a", answer], ["s1", name, "Q1", "b", f"{lead}-0.4"]])
    result = invoke("grade", tmp_path / "a.csv", "--key", class_key, "--out", tmp_path / "g.csv")
    assert result.exit_code == 0, result.output
    rows = _graded_rows(tmp_path / "g.csv")
    assert [(r["name"], r["answer"]) for r in rows] == [("'" + name, "'@SUM(1)"), ("'" + name, "-0.4")]
    students = list(csv.DictReader((tmp_path / "g-students.csv").open(encoding="utf-8-sig")))
    assert students[0]["name"] == "'" + name.strip()


# ---------------------------------------------------------------- item 5: a roster id a spreadsheet wrote 5557.0

def _roster_file(tmp_path, name, ids) -> object:
    path = tmp_path / name
    path.write_text("student_id,name\n" + "".join(f"{sid},N {sid}\n" for sid in ids), encoding="utf-8")
    return path


def test_a_roster_id_with_a_spreadsheets_decimal_is_the_keys_id_in_generate(tmp_path, invoke):
    out = tmp_path / "papers"
    made = [invoke("generate", "--classes", "C1", "--seed", "5", "--no-solutions", "--students",
                   _roster_file(tmp_path, name, ids), "--out", out) for name, ids in
            (("first.csv", ["5557", "5558"]), ("saved.csv", ["5557.0", "5558.0"]))]
    assert [m.exit_code for m in made] == [0, 0], made[1].output
    assert "quizgen: warning: 2 roster ids are written otherwise in the folder's key.json (5557.0 is 5557 there, " \
           "by the id rule: case, spaces, leading zeros and a spreadsheet's .0 aside)" in made[1].stderr
    import json
    assert list(json.loads((out / "key.json").read_text(encoding="utf-8"))["students"]) == ["5557", "5558"]


def test_a_roster_holding_both_5557_and_5557_0_pairs_neither_with_the_other():
    from quizgen.roster import Student
    from quizgen.roster_ids import key_spellings

    students, _ = key_spellings([Student("5557", "A"), Student("5557.0", "B")], ["5557"])
    assert [s.student_id for s in students] == ["5557", "5557.0"]


def test_without_a_key_a_roster_of_spreadsheet_decimals_is_warned_about(tmp_path, invoke):
    made = invoke("generate", "--classes", "C1", "--seed", "5", "--no-solutions", "--students",
                  _roster_file(tmp_path, "r.csv", ["5557.0", "5558.0"]), "--out", tmp_path / "q")
    assert made.exit_code == 0
    assert made.stderr.startswith("quizgen: warning: the roster's ids end in '.0' (5557.0), as a spreadsheet writes "
                                  "ids it read as numbers, and the papers print them so: export the id column as "
                                  "text; ")


def test_grade_roster_ids_with_a_spreadsheets_decimal_are_the_answers_ids(tmp_path, invoke, class_key):
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n5557,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", class_key, "--out", tmp_path / "g.csv",
                    "--roster", _roster_file(tmp_path, "r.csv", ["5557.0", "5558.0"]))
    assert result.exit_code == 0, result.output
    assert ("Note: 1 student id(s) matched a known id once the '.0' a spreadsheet adds to a number-like id was taken "
            "off, and were graded as that student (the '.0' is on the roster's or key's id: export the "
            "roster's id column as text): 5557 as 5557.0") in result.output
    students = list(csv.DictReader((tmp_path / "g-students.csv").open(encoding="utf-8-sig")))
    assert [(s["student_id"], s["incorrect"], s["missing"]) for s in students] == [("5557.0", "1", "4"),
                                                                                  ("5558.0", "0", "5")]


# ---------------------------------------------------------------- item 6: a roster numbered 1..N is not fragile

@pytest.mark.parametrize("ids, warned", [
    ([str(n) for n in range(1, 31)], False),                 # 1..30
    ([str(n) for n in range(1, 31) if n % 7], False),        # 1..30, some students gone
    ([str(n) for n in range(0, 12)], False),                 # 0..11
    (["7", "5557", "11070"], True),                          # zeros dropped from 0000007, 0005557, ...
    (["1", "2", "10000"], True),
    (["01", "2", "3", "14"], True),                          # a zero written: others may have lost theirs
])
def test_the_fragile_roster_warning_spares_a_plain_numbering(ids, warned):
    from quizgen.roster import Student
    from quizgen.roster_ids import fragile_ids_warning

    said = fragile_ids_warning([Student(sid, "") for sid in ids])
    assert ("all digits of differing lengths" in said) is warned


# ---------------------------------------------------------------- item 7: --only naming an id that holds a comma

def test_only_names_an_id_holding_a_comma_whole_and_may_be_repeated(tmp_path, invoke):
    roster = tmp_path / "r.csv"
    roster.write_text('student_id,name\n"Smith, J",Jo\ns2,Al\nSmith,Sam\n', encoding="utf-8")
    args = ("generate", "--classes", "C1", "--seed", "4", "--no-solutions", "--students", roster, "--split",
            "--out", tmp_path / "p")
    assert invoke(*args).exit_code == 0
    full = {p.name: p.read_bytes() for p in (tmp_path / "p").iterdir()}
    for only, remade in ((["Smith, J"], ["problems-Smith_J.md"]),
                         (["Smith, J", "s2"], ["problems-Smith_J.md", "problems-s2.md"]),
                         (["s2,Smith"], ["problems-Smith.md", "problems-s2.md"])):   # the old form still works
        for name in full:
            if name.startswith("problems-"):
                (tmp_path / "p" / name).unlink(missing_ok=True)
        made = invoke(*args, *(word for value in only for word in ("--only", value)))
        assert made.exit_code == 0, made.output
        kept = {p.name: p.read_bytes() for p in (tmp_path / "p").iterdir()}
        assert sorted(kept) == sorted(["key.csv", "key.json", *remade])
        assert all(full[name] == data for name, data in kept.items())


# ---------------------------------------------------------------- item 2 too: a paper code typed in fullwidth

def test_a_paper_code_typed_in_fullwidth_is_the_students_own(tmp_path, invoke):
    from grading_support import own_paper_code

    own = own_paper_code(invoke, tmp_path)
    wide = "".join(chr(ord(c) + 0xFEE0) for c in own)   # Ｙ８Ｊ５－ＡＨＡＱ: the fullwidth forms, the dash too
    (tmp_path / "a.csv").write_text(f"student_id,paper,Q1a,Q1b\ns001,{wide},0.1,0.2\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "quiz" / "key.json", "--out", tmp_path / "g.csv")
    assert result.exit_code == 0, result.output
    assert [(r["status"], r["reason"]) for r in _graded_rows(tmp_path / "g.csv")] == [("incorrect", "")] * 2
