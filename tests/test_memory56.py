"""The fifty-sixth round's memory fixes (docs/performance.md, "The fifty-sixth
round: per-student memory")."""

import pickle

from quizgen.bank.loader import select
from quizgen.generation import make
from quizgen.generation.quiz import seed_label, student_seed


def _chunk_from_a_worker(templates, student: str) -> list:
    """One student's questions as ``make_chunk`` makes them, come back through pickle as from a worker."""
    make._init_worker(templates, ("md",))
    plan = [make.PlanItem(f"Q{n + 1}", n, seed_label(student_seed(4, student), t.id, 0))
            for n, t in enumerate(templates)]
    questions = make._make_chunk(plan)[0]
    return pickle.loads(pickle.dumps(questions, pickle.HIGHEST_PROTOCOL))


def test_chunks_from_workers_share_their_repeated_texts(bank):
    templates = select(bank, "C1,C7")
    first, second = _chunk_from_a_worker(templates, "s1"), _chunk_from_a_worker(templates, "s2")
    assert first[0].key.template_record is not second[0].key.template_record   # each chunk its own copy
    seen = {}
    for chunk in (first, second):
        make.shared_texts(chunk, seen)
    for one, other in zip(first, second):
        assert one.key.template_record == other.key.template_record
        assert one.key.template_record is other.key.template_record
        assert one.summaries["md"]["title"] is other.summaries["md"]["title"]
        assert one.summaries["md"]["answers_note"] is other.summaries["md"]["answers_note"]
        assert one.key.record is not other.key.record   # each question's own texts are left alone


def test_a_key_reads_each_number_written_more_than_once_as_one_float():
    from quizgen.key.load import _decoded
    data = _decoded('{"a": [0.5, 2.5e-3, -0.0], "b": {"x": 0.5, "y": 2.5e-3, "z": 0.0, "n": 7}}')
    assert data == {"a": [0.5, 0.0025, -0.0], "b": {"x": 0.5, "y": 0.0025, "z": 0.0, "n": 7}}
    assert data["a"][0] is data["b"]["x"] and data["a"][1] is data["b"]["y"]
    assert str(data["a"][2]) == "-0.0" and str(data["b"]["z"]) == "0.0"   # told apart by their texts


def test_a_writer_done_with_its_pass_keeps_no_tails_and_writes_the_same_rows():
    import io

    from quizgen.grading.outcome import problem_outcome
    from quizgen.grading.writer import RowWriter
    from quizgen.key.status import Status

    out = io.StringIO()
    writer = RowWriter(out, ",")
    outcome = problem_outcome(Status.INVALID, "could not read 'x, y' as a number")
    writer.row(["s1", "Q1", "a", "x"], outcome)
    assert writer.tails
    writer.pass_done()
    assert not writer.tails
    writer.row(["s1", "Q1", "a", "x"], outcome)
    first, second = out.getvalue().splitlines()
    assert first == second
