"""quizgen: writes and grades exam questions on the mathematics of BERT-style encoders."""

__version__ = "0.1.0"


def __getattr__(name):
    """``quizgen.grade`` is imported on first use, keeping ``import quizgen`` fast."""
    if name == "grade":
        from .grader import grade

        return grade
    raise AttributeError(f"module 'quizgen' has no attribute {name!r}")
