"""Markdown output writes a special token ([MASK], [CLS], [SEP]) one way wherever it comes
from: a filled value or a title no longer escapes its brackets while the templates' own text
writes them bare (seed 114's C9 claim printed \\[MASK\\] beside a stem's [CLS]; the C8 heading
\\[CLS\\]). Brackets that could open a link stay escaped. The solutions' heading puts no second
colon after a title that has one."""

import pytest

from quizgen.text.render import escape_md


@pytest.mark.parametrize("text, escaped", [
    ("[MASK]", "[MASK]"),
    ("the [CLS] classifier head", "the [CLS] classifier head"),
    ("15% are replaced by [MASK]; the rest", "15% are replaced by [MASK]; the rest"),
    ("[MASK](javascript:alert(1))", r"\[MASK\](javascript:alert(1))"),   # an inline link: escaped
    ("[MASK]: http://x", r"\[MASK\]: http://x"),                         # a reference definition: escaped
    ("a\n  [MASK]: http://x", "a\n  \\[MASK\\]: http://x"),                 # ... on a line of its own too
    ("not all show [MASK]: 80% do", "not all show [MASK]: 80% do"),      # mid-line: defines nothing
    ("[MASK][x]", r"\[MASK\]\[x\]"),                                     # a full reference: escaped
    ("[1] and [Mask] and [a_b]", r"\[1\] and \[Mask\] and \[a\_b\]"),    # not a special token
    ("a_b*[SEP]", r"a\_b\*[SEP]"),
])
def test_a_special_tokens_brackets_are_kept_and_any_other_escaped(text, escaped):
    assert escape_md(text) == escaped


@pytest.mark.slow
def test_a_paper_writes_each_special_token_bare_and_the_solutions_title_with_one_colon(invoke, tmp_path):
    result = invoke("generate", "--seed", "114", "--classes", "C8,C9", "--count", "3", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    for name in ("problems.md", "solutions.md"):
        text = (tmp_path / "q" / name).read_text(encoding="utf-8")
        assert "[MASK]" in text and "[CLS]" in text, name
        assert "\\[MASK\\]" not in text and "\\[CLS\\]" not in text and "\\[SEP\\]" not in text, name
    solutions = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    assert solutions.startswith("# BERT mathematics: problem set — worked solutions\n"), solutions[:80]
