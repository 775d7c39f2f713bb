"""Does a trap's name or feedback tell a later part's answer? The drill prints a trap's name and
feedback the moment the learner's answer matches it, before the later parts are asked (C5
(a)'s "it is the mean that has no value" would answer (b), "undefined"); a paper's feedback sheet
shows it after the exam, where it gives nothing away, so only the earlier-part case is a problem.

What can be checked reliably, on each sampled draw:

- a number the feedback prints within tolerance of a later numeric part's answer, as the paper's
  leak check reads numbers (validation/leaks.py; a whole number written without decimals equal to
  a whole-number answer is let pass, as there: a count or a position, not the answer): refused
  when it does so on most draws (it tracks the answer), a warning on fewer (``numeric_leaks``);
- a later word part's answer, the word the key states (its first accepted word; the others are
  often plain English, C8's ``negative`` for the class ``neg``), as whole words, in the name or the
  feedback: but not ``yes``, ``no``, ``true`` or ``false`` (every English sentence may hold them:
  "the true label"), nor a word the
  question has already printed in its stem or in the asks up to this part.

What it cannot see is a sentence that ties a word the stem prints to a later answer: C8's stem
lists every class, and "that is the probability of contradiction, the class the model predicts"
answered (c) with a word printed before; such feedback is for the author to word with care
(docs/authoring.md).

A number the question has already printed up to this part is let pass for the same reason."""

from __future__ import annotations

import re

from quizgen.generation.quiz import Question
from quizgen.generation.views import question_view
from quizgen.maths.answers import normalise_word
from quizgen.maths.tolerance import half_width
from quizgen.text.printed_numbers import printed_numbers
from quizgen.text.render import jinja_context, render_many
from quizgen.validation.leaks import Target, text_leaks
from quizgen.validation.problems import problem_at

_YES_NO = frozenset(("yes", "no", "true", "false"))
"""A yes/no or true/false part's stock answers: plain words of any feedback, never counted as told."""


def trap_leak_problems(inst, numeric: dict) -> list:
    """A problem at each trap name or feedback of one draw ``inst`` that states a later part's word answer;
    one that prints a number within tolerance of a later answer is counted in ``numeric`` instead, by key:
    ``numeric_leaks`` judges it over all the draws."""
    view = question_view(Question("Q1", inst), "text")
    context, problems = jinja_context(inst.env), []
    shown = view["stem"]
    for i, pv in enumerate(inst.parts[:-1]):
        shown += "\n" + view["parts"][i]["ask"]
        later = inst.parts[i + 1:]
        targets, words = _numbers(later, shown), _words(later, shown)
        feedback = render_many([trap.feedback for trap in pv.traps], context, "text") if pv.traps else []
        for j, (source, text) in enumerate(zip(pv.part.traps, feedback)):
            for key, said in (("name", source.name), ("feedback", text)):
                told, number = _told(said, targets, words)
                if not told:
                    continue
                where, message = ("parts", i, "traps", j, key), _told_message(key, pv.letter, told, inst.seed_label)
                if number:
                    count, first = numeric.get(where, (0, message))
                    numeric[where] = (count + 1, first)
                else:
                    problems.append(problem_at(inst.template.path, where, message))
    return problems


def _told_message(key: str, letter: str, told: str, seed_label) -> str:
    """The problem's words on a trap's ``key`` (name or feedback) at part ``letter`` that states ``told``."""
    return (f"this trap's {key} at ({letter}) states {told} (seed {seed_label}); the drill shows it as soon as an "
            "answer matches the trap, before that part is asked: say what went wrong without the later answer")


def numeric_leaks(path, numeric: dict, samples: int) -> tuple:
    """(problems, warnings) for the numbers ``trap_leak_problems`` counted: a number that lands within
    tolerance of a later answer on most of the ``samples`` draws (more than half) tracks that answer and is
    refused; on fewer it is a coincidence of some draws, which the learner cannot read as the answer, and
    gets a warning saying on how many, so the verdict does not turn on ``--samples``."""
    problems, warnings = [], []
    for where, (count, message) in sorted(numeric.items()):
        if 2 * count > samples:
            problems.append(problem_at(path, where, message))
        else:
            warnings.append(problem_at(path, where, f"warning: on {count} of {samples} draws (fewer than half: a coincidence, not refused), {message}"))
    return problems, warnings


def _numbers(later: list, shown: str) -> list:
    """Targets for the later numeric parts' answers that ``shown`` does not print already."""
    printed = [value for _, value in printed_numbers(shown)]
    targets = []
    for pv in later:
        if pv.value is None or pv.part.kind == "word":
            continue
        value = float(pv.value)
        kind = "integer" if pv.part.kind == "integer" else "numeric"
        target = Target(f"({pv.letter})'s answer", value, half_width(value, pv.part.tolerance or {}, kind), True)
        if not any(target.hit_by(number) for number in printed):
            targets.append(target)
    return targets


def _words(later: list, shown: str) -> list:
    """(word, letter) for the later word parts' stated answers that ``shown`` does not hold already."""
    seen = normalise_word(shown)
    return [(word, pv.letter) for pv in later if pv.part.kind == "word" and pv.accept
            for word in [normalise_word(pv.accept[0])]
            if word and word not in _YES_NO and not _holds(seen, word)]


def _told(text: str, targets: list, words: list) -> tuple:
    """What of a later answer ``text`` states, in words for the message, or None; and whether it is a number."""
    leaks = text_leaks(text, targets, whole_numbers=False)
    if leaks:
        leak = leaks[0]
        return f"{leak.shown}, within tolerance of {leak.target.label} {leak.target.value:.6g}", True
    plain = normalise_word(text)
    for word, letter in words:
        if _holds(plain, word):
            return f"{word!r}, the answer to ({letter})", False
    return None, False


def _holds(text: str, word: str) -> bool:
    """Whether ``word`` stands in ``text`` as whole words (both normalised)."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None
