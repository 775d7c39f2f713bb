"""What the drill does with input a learner (or a pipe) may send that is not
a plain answer: sentences, control characters, very long lines."""

import io

from quizgen.drill.session import MAX_LINE, run_drill


def drill(*answers):
    """A C1 practice drill (seed 1) fed ``answers``; (result, output)."""
    out = io.StringIO()
    text = "".join(f"{a}\n" for a in answers)
    result = run_drill(io.StringIO(text), out, io.StringIO(), classes="C1", seed=1, save=False)
    return result, out.getvalue()


def test_a_sentence_is_asked_again_and_not_counted_as_a_miss():
    # grade leaves a sentence to a person (needs_review); the drill has none to ask
    result, out = drill("I would say roughly seventy percent", "q")
    assert result.parts == []
    assert "I cannot mark" in out and "Worked solution" not in out
    assert "A person would have to read" not in out
    # a number out of range is invalid, however deeply it nests (hostile31b): not read, not counted
    result, out = drill("exp(exp(exp(100)))", "q")
    assert result.parts == [] and "Worked solution" not in out
    assert "I cannot read 'exp(exp(exp(100)))' as an answer (not a number: number out of" in out


def test_control_characters_are_echoed_escaped():
    result, out = drill("1\x1b[31m2\x07", "q")
    assert "\x1b" not in out and "\x07" not in out
    assert "> 1\\x1b[31m2\\x07\n" in out
    assert result.parts == []


def test_a_long_line_is_echoed_cut_and_an_over_long_one_gets_one_reply():
    result, out = drill("(" * 5000 + "1", "x" * (MAX_LINE + 5), "q")
    assert max(len(line) for line in out.splitlines()) <= 210
    over = out.split("(over 10,000 characters)\n", 1)[1].split("\n> ", 1)[0]
    assert over.strip() == "That line is over 10,000 characters; no answer is that long."
    assert result.parts == []


def test_the_solution_says_why_an_answer_differs_from_its_rounded_step():
    # seed 7's first C1 question: the step shows L = -ln 0.7891 = 0.2369, the unrounded answer is 0.2368,
    # which the step now goes on to give (review 23b), so the drill's general note is not needed
    out = io.StringIO()
    run_drill(io.StringIO("s\nq\n"), out, io.StringIO(), classes="C1", seed=7, save=False)
    text = " ".join(out.getvalue().split())
    assert "L = -ln 0.7891 = 0.2369" in text and "Answers: (a) 0.7891 (b) 0.2368" in text
    assert "while the unrounded p gives L = 0.2368, the answer" in text
    assert "worked from the unrounded values" not in text


def test_grade_feedback_is_shown_as_a_sentence():
    # a C1 seed 1 learner with p = 0.408 then -ln 0.408: accepted by error carried forward
    result, out = drill("0.408", "0.897", "q")
    assert [p.status for p in result.parts] == ["incorrect", "correct"]
    assert "\n  Marked from your (a) = 0.408" in out
    assert "Correct: 0.3345" not in out   # read as if 0.897 were 0.3345
    assert "Correct from your own earlier answer; from the right values it is 0.3345" in " ".join(out.split())
    result, out = drill("0.72", "q")
    assert "Not precise enough. Rounded too early: right to 2 significant figures, give at least 3" in " ".join(out.split())


def test_a_sentence_for_a_word_part_asks_for_the_word():
    out = io.StringIO()   # C5 seed 2: (a) is 0, (b) asks for a word (undefined)
    result = run_drill(io.StringIO("0\nmaybe it is undefined or maybe it is zero\nundefined\nq\n"), out,
                       io.StringIO(), classes="C5", seed=2, save=False)
    text = " ".join(out.getvalue().split())
    assert "type just the answer, the word or short phrase asked for." in text
    assert [p.status for p in result.parts] == ["correct", "correct"]


def test_a_windows_line_end_is_not_echoed_as_a_control_character():
    out = io.StringIO()
    run_drill(io.StringIO("0.408\r\nq\r\n"), out, io.StringIO(), classes="C1", seed=1, save=False)
    assert "> 0.408\n" in out.getvalue() and "\\r" not in out.getvalue()


def test_a_comma_that_may_part_two_arguments_gets_a_pointer_and_the_option_reads_it():
    result, out = drill("-log(0,7157)", "q")   # (a) is 0.7157: read as log of 0 to base 7157
    assert result.parts == [] and "start the drill with --decimal-comma" in " ".join(out.split())
    out = io.StringIO()
    result = run_drill(io.StringIO("0,7157\n-log(0,7157)\nq\n"), out, io.StringIO(), classes="C1", seed=1,
                       save=False, decimal_comma=True)
    assert [str(p.status) for p in result.parts] == ["correct", "correct"]
    assert "start the drill with --decimal-comma" not in " ".join(out.getvalue().split())   # no pointer; the
    # suggested commands at the end keep the option (test_drill_comma_examples46)


def test_a_comma_inside_a_one_argument_function_is_a_decimal_comma_without_the_option():
    result, out = drill("0,7157", "-ln(0,7157)", "q")   # ln takes one argument: 0,7157 is a number
    assert [str(p.status) for p in result.parts] == ["correct", "correct"]
    assert "--decimal-comma" not in out


def test_the_cli_option_reaches_the_marking(invoke):
    result = invoke("drill", "--seed", "1", "--classes", "C1", "--no-save", "--decimal-comma",
                    input="7,157e-1\nq\n")
    assert "Correct: 0,7157" in result.output   # read with the comma, and said with it


def test_a_whole_number_with_a_thousands_comma_is_read_as_grade_reads_it():
    # C6 seed 1: (a) asks for 1440 tokens; a count's comma groups thousands, as in grade
    result = run_drill(io.StringIO("1,440\nq\n"), io.StringIO(), io.StringIO(), classes="C6", seed=1, save=False)
    assert [str(p.status) for p in result.parts] == ["correct"]
    comma = run_drill(io.StringIO("1,440\nq\n"), io.StringIO(), io.StringIO(), classes="C6", seed=1,
                      save=False, decimal_comma=True)
    assert [str(p.status) for p in comma.parts] == ["correct"]   # a count is never 1.44, whatever the file (forms22)


def test_the_summary_says_how_many_parts_lost_only_precision():
    result, out = drill("0.7", "0.33", "q")   # -ln 0.7 is 0.357: (b) is rounded too early, not carried
    assert [str(p.status) for p in result.parts] == ["imprecise", "imprecise"]
    assert "2 parts had the right value but too few significant figures" in " ".join(out.split())


def test_a_comma_answer_that_is_wrong_says_how_it_was_read():
    """With --decimal-comma, 2,65 is 2.65: 'Incorrect: the answer is 2650' alone looked like a contradiction
    (2,650 is a count's 2650 in any file since forms22)."""
    out = io.StringIO()
    run_drill(io.StringIO("2,65\nq\n"), out, io.StringIO(), classes="C6", seed=2, save=False, decimal_comma=True)
    text = " ".join(out.getvalue().split())
    # read as written, so not remarked on: the verdict says why 2,65 is no count (review 45e F3)
    assert "was read as" not in text
    assert "Incorrect: the answer is 2650. A count is a whole number, and 2,65 is not one" in text


def test_a_comma_answer_is_said_as_read_in_full_never_with_an_exponent():
    out = io.StringIO()
    run_drill(io.StringIO("1,234,567\nq\n"), out, io.StringIO(), classes="C6", seed=3, save=False)
    assert "(Your 1,234,567 was read as 1234567.)" in " ".join(out.getvalue().split())
