"""The resource budget of one template: what a bank may ask of quizgen before
it is refused with a file:line message (BankLimitError, exit 2). Each cap
is far above what a real question needs (docs/authoring.md lists them)."""

from __future__ import annotations

import time
from collections import Counter
from fractions import Fraction

from quizgen.bank.yamlfile import locate_line
from quizgen.errors import BankLimitError
from quizgen.maths.exact import MAX_BITS, Exact, NumberTooBig
from quizgen.maths.rationals import parts
from quizgen.maths.tree import Bin, Call, Compare, Const, Index, Logic, Name, Neg, Num

MAX_TRIES = 10_000          # max_tries may be at most this
DRAW_SECONDS = 10.0         # time to find one instance, over all its tries (a backstop, see DrawLedger)
DRAW_WORK = 20_000_000      # units of work to find one instance, over all its tries
RUN_WORK = 500_000          # units of work per instance made, on average, over one run of a template
TRY_WORK = 100              # units of work of a try itself, before its parameters and expressions
MAX_LETS = 200              # lets in one template (each may build on the last)
MAX_ITEMS = 10_000          # items in a vector, a sample or any list value
MAX_GRID_POINTS = 10 ** 12  # points of a decimal grid (drawn lazily, never listed)
MAX_NODES = 5_000           # nodes of an irrational value's expression, counted written out
MAX_NAME = 100              # characters of a template id or class
MAX_TEMPLATES = 500         # template files in one bank folder (validate takes about 2.5 s each)


# MAX_BITS (1,100 bits of an exact number's numerator or denominator, about
# 10**330) lives in quizgen.maths.exact, which holds every number made inside an
# expression to it as it is made (NumberTooBig); lets and parameters are checked here.


class TooBig(Exception):
    """A value over budget found where the template is not known; the caller
    turns it into a :func:`limit_error` naming the template key."""

    def __init__(self, what: str, cap):
        super().__init__(what)
        self.what, self.cap = what, cap


def check_count(count, what: str, cap: int = MAX_ITEMS) -> None:
    """Refuse a count (a vector's size, a grid's points) over ``cap`` before anything is made."""
    if count > cap:
        raise TooBig(what, f"{cap:,}")


def limit_error(template, where: tuple, what: str, cap, detail: str = "") -> BankLimitError:
    """A BankLimitError naming the template file (``template.path``), the line of ``where`` and the limit
    (``detail``: what more to say, after a semicolon)."""
    return BankLimitError(f"{what} exceeds the limit of {cap} (see docs/authoring.md){detail}", path=template.path,
                          line=locate_line(template.path, where), key=".".join(map(str, where)) or None)


def refuse_huge(template, exc: Exception) -> None:
    """A draw that failed on an exact number over MAX_BITS made inside an
    expression (``NumberTooBig``, the cause of the Rejected that names the key)
    is the template's limit error, as a let over it is (:func:`check_value`),
    not a rejected draw to try again."""
    cause = exc if isinstance(exc, NumberTooBig) else exc.__cause__
    if isinstance(cause, NumberTooBig):
        raise limit_error(template, getattr(exc, "where", ()), cause.what, cause.cap) from None
    if _too_deep(exc):   # the same in every draw: refused once, not 500 tries rejected
        raise limit_error(template, getattr(exc, "where", ()), *NESTING) from None


NESTING = ("the nesting of an exact expression",
           "what Python can work out (some hundreds of levels: a sum of hundreds of irrational terms, each a level)")
"""An exact expression Python cannot print or work out in floats: the limit's words."""


def _too_deep(exc: BaseException) -> bool:
    """Whether a RecursionError lies in ``exc``'s chain of causes (a few links at most)."""
    for _ in range(4):
        if exc is None:
            return False
        if isinstance(exc, RecursionError):
            return True
        exc = exc.__cause__
    return False


