"""tidy28: rules that were written twice, now written once, and two guards."""

import codecs

import pytest

from quizgen.byte_order import bom_encoding
from quizgen.csv_input import detect_encoding
from quizgen.safe_yaml import yaml_text


@pytest.mark.parametrize("bom, codec, encoding", [
    (codecs.BOM_UTF8, "utf-8", "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16"), (codecs.BOM_UTF32_LE, "utf-32-le", "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "utf-32")])
def test_one_byte_order_mark_rule_reads_csv_and_yaml_alike(bom, codec, encoding):
    """UTF-32's little-endian mark (FF FE 00 00) starts like UTF-16's: both readers take it as UTF-32."""
    data = bom + "a: é".encode(codec)
    assert bom_encoding(data) == detect_encoding(data) == encoding
    assert yaml_text(data) == "a: é"


def test_no_byte_order_mark_names_no_encoding():
    assert bom_encoding(b"a: 1") is None and bom_encoding(b"") is None


def test_a_tag_reads_as_a_space_to_both_template_text_checks():
    """One rule (tex_markdown.tags_as_spaces): a tag between two words joins neither, for the
    command check and for the alignment check alike."""
    from quizgen.text.tex_commands import unlisted_tex
    from quizgen.text.tex_markdown import alignment_outside_maths, tags_as_spaces
    assert tags_as_spaces("a{{ x }}b{% if y %}c{# n #}d") == "a b c d"
    assert unlisted_tex(r"\alpha {{ x }}\beta") is None and unlisted_tex(r"{{ x }}\lua") == r"\lua"
    assert alignment_outside_maths(r"{{ x }}\begin{array}{c}1\end{array}") == r"\begin{array}"


def test_a_tag_beside_again_is_looked_for_only_in_short_text():
    """asides._tagged read ``_TAG_BESIDE`` with no cap of its own, and a run of dashes
    still takes it quadratic time (4,000 took 3.5 s); now both its calls stop at _BESIDE_CHARS."""
    from quizgen.marking.asides import _tagged
    from redos_support import best_seconds

    def make(n):
        return "1" + " -" * n + " x"
    small, large = best_seconds(_tagged, make(100)), best_seconds(_tagged, make(2_000))
    assert large < 0.25 or large < 30 * max(small, 1e-4), (small, large)
    assert _tagged("? ? 0.5") and not _tagged("0.5")


OLD_TAG_BESIDE = (r"\s*(?P<before>(?:{tag})(?=\s))?\s*(?P<rest>.*?\S)\s*"
                  r"(?P<after>(?<=\s|\d)(?:{tag}))?\s*\.?\s*")


def test_a_tag_beside_a_number_is_found_in_linear_time_over_spaces():
    """Its three ``\\s*`` split a run of spaces in cubic time: 200 characters took 10-70 ms an
    answer under the 200-character cap (2,000 such answers a minute or more), now microseconds."""
    from quizgen.marking.asides import _TAG_BESIDE
    from redos_support import best_seconds

    def make(n):
        return "? 1 " + " " * n + "x"
    small, large = best_seconds(_TAG_BESIDE.fullmatch, make(16)), best_seconds(_TAG_BESIDE.fullmatch, make(196))
    assert large < 0.002 or large < 30 * small, (small, large)


@pytest.mark.slow
def test_what_a_tag_beside_reads_is_unchanged():
    import re

    from quizgen.marking.asides import _TAG, _TAG_BESIDE
    from redos_support import token_sample
    old = re.compile(OLD_TAG_BESIDE.replace("{tag}", _TAG), re.IGNORECASE)
    tokens = [" ", "  ", "\t", "\n", ".", "-", "\u2014", "?", "n/a", "n", "a", "n.a.", "idk", "0.5", "1", "x", "no",
              "idea", "don't", "know", "skipped", "i", "do", "not", "/", "--"]
    for text in token_sample(tokens, 12):
        was, now = old.fullmatch(text), _TAG_BESIDE.fullmatch(text)
        assert (was and was.groupdict()) == (now and now.groupdict()), text


@pytest.mark.slow
def test_a_long_figure_name_is_one_line_naming_the_file_and_the_figure(invoke, tmp_path, monkeypatch):
    """A figure's name had no length limit (the axis words have 48): a 5,000-character
    name went into every label and axis. Now over NAME_LIMIT is the template's error."""
    from grading_support import c7_bank_with_figure
    from quizgen.generation.figures import NAME_LIMIT

    monkeypatch.chdir(tmp_path)
    bank = c7_bank_with_figure(tmp_path, "name", "q" * 5000)
    why = f"figure.name: the figure's name, filled in, has 5,000 characters, more than the label's {NAME_LIMIT}"
    checked = invoke("validate", "--bank", bank, "--samples", 2)
    assert checked.exit_code == 1 and why in checked.output and "evil.yaml" in checked.output, checked.output
    made = invoke("generate", "--bank", bank, "--classes", "C77", "--seed", 1, "--out", "out")
    assert made.exit_code == 2 and why in made.output and "evil.yaml" in made.output, made.output
    assert "Traceback" not in checked.output + made.output and not (tmp_path / "out").exists()
