"""A practice run's advice (review 47a F2): it tells only what went wrong in this run, among the
classes asked for; its command drills that and never a class just answered right; it does not
point at --stats, which holds nothing of a practice run."""

import pytest

ANSWERS = "0.787\n0.240\n0.0569\n2.87\n0.000618\n7.39\n0.685\nq\n"   # C1-C3 right, C4 the sum for the mean


@pytest.fixture
def practice(invoke, tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZGEN_PROGRESS", str(tmp_path / "progress.json"))
    return lambda *options, answers: invoke("drill", *options, "--no-save", input=answers).output


def test_the_command_drills_what_was_missed_not_what_was_right(practice):
    advice = practice("--seed", "21", answers=ANSWERS).split("What to practise next:")[1]
    assert "- C4: missed this time." in advice
    assert "C1:" not in advice and "C2:" not in advice and "not yet secure" not in advice
    assert "--stats" not in advice
    assert "- not answered this run: C5, C6, C7, C8, C9, C10." in advice
    assert "- try: quizgen drill --classes C4 --no-save\n" in advice


def test_only_the_classes_asked_for_are_named(practice):
    advice = practice("--seed", "31", "--classes", "C9", answers="h\nq\n").split("What to practise next:")[1]
    assert advice.splitlines()[1:] == ["- not answered this run: C9.", "- try: quizgen drill --classes C9 --no-save"]


def test_a_run_with_nothing_wrong_says_so(practice):
    advice = practice("--seed", "21", "--classes", "C1", "--count", "1", answers="0.787\n0.240\n")
    assert advice.split("What to practise next:")[1].splitlines()[1:] == [
        "- every question of this run was right without hints."]
