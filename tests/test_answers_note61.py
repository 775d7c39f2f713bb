"""The solutions' "About the answers" note says the figures each answer is written to: a part
whose tolerance asks 6 significant figures is written to 6 (0.680000), and the note said only
"to 4 significant figures"; the LMS note and a paper of several questions say it too."""

import shutil
from pathlib import Path
from types import SimpleNamespace

from quizgen.generation.views import answers_note, answers_rule, paper_answers_note

EXAMPLE = Path(__file__).parent / "data" / "exact_and_choice60.yaml"


def _part(decimals=0, **tolerance):
    return SimpleNamespace(kind="numeric", decimals=decimals, tolerance=tolerance)


def test_the_solutions_note_says_a_part_asking_6_figures_is_written_to_6(tmp_path, invoke):
    (tmp_path / "bank").mkdir()
    shutil.copy(EXAMPLE, tmp_path / "bank" / "c50.yaml")
    result = invoke("generate", "--bank", tmp_path / "bank", "--classes", "C50", "--seed", 3, "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    solutions = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    assert "**0.680000**" in solutions
    assert ("Each answer is written to 4 significant figures, or to 4 decimal places where that shows more (an "
            "answer of 1 or more), or to 6 where its part asks for 6, and with more figures") in solutions


def test_a_window_and_several_figures_are_said_and_the_shipped_rule_is_unchanged():
    assert answers_rule([_part(sigfigs=3), _part(2), SimpleNamespace(kind="word", decimals=0, tolerance=None)]) == \
        (frozenset([2]), frozenset(), False)
    rule = answers_rule([_part(sigfigs=5), _part(sigfigs=6), _part(atol=1e-7)])
    assert rule == (frozenset(), frozenset([5, 6]), True)
    note = answers_note(rule)
    assert ("written to 4 significant figures, or to as many as its part asks for where that is more, or with more "
            "decimal places where its part's tolerance is narrower than that rounding, and") in note


def test_a_paper_of_several_questions_says_the_figures_any_of_them_asks():
    plain, six = answers_rule([_part(sigfigs=3)]), answers_rule([_part(sigfigs=6)])
    questions = [{"numeric": True, "answers_note": answers_note(rule, near_one=False), "answers_rule": rule}
                 for rule in (plain, six)]
    assert ", or to 6 where its part asks for 6," in paper_answers_note(questions)
