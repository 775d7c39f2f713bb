"""Finding a variant's tag ``[quizgen:<template>:<seed label or code>]``
(Canvas: ``...:<part>]``) in an LMS question text, in time linear in the text.

The tag reads as the pattern
``\\[quizgen:([^:\\]\\s]+):([^\\]]+?)(?::([a-z]+))?\\]`` would read it (its
last match: the tag line ends the question text), but a regular expression
search takes time quadratic in a cell holding many ``[quizgen:`` and no ``]``
(a 100 KB Moodle question cell took 20 s): each start scans to the end again. This scanner looks at each start
once and finds each closing bracket once."""

from __future__ import annotations

OPEN = "[quizgen:"
_PART_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


class TagMatch:
    """A found tag, read as a ``re.Match`` of the pattern above is: group 1 the
    template, 2 the seed label (or code), 3 the part letters or None."""

    __slots__ = ("_groups",)

    def __init__(self, template: str, variant: str, part):
        self._groups = (template, variant, part)

    def group(self, index: int = 0):
        """The template (1), seed label (2) or part (3), as ``re.Match.group``."""
        if index == 0:
            tail = f":{self._groups[2]}" if self._groups[2] is not None else ""
            return f"{OPEN}{self._groups[0]}:{self._groups[1]}{tail}]"
        return self._groups[index - 1]

    def groups(self) -> tuple:
        return self._groups


def search(text: str) -> TagMatch | None:
    """The last tag in ``text``, or None: the last ``[quizgen:`` whose text
    up to the next ``]`` reads as ``template:label`` or ``template:label:part``.
    The last, as the tag line ends every question text quizgen exports
    (lms/html.py, TAG_LINE): a tag-shaped text before it (a bank stem quoting
    one, or a teacher's) is not the variant's. The starts are
    looked at from the right, each ``]`` found once: the next ``]`` after a
    start is searched for only up to the start to its right."""
    start, close, scanned = text.rfind(OPEN), -1, len(text)
    while start >= 0:
        inner = start + len(OPEN)
        nearer = text.find("]", inner, scanned)   # a "]" nearer than the start to the right's
        close, scanned = (nearer if nearer >= 0 else close), inner
        found = _read(text, inner, close) if close >= 0 else None
        if found is not None:
            return found
        start = text.rfind(OPEN, 0, start)
    return None


def _read(text: str, inner: int, close: int) -> TagMatch | None:
    """The tag whose text is ``text[inner:close]``, or None when it reads as none.
    The template ends at the first colon (which ends the scan at the latest at
    the next ``[quizgen:``'s own), and may hold no space."""
    colon = text.find(":", inner, close)
    if colon <= inner or any(c.isspace() for c in text[inner:colon]):
        return None
    rest = text[colon + 1:close]
    if not rest:
        return None
    last = rest.rfind(":")
    if last > 0 and last < len(rest) - 1 and all(c in _PART_LETTERS for c in rest[last + 1:]):
        return TagMatch(text[inner:colon], rest[:last], rest[last + 1:])
    return TagMatch(text[inner:colon], rest, None)


class _Tag:
    """``TAG.search(text)``: the interface of the compiled pattern it replaces."""

    pattern = r"\[quizgen:([^:\]\s]+):([^\]]+?)(?::([a-z]+))?\]"

    @staticmethod
    def search(text: str) -> TagMatch | None:
        return search(text)


TAG = _Tag()
