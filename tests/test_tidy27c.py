"""tidy27c: a feedback sheet's decimal commas leave an escaped dollar as text,
as plain text does (one tuple of maths delimiters)."""

from quizgen.grading.feedback_comma import comma_view


def _view(stem: str) -> dict:
    return {"stem": stem, "forecast": "", "verify": "", "answers_note": "", "steps": [], "parts": [],
            "figure": None}


def test_an_escaped_dollar_opens_no_maths_on_a_comma_sheet():
    stem = r"A GPU hour costs \$2.50 and a TPU hour \$3.75; p = $0.25$."
    assert comma_view(_view(stem), "md")["stem"] == r"A GPU hour costs \$2,50 and a TPU hour \$3,75; p = $0{,}25$."
    assert comma_view(_view(r"$$x = \$1.5$$ and 2.5"), "md")["stem"] == r"$$x = \$1{,}5$$ and 2,5"

