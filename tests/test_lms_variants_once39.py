"""Round 39 (hostile review): grading a Moodle download of 13,333 students
drew the export's one variant 13,333 times (20 s of a 40 s run); each
distinct (question, template, seed label) is now drawn once and shared."""

from quizgen.lms import variants


def test_each_distinct_variant_is_drawn_once(monkeypatch):
    calls = []
    real = variants.sample_instance
    monkeypatch.setattr(variants, "sample_instance", lambda template, label: calls.append(label) or real(template, label))
    wanted = [("Q1", "mlm-confident-correct", "42/mlm-confident-correct/0")] * 50 + \
             [("Q1", "mlm-confident-correct", "42/mlm-confident-correct/1")] * 3
    questions = variants.key_questions(wanted)
    assert len(questions) == 53 and len(calls) == 2
    assert questions[0] is questions[49] and questions[50].parts != questions[0].parts
