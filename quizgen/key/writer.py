"""Writing the answer key: key.json holds everything the grader needs (seed,
parameters, exact values, tolerance rules, misconceptions) in the version-4
layout of quizgen/key/compact.py (6 when a template sets ``ecf_credit``); key.csv holds what a person checks by eye."""

from __future__ import annotations

import csv
import io

from quizgen import __version__
from quizgen.key.entries import csv_text, dump, key_text
from quizgen.key.exact_check import DIGEST_FIELD, values_digest
from quizgen.key.load import KEY_CSV_COLUMNS
from quizgen.key.model import FORMAT, VERSION
from quizgen.key.question_fields import version_with
from quizgen.key.papercode import paper_code


KEY_FILES = ("key.json", "key.csv")
"""The names of the key's two files."""


def key_streams(quiz) -> dict:
    """key.json and key.csv as {name: pieces of text}, to be written as made.
    Built from each question's key text (made once, in a worker with ``--jobs``),
    with one question record per line: readable, diff-friendly, and written by
    the C encoder."""
    return dict(zip(KEY_FILES, (_key_json(quiz), _key_csv(quiz))))


def _key_json(quiz):
    version = version_with((key_text(q).ecf_credit for q in _every_question(quiz)), VERSION)
    head = {"format": FORMAT, "version": version, "quizgen": __version__, "seed": quiz.seed,
            "worked_examples": quiz.worked_examples}
    if getattr(quiz, "paper_files", None):   # what a later run may replace or remove (generation/outdir.py)
        head["files"] = quiz.paper_files
    if quiz.papers:   # how the students' papers were printed, for generate --only
        head["printed"] = quiz.printed
    if getattr(quiz, "secret", ""):
        head["secret"] = quiz.secret
        head["papers"] = paper_codes(quiz)
    yield "{\n" + "".join(f"  {dump(name)}: {dump(value)},\n" for name, value in head.items())
    yield '  "templates": {\n' + ",\n".join(f"    {dump(name)}: {text}" for name, text in _templates(quiz)) + "\n  },\n"
    yield '  "questions": [\n'
    for i, question in enumerate(quiz.questions):
        yield (",\n    " if i else "    ") + key_text(question).record
    yield "\n  ]"
    if quiz.papers:
        yield ',\n  "students": {\n'
        yield ",\n".join(f"    {dump(p.student_id)}: {_paper_json(p)}" for p in quiz.papers)
        yield "\n  }"
    yield f',\n  {dump(DIGEST_FIELD)}: {dump(_digest(quiz))}\n}}\n'


def _digest(quiz) -> str:
    """The digest of the key's parts' exact forms and values (quizgen.key.exact_check)."""
    return values_digest([pair for q in _every_question(quiz) for pair in key_text(q).values])


def _every_question(quiz) -> list:
    """Every question of the quiz, the class paper's then each student's, in key order."""
    return [*quiz.questions, *(q for paper in quiz.papers for q in paper.questions)]


def paper_codes(quiz) -> dict:
    """{paper code: {"seed": its seed label, "student_id": ...}} for the class
    paper and every student's: what grade reads a written code back to."""
    papers = [("", str(quiz.seed))] + [(p.student_id, str(p.seed)) for p in quiz.papers]
    codes = {}
    for student_id, seed in papers:
        record = {"seed": seed, "student_id": student_id} if student_id else {"seed": seed}
        codes[paper_code(quiz.secret, seed)] = record
    return codes


def _templates(quiz) -> list:
    """(template id, shared record text) for each template of the quiz, in first-use order."""
    found = {}
    for question in _every_question(quiz):
        text = key_text(question)
        found.setdefault(text.template, text.template_record)
    return list(found.items())


def _key_csv(quiz):
    """key.csv: a row per question part of the paper handed out, or with
    student papers a row per part of each student's own paper, their id first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if quiz.papers:
        writer.writerow(("student_id",) + KEY_CSV_COLUMNS)
        for paper in quiz.papers:
            prefix = csv_text([[paper.student_id, ""]])[:-1]   # the student's id cell (guarded) and its comma
            out.write("".join(prefix + line for question in paper.questions
                              for line in key_text(question).csv.splitlines(keepends=True)))
            yield _taken(out)
    else:
        writer.writerow(KEY_CSV_COLUMNS)
        for start in range(0, len(quiz.questions), 1000):
            for question in quiz.questions[start:start + 1000]:
                out.write(key_text(question).csv)
            yield _taken(out)
    yield _taken(out)


def _taken(buffer: io.StringIO) -> str:
    """What ``buffer`` holds, leaving it empty."""
    text = buffer.getvalue()
    buffer.seek(0)
    buffer.truncate()
    return text


def _paper_json(paper) -> str:
    records = ", ".join(key_text(q).record for q in paper.questions)
    return f'{{"name": {dump(paper.name)}, "seed": {dump(paper.seed)}, "questions": [{records}]}}'
