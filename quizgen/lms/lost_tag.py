"""A quizgen question whose Moodle cell lost its ``[quizgen:...]`` tag on some
rows (a hand edit) while other rows of its column carry it: quizgen.lms.responses
reads such a cell as rows of no template and no variant (``tag_lost``).
quizgen cannot tell which variant the student saw, so it does as a careful
marker does, neither guessing nor dropping the question: the question goes on
that student's paper as one whose variant is unknown, its template's parts and
points with no seed label (lms.variants.key_questions), each part for a
person to mark (needs_review: quizgen.grading.lost_tag), its points counted in
their maximum.

The parts and points are those of the variants the column's other rows (of
the attempts graded; when attempt_choice marks each attempt of the students
with several, of theirs) were traced to. Where those differ (a slot drawing from
several templates of other parts or points), the ones most of those rows have
are taken, and the reason grade gives says so; where two are as common, or no
row of the attempts graded carries the column's tag, which to take cannot be
told, and the cell is left out of the paper as before (the warning says so:
quizgen.lms.untagged)."""

from __future__ import annotations

from collections import Counter


def lost_templates(rows: list, banks=()) -> tuple:
    """``({slot: template}, left)`` for the Moodle slots of which ``rows``
    (ResponseRow, one attempt a student) hold a cell that lost its tag: the
    template whose parts and points that cell's question takes (of those the
    slot's tagged rows were traced to, the most common among those with the
    parts and points most of the rows have; ties: by name), and the slots
    ``left`` (a set) whose such cells are left out (see the module)."""
    lost = {r.slot for r in rows if r.tag_lost}
    if not lost:
        return {}, set()
    given = {}   # {slot: {template: students given it there}}
    for r in rows:
        if r.slot in lost and not r.tag_lost and r.template:
            given.setdefault(r.slot, {}).setdefault(r.template, set()).add(r.student_id)
    shapes = template_shapes(sorted({t for templates in given.values() for t in templates}), banks)
    chosen, left = {}, set()
    for slot in sorted(lost):
        counts = {template: len(students) for template, students in given.get(slot, {}).items()}
        ranked = Counter()
        for template, count in counts.items():
            ranked[shapes[template]] += count
        ranked = ranked.most_common(2)
        if not ranked or len(ranked) == 2 and ranked[0][1] == ranked[1][1]:
            left.add(slot)
            continue
        chosen[slot] = min((t for t in counts if shapes[t] == ranked[0][0]), key=lambda t: (-counts[t], t))
    return chosen, left


def template_shapes(templates: list, banks=()) -> dict:
    """``{template: ((part letter, points), ...)}``: the parts and points every
    variant of each of ``templates`` has (its question of unknown variant's)."""
    from quizgen.lms.variants import key_questions

    if not templates:
        return {}
    questions = key_questions([("Q1", template, "") for template in templates], banks)
    return {template: part_shape(question) for template, question in zip(templates, questions)}


def part_shape(question) -> tuple:
    """A key question's parts as ``((letter, points), ...)``: what its parts and
    points are, whatever its variant (grade's reason compares the key's papers by it)."""
    return tuple((part.letter, part.points) for part in question.parts)
