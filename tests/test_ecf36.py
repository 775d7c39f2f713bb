"""The thirty-sixth round's ECF re-marking keeps its answers (grading/ecf_pass.py,
grading/ecf_at_once.py): a re-marking is kept by the outcomes of the parts
before the re-marked one alone, then by what ECF reads of them (value, figures
and the value's type, and whether an earlier part it reads awaits a person);
the own trap is worked out cheapest first, the trap found kept by the answers
it is worked from (``own_trap_inputs``). Each key is checked to be wide enough
(answers that differ only in what a key might drop get their own verdicts), and
the whole pass against an uncached re-marking of every student, as the pass
did it before (all of the question's answers, nothing kept), on a class paper
and on per-student papers."""

import io

import pytest
from click.testing import CliRunner

from grading_support import quizzes_and_class
from quizgen.cli import main
from quizgen.grading import ecf_pass
from quizgen.grading.answer_pass import pass_rows
from quizgen.grading.answers_file import open_answers
from quizgen.grading.careful import ecf_inputs
from quizgen.grading.ecf_at_once import (REMARKED, keep_log_note, own_trap, part_letters, read_with,
                                         rounded_once)
from quizgen.grading.ecf_routes import main_sources, route_verdict
from quizgen.grading.key_index import KeyIndex
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import Outcome, verdict_cells
from quizgen.grading.students import Students
from quizgen.grading.tally import Tally
from quizgen.grading.writer import RowWriter
from quizgen.key.load import load_key_file
from quizgen.key.status import Status
from quizgen.marking.carry import inside
from quizgen.marking.rule_model import ECF, EARLY
from quizgen.marking.slips import trap_rounded_or_cut
from quizgen.marking.sources import figures_asked, own_trap_inputs


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory):
    """A class key (quiz1, seed 1) and 60,000 rows of a class's answers to it (about 1,100 students)."""
    return quizzes_and_class(tmp_path_factory.mktemp("ecf36"), 60_000, "answers.csv")


def _passed(key_path, answers_path):
    """The index, students and grid after the pass (before ECF)."""
    index = KeyIndex(load_key_file(key_path), False, None, "key.json")
    students, grid, tally = Students(index), AnswerGrid(len(index.slots)), Tally(len(index.slots))
    pass_rows(open_answers(answers_path), index, students, grid, tally, RowWriter(io.StringIO(), ","))
    return index, students, grid


def _old_slipped(checker, outcome) -> bool:
    """The thirty-fifth round's ``_slipped``, as it was."""
    if checker.kind != "numeric" or outcome.value is None:
        return False
    rule = checker.rule
    asked = figures_asked(rule.kind, rule.spec)
    found = trap_rounded_or_cut(rule.traps, asked, outcome.value, outcome.figures, rule.value) if asked else None
    return found is not None and found[0].code == outcome.misconception and not inside(outcome.value, found[0].carried)


def _old_verdict(checker, outcome, sources, answers: dict, written: dict):
    """``ecf_verdict`` as the thirty-fifth round wrote it, nothing kept: every answer of the question given."""
    if outcome.status not in REMARKED:
        return None
    unread = [letter for _, letter, status, _, _ in sources if status == Status.NEEDS_REVIEW]
    if unread:
        return read_with(checker, outcome, unread)
    if outcome.value is None:
        return None
    main = main_sources(checker, sources)   # round 53: the parts its recipe reads; other routes after it
    verdict = checker.remark(outcome.value, outcome.figures, {s[0]: s[3] for s in main},
                             {s[0]: s[4] for s in main}) if main else None
    if verdict is None or verdict.note != ECF:
        verdict = route_verdict(checker, outcome, sources, lambda reads: _right(checker, reads)) or verdict
    if verdict is None and (not outcome.misconception or _old_slipped(checker, outcome)):
        verdict = own_trap(checker, outcome.value, outcome.figures, answers, written)
        if verdict is not None and outcome.misconception and verdict.score < outcome.score:
            verdict = None
    if verdict is None and outcome.note == EARLY or verdict is not None and verdict.note == EARLY:
        verdict = rounded_once(checker, verdict or outcome, lambda: (answers, written))
        verdict = None if verdict is outcome else verdict
    return None if verdict is None else keep_log_note(outcome, verdict)


