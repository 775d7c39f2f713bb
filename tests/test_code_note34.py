"""report34b (5): the note on answers under a paper code not the student's own
said "decide them", "override them", "all 1 of their coded answers" and "the
answers fit" whatever the count: it now says it or them, one answer or several,
as many answers as are under the code and as many as still wait."""

from __future__ import annotations

from fixtures_papers import coded_answers


def _note(invoke, folder, rows, *options) -> str:
    answers = coded_answers(folder, rows)
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--roster", folder / "roster.csv",
                    *options, "--out", folder / "out" / "g.csv")
    assert result.exit_code == 0, result.output
    return next(line for line in result.stdout.splitlines() if line.startswith("Note: s001 wrote"))


def test_one_answer_under_another_code_is_it(invoke, papers):
    folder, info = papers
    own, other = info["s001"], info["s002"]
    note = _note(invoke, folder, [("s001", other[0], "a", own[1][0])])
    assert note == (f"Note: s001 wrote the paper code of s002's paper {other[0]} on their one coded answer, not their "
                    f"own paper {own[0]}: that answer waits for a person (needs_review); the answer fits their own "
                    f"paper {own[0]}, not {other[0]}: the code was miswritten, so decide it against {own[0]} (correct "
                    "the code in the answers file and grade again, or override it); --paper-as-written would mark it "
                    f"against {other[0]}")


def test_two_answers_left_are_them(invoke, papers):
    folder, info = papers
    own, other = info["s001"], info["s002"]
    note = _note(invoke, folder, [("s001", other[0], part, value) for part, value in zip("ab", own[1])])
    assert note.endswith(f"on all 2 of their coded answers, not their own paper {own[0]}: those answers wait for a "
                         f"person (needs_review); the answers fit their own paper {own[0]}, not {other[0]}: the code "
                         f"was miswritten, so decide them against {own[0]} (correct the code in the answers file and "
                         f"grade again, or override them); --paper-as-written would mark them against {other[0]}")


def test_one_answer_on_the_paper_whose_code_was_written_is_it(invoke, papers):
    folder, info = papers
    other = info["s002"]
    note = _note(invoke, folder, [("s001", other[0], "a", other[1][0])])
    assert note.endswith(f"the answer fits paper {other[0]}, whose code they wrote: to grade it against that paper, pass "
                         "--paper-as-written")
