"""Template text sees a value's number, not its insides (review 44e F4): an
irrational value's tree (``p.node``) led to the maths engine's functions, which
text could call to build expressions of 2**40 terms or to run a string method
outside the sandbox's caps. Every attribute of an exact value is refused, by
``.``, by a filter's ``attribute``, or by a ``str.format`` field, with one line
naming file:line; a fraction keeps its ``numerator`` and ``denominator``."""

from pathlib import Path

import pytest

from quizgen.validation.problems import shown

BASE = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()
STEM_LINE = "and samples at temperature $\\tau = {{ tau }}$."
REFUSED = "stem: template text failed: template text cannot read 'node' of a number; print it with a filter"

REACHES = {
    "dot": "{{ p.node.func.exact(p, p) }}",
    "doubling": ('{% set ns = namespace(x=p) %}{% for i in range(22) %}'
                 '{% set ns.x = p.node.func.exact(ns.x, p.node.func.exact(ns.x)) %}{% endfor %}{{ ns.x | exact }}'),
    "lambda_with_a_method": '{{ p.node.func.sympy(namespace(log="x".ljust), 100000000000) }}',
    "subscript": '{{ p["node"] }}',
    "map_attribute": '{{ [p]|map(attribute="node")|first }}',
    "format_field": '{{ "{0.node}".format(p) }}',
}
REFUSED_AT_LOAD = {"format_field": "stem: str.format of a value in the text: write a word as it is"}


def bank(tmp_path, stem: str) -> Path:
    """The user-bank template in a folder of its own, with ``stem`` added to its stem."""
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(BASE.replace(STEM_LINE, "and samples.\n  " + stem))
    return folder


def stem_line(path: Path) -> int:
    return path.read_text().splitlines().index("  and samples.") + 2


@pytest.mark.parametrize("case", sorted(REACHES))
def test_generate_refuses_the_insides_of_an_exact_value(invoke, tmp_path, case):
    folder = bank(tmp_path, REACHES[case])
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    lines = result.stderr.strip().splitlines()
    path = folder / "c11.yaml"
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith(f"quizgen: error: {path}:{stem_line(path)}: {REFUSED_AT_LOAD.get(case, REFUSED)}"), \
        lines[0]


def test_validate_lists_the_refusal_as_the_templates_problem(invoke, tmp_path):
    folder = bank(tmp_path, REACHES["dot"])
    result = invoke("validate", folder, "--samples", 2)
    path = folder / "c11.yaml"
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{shown(path)}:{stem_line(path)}: {REFUSED}" in result.stdout


def test_a_fraction_still_shows_its_two_whole_numbers(invoke, tmp_path):
    """tau is 1/2 or 2 (a whole 2 reaches the text as an int, which has them too)."""
    folder = bank(tmp_path, "Tau is {{ tau.numerator }} over {{ tau.denominator }}.")
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    problems = (tmp_path / "out" / "problems.md").read_text()
    assert "Tau is 1 over 2." in problems or "Tau is 2 over 1." in problems
