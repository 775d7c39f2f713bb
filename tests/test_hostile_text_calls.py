"""Hostile template text that passes the loader but would build huge text at
render time (string methods that pad, ``str.format`` widths, ``replace``
chains, doubling with ``~`` or nested literals, endless loops or macros): each
is refused through the CLI with one line naming file:line and the limit, at
once and in little memory. Validate lists such a template's problem and goes
on to the next template (exit 1)."""

import resource
from pathlib import Path

import pytest

from quizgen.validation.problems import shown
from run_support import cpu_seconds

BASE = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()
STEM_LINE = "and samples at temperature $\\tau = {{ tau }}$."
REPLACE_10X = '|replace("x", "xxxxxxxxxx")'
METHOD_10X = '.replace("x", "xxxxxxxxxx")'
DOUBLING = '{% set ns = namespace(s="x") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}'
LONG = '{% set ns = namespace(s="x".ljust(200)) %}{% for i in range(8) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}'

CASES = {
    "center": ('{{ "x".center(100000000000) }}', "center(100000000000) (at most 200;"),
    "zfill": ('{{ "x".zfill(100000000000) }}', "zfill(100000000000) (at most 200;"),
    "ljust": ('{{ "x".ljust(100000000000) }}', "ljust(100000000000) (at most 200;"),
    "rjust": ('{{ "x".rjust(100000000000) }}', "rjust(100000000000) (at most 200;"),
    "expandtabs": ('{{ "\\t".expandtabs(100000000000) }}', "expandtabs(100000000000) (at most 200;"),
    "format_nested_width": ('{{ "{0:>{1}}".format(1, 100000000000) }}', "format width 100000000000 (at most 200;"),
    "format_width": ('{{ "{:>1000000000}".format(1) }}', "format width 1000000000 (at most 200;"),
    "format_map": ('{{ "{a:>1000000000}".format_map({"a": 1}) }}', "format width 1000000000 (at most 200;"),
    "markup_ljust": ('{{ ("x"|safe).ljust(100000000000) }}', "ljust(100000000000) (at most 200;"),
    "markup_center": ('{{ ("x"|safe).center(100000000000) }}', "center(100000000000) (at most 200;"),
    "format_filter_star_width": ('{{ "%*d"|format(100000000000, 1) }}', "a format width taken from the values (%*)"),
    "format_filter_star_places": ('{{ "%.*f"|format(100000000000, 0.5) }}', "a format width taken from the values (%*)"),
    "format_filter_keyed_width": ('{{ "%(a)100000000000s"|format(a=1) }}', "format width 100000000000 (at most 200;"),
    "tojson_indent": ('{{ [1, 2]|tojson(indent=100000000000) }}', "tojson(100000000000) (at most 200;"),
    "tojson_indent_by_position": ('{{ [1, 2]|tojson(100000000000) }}', "tojson(100000000000) (at most 200;"),
    "batch_count_by_keyword": ('{{ [1]|batch(linecount=100000000000, fill_with=0)|list }}',
                               "batch(100000000000) (at most 10,000;"),
    "slice_count_by_keyword": ('{{ [1]|slice(slices=100000000000)|list }}', "slice(100000000000) (at most 10,000;"),
    "dec_places_by_keyword": ('{{ tau|dec(places=100000000000) }}', "dec(100000000000) (at most 200;"),
    "to_bytes": ('{{ (10).to_bytes(100000000000, "big") }}', "to_bytes(100000000000) (at most 100,000;"),
    "replace_filter_chain": ('{{ "x"' + REPLACE_10X * 11 + " }}",
                             "the replace filter's result of 1,000,000 characters (at most 100,000;"),
    "replace_method_chain": ('{{ "x"' + METHOD_10X * 11 + " }}",
                             "the result of replace() of 1,000,000 characters (at most 100,000;"),
    "doubling_with_tilde": (DOUBLING, "text joined with ~ (at most 100,000 characters;"),
    "doubling_a_list": ('{% set ns = namespace(l=[1]) %}{% for i in range(20) %}{% set ns.l = [ns.l, ns.l] %}'
                        "{% endfor %}{{ ns.l }}", "a list or record of more than 100,000 characters and items"),
    "tojson_chain": ('{{ "<".ljust(200, "<")' + "|tojson" * 12 + " }}", "the tojson filter's result of"),
    "loops_over_text": ('{% set s = "x".ljust(50) %}{% for a in s %}{% for b in s %}{% for c in s %}'
                        "{% endfor %}{% endfor %}{% endfor %}", "loop steps, calls and items walked in one text (at most 100,000;"),
    "macro_fan_out": ("{% macro f(xs) %}{% if xs %}{{ f(xs[1:]) }}{{ f(xs[1:]) }}{% endif %}{% endmacro %}"
                      "{{ f(range(14)|list) }}", "macro calls in one text (at most 10,000;"),
    "macro_without_end": ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", "nesting of macro calls"),
    "filter_walks": ("{% for i in range(1000) %}{{ range(10000)|sort|first }}{% endfor %}",
                     "loop steps, calls and items walked in one text (at most 100,000;"),
    "built_over_a_render": (LONG + '{% for i in range(2000) %}{% set t = ns.s.upper() %}{% endfor %}',
                            "characters built in one text (at most 10,000,000;"),
}
HEAVY_CASES = {"doubling_a_list", "macro_fan_out", "replace_filter_chain", "loops_over_text", "built_over_a_render"}
"""Cases that take a second or more to reach their limit: the slow run tries them."""


