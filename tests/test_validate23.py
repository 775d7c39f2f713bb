"""Session 23: ``quizgen validate --bank DIR`` checks DIR's templates and their
clashes with the built-in bank (not the built-in bank again, and says so), and
the drill's summary and ``--stats`` tell a low-box class in the same words."""

from pathlib import Path

import pytest

from quizgen.drill import record as learner
from quizgen.drill.summary import advice
from quizgen.generation.quiz import seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.key.entries import key_part

USER = Path(__file__).parent / "data" / "user_bank"
NOTE = "built-in bank not re-checked"


def _bank(tmp_path, *changes) -> Path:
    """A copy of the test user bank with ``changes`` (old, new) made to its text."""
    text = (USER / "c11_softmax_temperature.yaml").read_text()
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c11.yaml").write_text(text)
    return bank


def test_validate_bank_checks_only_the_users_templates_and_says_so(invoke):
    result = invoke("validate", "--bank", USER, "--samples", "3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["ok", "C11", "softmax-temperature"]
    # its stem states no rounding, which an LMS quiz and the drill, with no paper header, then lack
    assert [line.split(": ", 2)[1:] for line in lines[1:-1]] == [["parts.0.ask", "warning: neither the stem nor "
                                                                 "this part's ask says how to round its answer "
                                                                 + lines[1].split("its answer ", 1)[1]]]
    assert lines[-1] == (f"{NOTE} (only compared with yours for clashing ids, classes and misconception codes); "
                         "`quizgen validate` alone checks it")


def test_a_class_the_built_in_bank_has_is_a_warning(invoke, tmp_path):
    bank = _bank(tmp_path, ("class: C11", "class: C3"))
    result = invoke("validate", "--bank", bank, "--samples", "2")
    assert result.exit_code == 0, result.output
    warning = [line for line in result.stdout.splitlines() if ": class: warning:" in line]
    assert len(warning) == 1 and "class C3 is also the built-in bank's (mlm-uniform-logits" in warning[0]
    assert "--classes C3 picks both and the drill keeps one record for the two" in warning[0]


def test_a_trap_code_the_built_in_bank_names_otherwise_is_a_warning(invoke, tmp_path):
    bank = _bank(tmp_path, ("temperature_ignored", "log10_instead_of_ln"))
    result = invoke("validate", "--bank", bank, "--samples", "2")
    assert result.exit_code == 0, result.output
    warning = [line for line in result.stdout.splitlines() if "warning: misconception code" in line]
    assert len(warning) == 1 and ": parts.0.traps.0: warning: misconception code 'log10_instead_of_ln'" in warning[0]
    assert "count the two as one misconception" in warning[0]


@pytest.mark.slow
def test_a_built_in_id_is_a_problem_without_checking_the_built_in_bank(invoke, tmp_path):
    bank = _bank(tmp_path, ("id: softmax-temperature", "id: mlm-confident-correct"))
    result = invoke("validate", "--bank", bank, "--samples", "2")
    assert result.exit_code == 1
    clash = [line for line in result.stdout.splitlines() if "is also used by" in line]
    assert len(clash) == 1 and clash[0].endswith("c1_confident_correct.yaml")
    assert not any(line.startswith("ok ") for line in result.stdout.splitlines())
    assert "1 of 1 templates failed validation" in result.stderr


def test_an_empty_bank_is_no_templates(invoke, tmp_path):
    result = invoke("validate", "--bank", tmp_path)
    assert result.exit_code == 2
    assert result.stderr == f"quizgen: error: no templates (*.yaml, *.yml) in {tmp_path}\n"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A learner's own HOME, as the reviewer ran it: the default progress file under it."""
    monkeypatch.delenv(learner.ENV_PATH, raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _advice_line(output: str, cls: str) -> str:
    """The advice bullet about ``cls``, unwrapped."""
    flat = " ".join(output.split("What to practise next:")[1].split())
    return next(item.strip() for item in flat.split("- ") if item.startswith(f"{cls}: "))


def _c1_answers(templates_by_class, seed: int) -> list:
    template = templates_by_class["C1"]
    inst = sample_instance(template, seed_label(seed, template.id, 0))
    return [key_part(pv, inst, 2.0).answer for pv in inst.parts]


@pytest.mark.parametrize("answers, happened, recorded", [
    (["h", "0.5", "0.5"], "missed this time (a part wrong)", "missed last time (a part wrong)"),
    (["h", "ANSWERS"], "right only with hints this time", "right only with hints last time"),
    (["s"], "skipped this time (given up)", "skipped last time (given up)")], ids=["missed", "right-with-hints", "skipped"])
def test_the_summary_says_what_happened_and_stats_what_the_record_tells(invoke, home, templates_by_class, answers,
                                                                         happened, recorded):
    if answers == ["h", "ANSWERS"]:
        answers = ["h", *_c1_answers(templates_by_class, 3)]
    session = invoke("drill", "--seed", "3", "--classes", "C1", input="".join(f"{a}\n" for a in answers + ["q"]))
    stats = invoke("drill", "--stats")
    assert session.exit_code == 0 and stats.exit_code == 0, session.output + stats.output
    said, told = _advice_line(session.output, "C1"), _advice_line(stats.output, "C1")
    # round 33: the summary says which happened this time; --stats has the record alone, which could not
    # tell until round 34: the record keeps how the class's last question went
    assert said == f"C1: {happened}; next review after 2 more questions."
    assert told == f"C1: {recorded}; next review after 2 more questions."


def test_advice_says_which_of_a_miss_or_hints_put_a_class_in_box_1_when_this_run_knows():
    """Round 33 (it was worded by the record alone, "missed, or right only with hints"): this
    run's outcome says which; without one (--stats) both are said."""
    progress = learner.Progress(clock=1, sessions=1, classes={"C1": learner.Card(box=1, due=3, seen=1)})
    words = {outcome: advice(progress, ["C1"], outcomes=outcome and {"C1": outcome})[0]
             for outcome in (None, learner.MISSED, learner.HELPED)}
    assert words == {None: "C1: missed, or right only with hints, last time; next review after 2 more questions.",
                     learner.MISSED: "C1: missed this time (a part wrong); next review after 2 more questions.",
                     learner.HELPED: "C1: right only with hints this time; next review after 2 more questions."}
