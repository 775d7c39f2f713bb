"""An answer the plain reader refuses (``to_number`` raises) is read a second time as people write it
(``marking.forms.read_number``), whose core is most often the same text: a long nested expression was
parsed and worked out twice a row, and 2,000 such rows graded in 13-25 s against 5.6 s for plain
numbers. The expression's value, or why it has none, is now kept for the latest texts (maths/answers.py)."""

import csv
import io

from quizgen.errors import ExpressionError
from quizgen.maths import answers

OVERFLOW = "exp(" * 60 + "0.{}" + ")" * 60   # past the float range: invalid, with its reason
UNCLOSED = "(" * 150 + "0.{}" + ")" * 149   # a bracket not closed: invalid
VALUE = "ln(exp(" * 20 + "0.408" + "))" * 20   # read at once: right


def _graded(folder) -> dict:
    text = (folder / "answers-graded.csv").read_text(encoding="utf-8-sig")
    return {(r["student_id"], r["question_id"]): r for r in csv.DictReader(io.StringIO(text))}


def test_a_long_refused_answer_is_parsed_once_a_row_and_graded_as_before(invoke, three_question_folder,
                                                                          monkeypatch):
    parsed = []
    real = answers.parse_answer
    monkeypatch.setattr(answers, "parse_answer", lambda text: parsed.append(text) or real(text))
    answers._expression_value.cache_clear()
    rows = [(f"s{n}", f"Q{q}", shape.format(n) if "{}" in shape else shape)
            for n in range(1, 4) for q, shape in ((1, OVERFLOW), (2, UNCLOSED), (3, VALUE))]
    (three_question_folder / "answers.csv").write_text(
        "student_id,question_id,part,answer\n" + "".join(f'{s},{q},a,"{a}"\n' for s, q, a in rows), encoding="utf-8")
    result = invoke("grade", three_question_folder / "answers.csv", "--key", three_question_folder / "key.json")
    assert result.exit_code in (0, 1), result.output
    assert len(parsed) == 7   # once each: three overflowing, three unclosed, and the one right expression
    graded = _graded(three_question_folder)
    assert [graded["s1", q]["status"] for q in ("Q1", "Q2", "Q3")] == ["invalid", "invalid", "correct"]
    assert "number out of range" in graded["s1", "Q1"]["reason"]
    assert "a bracket is not closed" in graded["s2", "Q2"]["reason"]


def test_a_kept_reason_is_raised_again_word_for_word():
    answers._expression_value.cache_clear()
    text = "ln(" * 3 + "-1" + ")" * 3
    reasons = []
    for _ in range(2):
        try:
            answers.to_number(text)
        except ExpressionError as exc:
            reasons.append(str(exc))
    assert len(reasons) == 2 and reasons[0] == reasons[1] and answers._expression_value.cache_info().hits == 1
