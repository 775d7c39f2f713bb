"""Why a draw is thrown away: ``Rejected``, the check that no answer to a
part could match two of its values (the answer and the traps) or words, and
``ran_out``, the error once no draw passes."""

from __future__ import annotations

from quizgen.bank.yamlfile import locate_line
from quizgen.errors import SamplingError
from quizgen.maths.answers import normalise_word
from quizgen.maths.exact import to_float
from quizgen.maths.rounding import figure_places, float_to_places
from quizgen.maths.tolerance import DEFAULT_SIGFIGS, matches, overlapping_pair


class Rejected(Exception):
    """A draw that must be thrown away; the message says why, and ``where``
    names the template key at fault (``("constraints", 0)``), for validate."""

    def __init__(self, message: str, where: tuple = (), clash: str | None = None):
        super().__init__(message)
        self.where, self.clash = where, clash   # clash: "answer" or "trap", the value a trap came too near


def check_separation(pv) -> None:
    """Reject a draw where one answer could match two of the part's values (the answer and its traps) or words."""
    spec, kind = pv.part.tolerance, pv.part.kind
    values = [to_float(pv.value)] if pv.value is not None else []
    values += [to_float(t.value) for t in pv.traps if t.value is not None]
    pair = overlapping_pair(values, spec, "integer" if kind == "integer" else "numeric")
    if pair is not None:
        numbers = [("the answer", ("answer",))] if pv.value is not None else []
        numbers += [(t.code, ("traps", j)) for j, t in enumerate(pv.traps) if t.value is not None]
        (name_a, _), (name_b, where) = numbers[pair[0]], numbers[pair[1]]
        raise Rejected(f"part {pv.part.name}: {name_a} ({values[pair[0]]:.6g}) and {name_b} "
                       f"({values[pair[1]]:.6g}) are within tolerance of each other", where,
                       _clash(pv, pair, values))
    if kind == "numeric" and pv.value is not None:
        _check_early_roundings(pv, spec, values[0])
    if any(trap.words for trap in pv.traps):
        _check_words(pv)


def _check_early_roundings(pv, spec: dict, answer: float) -> None:
    """Reject a draw where the answer rounded one figure too early (0.7513 to
    0.75 where 3 significant figures are asked for) falls into a trap (C1's
    z_t / sum z = 3/4): such an answer could be either slip, and the grader
    would name the trap to a student who only rounded early. An answer two
    figures short (0.6 for 0.5761) is more likely the trap's slip than so
    coarse a rounding, and the trap names it."""
    if answer == 0 or "atol" in spec or "rtol" in spec:
        return   # a window, not figures, is asked for
    figures = spec.get("sigfigs", DEFAULT_SIGFIGS)
    if figures < 2:
        return
    early = float_to_places(answer, figure_places(answer, figures - 1))
    for j, trap in enumerate(pv.traps):
        value = None if trap.value is None else to_float(trap.value)
        if value is not None and matches(early, value, spec):
            raise Rejected(f"part {pv.part.name}: {trap.code} ({value:.6g}) is the answer ({answer:.6g}) rounded "
                           f"too early ({early:.6g})", ("traps", j), "early")


def _clash(pv, pair: tuple, values: list) -> str:
    """What a trap came too near, for the advice when no draw passes (``ran_out``):
    equal values (to float noise: two routes to one exact value may differ in
    the last bit) or merely near ones."""
    what = "answer" if pv.value is not None and pair[0] == 0 else "trap"
    a, b = values[pair[0]], values[pair[1]]
    return what if abs(a - b) <= _SAME * max(abs(a), abs(b), _SMALL) else f"near {what}"


_SAME = 1e-12
_SMALL = 1e-3   # below it the noise is absolute: an answer of 0 and a trap of 5.6e-17 are one value
_ADVICE = {"answer": "this trap's value equals the answer: change the trap",
           "near answer": "this trap's value comes within tolerance of the answer in most draws: change "
                          "the trap, or add a constraint that keeps them apart",
           "early": "this trap's value is the answer rounded to fewer figures than asked in most draws: change "
                    "the trap, or add a constraint that keeps them apart",
           "trap": "these two traps have the same value: change one of them",
           "near trap": "these two traps come within tolerance of each other in most draws: change one "
                        "of them, or add a constraint that keeps them apart"}


def clash_advice(clash) -> str:
    """``"; what to do"`` for the clash of the rejection most draws met (generate and validate say the same)."""
    return f"; {_ADVICE[clash]}" if clash in _ADVICE else ""


def _check_words(pv) -> None:
    """No trap word of ``pv`` (a sampling.PartValue) is accepted, and no word is in two traps."""
    accepted = {normalise_word(w) for w in pv.accept}
    seen = {}
    for j, trap in enumerate(pv.traps):
        for word in map(normalise_word, trap.words):
            if word in accepted:
                raise Rejected(f"part {pv.part.name}: trap {trap.code} word {word!r} is also accepted",
                               ("traps", j, "words"))
            if seen.setdefault(word, trap.code) != trap.code:
                raise Rejected(f"part {pv.part.name}: word {word!r} is in two traps", ("traps", j, "words"))


def ran_out(template, counts, last: dict) -> SamplingError:
    """No draw passed: name the most frequent rejection (a clash of a trap with
    the answer, say, rather than whichever constraint failed last)."""
    if not counts:
        return SamplingError(f"template {template.id} ({template.path}): no parameters passed; no attempt made")
    (where, count), = counts.most_common(1)
    message, clash = last[where]
    reason = f"{'.'.join(map(str, where))}: {message}" if where else message
    advice = clash_advice(clash)
    line = locate_line(template.path, where) if where else None
    return SamplingError(f"template {template.id} ({template.path}{f':{line}' if line else ''}): no parameters "
                         f"passed in {template.max_tries} tries; {count} were rejected at {reason}{advice}")
