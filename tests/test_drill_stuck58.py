"""Review 58a F6: ``dunno`` (grade's word for no answer, as ``idk``) was told "Type an answer"; it is taken
as asking for a hint, as ``idk`` is. And ``maybe`` alone at a word part is marked, as docs/drill.md says."""

from test_drill_hints import drill


def test_dunno_is_taken_as_asking_for_a_hint():
    for said in ("dunno", "Dunno.", "i dunno"):
        output, _ = drill(f"{said}\nq\n", classes="C1", seed=1, save=False)
        assert "Hint 1 of" in output and "Type an answer" not in output, (said, output)


def test_maybe_alone_at_a_yes_no_part_is_marked_wrong():
    output, _ = drill("1.72\nmaybe\nq\n", classes="C9", seed=1, save=False, count=1)
    assert "> maybe\n  Incorrect: the answer is" in output, output
