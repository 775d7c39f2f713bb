"""hostile25: hostile input found by a reviewer. A Moodle question cell of many
``[quizgen:`` took quadratic time (96 KB: 21 s), a dash run exponential (26
dashes and a letter: 13 s)."""

import random
import re
import time

from quizgen.lms.assignment import assignment_name
from quizgen.lms.responses import TAG
from quizgen.marking.asides import may_mean_no_value, non_answer

OLD_TAG = re.compile(r"\[quizgen:([^:\]\s]+):([^\]]+?)(?::([a-z]+))?\]")



def _seconds(call, *args) -> float:
    start = time.perf_counter()
    call(*args)
    return time.perf_counter() - start


def test_a_cell_of_many_tag_openings_is_read_in_linear_time():
    """10,000 openings and no ']' (110 KB) took the pattern about 35 s; the scanner a few ms."""
    assert _seconds(TAG.search, "[quizgen:a:" * 10_000) < 3
    assert _seconds(TAG.search, "[quizgen: x" * 10_000 + "]") < 3


def test_the_tag_scanner_reads_as_the_pattern_did():
    pieces = ["[quizgen:", "]", ":", "a", "b", "Z", " ", "1", "/", "\u00a0", "[", "x:y", ":ab]"]
    rnd = random.Random(25)
    for _ in range(20_000):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 12)))
        old, new = OLD_TAG.search(text), TAG.search(text)
        assert (old and old.groups()) == (new and new.groups()), text
    assert TAG.search("Q [quizgen:nsp:42/nsp/0:b]").groups() == ("nsp", "42/nsp/0", "b")


def test_a_long_canvas_header_cell_of_spaces_is_read_in_linear_time():
    """``(.*?)\\s*\\((\\d+)\\)`` took quadratic time on a cell of spaces (100,000: about 15 s)."""
    assert _seconds(assignment_name, "a" + " " * 100_000 + "(1") < 2
    assert assignment_name("Quiz 1 (Retake)  (456)") == "quiz 1 (retake)"
    assert assignment_name("Quiz (x)") == "quiz (x)" and assignment_name("a\nb (1)") == "a\nb (1)"


def test_a_run_of_dashes_before_a_letter_is_refused_at_once():
    """``[-]+(?:\\s*[-]+)*`` read a run of n dashes in 2**n ways: 28 and a letter took about a minute."""
    assert _seconds(non_answer, "-" * 28 + "x") < 3
    assert _seconds(may_mean_no_value, "-" * 28 + "x", ["undefined"]) < 3
    assert non_answer("- - --") and non_answer("\u2014") and not non_answer("-x")
