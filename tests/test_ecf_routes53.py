"""Review 53b F5: C6 (c) and (d) worked as what (a) leaves after (b), split
evenly, ((a) - (b))/2, from the student's own wrong (b) got no ECF, as the key
held one recipe per part (10% of (a)). A part may now declare other routes,
``ecf_also`` (bank/ecf_also.py), stored once per template in the key
(``"also"``); an answer any of them gives from the student's own earlier
answers is ECF (grading/ecf_routes.py); validate refuses a route that does not
give the answer from the right earlier answers (validation/ecf_routes.py)."""

import json
from pathlib import Path

import pytest

from quizgen.bank.loader import load_template
from quizgen.errors import QuizgenError, TemplateError
from quizgen.generation.run import generate
from quizgen.validation.run import validate_file
from tests.grading_support import graded_with_policy

BANK = Path(__file__).resolve().parents[1] / "question_bank"
C6 = BANK / "c6_masking_counts.yaml"
PROBE = [   # rev53b's paper A, Q6: (a) 1850, (b) 1480, (c) 185, (d) 185, (e) 1850
    ("z1", "1850", "1400", "225", "225", "1850"),   # the review's row: (c), (d) = (1850 - 1400)/2 from their (b)
    ("z2", "1850", "1400", "185", "185", "1850"),   # 10% of (a), the key's own route: correct as it was
    ("z3", "1850", "1480", "225", "225", "1850"),   # (a), (b) right: 225 is no answer, and no ECF
    ("z4", "1850", "1400", "140", "140", "1850"),   # 10% of their (b): no route gives it
]


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("paper53")
    generate(folder / "quiz", seed=5301)
    return folder


def _graded(folder: Path, key: Path, policy: str = "") -> dict:
    """The PROBE rows (rev53b's wide row, each cell a long-form row) graded against ``key``:
    {(student, part): graded row} of Q6."""
    rows = [(student, "Q6", part, answer) for student, *answers in PROBE for part, answer in zip("abcde", answers)]
    graded = graded_with_policy(folder / "g", key, rows, policy)
    return {(student, part): row for (student, _, part), row in graded.items()}


def test_the_paper_is_the_reviewers(paper):
    key = json.loads((paper / "quiz" / "key.json").read_text(encoding="utf-8"))
    recipes = key["templates"]["mlm-masking-counts"]["recipes"]
    assert recipes["randomised"]["also"] == ["(part:chosen - part:masked)/2"]
    # (d) also as what is left after (b) and (c) (review 55a F7)
    assert recipes["unchanged"]["also"] == ["(part:chosen - part:masked)/2", "part:chosen - part:masked - part:randomised"]
    assert "also" not in recipes["masked"]   # a part with no route declared: its record as before


def test_the_remainder_split_from_their_own_b_is_ecf(paper, tmp_path):
    rows = _graded(tmp_path, paper / "quiz" / "key.json")
    assert rows[("z1", "b")]["status"] == "incorrect"
    for part in "cd":
        row = rows[("z1", part)]
        assert (row["status"], row["score"], row["note"]) == ("correct", "1", "ecf"), row
        assert row["feedback"] == ("marked from your (a) = 1850, (b) = 1400: correct given those values "
                                   "(error carried forward)")
        assert (rows[("z2", part)]["status"], rows[("z2", part)]["note"]) == ("correct", "")
        assert (rows[("z3", part)]["status"], rows[("z3", part)]["score"]) == ("incorrect", "0")   # no trap, no ECF
        assert (rows[("z4", part)]["status"], rows[("z4", part)]["note"]) == ("incorrect", "")


def test_a_route_earns_the_ecf_credit(paper, tmp_path):
    rows = _graded(tmp_path, paper / "quiz" / "key.json", "ecf_credit: 0.5\n")
    assert (rows[("z1", "c")]["status"], float(rows[("z1", "c")]["score"])) == ("correct", 0.5)
    assert "half of the marks" in rows[("z1", "c")]["feedback"]


def test_an_older_key_without_routes_still_grades(paper, tmp_path):
    key = json.loads((paper / "quiz" / "key.json").read_text(encoding="utf-8"))
    for recipe in key["templates"]["mlm-masking-counts"]["recipes"].values():
        recipe.pop("also", None)
    (tmp_path / "old.json").write_text(json.dumps(key), encoding="utf-8")
    rows = _graded(tmp_path, tmp_path / "old.json")
    assert (rows[("z1", "c")]["status"], rows[("z1", "c")]["note"]) == ("incorrect", "")   # as before: one recipe
    assert (rows[("z2", "c")]["status"], rows[("z3", "c")]["status"]) == ("correct", "incorrect")


