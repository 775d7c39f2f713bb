"""Reading answers files: encodings, delimiters, long and wide form, header
aliases, decimal commas, malformed rows, and files that are not answers."""

import codecs

import pytest

from quizgen.csv_input import detect_encoding
from quizgen.question_ids import norm_part, norm_question
from quizgen.grading.answers_file import open_answers, split_label
from quizgen.errors import InputFileError, UsageError


def write(tmp_path, data, name="answers.csv"):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def answers_of(path, **options):
    """(student, question, part, answer, problem) of every record."""
    source = open_answers(path, **options)
    return [(r[2], r[3], r[4], r[5], r[7]) for r in source.records()]


LONG = "student_id,question_id,part,answer\ns1,Q1,a,0.408\ns2,Q1,b,ln 4\n"


@pytest.mark.parametrize("encoding, prefix", [
    ("utf-8", b""), ("utf-8-sig", codecs.BOM_UTF8), ("utf-16", b""), ("cp1252", b"")])
def test_each_encoding_reads_names_with_accents(tmp_path, encoding, prefix):
    text = "student_id,name,question_id,part,answer\ns1,Zoë Müller,Q1,a,0.408\n"
    path = write(tmp_path, prefix + text.encode(encoding))
    source = open_answers(path)
    record = next(source.records())
    assert record[6] == "Zoë Müller"
    assert source.header[0] == "student_id"


def test_encoding_detection_prefers_bom_then_utf8_then_cp1252():
    assert detect_encoding(codecs.BOM_UTF8 + b"a") == "utf-8-sig"
    assert detect_encoding(codecs.BOM_UTF16_LE + b"a\x00") == "utf-16"
    assert detect_encoding("Zoë".encode("utf-8")) == "utf-8"
    assert detect_encoding("Zoë".encode("cp1252")) == "cp1252"


@pytest.mark.slow
def test_a_stray_invalid_byte_after_the_sample_is_read_as_cp1252(tmp_path):
    head = "student_id,question_id,part,answer\n" + "s1,Q1,a,0.4\n" * 7000
    path = write(tmp_path, head.encode() + b"s\xe92,Q1,a,0.5\n")
    rows = answers_of(path)
    assert open_answers(path).encoding == "cp1252"   # told from its first non-ASCII byte (review 51b F4)
    assert rows[-1][0] == "s\xe92"


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_delimiter_is_detected_from_the_header(tmp_path, delimiter):
    path = write(tmp_path, LONG.replace(",", delimiter))
    assert open_answers(path).delimiter == delimiter
    assert answers_of(path)[1] == ("s2", "Q1", "b", "ln 4", None)


def test_delimiter_option_overrides_and_is_checked(tmp_path):
    path = write(tmp_path, "student_id;question_id;part;answer\ns1;Q1;a;0,408\n")
    with pytest.raises(InputFileError, match="one column only"):
        open_answers(path, delimiter=",")
    assert open_answers(path, delimiter=";").delimiter == ";"
    assert open_answers(write(tmp_path, LONG.replace(",", "\t")), delimiter="tab").delimiter == "\t"
    with pytest.raises(UsageError, match="--delimiter"):
        open_answers(path, delimiter="x")


def test_excel_sep_line_names_the_delimiter(tmp_path):
    path = write(tmp_path, "sep=;\nstudent_id;question_id;part;answer\ns1;Q1;a;0,408\n")
    assert open_answers(path).delimiter == ";"
    assert answers_of(path) == [("s1", "Q1", "a", "0,408", None)]


