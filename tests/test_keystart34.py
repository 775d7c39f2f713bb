"""A file passed as the key that is a table (a roster, an answers file, a
tab-separated export) is refused by its first line as written: line breaks
and tabs were shown as ``?`` (``'student_id,name??s00'``), which read like a
damaged file (rev34b)."""

from click.testing import CliRunner

from quizgen.cli import main


def _refusal(tmp_path, key_bytes: bytes) -> str:
    key = tmp_path / "key.csv"
    key.write_bytes(key_bytes)
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(key), "--out", str(tmp_path / "o" / "g.csv")])
    assert result.exit_code == 2
    assert not (tmp_path / "o").exists()
    return result.output


def test_a_roster_as_the_key_is_named_by_its_first_line(tmp_path):
    said = _refusal(tmp_path, b"student_id,name\r\ns001,Ann\r\n")
    assert "it starts with 'student_id,name', a table's first line (an answers file or a roster?), not JSON" in said
    assert "?s0" not in said and said.count("\n") == 1


def test_tabs_are_spaces_and_an_excel_sep_line_is_a_table(tmp_path):
    assert "it starts with 'hello world abc', a table's first line" in _refusal(tmp_path, b"hello\tworld\tabc\n")
    assert "it starts with 'sep=;', a table's first line" in _refusal(tmp_path, b"sep=;\r\nStudent ID;Name\r\n")


def test_prose_is_not_called_a_table(tmp_path):
    said = _refusal(tmp_path, b"Hello there\nsecond line\n")
    assert "it starts with 'Hello there', not JSON" in said
