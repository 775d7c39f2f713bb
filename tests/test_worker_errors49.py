"""A worker's error that cannot cross between processes (review 49b F5): a bug
arrived as a one-line QuizgenError ("quizgen: error: KeyError: ..."), exit 1,
looking like bad input and without its traceback. Now a bug is a WorkerBug
carrying its traceback, and only a QuizgenError is the user's one line."""

import pickle

import pytest

from quizgen.errors import ExpressionError, QuizgenError
from quizgen.generation import workers
from quizgen.generation.workers import WorkerBug, ordered_map


class Unpicklable(Exception):
    """An exception whose arguments do not rebuild it (a required second argument)."""

    def __init__(self, what, where):
        super().__init__(f"{what} at {where}")


class UnpicklableInput(ExpressionError):
    """A user's error of the same kind: maths.exact.NumberTooBig takes no arguments, so
    its pickled message cannot rebuild it."""

    def __init__(self):
        super().__init__("a number of 400 digits")


class Mangled(QuizgenError):
    """One whose pickled message rebuilds another: it must not arrive changed."""

    def __init__(self, size):
        super().__init__(f"a number of {size} digits")


def buggy_step(chunk):
    raise Unpicklable("no such column", "the draw's table")


def bad_input(chunk):
    raise UnpicklableInput()


def test_a_bug_that_cannot_travel_is_an_internal_error_with_its_traceback():
    try:
        buggy_step([1])
    except Unpicklable as exc:
        sent = workers._travelling(exc)
    assert type(sent) is WorkerBug and not isinstance(sent, QuizgenError)
    text = str(pickle.loads(pickle.dumps(sent)))   # it travels itself
    assert text.startswith("internal error in a worker process (a bug: please report it")
    assert "in buggy_step" in text and "Unpicklable: no such column at the draw's table" in text


def test_a_user_error_that_cannot_travel_is_its_one_line_with_its_exit_code():
    try:
        bad_input([1])
    except UnpicklableInput as exc:
        sent = pickle.loads(pickle.dumps(workers._travelling(exc)))
    assert isinstance(sent, QuizgenError) and str(sent) == "a number of 400 digits" and sent.exit_code == 2
    try:
        raise Mangled(400)
    except Mangled as exc:
        assert str(pickle.loads(pickle.dumps(workers._travelling(exc)))) == "a number of 400 digits"


@pytest.mark.slow
def test_a_user_error_that_cannot_travel_reaches_the_caller_as_its_one_line():
    with pytest.raises(QuizgenError, match=r"^a number of 400 digits$"):
        list(ordered_map(bad_input, [[i] for i in range(4)], jobs=2))
