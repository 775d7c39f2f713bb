"""Review 53d F2, F3, F5: an ``ecf_also`` route is checked at load for what it
reads, each refusal one line at the route's own YAML line
(``parts.N.ecf_also.M``): a word part (no number answer: validate crashed on
it, F5), a parameter that is no number (a choice of records: generate wrote a
key grade refuses, validate and drill ended on a bare "unknown name", F2), a
record's field (reported at the part's ``answer`` line, F3)."""

from pathlib import Path

import pytest

from quizgen.bank.loader import load_template
from quizgen.errors import TemplateError
from quizgen.validation.run import validate_file

BANK = Path(__file__).resolve().parents[1] / "question_bank"


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """The built-in template ``name`` with ``old`` replaced by ``new``."""
    text = (BANK / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _c5_route(tmp_path: Path, route: str) -> Path:
    """C5 with (d) given the route ``route`` (YAML flow text)."""
    return _copy(tmp_path, "c5_zero_mask_limit.yaml", "    answer: selected\n",
                 f"    answer: selected\n    ecf_also: {route}\n")


def _c6_route(tmp_path: Path, route: str) -> Path:
    """C6 with (c)'s route replaced by ``route``."""
    old = '    ecf_also: ["(chosen - masked) / 2"]\n'
    return _copy(tmp_path, "c6_masking_counts.yaml", old, f"    ecf_also: {route}\n")


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


@pytest.mark.parametrize("make, route, key, said", [
    (_c5_route, '["lmlm * 0 + empty_sum"]', "parts.3.ecf_also.0", "reads 'lmlm', an earlier part with no number answer"),
    (_c6_route, '["(chosen - masked) / 2 + 0 * scene"]', "parts.2.ecf_also.0",
     "reads the parameter 'scene', which is not a number"),
    (_c6_route, '["chosen.__class__ + masked"]', "parts.2.ecf_also.0", "reads chosen.__class__, a field"),
])
def test_a_route_reading_no_number_is_refused_at_its_line(tmp_path, make, route, key, said):
    path = make(tmp_path, route)
    with pytest.raises(TemplateError) as caught:
        load_template(path)
    message = str(caught.value)
    assert f":{_line_of(path, 'ecf_also: [')}: {key}: {said}" in message, message


def test_validate_reports_a_word_part_route_without_a_traceback(tmp_path):
    report = validate_file(_c5_route(tmp_path, '["lmlm * 0 + empty_sum"]'), samples=3, referee=False)
    assert not report.ok
    assert any(p.key == "parts.3.ecf_also.0" for p in report.problems), [p.message for p in report.problems]


def test_a_route_reading_a_number_choice_is_accepted(tmp_path):
    load_template(_c6_route(tmp_path, '["(chosen - masked) / 2 + 0 * r"]'))


def test_a_route_over_a_part_with_no_number_is_said_not_raised():
    """The validate check itself never formats a None (a word part's value) into a traceback."""
    from types import SimpleNamespace

    from quizgen.validation.ecf_routes import _disagreement
    parts = {"lmlm": SimpleNamespace(letter="b", value=None), "selected": SimpleNamespace(letter="d", value=2.0)}
    said = _disagreement("part:lmlm*0 + 2", parts, "selected", {})
    assert said.startswith("cannot be worked from (b) = no number"), said


def test_the_drill_says_answers_when_a_route_read_two():
    """Review 53d F12: C6 (c) marked by the route from (a) and (b) is "from your own earlier answers"."""
    import io

    from quizgen.drill.session import run_drill
    out = io.StringIO()
    run_drill(io.StringIO("100\n50\n25\n25\n100\nq\n"), out, io.StringIO(), classes="C6", seed=7, save=False)
    text = " ".join(out.getvalue().split())
    assert text.count("Correct from your own earlier answers; from the right values it is 120.") == 2, text
    assert "Correct from your own earlier answer; from the right values it is 1200." in text   # (e) read (a) alone


def test_a_route_reading_a_field_through_a_let_is_reported_at_the_route(tmp_path):
    """A route reading a let that reads a record's field: validate names the route's line, not the answer's."""
    text = (BANK / "c6_masking_counts.yaml").read_text(encoding="utf-8")
    text = text.replace('tokens"}', 'tokens", k: 2}').replace('  per_sequence: "r * L"\n',
                                                              '  per_sequence: "r * L"\n  halves: "scene.k"\n', 1)
    path = tmp_path / "c6.yaml"
    path.write_text(text.replace('ecf_also: ["(chosen - masked) / 2"]\n', 'ecf_also: ["(chosen - masked) / halves"]\n',
                                 1), encoding="utf-8")
    report = validate_file(path, samples=2, referee=False)
    keys = [p.key for p in report.problems]
    assert "parts.2.ecf_also.0" in keys and "parts.2.answer" not in keys, [p.message for p in report.problems]


def _c6_value(tmp_path: Path, value: str) -> Path:
    """C6 with a parameter ``sc: {value: <value>}`` that (c)'s route reads."""
    path = _c6_route(tmp_path, '["(chosen - masked) / 2 + 0 * sc"]')
    text = path.read_text(encoding="utf-8").replace('  chosen: {value: "r * N"}\n',
                                                    f'  chosen: {{value: "r * N"}}\n  sc: {{value: "{value}"}}\n', 1)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("value", ["scene", "scene.source", "scene.unit.x"])
def test_a_route_reading_a_value_that_is_a_record_or_words_is_refused_at_its_line(tmp_path, value):
    """Round 54: a value parameter that is a record (or a field of one that is no number) was
    caught only by grade's key check, and by validate as an unknown name."""
    path = _c6_value(tmp_path, value)
    with pytest.raises(TemplateError) as caught:
        load_template(path)
    message = str(caught.value)
    assert f"{path}:{_line_of(path, 'ecf_also: [')}: parts.2.ecf_also.0: reads the parameter 'sc', which is not a " \
           f"number (its value, '{value}', is a record or words)" in message, message
    assert "\n" not in message.strip(), message


@pytest.mark.parametrize("value", ["r", "N / 2"])
def test_a_route_reading_a_value_that_is_a_number_is_accepted(tmp_path, value):
    load_template(_c6_value(tmp_path, value))
