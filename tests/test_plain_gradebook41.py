"""The plain gradebook starts with a UTF-8 byte-order mark, as grade's other CSVs do, so that a spreadsheet
shows accented names rightly (review 41b F8: Excel showed Dvořák garbled); grade again recognises it as its own."""

import codecs
import csv


def test_the_plain_gradebook_has_a_byte_order_mark_and_is_kept_when_current(three_question_folder, invoke):
    folder = three_question_folder
    (folder / "answers.csv").write_text("student_id,name,question_id,part,answer\n"
                                        "s1,Antonín Dvořák,Q1,a,0.408\ns2,Zoë,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", folder / "answers.csv", "--gradebook", "plain", "--out", folder / "r" / "g.csv")
    assert result.exit_code == 0, result.output
    data = (folder / "r" / "g-gradebook-plain.csv").read_bytes()
    assert data.startswith(codecs.BOM_UTF8) and data.count(codecs.BOM_UTF8) == 1
    rows = list(csv.reader(data.decode("utf-8-sig").splitlines()))
    assert rows[0] == ["student_id", "name", "score", "max", "percent"]
    assert rows[1][:2] == ["s1", "Antonín Dvořák"]
    again = invoke("grade", folder / "answers.csv", "--out", folder / "r" / "g.csv")   # no gradebook asked for
    assert again.exit_code == 0 and "kept g-gradebook-plain.csv" in again.output
    assert (folder / "r" / "g-gradebook-plain.csv").read_bytes() == data
