"""A trap's English name lives in the bank (``name:`` in the YAML), not in a
Python table: the schema checks it, the template carries it, and the drill
shows it for a new class's traps too (its own template's name first; the
loaded bank's names for codes known only from the progress file)."""

import io
import re
from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank, load_template
from quizgen.bank.trap_schema import MAX_TRAP_NAME, unnamed_traps
from quizgen.drill import record as learner
from quizgen.drill import traps
from quizgen.drill.session import run_drill
from quizgen.drill.summary import stats_report
from quizgen.errors import TemplateError
from quizgen.generation.quiz import seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.key.entries import key_part

USER_C11 = re.sub(r"^        name: .*\n", "", (Path(__file__).parent / "data" / "user_bank" /
                                                "c11_softmax_temperature.yaml").read_text(encoding="utf-8"), flags=re.M)
"""The user bank's C11 with its traps' names taken out (its file names them, as a well-made template does)."""
IGNORED = "the temperature left out of the softmax"
MULTIPLIED = "logits times the temperature, not divided by it"


def named_c11(folder: Path, ignored=f'"{IGNORED}"', multiplied=f'"{MULTIPLIED}"') -> Path:
    """A bank folder with the user C11 template, its traps given these ``name:``
    lines (None: no name); returns the template's path."""
    text = USER_C11
    for code, name in (("temperature_ignored", ignored), ("temperature_multiplied", multiplied)):
        if name is not None:
            text = text.replace(f"      - code: {code}\n", f"      - code: {code}\n        name: {name}\n")
    folder.mkdir(exist_ok=True)
    path = folder / "c11.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_the_template_carries_each_traps_name(tmp_path):
    template = load_template(named_c11(tmp_path / "bank"))
    assert [(t.code, t.name) for t in template.parts[0].traps] == [
        ("temperature_ignored", IGNORED), ("temperature_multiplied", MULTIPLIED)]


def test_a_trap_without_a_name_loads_with_none(tmp_path):
    template = load_template(named_c11(tmp_path / "bank", ignored=None))
    assert [t.name for t in template.parts[0].traps] == ["", MULTIPLIED]


@pytest.mark.parametrize("name, message", [
    ("42", "a trap's name is a short label in words"),
    ('""', "a trap's name is a short label in words"),
    ("[a, b]", "a trap's name is a short label in words"),
    ('"two\\nlines"', "a trap's name is one line"),
    ('"' + "x" * (MAX_TRAP_NAME + 1) + '"',
     f"a trap's name is a short label: {MAX_TRAP_NAME + 1} characters, at most {MAX_TRAP_NAME}"),
])
def test_a_bad_name_is_refused_at_its_line(tmp_path, name, message):
    path = named_c11(tmp_path / "bank", multiplied=name)
    with pytest.raises(TemplateError) as caught:
        load_template(path)
    line = _line_of(path, f"name: {name}")
    assert str(caught.value).startswith(f"{path}:{line}: parts.0.traps.1.name: {message}"), str(caught.value)


def test_a_name_of_exactly_the_limit_is_kept_stripped(tmp_path):
    name = "y" * MAX_TRAP_NAME
    template = load_template(named_c11(tmp_path / "bank", multiplied=f'"  {name} "'))
    assert template.parts[0].traps[1].name == name


def test_unnamed_traps_are_listed_for_validate_at_their_code_line(tmp_path):
    template = load_template(named_c11(tmp_path / "bank", ignored=None))
    assert unnamed_traps(template) == [(("parts", 0, "traps", 0, "code"),
                                        'warning: trap temperature_ignored has no name: add name: "...", a short '
                                        "English label the drill shows for this misconception (without it, its "
                                        "code read as words)")]
    assert all(unnamed_traps(t) == [] for t in load_bank(())), "a shipped trap has no name"


def test_the_python_table_of_names_is_gone():
    """The names are the bank's: no code-to-name table is left in the drill."""
    assert not hasattr(traps, "NAMES")
    assert traps.trap_name("library_nan", {}) == "library nan"   # nothing named it: read as words


