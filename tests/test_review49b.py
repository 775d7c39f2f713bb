"""Review 49b F2: the rules the CLI used to apply itself now live in the library, so a
library caller meets them too: a blank seed refused and "42" read as the number 42,
drill's --stats with --no-save refused, and grade's "unfinished" run (exit 1) told by
the result itself."""

import io
import json

import pytest

import quizgen
from quizgen.drill.entry import drill
from quizgen.errors import UsageError
from quizgen.grading.command import grade_command
from quizgen.lms.export import write_moodle
import test_feedback_pdf26
from test_grade_outputs import small_key, write

fake_pdflatex = test_feedback_pdf26.fake_pdflatex   # a broken pdflatex (a fixture)
EMPTY_SEED = "--seed is empty: give a whole number or a word, or leave --seed out for a fresh one"


@pytest.mark.parametrize("seed", ["  ", ""])
def test_library_generate_refuses_a_blank_seed_with_the_cli_line(tmp_path, seed):
    """It wrote a paper whose key.json had "seed": "  " and labels "  /mlm-confident-correct/0"."""
    with pytest.raises(UsageError) as caught:
        quizgen.generate(tmp_path / "out", classes="C1", seed=seed)
    assert str(caught.value) == EMPTY_SEED
    assert not (tmp_path / "out").exists()


def test_library_export_and_drill_refuse_a_blank_seed_alike(tmp_path):
    with pytest.raises(UsageError, match="^--seed is empty: "):
        write_moodle(tmp_path / "q.xml", classes="C1", seed=" ")
    with pytest.raises(UsageError, match="^--seed is empty: "):
        drill(io.StringIO("q\n"), io.StringIO(), io.StringIO(), classes="C1", seed="\t", save=False)
    assert list(tmp_path.iterdir()) == []


def test_library_reads_a_number_seed_as_the_cli_does(invoke, tmp_path):
    """quizgen.generate(seed="42") kept "seed": "42" in key.json where --seed 42 keeps 42."""
    quizgen.generate(tmp_path / "lib", classes="C1", seed=" 42", jobs=1)
    assert invoke("generate", "--classes", "C1", "--seed", "42", "--jobs", 1, "--out", tmp_path / "cli").exit_code == 0
    seeds = [json.loads((tmp_path / name / "key.json").read_text(encoding="utf-8"))["seed"] for name in ("lib", "cli")]
    assert seeds == [42, 42]


def test_drill_entry_refuses_stats_without_saving():
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(UsageError) as caught:
        drill(io.StringIO(), out, err, stats=True, save=False)
    assert str(caught.value) == ("--stats shows the progress file, which --no-save reads and writes none of: "
                                 "leave one out")
    assert out.getvalue() == err.getvalue() == ""