def _right(checker, sources) -> bool:
    """Whether every earlier answer in ``sources`` is its part's own value (equal, or a count within tolerance)."""
    parts = {part.name: part for part in checker.question_rules().question.parts}
    return all(s[3] == parts[s[0]].value or parts[s[0]].kind == "integer" and
               abs(s[3] - parts[s[0]].value) <= parts[s[0]].half_width() for s in sources)


def _uncached(index, students, grid) -> dict:
    """ECF re-marked student by student, part by part, from every answer of the question, nothing kept
    between cells: {row: Outcome cells}, the grid left as the pass leaves it."""
    latest, width, patched = grid.outcomes, grid.width, {}
    for number, paper_number in enumerate(students.paper_numbers):
        paper, base = index.papers[paper_number], number * width
        for question, slots in paper.placed:
            inputs, letters = ecf_inputs(question), part_letters(question)
            named = {part.name: slot for part, slot in zip(question.parts, slots)}
            for part, slot in zip(question.parts, slots):
                depends = inputs.get(part.letter)
                if not depends or not all(d in named for d in depends):
                    continue
                checker, outcome = paper.checkers[slot], latest[base + slot]
                given = tuple((d, letters[d], latest[base + named[d]].status, latest[base + named[d]].value,
                               latest[base + named[d]].figures) for d in depends)
                answers = {name: latest[base + s].value for name, s in named.items()}
                written = {name: latest[base + s].figures for name, s in named.items()}
                verdict = _old_verdict(checker, outcome, given, answers, written)
                if verdict is not None:
                    latest[base + slot] = new = verdict_cells(verdict, checker.expected, checker.decimal_comma)
                    patched[grid.rows[base + slot]] = new.cells
    return patched


def _same_as_uncached(key_path, answers_path) -> dict:
    """Re-mark with the pass and uncached; assert both give every cell the same; the pass's re-marking."""
    index, students, grid = _passed(key_path, answers_path)
    kept = ecf_pass.carry_errors_forward(index, students, grid)
    cells = [outcome.cells for outcome in grid.outcomes]
    index, students, again = _passed(key_path, answers_path)
    alone = _uncached(index, students, again)
    assert {row: outcome.cells for row, outcome in kept.items()} == alone
    assert cells == [outcome.cells for outcome in again.outcomes]
    return kept


@pytest.mark.slow
def test_a_class_papers_ecf_pass_marks_as_each_student_re_marked_alone_did(class_folder):
    kept = _same_as_uncached(class_folder / "quiz1" / "key.json", class_folder / "answers.csv")
    notes = {outcome.cells[6] for outcome in kept.values()}
    assert len(kept) > 50 and "ecf" in notes, notes   # the workload re-marks, as ECF


@pytest.mark.slow
def test_per_student_papers_ecf_pass_marks_as_each_student_re_marked_alone_did(tmp_path):
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "workload_support", Path(__file__).resolve().parent.parent / "benchmarks" / "workload.py")
    workload = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(workload)
    workload.roster(tmp_path / "roster.csv", 400)
    made = CliRunner().invoke(main, ["generate", "--seed", "36", "--students", str(tmp_path / "roster.csv"),
                                     "--out", str(tmp_path / "quiz")], catch_exceptions=False)
    assert made.exit_code == 0, made.output
    workload.student_answers(tmp_path / "quiz" / "key.json", tmp_path / "answers.csv", seed=36)
    kept = _same_as_uncached(tmp_path / "quiz" / "key.json", tmp_path / "answers.csv")
    assert len(kept) > 20