def _c11_trap_answer(code: str) -> str:
    """The drill's first C11 answer (seed 1, a fresh clock) that falls into the trap ``code``."""
    template = load_template(Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml")
    inst = sample_instance(template, seed_label(1, template.id, 0))
    record = key_part(inst.parts[0], inst, 2.0)
    return f"{next(v for t, v in zip(record.traps, record.trap_values) if t.code == code):.6g}"


def _drill(bank: Path, answers: str, state=None) -> str:
    out = io.StringIO()
    run_drill(io.StringIO(answers), out, io.StringIO(), classes="C11", seed=1, banks=(bank,),
              state=state, save=state is not None)
    return " ".join(out.getvalue().split())


def test_the_drill_names_a_new_classs_trap_from_its_yaml(tmp_path):
    bank = named_c11(tmp_path / "bank").parent
    output = _drill(bank, f"{_c11_trap_answer('temperature_ignored')}\nq\n")
    assert f'matches the misconception "{IGNORED}":' in output, output
    assert f"- {IGNORED} (1x): Divide every logit" in output, output
    assert "temperature ignored" not in output


def test_a_trap_its_template_does_not_name_reads_as_its_code_in_words(tmp_path):
    bank = named_c11(tmp_path / "bank", ignored=None).parent
    output = _drill(bank, f"{_c11_trap_answer('temperature_ignored')}\nq\n")
    assert 'matches the misconception "temperature ignored":' in output, output


def test_a_template_names_a_shared_code_its_own_way(tmp_path):
    """The question's own template names its trap, even for a code the
    shipped bank names otherwise (the table named every code one way)."""
    path = named_c11(tmp_path / "bank")
    path.write_text(path.read_text().replace("temperature_ignored", "log10_instead_of_ln"), encoding="utf-8")
    output = _drill(path.parent, f"{_c11_trap_answer('temperature_ignored')}\nq\n")
    assert f'matches the misconception "{IGNORED}":' in output, output
    assert "log base 10" not in output


def test_stats_and_advice_name_codes_from_the_loaded_bank(tmp_path):
    """A code known only from the progress file is named as the loaded bank names it."""
    state = tmp_path / "progress.json"
    state.write_text(learner.Progress(clock=4, sessions=1, classes={"C11": learner.Card(box=1, due=5, seen=1)},
                                      misconceptions={"temperature_multiplied": learner.Card(box=1, due=5, seen=1),
                                                      "mystery_slip": learner.Card(box=1, due=6, seen=1)}).to_json())
    report, _ = stats_report(state, banks=(named_c11(tmp_path / "bank").parent,))
    flat = " ".join(report.split())
    assert f'misconception "{MULTIPLIED}": met 1x' in flat, report
    assert 'misconception "mystery slip": met 1x' in flat   # no template names it
    assert re.search(rf"^{re.escape(MULTIPLIED)}\s+1 ", report, re.M)   # the table names it too (round 33)
    assert "temperature_multiplied" not in report
    plain, _ = stats_report(state)   # without the bank that names it: the code in words
    assert 'misconception "temperature multiplied": met 1x' in " ".join(plain.split())


@pytest.mark.slow
def test_validate_warns_at_a_trap_without_a_name_and_still_passes(invoke, tmp_path):
    """The drill would call it by its code read as words: validate says so, at the trap's line."""
    path = named_c11(tmp_path / "bank", ignored=None)
    result = invoke("validate", str(path), "--samples", 5)
    assert result.exit_code == 0, result.output
    assert (f"{path}:{_line_of(path, 'code: temperature_ignored')}: parts.0.traps.0.code: warning: trap "
            "temperature_ignored has no name: add name:") in result.output
    assert "temperature_multiplied has no name" not in result.output


@pytest.mark.parametrize("name", ['"carriage\\rreturn"', '"line\\u2028sep"', '"abc\\u202edcba"', '"\\u200b"'])
def test_a_name_with_an_invisible_or_line_breaking_character_is_refused(tmp_path, name):
    """rev-hostile17: these passed validate, and the drill printed a cut or empty-looking name."""
    path = named_c11(tmp_path / "bank", ignored=name)
    with pytest.raises(TemplateError, match="plain printable text|short label in words|the direction control U\\+202E"):
        load_template(path)


def test_a_blank_trap_word_is_refused(tmp_path):
    """rev-hostile17: words: [""] passed validate and was dropped from the key, leaving a trap with nothing to match."""
    text = named_c11(tmp_path / "bank").read_text(encoding="utf-8").replace(
        '      - code: temperature_ignored\n', '      - code: temperature_ignored\n        words: ["  "]\n')
    path = tmp_path / "bank" / "c11.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TemplateError, match="a blank word matches nothing"):
        load_template(path)