def deadline() -> float:
    """When the draw that starts now runs out of time."""
    return time.monotonic() + DRAW_SECONDS


def check_time(template, ends: float, counts=None, last=None) -> None:
    """Refuse a template whose draws take longer than DRAW_SECONDS in all,
    naming the key where most of its tries were rejected (``counts``: tries
    rejected by key; ``last``: the last rejection's text at each, as
    sampling.sample_instance keeps them), as "no draw passed" does."""
    if time.monotonic() > ends:
        where, detail = ("max_tries",) if "max_tries" in template.raw else (), ""
        if counts:
            (where, count), = counts.most_common(1)
            detail = (f"; {count} of {sum(counts.values())} tries were rejected "
                      f"{'here' if where else 'by a failed expression'}: {last[where][0]}")
        raise limit_error(template, where, "time to draw one instance", f"{DRAW_SECONDS:g} s", detail)


class Work:
    """The units of work this process's draws have done (generation/sampling.py
    counts them): a try itself TRY_WORK, a parameter's item drawn one, an
    expression evaluated its node count times the length of the widest list
    met so far in the draw. Counted, never timed, so a draw's cost is the same
    on every machine."""

    units = 0


FAILED = "an expression failed: "
"""How a try thrown away by an expression's failure starts its reason (generation/separation.expression_failed)."""


class DrawLedger:
    """The work spent drawing one template's instances in one run (a paper's
    run of a template, an export's variants, a drill session): each instance
    may take up to DRAW_WORK units, and the run as a whole DRAW_WORK plus
    RUN_WORK for every instance made. Work is counted, not timed (:class:`Work`),
    so a run stops at the same draw on every machine. Its record of the rejected tries, by key,
    is what generation/failures.py reads after the run: those a failed expression threw away."""

    def __init__(self, template, purpose: str = ""):
        self.template, self.purpose = template, purpose   # purpose: what the draws are for, if not the paper's
        self.spent, self.made, self.tries, self.rejected = 0, 0, 0, 0
        self.started = 0   # ``spent`` when the instance being drawn was begun
        self.where, self.last = Counter(), {}   # tries rejected by key, and the last rejection's text at each
        self.failed = {}   # {key: [tries a failed expression threw away there, the last one's reason]}

    def begin(self) -> None:
        """An instance is about to be drawn."""
        self.started = self.spent

    def charge(self, units: int, kept: bool, rejected: tuple = ((), "")) -> None:
        """Count one try of ``units`` work (``kept``: it made an instance; else ``rejected``, the key
        where it was rejected and why); refuse the run once over budget."""
        self.spent += units
        self.tries += 1
        if kept:
            self.made += 1
        else:
            self.rejected += 1
            self.where[rejected[0]] += 1
            self.last[rejected[0]] = rejected[1]
            if rejected[1].startswith(FAILED):
                failed = self.failed.setdefault(rejected[0], [0, ""])
                failed[0], failed[1] = failed[0] + 1, rejected[1][len(FAILED):]
        if self.spent - self.started > DRAW_WORK or self.spent > DRAW_WORK + self.made * RUN_WORK:
            raise self.error()

    def error(self) -> BankLimitError:
        """The one line: the template file, the key and line where most tries were rejected (when
        most were, as ``check_time`` names them), how many instances were drawn, why
        and what to change."""
        where, why = (), f"each draw is too slow ({self.spent // max(self.tries, 1):,} units of work a try)"
        if self.rejected * 2 > self.tries:
            (where, count), = self.where.most_common(1)
            here = "all of them" if count == self.rejected else f"{count:,} of them"
            why = (f"too many rejected draws ({self.rejected:,} of {self.tries:,}; {here} "
                   f"{'here' if where else 'by a failed expression'}: {self.last[where]})")
        return BankLimitError(
            f"drawing {self.template.id} stopped after {self.made:,} instance{'s' * (self.made != 1)}"
            f"{f' ({self.purpose})' if self.purpose else ''}: {why}, over the budget of {DRAW_WORK:,} units "
            f"for one instance and {RUN_WORK:,} an instance on average (see docs/authoring.md); "
            f"loosen the constraints, lower max_tries or shrink the vectors", path=self.template.path,
            line=locate_line(self.template.path, where), key=".".join(map(str, where)) or None)