@pytest.fixture
def memory_cap():
    """At most 1 GiB more address space while the test runs: a hole fails fast
    with a MemoryError instead of taking the machine's memory."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        pytest.skip("needs /proc/self/status")
    in_use = int(next(line for line in status.splitlines() if line.startswith("VmSize:")).split()[1]) * 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = in_use + 2 ** 30
    if hard != resource.RLIM_INFINITY and cap > hard:
        cap = hard
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def user_bank(tmp_path, stems: dict) -> Path:
    """A bank folder with one copy of the user-bank template per file name, each with its stem."""
    folder = tmp_path / "bank"
    folder.mkdir()
    for number, (name, stem) in enumerate(sorted(stems.items())):
        text = BASE.replace(STEM_LINE, "and samples.\n  " + stem)
        text = text.replace("id: softmax-temperature", f"id: softmax-temperature-{number}")
        (folder / name).write_text(text.replace("class: C11", f"class: C{11 + number}"))
    return folder


def stem_line(path: Path) -> int:
    return path.read_text().splitlines().index("  and samples.") + 2


@pytest.mark.parametrize("case", [c if c not in HEAVY_CASES else pytest.param(c, marks=pytest.mark.slow)
                                  for c in sorted(CASES)])
def test_generate_refuses_hostile_text_at_once_in_one_line(invoke, tmp_path, memory_cap, case):
    stem, words = CASES[case]
    folder = user_bank(tmp_path, {"c11.yaml": stem})
    start = cpu_seconds()
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    took = cpu_seconds() - start
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    path = folder / "c11.yaml"
    assert lines[0].startswith(f"quizgen: error: {path}:{stem_line(path)}: stem: template text exceeds a limit: ")
    assert words in lines[0]
    assert took < 5


@pytest.mark.parametrize("case", ["center", "format_width", pytest.param("replace_filter_chain", marks=pytest.mark.slow),
                                  "doubling_with_tilde", "filter_walks"])
def test_validate_lists_hostile_text_as_the_templates_problem(invoke, tmp_path, memory_cap, case):
    stem, words = CASES[case]
    folder = user_bank(tmp_path, {"c11.yaml": stem})
    start = cpu_seconds()
    result = invoke("validate", folder, "--samples", 5)
    assert cpu_seconds() - start < 5
    path = folder / "c11.yaml"
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{shown(path)}:{stem_line(path)}: stem: template text exceeds a limit: " in result.stdout
    assert words in result.stdout


@pytest.mark.slow
def test_validate_goes_on_after_a_template_over_a_limit(invoke, tmp_path):
    """A range over the limit in a_ok.yaml is its problem; b_bad.yaml is still checked."""
    folder = user_bank(tmp_path, {"a_ok.yaml": "{% for i in range(100000) %}{% endfor %}",
                                  "b_bad.yaml": "{{ nope }}"})
    result = invoke("validate", folder, "--samples", 5)
    assert result.exit_code == 1, result.output
    first, second = (folder / "a_ok.yaml", folder / "b_bad.yaml")
    out = result.stdout.splitlines()
    assert f"{shown(first)}:{stem_line(first)}: stem: template text exceeds a limit: range of 100,000 " \
           "items (at most 10,000; see docs/authoring.md) (seed validate/softmax-temperature-0/0)" in out
    assert f"{shown(second)}:{stem_line(second)}: stem: undefined name 'nope' in the text" in out
    assert "2 of 2 templates failed validation (2 problems)" in result.stderr


def test_ordinary_text_methods_and_formats_still_render(invoke, tmp_path):
    """The caps leave text a question needs alone: padding, formats, joins, loops over words."""
    stem = ('{{ "ab".center(6, "*") }} {{ "{:>5}|{:.3}".format(7, 0.5) }} {{ "a-b".replace("-", "+") }} '
            '{{ "x" ~ "y" }} {% for w in ["one", "two"] %}{{ w }}{% endfor %} {{ ["p", "q"]|join("/") }}')
    folder = user_bank(tmp_path, {"c11.yaml": stem})
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    problems = (tmp_path / "out" / "problems.md").read_text()
    assert "\\*\\*ab\\*\\*     7\\|0.5 a+b xy onetwo p/q" in problems
