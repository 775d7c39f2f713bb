"""The drill's opening lines: a progress file named for the first time (a mistyped --state, a changed $HOME)
is said to be new, where an existing record says how many questions it holds, so an empty record is never
taken for a lost one."""

import json

from test_drill_hints import drill


def test_a_new_progress_file_is_named_new_and_an_existing_one_counts_its_questions(tmp_path):
    state = tmp_path / "s1.jsn"
    output, _ = drill("0.716\n0.335\nq\n", classes="C1", seed=1, state=str(state))
    opening = " ".join(output.split("Answer each part")[0].split())
    assert opening.endswith(f". New progress file: {state} (nothing recorded there yet)"), output
    assert json.loads(state.read_text())["clock"] == 1
    output, _ = drill("q\n", classes="C1", seed=1, state=str(state))
    opening = " ".join(output.split("Answer each part")[0].split())
    assert opening.endswith(f". Progress file: {state} (1 question so far)"), output