def within_one_draw(template, work: int, step: str) -> int:
    """``work``, the units one try has spent so far, while within DRAW_WORK: a
    single try that needs more is refused at once (the ledger counts a try only
    when it ends, and one try of heavy lets over long lists took seconds)."""
    if work > DRAW_WORK:
        raise BankLimitError(f"one draw alone needs more than {DRAW_WORK:,} units of work (by {step!r}; see "
                             "docs/authoring.md): shrink the vectors or simplify the lets", path=template.path)
    return work


def check_value(template, where: tuple, value):
    """``value`` if its size is within budget (items, digits, expression size), else a BankLimitError."""
    if value.__class__ is Fraction and _small(value):
        return value   # the commonest case, without the calls below
    try:
        problem = _too_big(value)
    except RecursionError:
        problem = NESTING
    if problem:
        raise limit_error(template, where, *problem)
    return value


def _too_big(value):
    """What is over budget in ``value`` and its cap, or None. Every let and
    parameter of every draw comes through here, so the common cases go first."""
    cls = value.__class__
    if cls is Fraction:
        return _too_big_number(value)
    if cls is Exact:
        if expression_size(value.node, MAX_NODES) > MAX_NODES:
            return "the size of an exact expression", f"{MAX_NODES:,} terms"
        return None
    if cls is tuple or cls is list:
        if len(value) > MAX_ITEMS:
            return "the length of a list", f"{MAX_ITEMS:,} items"
        for item in value:
            if item.__class__ is Fraction and _small(item):
                continue
            if item.__class__ is Exact and _SIZES.get(item.node, _UNKNOWN) <= MAX_NODES:
                continue   # a value met before, known small (the elements of lists repeat)
            problem = _too_big(item)
            if problem:
                return problem
    return None


def _small(value: Fraction) -> bool:
    numerator, denominator = parts(value)
    return numerator.bit_length() <= MAX_BITS and denominator.bit_length() <= MAX_BITS


def _too_big_number(value: Fraction):
    if _small(value):
        return None
    return NumberTooBig.what, NumberTooBig.cap   # the words of a number over it inside an expression


_SIZES: dict = {}
SIZES_LIMIT = 65536
_UNKNOWN = MAX_NODES + 1
_LEAVES = (Num, Const, Name)
_CHILDREN = {Bin: lambda n: (n.left, n.right), Neg: lambda n: (n.operand,), Call: lambda n: n.args,
             Index: lambda n: (n.base, n.index), Compare: lambda n: n.operands, Logic: lambda n: n.operands}


def expression_size(node, cap: int) -> int:
    """The node count of an expression tree written out (shared subtrees
    counted each time, as printing would), at most ``cap + 1``. Remembered per
    node (nodes never change and hash by identity; the cache holds the node, so
    its id cannot be reused), so a let built on earlier ones costs only its own
    new nodes."""
    cls = node.__class__
    if cls in _LEAVES:
        return 1
    total = _SIZES.get(node)
    if total is not None:
        return total
    total = 1
    for child in _CHILDREN[cls](node):
        total += 1 if child.__class__ in _LEAVES else expression_size(child, cap)
    if total > cap:
        total = cap + 1
    if len(_SIZES) >= SIZES_LIMIT:
        _SIZES.clear()
    _SIZES[node] = total
    return total


def forget_sizes() -> None:
    """Empty the memo of expression sizes. It holds every node it has sized, and each
    draw makes new nodes, so a worker of generate empties it after each chunk of
    questions (the next chunk's nodes are new anyway)."""
    _SIZES.clear()
