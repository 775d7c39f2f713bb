"""A trap's feedback that fails to render in a sampled draw is told once, at its own
key and line (review 54b F8: a name undefined only in some draws was told twice, the
second time with no line, and the failure stopped the template's other draws)."""

from pathlib import Path

from click.testing import CliRunner

from quizgen.cli import main

SHIPPED = Path(__file__).resolve().parent.parent / "question_bank" / "c1_confident_correct.yaml"
FIRST_FEEDBACK = ('feedback: "A softmax exponentiates every logit before normalising; dividing the raw '
                  'logits skips that step."')


def _validate(tmp_path, feedback: str) -> list:
    text = SHIPPED.read_text(encoding="utf-8")
    assert FIRST_FEEDBACK in text
    bank = tmp_path / "c1.yaml"
    bank.write_text(text.replace(FIRST_FEEDBACK, f"feedback: {feedback!r}"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(bank), "--samples", "20"])
    assert result.exit_code != 0
    return [line for line in result.output.splitlines() if "c1.yaml" in line]


def test_name_undefined_in_some_draws_is_told_once_at_its_line(tmp_path):
    lines = _validate(tmp_path, "Softmax first.{% if V > 0 %} {{ nosuch }}{% endif %}")
    told = [line for line in lines if "nosuch" in line]
    assert len(told) == 1
    assert "parts.0.traps.0.feedback" in told[0] and "c1.yaml:" in told[0]


def test_field_missing_in_a_draw_is_told_at_the_feedback(tmp_path):
    lines = _validate(tmp_path, "Softmax first: {{ scene.nofield }}.")
    told = [line for line in lines if "nofield" in line]
    assert len(told) == 1
    assert "parts.0.traps.0.feedback" in told[0] and "failed to render" in told[0]
