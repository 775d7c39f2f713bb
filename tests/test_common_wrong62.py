"""A part's most common wrong number counts as one the values its own marking would take for the same
answer: a misprinted key's answer written 9.99, 9.990, 9.991 and 9.9898 by students rounding differently
is one number at the part's 3 significant figures, so the report still asks for the key to be checked,
showing the commonest value read."""

from collections import Counter

import pytest

from quizgen.grading.common_wrong import same_answers
from test_report_flags61 import _md_row
from test_review50b import answer, key_of, run, write

SPELLINGS = ["9.99", "9.99", "9.990", "9.991", "9.989", "9.9904", "9.9898"]   # 3 read as 9.99, 4 others


@pytest.mark.slow
def test_one_misprinted_number_written_at_different_precisions_asks_for_the_key(tmp_path):
    parts = key_of(tmp_path, "C1,C2,C3")
    rows = [["student_id", "question_id", "part", "answer"]]
    for n in range(12):
        for k, (q, letter, part) in enumerate(parts):
            if (q, letter) == ("Q2", "b"):
                rows.append([f"s{n:02}", q, letter, "" if n < 5 else SPELLINGS[n - 5]])
            else:
                rows.append([f"s{n:02}", q, letter, answer(part) if (n * (k + 2)) % 5 < 3 else "1"])
    write(tmp_path / "answers.csv", rows)
    run(["grade", "answers.csv", "--key", "quiz/key.json", "--out", "out"], tmp_path)
    md = (tmp_path / "out" / "answers-graded-report.md").read_text(encoding="utf-8")
    row = _md_row(md[md.index("### Flagged parts"):], "Q2b")
    assert "| 9.99 (7) |" in row
    assert "7 of the 7 answers given are the same wrong number, 9.99: the sign of a wrong key" in row


def test_values_gather_around_the_commonest_within_its_window_per_trap_code():
    wrong = Counter({(0.52, ""): 3, (0.5203, ""): 2, (0.5198, ""): 1, (0.53, ""): 4, (0.5201, "halved"): 2})
    gathered = dict(same_answers(wrong, ({"sigfigs": 3}, "numeric")))
    # 0.53 first (4 students): its window 0.5295..0.5305 takes nothing else; 0.52 then takes 0.5198
    # and 0.5203 (within 0.0005); a trap's value stays with its own code
    assert gathered == {(0.53, ""): 4, (0.52, ""): 6, (0.5201, "halved"): 2}
    assert dict(same_answers(Counter({(7.0, ""): 2, (7.4, ""): 1}), ({"sigfigs": 3}, "integer"))) == \
        {(7.0, ""): 2, (7.4, ""): 1}
