"""validate's "no value the working shows gives part (a)'s answer" is told where the
value nearest the answer is made: the let whose value the working shows (where its
rounding is chosen), naming the first step that shows it; a value no let holds (worked
out in the text) is told at that first step. It was told at the last step of the
working, which here shows the mean only as perplexity's exponent."""

from fractions import Fraction
from types import SimpleNamespace

from quizgen.key.compact import written_answer
from quizgen.validation.working_end import working_end_problems

TEMPLATE = """id: two-example-perplexity
class: C50
let:
  L1: "-ln(p1)"
  L2: "-ln(p2)"
  Lbar: "(L1 + L2) / 2"
  L1_s: "sigdec(L1, 3)"
  L2_s: "sigdec(L2, 3)"
  Lbar_s: "(L1_s + L2_s) / 2"
solution:
  steps:
    - title: "Each example's loss"
      work: "$-\\\\ln {{ p1 | dec(2) }} = {{ L1_s | sigdec(3) }}$ and $-\\\\ln {{ p2 | dec(2) }} = {{ L2_s | sigdec(3) }}$"
    - title: "Their mean"
      work: "$({{ L1_s | sigdec(3) }} + {{ L2_s | sigdec(3) }}) / 2 = {{ Lbar_s | exactdec(4) }}$"
    - title: "Perplexity"
      work: "$e^{ {{ Lbar_s | exactdec(4) }} } = {{ ppl_s | sig(4) }}$"
"""
STEPS = [{"work": "$-\\ln 0.60 = 0.511$ and $-\\ln 0.74 = 0.306$"}, {"work": "$(0.511 + 0.306) / 2 = 0.4085$"},
         {"work": "$e^{ 0.4085 } = 1.505$"}]
MEAN = 0.408235   # the exact mean the key holds: 0.408 at 3 figures, where the working's 0.4085 gives 0.409


def _problems(tmp_path, env: dict) -> list:
    path = tmp_path / "c50.yaml"
    path.write_text(TEMPLATE, encoding="utf-8")
    part = SimpleNamespace(kind="numeric", tolerance={})
    pv = SimpleNamespace(value=MEAN, part=part, letter="a", written=written_answer(MEAN, "numeric", 4, {}))
    lets = tuple((name, None) for name in ("L1", "L2", "Lbar", "L1_s", "L2_s", "Lbar_s"))
    inst = SimpleNamespace(parts=[pv], template=SimpleNamespace(path=str(path), lets=lets), seed_label="3", env=env)
    return [f"{p.line}: {p.key}: {p.message}" for p in working_end_problems(inst, {"steps": STEPS, "verify": ""})]


def test_the_value_is_told_at_the_let_that_makes_it_naming_the_first_step_that_shows_it(tmp_path):
    env = {"L1": 0.5108, "L2": 0.3011, "Lbar": MEAN, "L1_s": 0.511, "L2_s": 0.306, "Lbar_s": Fraction("0.4085")}
    assert _problems(tmp_path, env) == [
        "9: let.Lbar_s: no value the working shows gives part (a)'s answer 0.408 at the figures asked (key 0.4082); "
        "the value nearest it is 0.4085, made by this let and first shown in solution.steps.1.work (line 15) (seed 3): "
        "end the working on a value that rounds to the key's answer at the figures asked (work this let, or those "
        "it is made from, to more figures, or show the answer itself)"]


def test_a_value_no_let_holds_is_told_at_the_first_step_that_shows_it(tmp_path):
    env = {"L1": 0.5108, "L2": 0.3011, "Lbar": MEAN, "L1_s": 0.511, "L2_s": 0.306, "Lbar_s": Fraction("0.4080")}
    assert _problems(tmp_path, env) == [
        "15: solution.steps.1.work: no value the working shows gives part (a)'s answer 0.408 at the figures asked "
        "(key 0.4082); the value nearest it is 0.4085, first shown here (seed 3): end the working on a value that "
        "rounds to the key's answer at the figures asked (work it to more figures, or show the answer itself)"]
