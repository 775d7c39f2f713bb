"""What the drill says after "Not precise enough." (grade's ``imprecise``
verdict: fewer significant figures than the part asks): grade's feedback,
and, in the drill's own words, two things a learner may not see from it
(docs/drill.md, "At the prompt"): that zeros at the end of a decimal are
significant figures (``0.7`` for 0.700 is the right value with its zeros
dropped), and that a fraction such as ``7/10`` is an exact number, not a
rounding (grade's "its value, 0.70, is right to 2 significant figures" is
said of any expression). The verdict itself stays grade's."""

from __future__ import annotations

from quizgen.drill.wording import as_read, capital, echo
from quizgen.marking.early import ZEROS_COUNT
from quizgen.marking.quotes import MARKED_FROM
from quizgen.marking.sources import figures_asked
from quizgen.maths.numbers import significant
from quizgen.maths.numerals import StatedFigures
from quizgen.text.plain import to_plain


def imprecise_sentences(record, verdict, text: str) -> str:
    """The reply after "Not precise enough." to the answer ``text`` at the
    key part ``record``: grade's feedback as a sentence; for a fraction
    (``7/10``) that terminates, what it is exactly and that the part asks for
    a decimal, in its place (unless the feedback is worked from the learner's
    own earlier answers); and, when the answer is the right value with the
    zeros at its end left off, that those zeros count."""
    feedback = verdict.feedback.split(f"; {ZEROS_COUNT}")[0] + (")" if ZEROS_COUNT in verdict.feedback else "")
    said = f"{capital(to_plain(feedback))}."   # grade's word on end zeros said more fully below (_zeros)
    asked = figures_asked(record.kind, record.tolerance)
    if asked is None or verdict.value is None or not isinstance(verdict.figures, int) or record.value is None:
        return said
    right = significant(record.rational if record.rational is not None else record.value, asked)
    fraction = isinstance(verdict.figures, StatedFigures)
    shown = as_read(verdict.value) if fraction else echo(text, 60)   # 7/10 shows 0.7's figures
    if fraction and not _own_earlier(verdict.feedback):
        said = (f"Your {echo(text, 60)} is exactly {shown}, but the answer is not exactly {shown}: this part "
                f"asks for a decimal to at least {asked} significant figures, {right}.")
    return said + _zeros(right, asked, verdict, shown)


def _own_earlier(feedback: str) -> bool:
    """True when grade's ``feedback`` is worked from the learner's own earlier
    answers (ECF: "marked from your (a) ...", or an early rounding's "error
    carried forward; worked from your (a)"): its expected value is theirs, not the key's."""
    return MARKED_FROM in feedback or "error carried forward" in feedback


def _zeros(right: str, asked: int, verdict, shown: str) -> str:
    """`` Zeros at the end ...`` when the answer read (``shown`` as typed, or a
    fraction's decimal) is ``right``, the answer to the ``asked`` figures, with
    the zeros at its end left off (0.7 or 0.70 for 0.700); else ''."""
    if "." not in right or not right.endswith("0") or _figures(right) != asked \
            or verdict.figures >= asked or float(right) != verdict.value:
        return ""
    return (f" Zeros at the end of a decimal count as significant figures: {right} shows {asked}, "
            f"{shown} shows only {verdict.figures}.")


def _figures(decimal: str) -> int:
    """The significant figures a plain decimal shows (``0.700``: 3; ``100.0``: 4)."""
    return len(decimal.lstrip("-").replace(".", "").lstrip("0"))