def _edited(paper: Path, tmp_path: Path, route: str) -> Path:
    """The paper's key with (c)'s route replaced by ``route``, as a hand edit would."""
    key = json.loads((paper / "quiz" / "key.json").read_text(encoding="utf-8"))
    key["templates"]["mlm-masking-counts"]["recipes"]["randomised"]["also"] = [route]
    (tmp_path / "edited.json").write_text(json.dumps(key), encoding="utf-8")
    return tmp_path / "edited.json"


def test_a_hand_edited_route_reading_a_later_part_is_refused(paper, tmp_path):
    with pytest.raises(QuizgenError, match=r"recipes\.randomised\.also\.0: reads part 'graded', which does not "
                                           r"come before 'randomised'"):
        _graded(tmp_path, _edited(paper, tmp_path, "part:chosen - part:graded"))


def _variant(tmp_path: Path, route: str) -> Path:
    """C6 with (d)'s route replaced by ``route`` (YAML flow text)."""
    text = C6.read_text(encoding="utf-8")
    old = 'ecf_also: ["(chosen - masked) / 2", "chosen - masked - randomised"]   # as (c)'
    assert old in text
    path = tmp_path / "c6.yaml"
    path.write_text(text.replace(old, f"ecf_also: {route}   # as (c)"), encoding="utf-8")
    return path


def test_validate_refuses_a_route_that_disagrees_with_the_key(tmp_path):
    report = validate_file(_variant(tmp_path, '["(chosen - masked) / 3"]'), samples=5, referee=False)
    found = [p for p in report.problems if p.key == "parts.3.ecf_also.0"]
    assert found and not report.ok
    assert "'(chosen - masked) / 3' gives 2.66667 from (a) = 40, (b) = 32, not the answer 4," in found[0].message
    assert "each route must give the part's answer" in found[0].message


def test_validate_passes_the_shipped_route():
    report = validate_file(C6, samples=5, referee=False)
    assert report.ok, [p.message for p in report.problems]


@pytest.mark.parametrize("route, said", [
    ('["unchanged - chosen"]', "reads 'unchanged', which is this part or a later one"),
    ('["N / 10"]', "reads no earlier part"),
    ('"(chosen - masked) / 2"', "expected a list of 1 to 8 expressions"),
    ('["(chosen > masked) * 2"]', "may not compare or use and/or/not"),
])
def test_a_route_may_read_only_earlier_parts(tmp_path, route, said):
    with pytest.raises(TemplateError, match=said):
        load_template(_variant(tmp_path, route))


def test_routes_are_stored_once_per_template(paper):
    """The routes sit in the template's record, not in any question's: the per-student key stays small."""
    key = json.loads((paper / "quiz" / "key.json").read_text(encoding="utf-8"))
    assert "(part:chosen - part:masked)/2" not in json.dumps(key["questions"])


def test_a_hand_edited_route_that_disagrees_with_the_key_is_refused(paper, tmp_path):
    """Review 53d F10: a route is checked per question against the key's own right answers when grade loads it."""
    with pytest.raises(QuizgenError, match=r"recipes\.randomised\.also\.0: gives 123\.333 from question Q6's right "
                                           r"\(a\) = 1850, \(b\) = 1480, not its \(c\) = 185"):
        _graded(tmp_path, _edited(paper, tmp_path, "(part:chosen - part:masked)/3"))


def test_a_route_through_a_wrong_b_beats_a_named_trap_of_c(tmp_path):
    """Review 53d F8, decided (docs/grading.md): with (a) right and (b) wrong, a (c) and (d) that
    are what (a) leaves after the student's (b), split evenly, are ECF even when they equal a named
    trap of (c) (N/10, split_applied_to_all_tokens): ECF beats a trap, the route is a right method.
    With (b) right, the same (c) stays the trap. Q4: (a) 5250, (b) 4200, (c) = (d) = 525, trap 2100."""
    generate(tmp_path / "c6", classes="C6", count=6, seed=530000000000001)
    rows = [(s, "Q4", part, answer) for s, b in (("w", "1050"), ("r", "4200"))
            for part, answer in zip("abcd", ("5250", b, "2100", "2100"))]
    graded = graded_with_policy(tmp_path / "g", tmp_path / "c6" / "key.json", rows, "")
    for part in "cd":
        assert (graded[("w", "Q4", part)]["status"], graded[("w", "Q4", part)]["note"]) == ("correct", "ecf")
        assert graded[("r", "Q4", part)]["status"] == "incorrect"
        assert graded[("r", "Q4", part)]["misconception"] == "split_applied_to_all_tokens"
