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


def test_the_note_for_questions_whose_notes_differ_has_decimal_commas_too():
    from quizgen.grading.feedback import Solutions

    solutions = Solutions([])
    notes = {1: "Each is 1.5 wide.", 2: "Each is 2.5 wide."}   # two notes that differ
    solutions.view = lambda question, fmt, comma: {"numeric": True, "answers_note": notes[question]}
    for fmt, comma in (("md", ","), ("tex", "{,}")):
        note = solutions.answers_note([1, 2], fmt, comma=True)
        assert f"0{comma}93401" in note and "0.9" not in note
    assert "0.93401" in solutions.answers_note([1, 2], "md")
