"""How a paper was printed: its title, course, date, paper size and layout.
A run with ``--students`` keeps in key.json (``"printed"``) those given
other than their defaults (``{}`` when none), so that ``--only`` remakes a
student's file as the full run printed the others without the instructor
repeating each option (docs/pdf.md): an option ``--only`` leaves out is the
recorded one, and one it gives otherwise is refused in one line. A key
without the field (written before it) cannot say how its papers were
printed: ``--only`` then takes the options as given, as it always did."""

from __future__ import annotations

from quizgen.errors import UsageError
from quizgen.wording import printable, shortened
from quizgen.key.checks import Where, mapping, text

PAPER_SIZES = ("a4", "letter")   # the first, the default
LAYOUTS = ("exam", "compact")
CHOICES = {"paper": PAPER_SIZES, "layout": LAYOUTS}
DEFAULTS = {"title": None, "course": "", "date": "", "paper": PAPER_SIZES[0], "layout": LAYOUTS[0]}
"""Each printed option and its default (``title`` None: the paper's own, generation.quiz.Quiz.title)."""


def given(**options) -> dict:
    """The options given (not None), by name."""
    return {name: value for name, value in options.items() if value is not None}


def resolved(options: dict) -> dict:
    """Every printed option: ``options``' value, else its default."""
    return {name: options.get(name, default) for name, default in DEFAULTS.items()}


def to_record(options: dict) -> dict:
    """What key.json's ``"printed"`` holds of ``options`` (resolved): those not at their default."""
    return {name: value for name, value in options.items() if value != DEFAULTS[name]}


def read_record(record, source: str) -> dict | None:
    """An earlier key's ``"printed"`` ``record`` as read (None when absent: unknown),
    each value checked as generate writes it; one line naming key.json's field otherwise."""
    if record is None:
        return None
    where = Where(source) / "printed"
    record = mapping(record, where)
    for name, value in record.items():
        if name not in DEFAULTS:
            raise (where / str(name)).fail(f"expected one of {', '.join(DEFAULTS)}")
        text(value, where / name)
        if name in CHOICES and value not in CHOICES[name]:
            raise (where / name).fail(f"expected one of {', '.join(CHOICES[name])}")
    return record


def as_printed(options: dict, record: dict | None, out_dir) -> dict:
    """The options for ``--only``: those ``options`` leaves out taken from the
    earlier run's ``record``; one given otherwise than the record is refused,
    as the remade file would not match the others handed out. No record (a key
    from before it): ``options`` as given."""
    if record is None:
        return resolved(options)
    printed = resolved(record)
    for name, value in options.items():
        if value != printed[name]:
            was = "no --title" if name == "title" and printed[name] is None else \
                f"--{name} {_shown(printed[name])}"
            raise UsageError(f"--only remakes papers as the others in {out_dir} were printed ({was}); "
                             f"--{name} {_shown(value)} would differ: leave --{name} out, and key.json's is used")
    return printed


def _shown(value) -> str:
    """An option's value as a message quotes it."""
    return repr(shortened(printable(value), 60))
