"""fix51c: review 51c's findings on the printed paper.

F1: C5 (d) asked for "the smallest |M| for which L_MLM is defined", which told a
student, on the same page, that (b)'s word answer is "undefined"."""

import re

from quizgen.bank.loader import load_bank

_PREFIXES = ("ill-", "un", "non", "in")


def _answer_words(part) -> set:
    """An accepted answer's words a question may not use: each accepted phrase, and for a
    one-word answer its root too (``undefined``: ``defined``), since asking when a thing is
    *defined* says it sometimes is not."""
    words = set()
    for accepted in part.accept:
        text = str(accepted).lower()
        words.add(text)
        for prefix in _PREFIXES:
            if " " not in text and text.startswith(prefix) and len(text) > len(prefix) + 4:
                words.add(text[len(prefix):])
    return words


def _says(ask: str, word: str) -> bool:
    return re.search(r"(?<![\w\\])" + re.escape(word) + r"(?!\w)", ask.lower()) is not None


def test_no_part_of_a_shipped_template_gives_away_a_later_word_answer_by_its_wording():
    found = []
    for template in load_bank(()):
        for k, part in enumerate(template.parts):
            if part.kind != "word":
                continue
            for later in template.parts[k + 1:]:
                found += [(template.cls, part.name, later.name, word)
                          for word in sorted(_answer_words(part)) if _says(later.ask, word)]
    assert not found, found


def test_c5_d_says_nothing_of_whether_the_formula_has_a_value():
    template = next(t for t in load_bank(()) if t.cls == "C5")
    ask = next(p for p in template.parts if p.name == "smallest").ask.lower()
    assert not [word for word in ("defined", "value", "exist", "comput", "finite", "undefined") if word in ask], ask


# F10: C10 (a) asked over how many positions the loss averages, and the stem's list showed a
# causal p at exactly those positions: counting the p's earned the mark.

def test_c10_a_is_not_the_count_of_the_causal_ps_the_stem_prints(invoke, tmp_path):
    import json

    result = invoke("generate", "--seed", "f10", "--classes", "C10", "--count", 6, "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    blocks = (tmp_path / "q" / "problems.md").read_text(encoding="utf-8").split("\n## Q")[1:]
    questions = json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8"))["questions"]
    assert len(blocks) == len(questions) == 6
    for block, question in zip(blocks, questions):
        shown = block.count("causal $p")
        count = question["parts"][0]["value"]
        assert shown and count != shown, (question["id"], shown, count)