def test_decimal_comma_is_on_where_a_comma_cannot_be_a_delimiter(tmp_path):
    commas = LONG.replace(",", ";").replace("0.408", "0,408")
    assert open_answers(write(tmp_path, commas)).decimal_comma is True
    assert open_answers(write(tmp_path, commas.replace(";", "\t"))).decimal_comma is True
    assert open_answers(write(tmp_path, LONG.replace(",", ";").replace("0.408", "1"))).decimal_comma is True
    # instr30: decimal points and no decimal comma in the numbers: no decimal-comma class, whatever the delimiter
    assert open_answers(write(tmp_path, LONG.replace(",", ";"))).decimal_comma is False
    assert open_answers(write(tmp_path, LONG.replace(",", "\t"))).decimal_comma is False
    assert open_answers(write(tmp_path, LONG)).decimal_comma is False
    assert open_answers(write(tmp_path, LONG), decimal_comma=True).decimal_comma is True


@pytest.mark.parametrize("header", [
    "Student ID,Question,Part,Answer",
    "student,question,part,response",
    "STUDENT_NUMBER, question no , Part , Student answer",
    "email,item,letter,value",
    "Matrikelnummer;Frage;Teil;Antwort",
    "Étudiant;Question;Partie;Réponse",
])
def test_header_aliases_are_matched_loosely(tmp_path, header):
    delimiter = ";" if ";" in header else ","
    path = write(tmp_path, header + "\n" + delimiter.join(["s1", "Q1", "a", "0.4"]) + "\n")
    source = open_answers(path)
    assert source.form == "long"
    assert answers_of(path) == [("s1", "Q1", "a", "0.4", None)]


def test_the_first_alias_in_priority_wins_over_column_order(tmp_path):
    path = write(tmp_path, "email,student_id,question,answer\nx@y.z,s1,Q1a,0.4\n")
    assert answers_of(path)[0][0] == "s1"


def test_part_column_is_optional(tmp_path):
    path = write(tmp_path, "student,question,answer\ns1,Q1a,0.4\n")
    source = open_answers(path)
    assert source.part is None
    assert answers_of(path) == [("s1", "Q1a", "", "0.4", None)]


def test_wide_form_gives_one_record_per_question_column(tmp_path):
    path = write(tmp_path, "student_id,name,Q1a,Q1 (b),q2.loss,Q3\ns1,Ada,0.4,0.5,,7\n")
    source = open_answers(path)
    assert source.form == "wide"
    assert source.out_header == ["student_id", "name", "question_id", "part", "answer"]
    records = list(source.records())
    assert [(r[3], r[4], r[5]) for r in records] == [
        ("Q1", "a", "0.4"), ("Q1", "b", "0.5"), ("Q2", "loss", ""), ("Q3", "", "7")]
    assert records[0][1] == ["s1", "Ada", "Q1", "a", "0.4"]
    assert all(r[6] == "Ada" for r in records)


def test_quoted_fields_blank_lines_and_stray_spaces(tmp_path):
    text = ('student_id, question_id, part, answer\n\n'
            ' s1 , "Q1", "a", " 0.408 "\n'
            ',,,\n'
            's2,Q1,b,"ln(4),\nsecond line"\n\n')
    rows = answers_of(write(tmp_path, text))
    assert rows[0] == ("s1 ", "Q1", "a", " 0.408 ", None)
    assert rows[1][3] == "ln(4),\nsecond line"
    assert len(rows) == 2


def test_short_rows_are_padded_and_long_rows_are_reported(tmp_path):
    text = "student_id,question_id,part,answer,comment\ns1,Q1,a,0.4\ns1,Q1,b,0,408,x,y\ns2,Q1,a,1,,\n"
    rows = answers_of(write(tmp_path, text))
    assert rows[0] == ("s1", "Q1", "a", "0.4", None)
    assert "line 3: 7 cells where the header has 5" in rows[1][4]
    assert "decimal comma" in rows[1][4]
    assert rows[2] == ("s2", "Q1", "a", "1", None)


