"""Reading LMS responses back: Moodle's quiz Responses report download and
Canvas's Student Analysis CSV, in the layouts their code writes (Moodle:
mod/quiz/report/responses and qtype_multianswer's summarise_response; Canvas:
Quizzes::QuizStatistics::StudentAnalysis#to_csv), and a round trip from
``quizgen export moodle`` through a responses download built for its variants."""

from pathlib import Path

import pytest

from lms_support import moodle_csv, moodle_download
from quizgen.errors import InputFileError
from quizgen.lms.moodle import moodle_xml
from quizgen.lms.responses import ResponseRow, cloze_parts, read_responses
from quizgen.lms.variants import slots as make_slots

DATA = Path(__file__).parent / "data" / "lms"
NSP, MLM = "nsp-sigmoid-loss", "mlm-mean-over-masked"


def test_moodle_download_as_long_rows():
    rows = read_responses(DATA / "moodle_responses.csv").rows
    ada1 = [r for r in rows if r.student_id == "s001" and r.attempt == 1]
    assert [(r.slot, r.template, r.variant, r.part, r.answer) for r in ada1] == [
        (1, NSP, f"1/{NSP}/0", "a", "0.5744"), (1, NSP, f"1/{NSP}/0", "b", "0.5544"),
        (1, NSP, f"1/{NSP}/0", "c", ""), (2, MLM, f"1/{MLM}/1", "a", "1,1706")]
    ada2 = [(r.slot, r.part, r.answer) for r in rows if r.student_id == "s001" and r.attempt == 2]
    assert ada2 == [(1, "a", "0.5744"), (1, "b", "-ln(0.5744)"), (1, "c", "0.8544"), (2, "", "")]
    alan = [r for r in rows if r.name == "Alan Turing"]
    assert {r.student_id for r in alan} == {"alan@example.org"}
    assert [r.answer for r in alan] == ["0.4256", "1; 2", "x", "0.8746"]
    assert all(r.slot != 3 for r in rows)


