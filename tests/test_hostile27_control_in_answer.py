"""A control character inside an answer (a NUL: ``0.71<NUL>57``) is shown the
same way in graded.csv's answer column and in the reason that quotes it: as
U+FFFD, which every CSV cell writes for a control (cells.SHOWN_CONTROLS), the
reason naming its code; the answer column's formula guard is kept."""

import json

from quizgen.cells import quoted_as_shown
from test_grade import hand_key, read_graded, write_answers


def test_the_answer_and_its_reason_show_a_nul_alike(invoke, tmp_path):
    key = tmp_path / "key.json"
    key.write_text(json.dumps(hand_key(own_papers=False)), encoding="utf-8")
    answers = write_answers(tmp_path / "ans.csv", [("s1", "Q1", "a", "0.71\x0057"), ("s1", "Q2", "a", "=1+\x002")])
    result = invoke("grade", answers, "--key", key, "--out", tmp_path / "graded.csv")
    assert result.exit_code == 0, result.output
    rows = {(r["question_id"], r["part"]): r for r in read_graded(tmp_path / "graded.csv")}
    nul, guarded = rows[("Q1", "a")], rows[("Q2", "a")]
    assert nul["answer"] == "0.71\ufffd57"
    assert nul["reason"] == "not a number or an expression quizgen reads: '0.71\ufffd57' " \
                            "(\ufffd: the control character U+0000)"
    assert guarded["answer"] == "'=1+\ufffd2"
    assert "'=1+\ufffd2' (\ufffd: the control character U+0000)" in guarded["reason"]


def test_a_reason_quotes_controls_as_the_cell_shows_them_and_escapes_what_a_line_cannot_show():
    assert quoted_as_shown("0.5") == "'0.5'"
    assert quoted_as_shown("a\x1bb\x07") == "'a\ufffdb\ufffd' (\ufffd: the control characters U+0007, U+001B)"
    assert quoted_as_shown("0.5\u202e1") == "'0.51'"
    assert quoted_as_shown("0.5\n1") == "'0.5\\n1'"
    assert quoted_as_shown("\x01\x02\x03\x04") == "'\ufffd\ufffd\ufffd\ufffd' (\ufffd: the control characters " \
                                                  "U+0001, U+0002, U+0003, ...)"
