"""A bank author's review (rev-author32): what an author writing a class meets
in `quizgen validate`, each template written into tmp_path and driven through
the CLI as an author would."""

from pathlib import Path

AUTHOR = Path(__file__).parent / "data" / "author" / "c11_scaled.yaml"


def _validate(invoke, tmp_path, text: str, *options):
    """Validate one template file holding ``text``; its path, exit code and output."""
    path = tmp_path / "c11.yaml"
    path.write_text(text, encoding="utf-8")
    result = invoke("validate", path, "--samples", 3, *options)
    return path, result.exit_code, result.output + result.stderr


def test_a_caret_in_a_let_is_told_to_be_written_as_two_stars(invoke, tmp_path):
    """'^' was refused as "operator BitXor is not allowed", Python's name for it."""
    text = AUTHOR.read_text().replace('root: "sqrt(d)"', 'root: "d ^ 0.5"')
    path, code, output = _validate(invoke, tmp_path, text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "root:" in row)
    assert code != 0 and f"{path}:{line}: let.root: " in output
    assert "'^' is not a power" in output and "write ** for a power" in output
    assert "BitXor" not in output


def test_another_refused_operator_is_named_by_its_sign(invoke, tmp_path):
    text = AUTHOR.read_text().replace('root: "sqrt(d)"', 'root: "d // 2"')
    _, code, output = _validate(invoke, tmp_path, text)
    assert code != 0 and "operator '//' is not allowed (use + - * / **)" in output and "FloorDiv" not in output


def _bare_print_examples() -> list:
    """The examples docs/templates.md gives of what a bare ``{{ x }}`` prints: (value, printed)."""
    import re

    docs = (Path(__file__).parent.parent / "docs" / "templates.md").read_text(encoding="utf-8")
    paragraph = docs[docs.index("A bare `{{ x }}` prints"):].split("\n\n")[0]
    return re.findall(r"`([-0-9./]+)` prints `([-0-9.]+)`", paragraph)


def test_the_docs_say_what_a_bare_value_prints():
    """The docs said a bare {{ x }} prints finite decimals in full; it prints 4 significant
    figures of one with more than 4 decimals (0.857375 as 0.8574)."""
    from fractions import Fraction

    from quizgen.text.render import jinja_context, render_string

    examples = _bare_print_examples()
    assert ("0.857375", "0.8574") in examples and len(examples) >= 4
    for value, printed in examples:
        context = jinja_context({"x": Fraction(value)})
        assert render_string("{{ x }}", context, "md") == printed, value
