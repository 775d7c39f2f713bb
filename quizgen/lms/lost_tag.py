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
with several, of those attempts, each counted as a student, and of the
students with one attempt) were traced to. Where those differ (a slot drawing from
several templates of other parts or points), the ones most of those rows have
are taken, and the reason grade gives says so, unless the cell's own response
has more parts than those (a Cloze ``part 3: ...`` where the most common has two):
then the most common of the column's with parts enough. Where two are as common,
no row of the attempts graded carries the column's tag, or none of its templates
has parts enough for the response, which to take cannot be told, and the cell is
left out of the paper as before (the warning says so: quizgen.lms.untagged)."""

from __future__ import annotations

from collections import Counter


def lost_templates(rows: list, banks=(), others=()) -> tuple:
    """``({cell: template}, left)`` for the cells ``(student, attempt, slot)``
    of ``rows`` (ResponseRow, one attempt a student) that lost their tag: the
    template whose parts and points that cell's question takes (of those the
    slot's tagged rows, of ``rows`` and of ``others``, were traced to, the most
    common among those with the parts and points most of the rows have; ties:
    by name; one with parts enough for the cell's response when those have too
    few), and the cells ``left`` (a set) left out (see the module). ``others``:
    rows that only tell the slots' templates (attempt_choice.attempt_scores')."""
    cells = Counter((r.student_id, r.attempt, r.slot) for r in rows if r.tag_lost and r.answered)
    cells.update({(r.student_id, r.attempt, r.slot): 0 for r in rows if r.tag_lost})
    by_slot, shapes, counts = _slot_templates({slot for _, _, slot in cells}, [*rows, *others], banks)
    chosen, left = {}, set()
    for cell, parts in cells.items():
        found = by_slot.get(cell[2])
        if found is not None and len(shapes[found]) < parts:   # the response has more parts: another template
            fits = [t for t in counts[cell[2]] if len(shapes[t]) >= parts]
            found = min(fits, key=lambda t: (-counts[cell[2]][t], t)) if fits else None
        if found is None:
            left.add(cell)
        else:
            chosen[cell] = found
    return chosen, left


def _slot_templates(lost: set, rows: list, banks) -> tuple:
    """``(slot choices, shapes, counts)`` for ``lost_templates``: each slot's template by the most
    common parts and points, each template's shape, and how many students each slot's templates had."""
    if not lost:
        return {}, {}, {}
    given = {}   # {slot: {template: students given it there}}
    for r in rows:
        if r.slot in lost and not r.tag_lost and r.template:
            given.setdefault(r.slot, {}).setdefault(r.template, set()).add(r.student_id)
    shapes = template_shapes(sorted({t for templates in given.values() for t in templates}), banks)
    chosen, counts = {}, {}
    for slot in sorted(lost):
        counts[slot] = {template: len(students) for template, students in given.get(slot, {}).items()}
        ranked = Counter()
        for template, count in counts[slot].items():
            ranked[shapes[template]] += count
        ranked = ranked.most_common(2)
        if ranked and not (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
            chosen[slot] = min((t for t in counts[slot] if shapes[t] == ranked[0][0]),
                               key=lambda t: (-counts[slot][t], t))
    return chosen, shapes, counts


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