def test_moodle_attempts_are_numbered_by_their_start_not_the_table_sort(tmp_path):
    """Moodle downloads the table as sorted on screen: sorted by grade, Ada's
    second attempt (4:05 PM) comes first, and is still her attempt 2."""
    header, *rows = (DATA / "moodle_responses.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    assert "30 November 2026  4:05 PM" in rows[1]
    swapped = tmp_path / "sorted-by-grade.csv"
    swapped.write_text(header + rows[1] + rows[0] + "".join(rows[2:]), encoding="utf-8")
    latest = [(r.part, r.answer) for r in read_responses(swapped).rows if r.student_id == "s001" and r.attempt == 2]
    assert latest[:3] == [("a", "0.5744"), ("b", "-ln(0.5744)"), ("c", "0.8544")]


def test_moodle_attempts_keep_file_order_when_a_start_is_not_a_date(tmp_path):
    header, *rows = (DATA / "moodle_responses.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    foreign = rows[1].replace("30 November 2026  4:05 PM", "30 novembre 2026  16:05", 1)
    swapped = tmp_path / "foreign-dates.csv"
    swapped.write_text(header + foreign + rows[0] + "".join(rows[2:]), encoding="utf-8")
    read = read_responses(swapped)
    first = [(r.part, r.answer) for r in read.rows if r.student_id == "s001" and r.attempt == 1]
    assert first[:2] == [("a", "0.5744"), ("b", "-ln(0.5744)")]
    assert read.unordered == ["s001"]   # named in a warning: their last attempt in the file is graded


def test_canvas_student_analysis_as_long_rows():
    rows = read_responses(DATA / "canvas_student_analysis.csv").rows
    assert rows == [
        ResponseRow("s001", "Ada Lovelace", 1, None, MLM, f"1/{MLM}/0", "a", "0.8746"),
        ResponseRow("s001", "Ada Lovelace", 1, None, "cls-classifier-head", "1/cls-classifier-head/0", "c",
                    "positive"),
        ResponseRow("502", "Alan Turing", 1, None, MLM, f"1/{MLM}/1", "a", "1,17"),
        ResponseRow("502", "Alan Turing", 1, None, "cls-classifier-head", "1/cls-classifier-head/0", "c", ""),
        ResponseRow("s001", "Ada Lovelace", 2, None, MLM, f"1/{MLM}/1", "a", "1.1706"),
        ResponseRow("s001", "Ada Lovelace", 2, None, "cls-classifier-head", "1/cls-classifier-head/0", "c",
                    "contradiction")]


@pytest.mark.parametrize("summary, parts", [
    ("0.426", [("a", "0.426")]),
    ("part 1: 0.426; part 2: 1.2", [("a", "0.426"), ("b", "1.2")]),
    ("part 1: ; part 2: a; part 3 b; part 3: c", [("a", ""), ("b", "a; part 3 b"), ("c", "c")]),
])
def test_cloze_summaries_split_into_parts(summary, parts):
    assert cloze_parts(summary) == parts


def _read(folder, text: str):
    """What read_responses reads of a download holding ``text``."""
    path = folder / "download.csv"
    path.write_text(text, encoding="utf-8")
    return read_responses(path)


def test_missing_question_text_says_what_to_tick(tmp_path):
    text = moodle_csv(["Last name", "First name", "ID number", "Response 1"], [["A", "B", "s1", "1"]])
    with pytest.raises(InputFileError, match="download.csv: .*'Show the' tick 'question text'"):
        _read(tmp_path, text)


def test_missing_identity_says_what_to_show(tmp_path):
    text = moodle_csv(["Last name", "First name", "Question 1", "Response 1"], [["A", "B", "x", "1"]])
    with pytest.raises(InputFileError, match="download.csv: .*Show user identity"):
        _read(tmp_path, text)


def test_a_moodle_download_with_no_attempt_says_so_not_that_ids_are_missing(tmp_path):
    text = moodle_csv(["Last name", "First name", "ID number", "State", "Question 1", "Response 1"], [])
    with pytest.raises(InputFileError, match=r"download.csv: the Moodle export has its header and no attempt "
                                             r"\(downloaded before anyone answered\?\)"):
        _read(tmp_path, text)


def test_a_canvas_download_with_no_attempt_says_so(tmp_path):
    text = "name,id,sis_id,section_id,1001: What is p? [quizgen:mlm-confident-correct:7KQ2M9XD:a],1001\n"
    with pytest.raises(InputFileError, match=r"download.csv: the Canvas student analysis has its header and no attempt"):
        _read(tmp_path, text)


def test_missing_responses_says_what_to_tick(tmp_path):
    with pytest.raises(InputFileError, match="download.csv: .*'Show the' tick 'response'"):
        _read(tmp_path, moodle_csv(["Last name", "First name", "ID number", "State", "Started on", "Question 1"],
                                   [["A", "B", "s", "Finished", "1 May 2026  9:00 AM", "x"]]))


def test_unknown_file_is_refused(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("student_id,answer\ns1,1\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="neither a Moodle"):
        read_responses(path)


@pytest.mark.slow
def test_round_trip_export_responses_download_long_rows(tmp_path):
    """Export, a Responses download for students each given a random variant
    (Moodle's 'random question from category'), read back: the same answers."""
    slots = make_slots("C7,C4,C9", count=3, seed=11)
    made = moodle_download(tmp_path / "responses.csv", moodle_xml(slots), slots, 6, _answer)
    # A single-part question left empty is Moodle's "-": one row with no part.
    expected = [ResponseRow(student, name, 1, slot, variant.template, variant.id,
                            part.letter if typed or len(variant.parts) > 1 else "", typed,
                            answered=bool(typed) or len(variant.parts) > 1)
                for student, name, slot, variant, part, typed in made]
    assert read_responses(tmp_path / "responses.csv").rows == expected


def _answer(part, student):
    """What a student typed: the answer, a trap's value, a blank, or words."""
    if part.is_word:
        return part.words[0] if student % 2 else "no idea"
    choices = [f"{part.value:.4g}", f"{part.traps[0].value:.4g}" if part.traps else "1", "", f"{part.value:.3g}"]
    return choices[student % 4]


def test_a_canvas_row_naming_no_student_is_counted_for_a_warning(tmp_path):
    """A logged-out user of a public quiz: Canvas writes the row with no name, id or sis_id;
    it was dropped without a word, where a Moodle row naming no student is warned about."""
    lines = (DATA / "canvas_student_analysis.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    anonymous = ",,," + lines[1].split(",", 3)[3]
    path = tmp_path / "analysis.csv"
    path.write_text(lines[0] + anonymous + "".join(lines[1:]), encoding="utf-8")
    read = read_responses(path)
    assert read.skipped == [1]
    assert {r.student_id for r in read.rows} == {"s001", "502"}


@pytest.mark.slow
def test_a_canvas_row_naming_no_student_is_warned_about_by_grade(tmp_path):
    from click.testing import CliRunner

    from quizgen.cli import main
    from test_canvasecf23 import V01, canvas_download

    path = canvas_download(tmp_path, [{letter: (V01, "0.5") for letter in "abc"}] * 2)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = lines[2].split(",")
    path.write_text("".join(lines[:2]) + ",,," + ",".join(cells[3:]), encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(path), "--key", str(tmp_path / "quiz-key.json")])
    assert result.exit_code == 0, result.output
    assert ("quizgen: warning: analysis.csv: 1 row(s) name no student (row 2 after the header: no id or sis_id) "
            "and are not graded") in result.stderr
