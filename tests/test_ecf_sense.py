"""marking22: error carried forward checked for sense. A misconception carried
on from (a) to a later part with a trap of the same code is ECF there (named
once, at (a)); C10's fixed sum over the student's own count is not; ECF is withheld from an earlier answer outside its part's
``range`` (a probability of 12.18) or to a value outside the later part's."""

import csv
import json
from pathlib import Path

import pytest

import quizgen
from quizgen.bank.loader import load_template
from quizgen.errors import QuizgenError
from quizgen.key.model import Key
from quizgen.marking.coherence import WITHHELD
from quizgen.validation.run import validate
from generate_support import generated_key
from test_drill21 import drill

# seed 3, --count 3: Q28 is C10 (5 words, 2 positions scored: (a) 6, the words with [BOS] and [EOS] (review 51c
# F10), masked_positions_only 2, printed_sentence_count 4, end_token_not_predicted 5, first_token_predicted 7;
# (b) the 6 losses' mean, its divisor (a) since review 52b F1; the reviewer's own Q28 had 7 words, the
# answers (a) 6 then 1.538, and (a) 4 then 1.148, re-drawn here as (a) 3 and (a) 2);
# Q7 is C3 (V = 1234, unnormalised_weight e^2.5 = 12.18); Q1 is C1; Q19 is C7
REVIEWER = [("m1", "Q28", "3", "2.625"), ("m2", "Q28", "2", "1.551"), ("p1", "Q7", "12.18", "-2.5"),
            ("p2", "Q1", "1.5", "-0.405"), ("p3", "Q19", "1.2", "-0.182")]


@pytest.fixture(scope="module")
def seed3(tmp_path_factory):
    """``generate --seed 3 --count 3`` and the reviewer's answers graded against it: {(student, part): row}."""
    folder = tmp_path_factory.mktemp("seed3")
    key = generated_key(folder / "s3", "--seed", "3", "--count", "3")
    answers = folder / "answers.csv"
    with answers.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["student_id", "question_id", "part", "answer"])
        for sid, question, a, b in REVIEWER:
            out.writerows([[sid, question, "a", a], [sid, question, "b", b]])
    quizgen.grade(answers, key=key, out=folder / "graded.csv")
    with (folder / "graded.csv").open(encoding="utf-8-sig") as handle:
        rows = {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}
    return folder, rows


@pytest.mark.slow
def test_c10_the_masked_positions_misconception_carried_on_is_ecf_named_once(seed3):
    _, rows = seed3
    assert (rows["m2", "a"]["status"], rows["m2", "a"]["misconception"]) == ("incorrect", "masked_positions_only")
    coherent = rows["m2", "b"]
    assert (coherent["status"], coherent["note"], coherent["misconception"], coherent["score"]) == \
        ("correct", "ecf", "", "2")   # (b) is 2 of the 4 points since review 52b F3
    assert coherent["feedback"].startswith("marked from your (a) = 2 and the method behind it (the misconception "
                                           "named at (a), not counted again): correct given that value")


def test_c10_all_the_losses_over_the_students_count_is_no_ecf(seed3):
    """(a) 3 (a count no trap names), then (b) 2.625, all 6 losses summed and divided by 3: no
    working from a count of 3 positions (which sums 3 terms), so no ECF (rev-maths30; it was ECF,
    full marks, from the recipe sum(-log(p))/part:targets; from round 51 to 52 the recipe divided by
    (a) less 2, and since review 52b F1 it is sum(-log(p))/part:targets again, p holding the 5 words'
    and [EOS]'s probabilities). Working correctly from the masked count is the masked mean (m2, above)."""
    _, rows = seed3
    recipe = rows["m1", "b"]
    assert (recipe["status"], recipe["note"], recipe["misconception"], recipe["score"]) == ("incorrect", "", "", "0")
    # -ln of 0.3, 0.9, 0.15, 0.05, 0.25, 0.75: 1.20397 + 0.10536 + 1.89712 + 2.99573 + 1.38629 + 0.28768
    assert recipe["feedback"] == ("(b) is the mean of 6 terms, their sum (7.8762) divided by 6; your answer comes from "
                                  "dividing that sum by your (a) = 3 (7.8762 / 3 = 2.63), as if there were 3 terms, so "
                                  f"(b) was not marked from your (a) {WITHHELD}")   # 7.87616 / 3 = 2.62539


# p3: C7, whose range is its draws' 0.01 to 0.99: a p-hat above 1 is told the plain bounds (review 54a F5)
@pytest.mark.parametrize("sid, a, bounds", [("p2", "1.5", "0 and 1"), ("p3", "1.2", "0 and 1")])
def test_no_ecf_from_an_impossible_probability(seed3, sid, a, bounds):
    _, rows = seed3
    row = rows[sid, "b"]
    assert (row["status"], row["note"], row["score"]) == ("incorrect", "", "0")
    assert row["feedback"] == (f"your (a) = {a} cannot be right, as every answer to (a) lies between {bounds}, "
                               f"so (b) was not marked from it {WITHHELD}")