def _twins(folder, rows: str):
    """The class key's index, students and grid after a pass over ``rows`` (student,Q1,part,answer lines)."""
    (folder / "twins.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    return _passed(folder / "quiz1" / "key.json", folder / "twins.csv")


def _cell(index, students, grid, student: str, part: str) -> int:
    return students.find(student) * grid.width + index.slot("Q1", part)


def test_an_earlier_answer_written_to_other_figures_is_quoted_as_each_wrote_it(class_folder):
    # seed 1's Q1 (C1): (b) is -ln of (a); 0.5 and 0.500 are one value, quoted apart
    index, students, grid = _twins(class_folder, "A,Q1,a,0.5\nA,Q1,b,0.693\nB,Q1,a,0.500\nB,Q1,b,0.693\n")
    ecf_pass.carry_errors_forward(index, students, grid)
    a, b = (grid.outcomes[_cell(index, students, grid, s, "b")] for s in "AB")
    assert a.cells[6] == b.cells[6] == "ecf"
    assert "0.500" in b.cells[4] and "0.500" not in a.cells[4], (a.cells[4], b.cells[4])


def test_an_earlier_answer_awaiting_a_person_is_not_taken_for_the_same_value_marked(class_folder):
    index, students, grid = _twins(class_folder, "A,Q1,a,0.5\nA,Q1,b,0.693\nB,Q1,a,0.5\nB,Q1,b,0.693\n")
    marked = grid.outcomes[_cell(index, students, grid, "B", "a")]
    assert grid.outcomes[_cell(index, students, grid, "A", "b")] is grid.outcomes[_cell(index, students, grid,
                                                                                          "B", "b")]
    review = Outcome(Status.NEEDS_REVIEW, 0.0, "", "", marked.cells, value=marked.value, figures=marked.figures)
    grid.outcomes[_cell(index, students, grid, "A", "a")] = review   # A's (a): the same value, for a person
    ecf_pass.carry_errors_forward(index, students, grid)
    a, b = (grid.outcomes[_cell(index, students, grid, s, "b")] for s in "AB")
    assert (a.status, b.status) == (Status.NEEDS_REVIEW, Status.CORRECT), (a, b)
    assert a.cells[5].startswith("depends on (a)")


def test_what_ecf_reads_of_an_earlier_answer_keeps_apart_what_is_quoted_apart():
    def outcome(value, figures=3, feedback=""):
        return Outcome(Status.INCORRECT, 0.0, "", feedback, (), value=value, figures=figures)

    assert ecf_pass._as_read(outcome(0.5, feedback="x")) == ecf_pass._as_read(outcome(0.5, feedback="y"))
    assert ecf_pass._as_read(outcome(0.5, 3)) != ecf_pass._as_read(outcome(0.5, 2))
    assert ecf_pass._as_read(outcome(1)) != ecf_pass._as_read(outcome(1.0))   # "1" and "1.0"
    assert ecf_pass._as_read(outcome(0.0)) != ecf_pass._as_read(outcome(-0.0))   # "0" and "-0"
    assert ecf_pass._as_read(outcome(None, None)) == ecf_pass._as_read(outcome(None, None))


def test_a_parts_layout_reads_the_parts_before_it_and_no_later_one(class_folder):
    index = KeyIndex(load_key_file(class_folder / "quiz1" / "key.json"), False, None, "key.json")
    paper, seen = index.papers[0], 0
    for question, slots in paper.placed:
        position = {slot: k for k, slot in enumerate(slots)}
        for slot, sources, named, _ in ecf_pass._layout(question, slots, {}):
            before = {p.name for p in question.parts[:position[slot]]}
            assert {name for name, _ in named} == {p.name for p in question.parts if p.name in before}
            assert set(sources) <= set(named)
            seen += 1
    assert seen > 5


def test_the_own_trap_is_kept_by_every_answer_its_trap_recipes_read():
    # C7 (c)'s trap part:loss_y1 reads (b), which (c)'s own recipe does not
    from quizgen.bank.loader import load_bank
    from quizgen.generation.quiz import Question
    from quizgen.generation.sampling import sample_instance
    from quizgen.grading.part_checker import question_checkers
    from quizgen.key.entries import key_entry

    template = next(t for t in load_bank() if t.cls == "C7")
    checkers = question_checkers(key_entry(Question("Q1", sample_instance(template, "ecf36"))))
    for letter, checker in checkers.items():
        question = checker.question_rules()
        stored = question.question.recipes.get(checker.part.name)
        recipe = question.ecf_recipe(letter)
        inputs = set(own_trap_inputs(question, letter))
        assert set(recipe.depends if recipe else ()) <= inputs
        from quizgen.marking.recipes import recipe_parts
        assert {n for _, text in (stored.traps if stored else ()) for n in recipe_parts(text)} <= inputs
    assert any(not set(question.ecf_recipe(letter).depends) >= set(own_trap_inputs(question, letter))
               for letter, question in ((k, c.question_rules()) for k, c in checkers.items())
               if question.ecf_recipe(letter) is not None)
