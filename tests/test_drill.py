"""The self-study drill: whole drills driven through stdin, the progress file,
and the spaced-repetition rule on its own."""

import io
import json
import re
import os
import subprocess
import sys

import pytest

from quizgen.drill import record as learner
from drill_support import strict_parse
from quizgen.drill.session import run_drill
from quizgen.generation.quiz import seed_label
from quizgen.key.entries import key_part
from quizgen.generation.sampling import sample_instance

C1 = ["drill", "--seed", "1", "--classes", "C1"]


@pytest.fixture(autouse=True)
def state_file(tmp_path, monkeypatch):
    """Every test keeps its progress in its own folder, never the user's."""
    path = tmp_path / "data" / "progress.json"
    monkeypatch.setenv("QUIZGEN_PROGRESS", str(path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return path


@pytest.fixture
def c1_key(templates_by_class):
    """The key records of the C1 questions that ``--seed 1`` asks, by question index."""
    template = templates_by_class["C1"]

    def records(index=0):
        inst = sample_instance(template, seed_label(1, template.id, index))
        return {pv.part.name: key_part(pv, inst, 2.0) for pv in inst.parts}
    return records


def trap_value(record, code):
    """A student answer that matches the trap ``code`` of a key record."""
    return f"{next(v for t, v in zip(record.traps, record.trap_values) if t.code == code):.6g}"


def lines(*answers):
    return "".join(f"{a}\n" for a in answers)


def flat(result):
    """The output with line wrapping undone, for phrases that may wrap."""
    return " ".join(result.output.split())


def saved(path):
    return json.loads(path.read_text())


@pytest.mark.slow
def test_the_issue_example_runs_without_saving(invoke, state_file, c1_key):
    result = invoke(*C1, "--no-save", input=lines("0.408", "q"))
    assert result.exit_code == 0
    assert "Question 1 (C1)" in result.output
    assert f"Incorrect: the answer is {c1_key()['p'].answer}" in result.output
    assert "stopped: quit" in result.output
    assert not state_file.exists()


def test_correct_answers_promote_the_class(invoke, state_file, c1_key):
    key = c1_key()
    result = invoke(*C1, input=lines(key["p"].answer, key["loss"].answer, "q"))
    assert result.output.count("Correct: ") == 2
    assert "Worked solution" not in result.output
    assert "Total: 2 of 2 parts right." in result.output
    state = saved(state_file)
    assert state["classes"]["C1"] == {"box": 2, "due": learner.interval(2), "seen": 1, "right": 1, "last": "clean"}
    assert (state["clock"], state["sessions"]) == (1, 1)


def test_a_trap_answer_names_the_misconception_and_shows_the_solution(invoke, state_file, c1_key):
    key = c1_key()
    result = invoke(*C1, input=lines(key["p"].answer, trap_value(key["loss"], "log10_instead_of_ln"), "q"))
    assert 'misconception "log base 10 instead of ln": The loss uses the natural logarithm' in flat(result)
    assert "- log base 10 instead of ln (1x): The loss uses" in flat(result)   # the summary, in words too
    assert "Worked solution for these numbers" in result.output
    assert f"(b) {key['loss'].answer}" in result.output
    state = saved(state_file)
    assert state["classes"]["C1"]["box"] == 1
    assert state["misconceptions"] == {"log10_instead_of_ln": {"box": 1, "due": 3, "seen": 1, "right": 0}}


def test_invalid_and_blank_input_is_explained_and_not_counted(invoke, c1_key):
    key = c1_key()
    result = invoke(*C1, "--no-save", input=lines("abc", "", "1/0", key["p"].answer, key["loss"].answer, "q"))
    assert "I cannot read 'abc' as an answer (not a number: a word, where this part asks for a number)" in flat(result)
    assert "I cannot read '1/0'" in result.output
    assert "Type an answer, or ? for the commands." in result.output
    assert "Total: 2 of 2 parts right." in result.output
    assert "Incorrect" not in result.output


@pytest.mark.slow
def test_hints_come_in_order_and_keep_the_class_in_its_box(invoke, state_file, c1_key):
    key = c1_key()
    result = invoke(*C1, input=lines(*["h"] * 6, key["p"].answer, "h", "h", "h", key["loss"].answer, "q"))
    out = result.output
    assert out.index("Hint 1 of 5: Forecast") < out.index("Hint 2 of 5: Step 1, Turn the logits into weights")
    assert out.index("Hint 4 of 5: Step 3, ") < out.index("Hint 5 of 5: Step 3 worked out")
    assert out.index("No more hints for this part") < out.index("(b) ") < out.index("Hint 1 of 2: Step 4")
    assert "No more hints: every step towards an answer is shown. Answer it, or type s" in out
    assert "C1     2/2          2       0" in out
    assert saved(state_file)["classes"]["C1"] == {"box": 1, "due": 3, "seen": 1, "right": 0, "helped": 1,
                                                  "last": "helped"}


def test_skip_shows_the_solution_and_counts_as_a_miss(invoke, state_file, c1_key):
    key = c1_key()
    result = invoke(*C1, input=lines("s", "q"))
    assert f"Answers: (a) {key['p'].answer}   (b) {key['loss'].answer}" in result.output
    assert "C1     0/2          0       2" in result.output
    assert saved(state_file)["classes"]["C1"]["box"] == 1


def test_help_lists_the_commands(invoke):
    result = invoke(*C1, "--no-save", input=lines("?", "q"))
    for command in ("h  hint", "s  skip", "?  this help", "q  quit"):
        assert command in result.output
    assert "No answers given this time." in result.output


def test_quitting_mid_question_after_right_answers_records_nothing(invoke, state_file, c1_key):
    result = invoke(*C1, input=lines(c1_key()["p"].answer, "q"))
    assert "Total: 1 of 1 part right (all in the question left unfinished, which is not recorded)." \
        in " ".join(result.output.split())   # drill21: the summary says it is not recorded
    assert "Summary (0 questions, 1 left unfinished, stopped: quit)" in result.output
    assert "not tried yet: C2," in result.output   # C1 was answered: it is no new class
    assert not state_file.exists()


def test_a_question_left_before_any_answer_is_not_counted(invoke, c1_key):
    key = c1_key()
    result = invoke(*C1, "--no-save", input=lines(key["p"].answer, key["loss"].answer, "q"))
    assert "Question 2 (C1)" in result.output
    assert "Summary (1 question, stopped: quit)" in result.output


def test_end_of_input_ends_the_drill_with_a_summary(invoke, state_file, c1_key):
    key = c1_key()
    result = invoke(*C1, input=lines(key["p"].answer, key["loss"].answer))
    assert result.exit_code == 0
    assert "Question 2 (C1)" in result.output
    assert "stopped: end of input" in result.output
    assert saved(state_file)["clock"] == 1


def test_count_stops_the_drill(invoke, c1_key):
    first, second = c1_key(0), c1_key(1)
    answers = [first["p"].answer, first["loss"].answer, second["p"].answer, second["loss"].answer]
    result = invoke(*C1, "--count", "2", "--no-save", input=lines(*answers, "ignored"))
    assert "Total: 4 of 4 parts right." in result.output
    assert "stopped: count" in result.output and "Question 3" not in result.output


def test_output_fits_an_80_column_terminal_and_has_no_latex(invoke, c1_key):
    result = invoke(*C1, "--no-save", input=lines("h", "h", "h", "s", "q"))
    assert max(len(line) for line in result.output.splitlines()) <= 80
    assert "\\" not in result.output and "$" not in result.output


def test_progress_carries_over_between_sessions(invoke, state_file, c1_key):
    state_file.parent.mkdir(parents=True)
    state_file.write_text(learner.Progress(clock=10, sessions=4, classes={
        "C1": learner.Card(box=3, due=12, seen=5, right=3)}).to_json())
    key = c1_key(10)   # the numbers of question 11 on the learner's clock
    invoke(*C1, input=lines(key["p"].answer, key["loss"].answer, "q"))
    state = saved(state_file)
    assert state["classes"]["C1"] == {"box": 4, "due": 10 + 24, "seen": 6, "right": 4, "last": "clean"}
    assert (state["clock"], state["sessions"]) == (11, 5)


@pytest.mark.parametrize("content", ['{"format": "quizgen-progress", "version": 1, "clock": -1, "sessions": 0}',
                                     '{"format": "quizgen-progress", "version": 1, "clo'])
def test_a_damaged_record_of_ours_is_set_aside(runner, state_file, c1_key, content):
    from quizgen.cli import main

    state_file.parent.mkdir(parents=True)
    state_file.write_text(content)
    key = c1_key()
    result = runner.invoke(main, C1, input=lines(key["p"].answer, key["loss"].answer, "q"))
    assert result.exit_code == 0
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 1 and "moved it to progress.json.bad" in warnings[0]
    assert (state_file.parent / "progress.json.bad").read_text() == content
    assert saved(state_file)["classes"]["C1"]["box"] == 2


def test_an_unwritable_state_file_is_reported_once_and_the_drill_goes_on(runner, tmp_path, c1_key):
    from quizgen.cli import main

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    key = c1_key()
    result = runner.invoke(main, [*C1, "--state", str(blocker / "progress.json")],
                           input=lines(key["p"].answer, key["loss"].answer, "s", "q"))
    assert result.exit_code == 1   # the drill goes on, then says in one line that the record asked for was not kept
    assert result.stderr.strip().splitlines()[-1].startswith(f"quizgen: error: progress was not saved to {blocker}")
    # told once, before the first question (rev43d F6), not at the first save after it
    assert result.stderr.count(f"{blocker} is a file, not a folder") == 1 and "cannot save progress" not in result.stderr
    assert "Question 2 (C1)" in result.output and "Progress saved" not in result.output


def test_stats_of_a_progress_path_under_a_file_stops_in_one_line(runner, tmp_path):
    """--state answers.csv/p.json: no record can ever be there, so --stats says why in one line (exit 2)
    instead of 'No progress recorded yet' and a suggested drill keeping that --state (rev43 leftover)."""
    from quizgen.cli import main

    blocker = tmp_path / "answers.csv"
    blocker.write_text("student_id,question_id,part,answer\n", encoding="utf-8")
    for state in (blocker / "p.json", blocker / "deeper" / "p.json"):
        result = runner.invoke(main, ["drill", "--stats", "--state", str(state)])
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == (f"quizgen: error: progress file {state} cannot exist: {blocker} is a file, so "
                                 f"there is no folder {blocker} to hold it; use --state FILE for a file in a folder\n")
    assert blocker.read_text(encoding="utf-8") == "student_id,question_id,part,answer\n"


@pytest.mark.slow
def test_stats_shows_the_record(invoke, c1_key):
    key = c1_key()
    invoke(*C1, input=lines(key["p"].answer, trap_value(key["loss"], "missing_minus_sign"), "q"))
    result = invoke("drill", "--stats")
    assert "1 question over 1 session." in result.output
    assert "C1     1    1" in result.output
    assert "missing minus sign " in result.output and "missing_minus_sign" not in result.output   # its name (round 33)
    assert "try: quizgen drill --classes C1" in result.output


def test_stats_without_a_record(invoke, state_file):
    result = invoke("drill", "--stats")
    assert "No progress recorded yet" in result.output
    assert not state_file.exists()


def test_bad_count_is_a_usage_error(runner):
    from quizgen.cli import main

    result = runner.invoke(main, [*C1, "--count", "0", "--no-save"], input="")
    assert result.exit_code == 2
    assert result.stderr.startswith("quizgen: error: --count must be 1 or more")


@pytest.mark.slow
def test_a_real_pipe_works(tmp_path, c1_key):
    command = [sys.executable, "-m", "quizgen", *C1, "--no-save"]
    done = subprocess.run(command, input=lines(c1_key()["p"].answer, "q"), capture_output=True, text=True,
                          timeout=60, env={**os.environ, "QUIZGEN_PROGRESS": str(tmp_path / "unused.json")})
    assert done.returncode == 0, done.stderr
    assert "Correct: " in done.stdout and "stopped: quit" in done.stdout
    assert not (tmp_path / "unused.json").exists()


def test_run_drill_works_on_plain_streams(c1_key):
    out, err = io.StringIO(), io.StringIO()
    result = run_drill(io.StringIO(lines(c1_key()["p"].answer, "q")), out, err, classes="C1", seed=1, save=False)
    assert [p.status for p in result.parts] == ["correct"]
    assert result.stopped == "quit" and err.getvalue() == ""


# The spaced-repetition rule on its own.

def test_intervals_double_from_three_questions():
    assert [learner.interval(box) for box in range(1, 6)] == [3, 6, 12, 24, 48]


@pytest.mark.parametrize("box, outcome, after", [
    (1, learner.CLEAN, 2), (4, learner.CLEAN, 5), (5, learner.CLEAN, 5),
    (3, learner.HELPED, 3), (4, learner.MISSED, 1), (1, learner.MISSED, 1)])
def test_leitner_moves(box, outcome, after):
    progress = learner.Progress(clock=7, classes={"C1": learner.Card(box=box, due=7, seen=2, right=1)})
    card = progress.record_question("C1", outcome)
    assert (card.box, card.due, card.seen, card.right) == (after, 7 + learner.interval(after), 3,
                                                           1 + (outcome == learner.CLEAN))
    assert progress.clock == 8


def test_a_new_class_starts_in_box_one():
    progress = learner.Progress()
    assert progress.record_question("C2", learner.CLEAN).box == 2
    assert progress.record_question("C3", learner.HELPED).box == 1


def test_misconception_cards():
    progress = learner.Progress(clock=4)
    assert progress.record_trap("log10_instead_of_ln", met=False) is None
    assert progress.misconceptions == {}
    card = progress.record_trap("log10_instead_of_ln", met=True)
    assert (card.box, card.due, card.seen) == (1, 7, 1)
    card = progress.record_trap("log10_instead_of_ln", met=False)
    assert (card.box, card.right) == (2, 1)
    assert progress.open_misconceptions() == ["log10_instead_of_ln"]
    progress.record_trap("log10_instead_of_ln", met=False)
    assert progress.open_misconceptions() == []
    assert progress.record_trap("log10_instead_of_ln", met=True).box == 1


def test_choose_class_prefers_what_is_due():
    progress = learner.Progress(clock=5, classes={"C1": learner.Card(box=2, due=9), "C2": learner.Card(box=1, due=5)})
    assert learner.choose_class(progress, ["C1", "C2", "C3"], {}) == "C2"
    progress.classes["C2"].due = 8
    assert learner.choose_class(progress, ["C1", "C2", "C3"], {}) == "C3"
    assert learner.choose_class(progress, ["C1", "C2"], {}) == "C2"


def test_an_open_misconception_makes_its_classes_due():
    progress = learner.Progress(clock=5, classes={"C1": learner.Card(box=3, due=20), "C2": learner.Card(box=3, due=15)},
                                misconceptions={"log10_instead_of_ln": learner.Card(box=1, due=6)})
    traps = {"C1": {"log10_instead_of_ln"}, "C2": {"other"}}
    assert learner.choose_class(progress, ["C1", "C2"], traps) == "C1"


def test_missed_classes_come_back_sooner_and_more_often():
    progress, asked = learner.Progress(), []
    for _ in range(40):
        cls = learner.choose_class(progress, ["C1", "C2", "C3", "C4"], {})
        asked.append(cls)
        progress.record_question(cls, learner.MISSED if cls == "C3" else learner.CLEAN)
    c3 = [i for i, c in enumerate(asked) if c == "C3"]
    assert max(b - a for a, b in zip(c3, c3[1:])) <= learner.interval(1)
    assert asked.count("C3") > 2 * max(asked.count(c) for c in ("C1", "C2", "C4"))


def test_choose_template_prefers_an_open_misconception(templates_by_class):
    from dataclasses import replace

    c1 = templates_by_class["C1"]
    plain = replace(c1, id="no-traps", parts=tuple(replace(p, traps=()) for p in c1.parts))
    progress = learner.Progress(misconceptions={"probability_as_loss": learner.Card(box=1, due=2)})
    assert learner.choose_template(progress, [plain, c1], turn=0) is c1
    assert learner.choose_template(learner.Progress(), [plain, c1], turn=1) is c1
    assert learner.choose_template(learner.Progress(), [plain, c1], turn=2) is plain


def test_progress_json_round_trips():
    progress = learner.Progress(clock=3, sessions=2, classes={"C10": learner.Card(1, 4, 2, 0), "C2": learner.Card()},
                                misconceptions={"x": learner.Card(2, 9, 1, 1)})
    text = progress.to_json()
    assert strict_parse(text) == progress
    assert list(json.loads(text)["classes"]) == ["C2", "C10"]


@pytest.mark.parametrize("data", [
    {"format": "quizgen-progress", "version": learner.VERSION + 1, "clock": 0, "sessions": 0},
    {"format": "quizgen-progress", "version": 1, "clock": 0, "sessions": 0, "classes": {"C1": {"box": 6, "due": 0,
                                                                                         "seen": 0, "right": 0}}},
    {"format": "quizgen-progress", "version": 1, "clock": 0, "sessions": 0, "classes": {"C1": {"box": 1}}},
    {"format": "quizgen-progress", "version": 1, "clock": True, "sessions": 0},
])
def test_parse_rejects_bad_records(data):
    with pytest.raises(learner.BadProgressFile):
        strict_parse(json.dumps(data))


@pytest.mark.parametrize("version, shown", [(2.0, "2.0"), (1.0, "1.0"), (True, "true"), ("2", '"2"'),
                                            (None, "null")])
def test_a_progress_file_version_must_be_a_json_integer(version, shown):
    """Round 41: 2.0 (== 2) and 1.0 were read as versions 2 and 1; the version is quoted as the file writes it."""
    with pytest.raises(learner.BadProgressFile, match=rf"^version {re.escape(shown)}, expected 1 or 2$"):
        strict_parse(json.dumps({"format": "quizgen-progress", "version": version, "clock": 0, "sessions": 0}))


def test_a_progress_file_with_no_version_says_it_is_missing():
    with pytest.raises(learner.BadProgressFile, match=r"^version missing, expected 1 or 2$"):
        strict_parse(json.dumps({"format": "quizgen-progress", "clock": 0, "sessions": 0}))


def test_default_path_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("QUIZGEN_PROGRESS")
    assert learner.default_path() == tmp_path / "xdg" / "quizgen" / "progress.json"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert learner.default_path() == tmp_path / "home" / ".local" / "share" / "quizgen" / "progress.json"


@pytest.mark.slow
def test_the_drill_marks_with_error_carried_forward_and_rounding_feedback_at_once(c1_key):
    import math
    records = c1_key()
    wrong_p = float(trap_value(records["p"], next(t.code for t, v in zip(records["p"].traps, records["p"].trap_values)
                                                  if v is not None and 0 < v < 1)))
    answers = lines(f"{wrong_p:.4g}", f"{-math.log(float(f'{wrong_p:.4g}')):.4g}", "q")
    out = io.StringIO()
    result = run_drill(io.StringIO(answers), out, io.StringIO(), classes="C1", seed=1, save=False)
    assert [p.status for p in result.parts][:2] == ["incorrect", "correct"]
    assert "Marked from your (a) =" in out.getvalue()
    early = run_drill(io.StringIO(lines(f"{float(records['p'].answer):.1g}", "q")), io.StringIO(), io.StringIO(),
                      classes="C1", seed=1, save=False)
    assert [p.status for p in early.parts] == ["imprecise"]


@pytest.mark.slow
def test_a_huge_answer_line_is_not_echoed_or_held(tmp_path):
    """A 10 MB line piped in is read in bounded pieces, echoed as a note, and
    counts as no answer; the drill goes on to the next line."""
    huge = "9" * 10_000_000
    out = io.StringIO()
    result = run_drill(io.StringIO(f"{huge}\nq\n"), out, io.StringIO(), classes="C1", count=1, seed=1,
                       save=False)
    text = out.getvalue()
    assert "over 10,000 characters" in text and len(text) < 20_000
    assert result.stopped != "count"


USER_C11 = os.path.join(os.path.dirname(__file__), "data", "user_bank", "c11_softmax_temperature.yaml")


def user_bank(folder, **stems):
    """A bank folder holding the user C11 template once per class in ``stems``
    ({class: text put before its stem}); returns the folder."""
    folder.mkdir()
    text = open(USER_C11, encoding="utf-8").read()
    for cls, prefix in stems.items():
        (folder / f"{cls.lower()}.yaml").write_text(
            text.replace("class: C11", f"class: {cls}").replace("id: softmax-temperature", f"id: t-{cls.lower()}")
                .replace("stem: |\n", f"stem: |\n  {prefix}\n"), encoding="utf-8")
    return folder


@pytest.mark.slow
def test_a_user_template_that_cannot_render_fails_before_the_drill_starts(invoke, tmp_path):
    """The first question is rendered before the header: an error, and nothing else."""
    bank = user_bank(tmp_path / "bank", C11="Given {{ tau.nosuchattr }}:")
    result = invoke("drill", "--bank", bank, "--classes", "C11", "--seed", "1", "--no-save", input="q\n")
    assert result.exit_code == 2
    assert result.stdout == ""   # the header and "Answer each part" came first
    assert result.stderr.startswith(f"quizgen: error: {bank / 'c11.yaml'}:19: stem: ")
    assert result.stderr.count("\n") == 1


def test_an_undefined_name_in_any_chosen_template_fails_before_the_drill_starts(invoke, tmp_path):
    """C11 is asked first and renders; C12 names an undefined parameter and
    would fail only when drawn, after questions were answered."""
    bank = user_bank(tmp_path / "bank", C11="Given:", C12="Given {{ nosuchname }}:")
    result = invoke("drill", "--bank", bank, "--classes", "C11,C12", "--seed", "1", "--no-save",
                    input="1\n" * 20)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"quizgen: error: {bank / 'c12.yaml'}:19: stem: undefined name 'nosuchname' "
                             "in the text\n")


def test_a_progress_file_with_an_integer_too_long_to_read_says_so():
    """rev-hostile20: Python's limit on an integer's digits came out as "invalid JSON at line ?"."""
    from quizgen.drill.record import BadProgressFile
    from drill_support import strict_parse as parse

    with pytest.raises(BadProgressFile, match="^it holds an integer too long to read$"):
        parse('{"format": "quizgen-progress", "n": ' + "9" * 100_000 + "}")
    with pytest.raises(BadProgressFile, match="^Expecting value at line 2, column 1$"):
        parse('{"format":\n')


def test_a_misconception_avoided_more_often_than_met_keeps_the_record():
    """rev-student20: a misconception card counts the times it was avoided apart from the times it was
    met, so right may pass seen; the check meant for class cards threw the learner's record away."""
    progress = learner.Progress(clock=5, misconceptions={"log10_instead_of_ln": learner.Card(box=3, due=9, seen=1,
                                                                                            right=2)})
    read = strict_parse(progress.to_json())
    assert read.misconceptions["log10_instead_of_ln"] == learner.Card(box=3, due=9, seen=1, right=2)
    with pytest.raises(learner.BadProgressFile, match=r"classes\.C1\.right is 2, more than its seen, 1"):
        strict_parse(learner.Progress(classes={"C1": learner.Card(box=3, due=9, seen=1, right=2)}).to_json())
