"""A Google Forms export in another language names its time stamp column in
that language (review 28: ``Zeitstempel``, ``Horodateur``, ``Marca
temporal``...), and writes its dates the way that locale does, day first
(``03.12.2026 10:00:00``, ``03/12/2026``, ``3-12-2026``): the column decides
which resubmission stands, as ``Timestamp`` does, even when every date in it
could be read either way."""

import csv

import pytest

from grading_support import generated_key

RIGHT = ("0.7157", "0.33454")   # seed 1's Q1 (a) p and (b) loss = -ln p
WRONG = ("0.500", "0.6931")


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    return generated_key(tmp_path_factory, 1)


def _submission(when: str, student: str, answers: tuple) -> list:
    return [f"\"{when}\",{student},Q1,{part},{answer}" for part, answer in zip("ab", answers)]


def _grade(invoke, tmp_path, key, header: str, lines: list):
    (tmp_path / "key.json").write_bytes(key.read_bytes())
    (tmp_path / "a.csv").write_text("\n".join([f"\"{header}\",student_id,question_id,part,answer", *lines]) + "\n",
                                    encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json", "--force", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    with open(tmp_path / "a-graded-students.csv", encoding="utf-8-sig", newline="") as handle:
        students = {r["student_id"]: r for r in csv.DictReader(handle)}
    return students, [line for line in result.output.splitlines() if "more than once" in line]


@pytest.mark.parametrize("header", ["Zeitstempel", "Horodateur", "Marca temporal", "Marca de tiempo",
                                    "Informazioni cronologiche", "Carimbo de data/hora", "Tijdstempel"])
@pytest.mark.slow
def test_a_foreign_timestamp_header_decides_by_time(invoke, tmp_path, key, header):
    lines = _submission("2026-12-03 11:59:00", "t01", RIGHT) + _submission("2026-12-03 10:04:00", "t01", WRONG)
    students, notes = _grade(invoke, tmp_path, key, header, lines)
    assert students["t01"]["score"] == "4", notes   # the later time, though an earlier row
    assert f"the answer with the latest '{header}' was graded" in notes[0]


@pytest.mark.parametrize("header, later, earlier", [
    ("Zeitstempel", "03.04.2026 10:04:00", "04.03.2026 11:59:00"),   # 3 April after 4 March
    ("Horodateur", "03/04/2026 10:04:00", "04/03/2026 11:59:00"),
    ("Marca temporal", "3/4/2026 10:04:00", "4/3/2026 11:59:00"),
    ("Carimbo de data/hora", "03/04/2026 10:04:00", "04/03/2026 11:59:00"),
    ("Tijdstempel", "3-4-2026 10:04:00", "4-3-2026 11:59:00"),
    ("Timestamp", "03.04.2026 10:04", "04.03.2026 11:59"),   # dots: no locale puts the month first
])
@pytest.mark.slow
def test_a_day_first_locale_is_read_day_first_when_the_column_cannot_tell(invoke, tmp_path, key, header, later,
                                                                         earlier):
    students, notes = _grade(invoke, tmp_path, key, header,
                             _submission(later, "t01", RIGHT) + _submission(earlier, "t01", WRONG))
    assert students["t01"]["score"] == "4", notes
    assert f"the answer with the latest '{header}' was graded" in notes[0]


def test_the_column_itself_still_decides_the_order(invoke, tmp_path, key):
    """A date with a month over 12 in its second field puts the month first, whatever the header's language."""
    lines = (_submission("04/03/2026 11:59", "t01", WRONG) + _submission("03/04/2026 10:04", "t01", RIGHT)
             + _submission("03/25/2026 10:00", "t02", RIGHT))
    students, notes = _grade(invoke, tmp_path, key, "Horodateur", lines)
    # month first: the WRONG answer's 04/03 is 3 April, after the RIGHT one's 4 March, though an earlier row
    assert students["t01"]["score"] != "4" and "the answer with the latest 'Horodateur' was graded" in notes[0]


def test_an_english_header_over_slashed_dates_still_needs_the_column_to_tell(invoke, tmp_path, key):
    lines = _submission("03/04/2026 10:04", "t01", RIGHT) + _submission("04/03/2026 11:59", "t01", WRONG)
    students, notes = _grade(invoke, tmp_path, key, "Timestamp", lines)
    assert students["t01"]["score"] != "4" and "could be day/month or month/day" in notes[0]


def test_file_lines_names_each_answer_row_s_line_and_nothing_past_the_file(tmp_path):
    """The one reading again of an answers file for the lines of a few answer
    rows (answers_file.file_lines), which day_order and mixed_rows both use: a
    quoted cell over two lines moves every later row's line; a row past the
    file's last answer has none (line_of_row: 0)."""
    from quizgen.grading.answers_file import open_answers
    from quizgen.grading.day_order import line_of_row

    path = tmp_path / "answers.csv"
    path.write_text('student_id,question_id,part,answer\ns1,Q1,a,0.5\ns1,Q1,b,"two\nlines"\ns2,Q1,a,0.4\n',
                    encoding="utf-8")
    source = open_answers(path)
    assert source.file_lines({0, 2}) == {0: 2, 2: 5}
    assert source.file_lines(set()) == {}
    assert [line_of_row(source, row) for row in (1, 2, 3)] == [4, 5, 0]
