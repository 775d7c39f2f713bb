"""quizgen validate as a bank author meets it: a new class written from
docs/authoring.md validates and generates with no Python, and a trap that
equals the answer for some parameter values is pointed out."""

from pathlib import Path

import pytest

AUTHOR = Path(__file__).parent / "data" / "author" / "c11_scaled.yaml"


@pytest.mark.slow
def test_a_new_class_validates_and_generates(tmp_path, invoke):
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c11.yaml").write_text(AUTHOR.read_text())
    checked = invoke("validate", bank)
    assert checked.exit_code == 0 and checked.output.startswith("ok C11 scaled-dot-product")
    made = invoke("generate", "--bank", bank, "--classes", "C11", "--seed", "1", "--out", tmp_path / "out")
    assert made.exit_code == 0
    assert "Scaled dot-product attention" in (tmp_path / "out" / "problems.md").read_text()


@pytest.mark.slow
def test_a_trap_equal_to_the_answer_for_some_draws_is_a_warning_at_its_line(tmp_path, invoke):
    # dot / 8 is the answer dot / sqrt(d) whenever d = 64: a third of the draws are thrown away
    text = AUTHOR.read_text().replace('value: "dot / d"', 'value: "dot / 8"')
    text = text.replace("{d: 64, dot: 12}", "{d: 16, dot: 12}").replace("{score: 1.5}", "{score: 3}")
    text = text.replace('answer: "1.5", status: correct', 'answer: "3", status: correct')
    text = text.replace('answer: "0.1875", status: incorrect', 'answer: "1.5", status: incorrect')
    path = tmp_path / "c11.yaml"
    path.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "code: divide_by_d" in row)
    result = invoke("validate", path)
    assert result.exit_code == 0   # a warning, not a failure: the template still works
    warning = next(row for row in result.output.splitlines() if "traps.1" in row)
    assert warning.startswith(f"{path}:{line}: parts.0.traps.1: warning: 3")
    assert "divide_by_d" in warning and "add a constraint" in warning
    lines = [int(row.split(":")[1]) for row in result.output.splitlines()[1:]]
    assert lines == sorted(lines) and len(lines) == 2   # with the few-variants warning at params, in file order


@pytest.mark.slow
def test_a_few_thrown_away_draws_in_a_small_run_are_not_a_warning(invoke):
    from quizgen.bank.loader import builtin_bank_dir

    result = invoke("validate", builtin_bank_dir() / "c1_confident_correct.yaml", "--samples", "3")
    assert result.exit_code == 0 and "(60% of draws kept)" in result.output   # 2 of 5 draws thrown away
    assert "thrown away" not in result.output


@pytest.mark.slow
def test_the_shipped_bank_has_no_trap_that_often_equals_the_answer(templates_by_class):
    from quizgen.generation.quiz import seed_label
    from quizgen.generation.sampling import sample_instance
    from quizgen.validation.problems import Report
    from quizgen.validation.samples import _coinciding_traps

    for template in templates_by_class.values():
        rejections = []
        for k in range(50):
            sample_instance(template, seed_label("validate", template.id, k), rejections)
        report = Report(str(template.path))
        report.draws = 50 + len(rejections)
        assert _coinciding_traps(template, report, rejections) == [], template.cls


@pytest.mark.slow
def test_an_answer_leaked_by_a_part_question_is_reported_at_that_line(tmp_path, invoke):
    text = AUTHOR.read_text().replace("What is the scaled score $q \\\\cdot k / \\\\sqrt{d_k}$?",
                                      "What is the scaled score (about {{ score_s | sigdec(4) }})?")
    assert "(about {{" in text
    path = tmp_path / "c11.yaml"
    path.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "(about {{" in row)
    result = invoke("validate", "--samples", "5", path)
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:{line}: parts.0.ask: the problem text gives an answer away")


@pytest.mark.slow
def test_a_misspelt_or_derived_canonical_parameter_is_named(tmp_path, invoke):
    text = AUTHOR.read_text().replace("{d: 64, dot: 12}", "{d: 64, dot: 12, dott: 12, root: 8}")
    path = tmp_path / "c11.yaml"
    path.write_text(text)
    result = invoke("validate", "--samples", "5", path)
    assert result.exit_code == 1
    assert "canonical.params.dott: 'dott' is not a parameter of this template (did you mean 'dot'?)" in result.output
    assert "canonical.params.root: 'root' is not a parameter of this template" in result.output
