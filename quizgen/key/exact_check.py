"""A key part's ``value`` checked against its ``exact`` form on loading: a key
edited by hand (a value changed, its exact form left) would mark against one
and show the other ("0.786 correct" beside "expected 0.5000").

The exact form is valued by the maths core's own parser and float
arithmetic (quizgen.maths.parser, quizgen.maths.evaluate), never SymPy or
eval. It stays cheap for a key of 20,000 instances: each distinct exact text
is valued once (``_VALUES``), and its numbers are taken out first, so the
parse and compilation are made once per shape (``exp(_)/(E + exp(_))``, a
few hundred in a key) and only the compiled function runs per text. A shape
calling a function with no float form (``max`` of a list; no generated key
of any class has one) is not checked; an exact form that does not parse or
cannot be valued (``1/0``, an overflow) is refused, naming its JSON path.

Valuing every exact form of a 2,000-student key costs about 0.3 s, so
key.json stores a digest of its parts' exact forms and values
(``DIGEST_FIELD``, written by generate and ``Key.to_json``): a key read back
as written matches it, and only a key whose values or exact forms changed
since (or one written without it) has each part valued (``check_values``)."""

from __future__ import annotations

import hashlib
import math
import re
from array import array

from quizgen.errors import ExpressionError
from quizgen.key.checks import shown
from quizgen.maths.evaluate import FloatArithmetic, compile_tree
from quizgen.maths.parser import parse, template_policy

RTOL = 1e-6     # far above float error in a generated key's exact form, far below any tolerance that marks
ATOL = 1e-12    # beside a value of 0, whose float form may carry rounding error
LIMIT = 200_000   # distinct exact texts (and shapes) kept; cleared when full
NUMBER = re.compile(r"(?<![A-Za-z_0-9.])(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SPLIT = re.compile(f"({NUMBER.pattern})")
_NAMES = tuple(f"_n{i}" for i in range(64))
DIGEST_FIELD = "values_digest"   # key.json's field for values_digest
_VALUES: dict = {}
_SHAPES: dict = {}


class _Numbered(FloatArithmetic):
    """Float arithmetic whose names are the numbers taken out of an exact text."""

    @staticmethod
    def name(dotted: str):
        return lambda env: env[dotted]


def disagreement(exact, value) -> float | None:
    """The value of ``exact`` when ``value`` is not it (beyond RTOL, or ATOL
    beside 0), else None (they agree, or ``exact`` calls a function with no
    float form); ExpressionError, saying why, when ``exact`` does not parse or
    cannot be valued (``1/0``, ``foo(1)``, ``9^9^9^9``: a hand edit, which
    would otherwise pass as agreeing with any value)."""
    if exact is None or value is None:
        return None
    found = _VALUES.get(exact, False)
    if found is False:
        found = _value_of(exact)
        if len(_VALUES) >= LIMIT:
            _VALUES.clear()
        _VALUES[exact] = found
    if found.__class__ is str:
        raise ExpressionError(found)
    if found is None or abs(found - value) <= RTOL * max(abs(found), abs(value)) + ATOL:
        return None
    return found


def _value_of(exact: str):
    """The float value of the exact text; None when it calls a function with
    no float form; else why it cannot be valued (a str)."""
    pieces = _SPLIT.split(exact)   # text, number, text, ...: one pass
    numbers = pieces[1::2]
    if len(numbers) > len(_NAMES):   # too many to name: valued as it is, its shape not kept
        function, numbers = _compiled(exact, 0), ()
    else:
        shape = "_n".join(pieces[0::2])
        function = _SHAPES.get(shape, False)
        if function is False:
            function = _compiled(shape, len(numbers))
            if len(_SHAPES) >= LIMIT:
                _SHAPES.clear()
            _SHAPES[shape] = function
    if function is None or function.__class__ is str:
        return function
    try:
        found = function(dict(zip(_NAMES, map(float, numbers))))
    except OverflowError:   # Python's own "math range error" said in words
        return "its value is out of range"
    except (ExpressionError, ArithmeticError, ValueError, TypeError, RecursionError) as exc:
        return str(exc) or type(exc).__name__
    return found if math.isfinite(found) else "its value is not a finite number"


def _compiled(shape: str, count: int):
    """The float function of ``shape`` over its numbers ``_n0``, ``_n1``, ...;
    None when it calls a function with no float form; why, when it does not parse."""
    names = iter(_NAMES)
    try:
        text = re.sub(r"_n\b", lambda _: next(names), shape) if count else shape
        tree = parse(text, template_policy(_NAMES[:count]))
    except (ExpressionError, ValueError, TypeError, RecursionError, StopIteration) as exc:
        return f"it is not an expression quizgen reads: {exc}"
    try:
        return compile_tree(tree, _Numbered)
    except (ExpressionError, ArithmeticError, ValueError, TypeError, KeyError, RecursionError):
        return None


def values_digest(pairs) -> str:
    """A digest of ``pairs``, (exact form, value) of every numeric part in key
    order (the class paper's questions, then each student's): what key.json
    stores under DIGEST_FIELD."""
    exacts, values = zip(*pairs) if pairs else ((), ())
    digest = hashlib.sha256(array("d", values).tobytes())
    digest.update("\x1f".join(e or "" for e in exacts).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:32]


def check_values(located_parts) -> None:
    """Refuse a part whose value is not its exact form's; ``located_parts``
    gives (its JSON path as a ``Where``, the part) for each part."""
    for where, part in located_parts:
        try:
            found = disagreement(part.exact, part.value)
        except ExpressionError as exc:
            raise (where / "exact").fail(
                f"the exact form {shown(part.exact)} cannot be valued; {exc}; was it edited by hand? Put the "
                "generated exact form back (or generate the key again)") from exc
        if found is not None:
            raise (where / "value").fail(
                f"{part.value!r} is not the value of its exact form {shown(part.exact)}, which is {found:.10g}: "
                "was it edited by hand? Put the exact form's value back (or generate the key again)")
