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


def test_generates_own_key_csv_given_as_the_key_points_to_key_json_beside_it(tmp_path, invoke):
    """rev52a F11: quiz/key.csv, the natural guess for "the key", was called "an answers file
    or a roster?"; it is named for what it is, and the key.json beside it given."""
    from quizgen.generation.run import generate
    generate(tmp_path / "quiz", seed=1)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.7\n", encoding="utf-8")
    for name in ("key.csv", "key-copy.csv"):
        if name != "key.csv":
            (tmp_path / "quiz" / name).write_bytes((tmp_path / "quiz" / "key.csv").read_bytes())
        result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz" / name)
        assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
        assert (f"{tmp_path / 'quiz' / name}: cannot read the key: this is the key.csv quizgen generate writes "
                "for reading by eye, not JSON; grade reads the key.json written beside it: --key "
                f"{tmp_path / 'quiz' / 'key.json'}") in result.output
        assert "an answers file or a roster" not in result.output