def test_drill_entry_stats_prints_what_the_command_prints(invoke, tmp_path):
    """One library call gives the command's output: the record on out, its notes as warnings on err."""
    state = tmp_path / "p.json"
    state.write_text(json.dumps({"format": "quizgen-progress", "version": 2, "clock": 3, "sessions": 1,
                                 "classes": {"C2": {"box": 1, "due": 3, "seen": 1, "right": 0}, "C99": 7},
                                 "misconceptions": {}}), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert drill(io.StringIO(), out, err, stats=True, state=str(state)) is None
    command = invoke("drill", "--stats", "--state", state)
    assert command.exit_code == 0
    assert out.getvalue().startswith(f"Progress file: {state}\n3 questions over 1 session.\n")
    assert (out.getvalue(), err.getvalue()) == (command.stdout, command.stderr)
    assert err.getvalue().startswith("quizgen: warning: ")


def test_grade_command_is_the_cli_run(invoke, tmp_path):
    """Warnings, summary and exit code come from the library; the CLI only prints them."""
    answers = write(tmp_path, small_key(), [("s1", "Ada", "Q1", "a", "0.5"), ("s9", "", "Q7", "a", "1")])
    done = grade_command(answers, key=tmp_path / "key.json", html=False)
    assert not done.result.unfinished and done.exit_code == 0
    command = invoke("grade", answers, "--key", tmp_path / "key.json", "--no-html")
    assert command.exit_code == 0
    assert command.stdout == done.summary + "\n"
    assert command.stderr == "".join(f"quizgen: warning: {line}\n" for line in done.warnings)
    assert done.warnings   # Q7 names no question of the key


@pytest.mark.usefixtures("fake_pdflatex")
def test_a_run_with_no_pdf_sheet_is_unfinished_for_a_library_caller(tmp_path, monkeypatch):
    """A library caller had to type-test the warnings for errors.Unfinished to learn the CLI would exit 1."""
    monkeypatch.setenv("FAIL_ALL", "1")
    answers = write(tmp_path, small_key(), [("s1", "Ada", "Q1", "a", "0.5")])
    result = quizgen.grade(answers, key=tmp_path / "key.json", outputs=None)
    assert not result.unfinished   # no sheets asked
    done = grade_command(answers, key=tmp_path / "key.json", feedback=tmp_path / "sheets", feedback_format="pdf")
    assert done.result.unfinished and done.exit_code == 1
    assert [line for line in done.warnings if "no PDF sheet was made" in line]


def test_result_of_takes_its_lists_by_name():
    """F8: grade called result_of with 13 arguments in a row, where two lists swapped would pass unseen."""
    import inspect

    from quizgen.grading.grade_result import result_of

    kinds = {name: p.kind for name, p in inspect.signature(result_of).parameters.items()}
    named = [name for name, kind in kinds.items() if kind is inspect.Parameter.KEYWORD_ONLY]
    assert named == ["rows", "paths", "absent", "roster_notes", "marked", "blanked", "off", "no_id_at",
                     "made"]   # blanked: every answer blank (review 52c F2)


def _in_a_decimal_comma_run(make):
    """What ``make()`` says inside a run whose outputs write decimal commas (as grade's, commas_written)."""
    from quizgen.wording import commas_written, thousands_kept

    with thousands_kept():
        commas_written(True)
        return make()


def test_counts_after_the_names_shown_are_grouped_as_the_run_writes_them():
    """F6: the hand-built "and N more" wrote 1205 raw where named_first writes 1,205 (1 205 for a decimal-comma
    class); the report's lists of parts, and a feedback sheet's count of answers not listed, now go through it."""
    from quizgen.wording import NARROW_SPACE
    from quizgen.grading.feedback_stray import stray_sections
    from quizgen.report.attention import ToAct, parts_text, unanswered_text

    labels = [f"Q{n}a" for n in range(1, 1211)]
    row = ToAct("s1", "Ada", [], [], unmarked=labels)
    assert parts_text(row, "unmarked") == "Q1a, Q2a, Q3a, Q4a, Q5a and 1,205 more"
    assert _in_a_decimal_comma_run(lambda: parts_text(row, "unmarked")).endswith(f" and 1{NARROW_SPACE}205 more")
    assert _in_a_decimal_comma_run(lambda: unanswered_text(labels)).startswith(
        f"No student answered Q1a, Q2a, Q3a, Q4a, Q5a and 1{NARROW_SPACE}205 more parts")
    sections = _in_a_decimal_comma_run(lambda: stray_sections([], 1200, 0, [], False, [], str))
    assert sections[0][1] == [f"... and 1{NARROW_SPACE}200 more such answer(s), not listed here."]


def test_the_line_counting_the_warnings_not_shown_groups_its_count():
    """F6: the overrides file's, the policy's and the progress file's "and N more" lines each counted by hand,
    ungrouped; they share wording.lines_shown now, its count grouped as the run writes counts."""
    from quizgen.wording import NARROW_SPACE
    from quizgen.marking.overrides import capped_warnings

    lines = [(n, f"ov.csv: line {n}: something") for n in range(2, 1212)]
    said = capped_warnings(lines, "ov.csv")
    assert said[:10] == [text for _, text in lines[:10]] and len(said) == 11
    assert said[10] == "ov.csv: and 1,200 more warning(s) like these, on lines 12, 13, 14, 15, 16, ..."
    assert _in_a_decimal_comma_run(lambda: capped_warnings(lines, "ov.csv"))[10].startswith(
        f"ov.csv: and 1{NARROW_SPACE}200 more warning(s)")
    assert capped_warnings(lines[:10], "ov.csv") == [text for _, text in lines[:10]]
