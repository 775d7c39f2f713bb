"""quizgen: writes and grades exam questions on the mathematics of BERT-style encoders.

The library's two main calls, as the CLI makes them::

    import quizgen
    quizgen.generate("quiz", classes="C1,C7", count=2, seed=42)
    quizgen.grade("answers.csv", key="quiz/key.json")
"""

__version__ = "0.1.0"

_LAZY = {"grade": "grading.run", "generate": "generation.run"}


def __getattr__(name):
    """``quizgen.grade`` and ``quizgen.generate`` are imported on first use, keeping
    ``import quizgen`` fast."""
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'quizgen' has no attribute {name!r}")
