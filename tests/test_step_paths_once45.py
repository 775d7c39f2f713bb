"""validate's step-rounding student (validation/steps.py) works a template's
recipes (marking/recipes.part_paths) out once for all the draws it marks, not
once a draw (1 to 2.5 s of ``quizgen validate``'s 35 s of CPU on the shipped
bank). The student's answers are unchanged."""

from pathlib import Path

from quizgen.generation.quiz import seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.marking import recipes
from quizgen.validation import steps

TEMPLATE = Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml"


def test_validate_works_a_templates_recipes_out_once(invoke, monkeypatch):
    calls = []
    real = recipes.part_paths
    monkeypatch.setattr(steps, "part_paths", lambda template: calls.append(template.id) or real(template))
    result = invoke("validate", TEMPLATE, "--samples", "30")
    assert result.exit_code == 0, result.output
    assert calls == ["softmax-temperature"]


def test_the_students_answers_are_those_of_recipes_worked_afresh(templates_by_class):
    """Draws of two templates in turn, held against the student worked from
    fresh recipes each time (each template's held ones kept across its draws)."""
    held_paths = {}
    for k in range(6):
        for cls in ("C7", "C2"):
            inst = sample_instance(templates_by_class[cls], seed_label("steps45", cls, k), [])
            once = held_paths.setdefault(cls, steps.paths_once(inst.template))
            held = steps.step_student(inst, recipe_paths=once)
            assert held == steps.step_student(inst)
            assert _written(once()) == _written(recipes.part_paths(inst.template))


def _written(paths: dict) -> dict:
    """Each recipe as text: its answer, the parts it reads and its steps' names (tree nodes have no ==)."""
    return {name: (r.text, r.depends, tuple(step for step, _ in r.intermediates)) for name, r in paths.items()}