@pytest.mark.slow
def test_a_row_the_csv_module_cannot_split_is_kept_with_a_reason(tmp_path):
    text = "student_id,question_id,part,answer\ns1,Q1,a,\"" + "x" * 2_000_000 + "\"\ns2,Q1,a,0.4\n"
    rows = answers_of(write(tmp_path, text))
    assert rows[0][0] == "s1" and rows[0][4].startswith("line 2: a cell is over 1,048,576 characters")
    assert rows[-1] == ("s2", "Q1", "a", "0.4", None)


@pytest.mark.slow
def test_a_broken_wide_row_still_gives_one_record_per_question(tmp_path):
    text = "student_id,Q1a,Q1b\ns1,\"" + "x" * 2_000_000 + "\"\ns2,0.4,0.5\n"
    rows = answers_of(write(tmp_path, text))
    assert [r[1:3] for r in rows[:2]] == [("Q1", "a"), ("Q1", "b")]
    assert all("a cell is over" in r[4] for r in rows[:2])
    assert rows[2:] == [("s2", "Q1", "a", "0.4", None), ("s2", "Q1", "b", "0.5", None)]


@pytest.mark.parametrize("data, message", [
    (b"", "the file is empty"),
    (b"\n\n  \n", "the file is empty"),
    (codecs.BOM_UTF8, "the file is empty"),
    (b"PK\x03\x04\x14\x00\x06\x00", "zip archive"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary data"),
    (b"student_id,question_id,part\ns1,Q1,a\n", "found 'student_id', 'question_id', 'part'"),
    (b"name,score\nAda,3\n", "expected a header with student_id, question_id, part, answer"),
    (b"student_id question_id part answer\n", "one column only"),
    (b"question_id,part,answer\nQ1,a,0.4\n", "no student column"),
    (b"q1a,q1b\n0.4,0.5\n", "expected a header"),
])
def test_files_that_are_not_answers_get_one_line_saying_what_was_expected(tmp_path, data, message):
    with pytest.raises(InputFileError) as info:
        open_answers(write(tmp_path, data))
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert "answers.csv" in str(info.value)


def test_missing_file_and_folder_are_input_errors(tmp_path):
    with pytest.raises(InputFileError, match="not found"):
        open_answers(tmp_path / "nope.csv")
    with pytest.raises(InputFileError, match="is a folder"):
        open_answers(tmp_path)


def test_unknown_encoding_option_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="unknown encoding"):
        open_answers(write(tmp_path, LONG), encoding="klingon")


@pytest.mark.parametrize("text, expected", [
    ("Q1", "q1"), ("q01", "q1"), (" Question 1 ", "q1"), ("1", "q1"), ("Q 12", "q12"), ("intro", "intro")])
def test_question_ids_are_normalised(text, expected):
    assert norm_question(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("a", "a"), ("A", "a"), ("(b)", "b"), ("c)", "c"), ("Part D", "d"), ("a.", "a"), ("loss", "loss"),
    ("partition", "partition")])
def test_parts_are_normalised(text, expected):
    assert norm_part(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Q1a", ("Q1", "a")), ("Q1 (b)", ("Q1", "b")), ("q2.loss", ("Q2", "loss")), ("Question 3c", ("Q3", "c")),
    ("4d", ("Q4", "d")), ("Q5", ("Q5", None)), ("Q01_B", ("Q1", "b")),
    ("student", None), ("12", None), ("answer", None)])
def test_combined_labels_split_into_question_and_part(text, expected):
    assert split_label(text) == expected


def test_answers_python_would_warn_about_print_no_warning():
    """``3in`` or ``1if 2`` make Python's parser warn (invalid decimal literal);
    that warning must not reach a grader's terminal."""
    import warnings

    from quizgen.errors import ExpressionError
    from quizgen.maths.parser import parse_answer

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for text in ("3in", "1if 2", "0x1g", '"\\e"', "'\\d' + 1"):   # round 39: an invalid escape, a
            try:                                                         # DeprecationWarning in Python 3.11
                parse_answer(text)
            except ExpressionError:
                pass
    assert caught == []
