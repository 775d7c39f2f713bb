"""The conventions every shipped stem states in the same words, printed by the Jinja2
globals ``{{ rounding_rule }}`` and ``{{ near_one_rule }}`` (render.py): what the
grader holds an answer and a value near 1 to, said once so that the paper, the LMS
exports and the marker's feedback say one rule. A global's numbers are no draw's
(generation/plan.text_numbers reads the text outside tags) and the leak checks leave
the sentences out (validation/leaks.py, paper.py)."""

# What ``{{ rounding_rule }}`` prints in stems and paper headers; Canvas passes its own (lms/canvas.py).
# The grader marks an exact value written as it is correct (0.25 for 1/4, 0.81 for 0.9^2), so the
# zeros rule says so (read literally, it would call them rounded too early).
ROUNDING_RULE = ("more figures are accepted, but an answer rounded to fewer is marked as rounded too early; "
                 "zeros at the end of a decimal count as figures: write 5.80, not 5.8, unless the value is exactly 5.8")

# What ``{{ near_one_rule }}`` prints: the carrying rule the marker holds a value near 1 to
# (marking/near_one.py), in every stem whose working can meet one.
# Template text with its x and p in maths, as every other p of a stem: render.py
# passes it unescaped, and each format converts its $...$ as the stem's own (plain text drops the
# dollars). No worked example (1/0.95 as 1.05263, not 1.053): its line broke seed 7's
# letter-paper compact layout onto a page more.
NEAR_ONE_RULE = ("keep a value near 1 (a probability over 0.9, a sum $1 + x$ with $x$ small, or $1/p$ for $p$ near 1) "
                 "to at least 4 significant figures of its difference from 1")
_NEAR_ONE_PLAIN = NEAR_ONE_RULE.replace("$", "")   # as the plain-text format prints it


def without_conventions(text: str) -> str:
    """``text`` without the shared sentences above: the same in every stem of every draw, they
    carry no draw's answer, so the leak checks do not read them (their 5.80, 0.9)."""
    return text.replace(ROUNDING_RULE, "").replace(NEAR_ONE_RULE, "").replace(_NEAR_ONE_PLAIN, "")
