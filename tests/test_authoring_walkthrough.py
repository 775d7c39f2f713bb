"""docs/authoring.md builds the shipped C10, question_bank/c10_causal_lm.yaml, step by step.

Round 53 found its walk-through still building C10's first design (T - 1 predictions, no
[BOS] or [EOS]) while the bank had moved on. Each YAML block of the page marked as shipped
(an HTML comment naming the file, on the line before the block) must now be lines of that
file, in its order: a line of the block, its comment left out, is a line of the file, and a
line holding "..." stands for a line of the file that begins with what comes before it (a
feedback cut short, `feedback: "..."`); a line "..." alone stands for lines left out. A change to C10 that the page does not
follow, or a snippet edited away from the file, fails here."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "authoring.md"
SHIPPED = ROOT / "question_bank" / "c10_causal_lm.yaml"
MARK = "<!-- shipped: every line of this block is in question_bank/c10_causal_lm.yaml"


def _without_comment(line: str) -> str:
    """``line`` stripped, a ``#`` comment outside quotes left out."""
    quoted = False
    for k, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted and (k == 0 or line[k - 1] == " "):
            return line[:k].strip()
    return line.strip()


def shipped_blocks(text: str) -> list:
    """The YAML blocks that follow the shipped marker, each as its lines."""
    return [block.splitlines() for block in re.findall(re.escape(MARK) + r"[^\n]*\n```yaml\n(.*?)```", text, flags=re.S)]


def unmatched(block: list, shipped: list) -> list:
    """The lines of ``block`` not found in ``shipped`` (both as lines) in order."""
    lines = [_without_comment(line) for line in shipped]
    at, missing = 0, []
    for line in map(_without_comment, block):
        if line in ("", "..."):
            continue
        head = line.split("...")[0].rstrip() if "..." in line else None
        found = next((k for k in range(at, len(lines))
                      if (lines[k].startswith(head) if head is not None else lines[k] == line)), None)
        if found is None:
            missing.append(line)
        else:
            at = found + 1
    return missing


def test_the_walkthroughs_yaml_is_the_shipped_c10s():
    text = PAGE.read_text(encoding="utf-8")
    blocks = shipped_blocks(text)
    assert len(blocks) >= 7, "the walk-through's marked C10 blocks: the constraints and lets, stem, parts, " \
                             "solution, canonical example and tests"
    shipped = SHIPPED.read_text(encoding="utf-8").splitlines()
    problems = {k: missing for k, block in enumerate(blocks) if (missing := unmatched(block, shipped))}
    assert not problems, f"docs/authoring.md's C10 snippets that question_bank/c10_causal_lm.yaml lacks: {problems}"


def test_every_c10_block_of_the_walkthrough_is_marked():
    """A YAML block of sections 2 to 9 that names C10's own keys is held to the file."""
    text = PAGE.read_text(encoding="utf-8")
    walk = text[text.index("## 2. The header"):text.index("## 10. Run `quizgen validate`")]
    for block in re.findall(r"(?:^|\n)([^\n]*)\n```yaml\n(.*?)```", walk, flags=re.S):
        before, body = block
        if any(word in body for word in ("with_tags", "p_inner", "targets", "causal-lm-next-token-loss")):
            assert before.startswith(MARK), body


def test_the_check_finds_a_drifted_line():
    shipped = ["let:", '  with_tags: "T + 1"   # (a)', '  loss: "total / with_tags"']
    assert unmatched(["let:", '  with_tags: "T + 1"', "  ...", '  loss: "total / with_tags"'], shipped) == []
    assert unmatched(['  loss: "total / n"'], shipped) == ['loss: "total / n"']
    assert unmatched(['  loss: "total / with_tags"', '  with_tags: "T + 1"'], shipped) == ['with_tags: "T + 1"']
    assert unmatched(['  loss: "total ...'], shipped) == []
