"""A CSV input that mixes UTF-8 with bytes that are not UTF-8 (two exports
pasted together) is refused in one line naming the line and the byte: read as
cp1252 whole, its UTF-8 ids were re-spelled (``zoÃ«1``), not on the roster,
and the real students scored 0 as absent. A cp1252 file is still read."""

import csv

from quizgen.text_encoding import SAMPLE_BYTES, data_chunks, refuse_mixed

import pytest

from quizgen.errors import InputFileError

HEADER = "student_id,name,Q1a,Q1b\n"
ROW = "{id},{name},0.7157,0.33454\n"


def _grade(invoke, tmp_path, answers: bytes, roster: bytes, c1_key):
    (tmp_path / "answers.csv").write_bytes(answers)
    (tmp_path / "roster.csv").write_bytes(roster)
    return invoke("grade", tmp_path / "answers.csv", "--key", c1_key, "--roster", tmp_path / "roster.csv",
                  "--out", tmp_path / "out")


ROSTER = (HEADER.split(",Q1a")[0] + "\nzoë1,Zoë\nrené2,René\n").encode("utf-8")


def test_one_latin1_byte_in_a_utf8_answers_file_is_refused_naming_its_line(tmp_path, invoke, c1_key):
    answers = (HEADER + ROW.format(id="zoë1", name="Zoë")).encode("utf-8") + \
        ROW.format(id="rené2", name="René").encode("utf-8").replace(b"Ren\xc3\xa9", b"Ren\xe9")
    result = _grade(invoke, tmp_path, answers, ROSTER, c1_key)
    assert result.exit_code == 2, result.output
    line = " ".join(result.output.split())
    assert "answers.csv: line 3: byte 0xE9 (byte 61 of the file) is not UTF-8, while other lines are UTF-8" in line
    assert "save the file again as UTF-8" in line and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_cp1252_answers_file_is_still_read_as_cp1252(tmp_path, invoke, c1_key):
    answers = (HEADER + ROW.format(id="zoë1", name="Zoë") + ROW.format(id="rené2", name="René")).encode("cp1252")
    result = _grade(invoke, tmp_path, answers, ROSTER, c1_key)
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "answers-graded-students.csv", encoding="utf-8-sig", newline="") as handle:
        students = {row["student_id"]: row for row in csv.DictReader(handle)}
    assert sorted(students) == ["rené2", "zoë1"] and students["zoë1"]["name"] == "Zoë"
    assert {row["percent"] for row in students.values()} == {"100.0"}


def _many_rows(count: int) -> str:
    return "".join(ROW.format(id=f"s{i:05d}", name=f"Name {i}") for i in range(count))


@pytest.mark.parametrize("start", ["zoë1", "s0"])   # UTF-8 in the sample, or the sample plain ASCII
def test_a_byte_past_the_sample_is_refused_as_well(tmp_path, invoke, c1_key, start):
    rows = _many_rows(3000)
    text = HEADER + ROW.format(id=start, name="Zoë") + rows
    answers = text.encode("utf-8") + ROW.format(id="x9", name="Ren\xe9").encode("latin-1")
    assert len(text.encode("utf-8")) > SAMPLE_BYTES
    if start == "s0":   # no UTF-8 letter in the first 64 KiB: one later, before the stray byte
        answers = (HEADER + rows + ROW.format(id="zoë1", name="Zoë")).encode("utf-8") + b"x9,Ren\xe9,1,1\n"
    result = _grade(invoke, tmp_path, answers, ROSTER, c1_key)
    assert result.exit_code == 2, result.output
    assert "answers.csv: line 3003: byte 0xE9" in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_a_roster_mixing_encodings_past_its_sample_is_refused(tmp_path, invoke, c1_key):
    answers = (HEADER + ROW.format(id="zoë1", name="Zoë")).encode("utf-8")
    roster = ROSTER + "".join(f"s{i:05d},Name {i}\n" for i in range(4000)).encode() + b"x9,Ren\xe9\n"
    assert len(roster) > SAMPLE_BYTES
    result = _grade(invoke, tmp_path, answers, roster, c1_key)
    assert result.exit_code == 2, result.output
    assert "roster.csv: line 4004: byte 0xE9" in " ".join(result.output.split()), result.output


def test_a_cp1252_line_holding_a_utf8_pair_is_no_utf8_line():
    """``JosÃ© Seán`` in cp1252: Ã© is UTF-8 as bytes, á is not: one encoding, not two."""
    refuse_mixed("f.csv", data_chunks("id,name\ns1,JosÃ© Seán\n".encode("cp1252")), "cp1252")
    with pytest.raises(InputFileError, match=r"f.csv: line 3: byte 0xE1 \(byte 23 of the file\)"):
        refuse_mixed("f.csv", data_chunks("id,name\rs1,Zoë\r\n".encode("utf-8") + b"s2,Se\xe1n\n"), "utf-8")


def test_the_line_is_counted_across_chunks(monkeypatch):
    import quizgen.text_encoding as text_encoding
    monkeypatch.setattr(text_encoding, "CHUNK_BYTES", 4)
    data = "ë\r\n\r\nab\rcd\n".encode("utf-8") + b"\xe9"
    with pytest.raises(InputFileError, match=r"line 5: byte 0xE9 \(byte 13 of the file\)"):
        refuse_mixed("f.csv", data_chunks(data), "utf-8")