def test_ecf_from_a_named_trap_never_reaches_an_impossible_result(seed3):
    """C3's (a) e^z = 12.18, the weight not normalised, is a named misconception, marked at (a)
    (its value outside (a)'s range is a known mistake, and what follows from it may be ECF);
    but (b) worked from it, ln(1/12.18) = -2.5, is a negative cross-entropy, which can never be
    right: no ECF (rev-maths28: it was "correct given that value", full marks)."""
    _, rows = seed3
    assert (rows["p1", "a"]["status"], rows["p1", "a"]["misconception"]) == ("incorrect", "unnormalised_weight")
    row = rows["p1", "b"]
    assert (row["status"], row["note"], row["score"]) == ("incorrect", "", "0")
    assert row["feedback"] == ("worked from your (a) = 12.18, (b) would be -2.4998, which cannot be right, as every "
                               f"answer to (b) is at least 0, so it was not marked from it {WITHHELD}")


def test_the_key_stores_each_range_once_per_template(seed3):
    folder, _ = seed3
    data = json.loads((folder / "s3" / "key.json").read_text(encoding="utf-8"))
    parts = data["templates"]["causal-lm-next-token-loss"]["parts"]
    assert [p.get("range") for p in parts] == [[2, None], [0, None]]
    assert all("range" not in p for q in data["questions"] for p in q["parts"])


@pytest.mark.slow
def test_a_key_without_ranges_grades_as_before(seed3, tmp_path):
    folder, _ = seed3
    data = json.loads((folder / "s3" / "key.json").read_text(encoding="utf-8"))
    for template in data["templates"].values():
        for part in template["parts"]:
            part.pop("range", None)
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\np1,Q7,a,12.18\np1,Q7,b,-2.5\n", encoding="utf-8")
    quizgen.grade(answers, key=data, out=tmp_path / "g.csv")
    with (tmp_path / "g.csv").open(encoding="utf-8-sig") as handle:
        row = [r for r in csv.DictReader(handle) if r["part"] == "b"][0]
    assert (row["status"], row["note"]) == ("correct", "ecf")


@pytest.mark.slow
def test_the_drill_marks_the_misconception_carried_on_as_ecf():
    # seed 8 (since review 52b F1): positions 3, 5 and 6 scored, -ln 0.05, -ln 0.3, -ln 0.95 over 3 = 1.4170
    _, carried = drill("C10", "3", "1.42", "q", seed=8, count=1)
    assert "Correct from your own earlier answer" in carried
    assert "the misconception named at (a), not counted again" in carried
    # all 7 losses (8.8364) over an (a) of 4, a count no trap names: no ECF
    _, recipe = drill("C10", "4", "2.209", "q", seed=8, count=1)
    assert "Correct from your own earlier answer" not in recipe and "so (b) was not marked from your (a)" in recipe


def _template(tmp_path, range_line: str, part: str = "p") -> Path:
    """C1 with ``range_line`` added after part ``part``'s answer."""
    source = (Path(quizgen.__file__).parent.parent / "question_bank" / "c1_confident_correct.yaml").read_text()
    lines, out, current = source.split("\n"), [], None
    for line in lines:
        if line.startswith("  - name: "):
            current = line.split(": ", 1)[1]
        if current == part and line.startswith("    range:"):
            continue
        out.append(line)
        if current == part and line.startswith("    answer:"):
            out.append(f"    range: {range_line}")
    path = tmp_path / "c1.yaml"
    path.write_text("\n".join(out), encoding="utf-8")
    return path


@pytest.mark.parametrize("written, message", [
    ("[1, 0]", "its low end is above its high end"),
    ("[0, 1, 2]", "range must be [low, high]"),
    ("[null, null]", "range must be [low, high]"),
    ("[zero, 1]", "range must be [low, high]"),
    ("0.5", "range must be [low, high]"),
])
@pytest.mark.slow
def test_a_malformed_range_is_one_line_naming_file_and_line(tmp_path, written, message):
    path = _template(tmp_path, written)
    with pytest.raises(QuizgenError) as caught:
        load_template(path)
    text = str(caught.value)
    line = next(i for i, s in enumerate(path.read_text().split("\n"), 1) if s.startswith("    range:"))
    assert f"c1.yaml:{line}" in text and message in text and "\n" not in text.strip()


@pytest.mark.slow
def test_validate_names_a_draw_whose_answer_leaves_the_range(tmp_path):
    path = _template(tmp_path, "[0, 0.5]")
    report = validate([path], samples=30)
    text = " ".join(str(p) for r in report for p in r.problems)
    assert "lies outside the part's range: every correct answer lies between 0 and 0.5" in text


def test_a_key_range_on_a_word_part_or_reversed_is_refused():
    base = {"part": "a", "name": "w", "type": "word", "points": 1, "accept": ["yes"], "traps": [],
            "answer": "yes", "range": [0, 1]}
    with pytest.raises(QuizgenError, match="only a number part has a range"):
        Key.from_json({"questions": [{"id": "Q1", "parts": [base]}]})
    number = {"part": "a", "name": "p", "type": "numeric", "points": 1, "traps": [], "exact": "1/2", "value": 0.5,
              "answer": "0.5", "range": [1, 0]}
    with pytest.raises(QuizgenError, match="low end not above its high end"):
        Key.from_json({"questions": [{"id": "Q1", "parts": [number]}]})
