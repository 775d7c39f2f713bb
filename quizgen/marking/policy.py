"""The instructor's marking policy (``--policy policy.yaml``), read with the
safe loader (a key given twice refused, ``5e-1`` a number) and checked with
one-line errors naming the file and key:

    ecf_credit: 0.5            # a correct consequence of a wrong earlier answer: everywhere,
                               # or by template (class or id): ecf_credit: {C7: 0.5}; unset, each
                               # template's own ecf_credit (default 1)
    imprecise_credit: 0.25     # an answer rounded too early
    traps:                     # credit per misconception: everywhere ...
      log10_instead_of_ln: 0.5
      C7:                      # ... or for one template (class or id)
        wrong_label_branch: 0.25
    points:                    # points per part, by template (class or id)
      C7: {p: 2, loss_y1: 2, loss_y0: 2}
    carried_figures: 4         # intermediates carried to at least 4 s.f. (default 3)
    trailing_zeros: optional   # 0.25 for 0.250 is correct (default required: rounded too early)
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass, field
from pathlib import Path

from quizgen.errors import InputFileError
from quizgen.wording import WARNINGS_SHOWN, did_you_mean, first_few, lines_shown, printable, shortened
from quizgen.input_files import read_capped
from quizgen.key.checks import MAX_POINTS
from quizgen.marking.rules import Credits
from quizgen.maths.shares import RULE as SHARE_RULE, read_share

KEYS = ("ecf_credit", "imprecise_credit", "traps", "points", "carried_figures", "trailing_zeros")
TRAILING_ZEROS = ("required", "optional")   # the values of ``trailing_zeros``, the default first
MIN_POINTS = 1e-4
"""The fewest points a part may have other than none: graded.csv, the reports
and the gradebooks print points and scores to 4 decimals, as the key keeps a
part's points, so a part worth less (1e-320) shows 0 points everywhere and the
marks earned on it vanish (all parts that small: no class summary at all)."""


@dataclass(frozen=True)
class Policy:
    """A checked policy: credits are fractions 0..1, points non-negative."""

    ecf_credit: float | None = None   # None: each template's own (its ``ecf_credit``, default 1)
    imprecise_credit: float = 0.0
    traps: dict = field(default_factory=dict)
    template_traps: dict = field(default_factory=dict)
    points: dict = field(default_factory=dict)
    source: str = "policy"   # the file, for messages
    carried_figures: int = Credits.carried_figures
    text: str = field(default="", compare=False, repr=False)   # the file's YAML, for the line of a setting
    zeros_optional: bool = False   # ``trailing_zeros: optional``
    template_ecf: dict = field(default_factory=dict)   # ``ecf_credit: {C7: 0.5}``: by template id or class

    def credits_for(self, template_id: str, cls: str = "", own_ecf: float = 1.0) -> Credits:
        """The credits for one template (its own trap settings beat the general
        ones); ECF credit: the policy's for its id, its class, then for all,
        else the template's own (``own_ecf``)."""
        traps = dict(self.traps)
        for name in (cls, template_id):
            traps.update(self.template_traps.get(name, {}))
        return Credits(self.ecf_for(template_id, cls, own_ecf), self.imprecise_credit, traps, self.carried_figures,
                       self.zeros_optional)

    def ecf_for(self, template_id: str, cls: str, own_ecf: float = 1.0) -> float:
        """The ECF credit of a template: the policy's for it (by id, then class), its general one, else ``own_ecf``."""
        for name in (template_id, cls):
            if name in self.template_ecf:
                return self.template_ecf[name]
        return own_ecf if self.ecf_credit is None else self.ecf_credit

    def points_for(self, template_id: str, cls: str, part: str, default, letter: str = ""):
        """A part's points: the policy's (by template id, then class; the part
        named by its template name or its letter), else ``default``."""
        for name in (template_id, cls):
            given = self.points.get(name, {})
            for label in (part, letter):
                if label and label in given:
                    return given[label]
        return default

    def check_points_parts(self, parts_of: dict) -> None:
        """Refuse a ``points:`` part that its template (id or class, on this
        paper: ``parts_of`` maps each to its part names and letters) lacks: a
        typo there would leave the key's points without a word."""
        found = _first_unknown(self.points, parts_of)
        if found:
            name, label, labels = found
            raise InputFileError(f"{self.where(('points', name, label))}: points.{_shown(name)}.{_shown(label)}: {_shown(name)} "
                                 f"has no part {_shown(label)!r} (its parts: {', '.join(sorted(labels))})")

    def check_paper_points(self, key) -> None:
        """Refuse points that leave a paper of ``key`` (the class paper, a
        student's own) worth 0 in total: no one could score, and no percentage
        or class summary could be worked out."""
        papers = [("the class paper", key.questions)] if key.questions else []
        papers += [(f"{shortened(printable(p.student_id))}'s paper", p.questions) for p in key.papers]
        empty = next((name for name, questions in papers if questions and not sum(q.points for q in questions)), None)
        if empty is not None:
            raise InputFileError(f"{self.where('points')}: points: these points leave {empty} worth 0 points in "
                                 "total, so no student could score and no percentage can be worked out; give some "
                                 "part points")

    def where(self, path) -> str:
        """``file:line`` of the setting ``path`` (``points.C1.a``, or its keys as a
        tuple when a key may hold a dot: ``("points", "b.1", "a")``)."""
        return _where(self.source, self.text, path)

    def check_trap_codes(self, codes_of: dict) -> list:
        """Refuse a ``traps:`` code under a template (id or class) on this paper
        that lacks it, as for points; return one warning line per general code
        that no question on the paper has (a typo, or a class not on it).
        ``codes_of`` maps each template id and class on the paper to its codes."""
        found = _first_unknown(self.template_traps, codes_of)
        if found:
            name, code, codes = found
            raise InputFileError(f"{self.where(('traps', name, code))}: traps.{_shown(name)}.{_shown(code)}: {_shown(name)} has no "
                                 f"misconception {_shown(code)!r}{did_you_mean(code, codes)}")
        known = set().union(*codes_of.values())
        unknown = [code for code in self.traps if code not in known]
        lines = [f"{self.where(('traps', code))}: traps.{_shown(code)}: no question on this paper has that misconception"
                 f"{did_you_mean(code, known)}" for code in unknown[:WARNINGS_SHOWN]]
        rest = [_shown(code)[:40] for code in unknown[WARNINGS_SHOWN:]]
        return lines + [f"{self.source}: and {len(rest)} more traps: code(s) no question on this paper has: "
                        f"{first_few(rest)}"] * bool(rest)

    def check_ecf_names(self, names) -> list:
        """One warning line per ``ecf_credit:`` name not on this paper that is a
        near miss (did_you_mean) of a template id or class that is (``names``)
        and that the policy does not name itself: ``c77`` for ``C77`` changes no
        marks, where the instructor meant it to. Other names pass in silence
        (one policy serves many papers)."""
        unset = [name for name in names if name not in self.template_ecf]
        lines = []
        for name in self.template_ecf:
            hint = "" if name in names else did_you_mean(name, unset)
            if hint:
                lines.append(f"{self.where(('ecf_credit', name))}: ecf_credit.{_shown(name)}: no template on this "
                             f"paper has that id or class{hint}, so it sets the ECF credit of none of its questions")
        return lines_shown(lines, lambda more: f"{self.source}: and {more} more ecf_credit name(s) as above")

    def check_overlaps(self, templates: dict) -> list:
        """One warning line per setting given twice for one template under two
        names with different values, saying which is used (the template id's
        over its class's, a part's name over its letter). ``templates`` maps
        each template id on the paper to ``(class, ((part name, letter), ...))``."""
        lines = []
        for template, (cls, parts) in templates.items():
            mine, theirs = self.template_ecf.get(template), self.template_ecf.get(cls)
            if None not in (mine, theirs) and mine != theirs:
                lines.append(f"{self.source}: ecf_credit.{cls} ({theirs:g}) and ecf_credit.{template} ({mine:g}) "
                             f"both set it for {template}: {mine:g} is used")
            for code, credit in self.template_traps.get(template, {}).items():
                other = self.template_traps.get(cls, {}).get(code)
                if other is not None and other != credit:
                    lines.append(f"{self.source}: traps.{cls}.{code} ({other:g}) and traps.{template}.{code} "
                                 f"({credit:g}) both set it for {template}: {credit:g} is used")
            for part, letter in parts:
                labels = [(name, label) for name in (template, cls) for label in (part, letter)
                          if label and label in self.points.get(name, {})]
                values = {self.points[name][label] for name, label in labels}
                if len(values) > 1:
                    used = labels[0]
                    lines.append(f"{self.source}: " + " and ".join(f"points.{n}.{lab}" for n, lab in labels)
                                 + f" set {template}'s part {letter} differently: "
                                   f"points.{used[0]}.{used[1]} ({self.points[used[0]][used[1]]:g}) is used")
        lines = list(dict.fromkeys(lines))
        return lines_shown(lines, lambda more: f"{self.source}: and {more} more setting(s) given twice as above")


def _first_unknown(table: dict, known_of: dict):
    """``(template, label, its labels)`` for the first label under a template
    on the paper (a key of ``known_of``) that it does not know; else None.
    Templates not on the paper are passed over: one policy serves many papers."""
    for name, given in table.items():
        labels = known_of.get(name)
        for label in given if labels is not None else ():
            if label not in labels:
                return name, label, labels
    return None


MAX_POLICY_BYTES = 256 * 1024
"""A policy file's most: 256 KiB, credits for thousands of traps (the YAML
parser takes seconds per MiB of a hostile list)."""


def read_policy(path) -> Policy:
    """The policy in the YAML file at ``path``: UTF-8, or UTF-16 or UTF-32 with
    a byte-order mark (safe_yaml.yaml_text)."""
    from quizgen.safe_yaml import NotText, yaml_text

    path = Path(path)
    data = read_capped(path, MAX_POLICY_BYTES, "policy")
    try:
        text = yaml_text(data)
    except NotText as exc:
        raise InputFileError(f"{path}:{exc.line}: {exc}") from exc
    return parse_policy(text, str(path))


def parse_policy(text: str, source: str = "policy") -> Policy:
    """The policy in YAML ``text``; ``source`` names it in errors. yaml is
    imported here: grade without a policy file never needs it."""
    import yaml

    from quizgen.safe_yaml import MAX_VALUES, TOO_MANY_VALUES, error_line, loop_words, safe_load
    from quizgen.yaml_size import AliasLoop, TooDeep, TooManyValues

    try:
        data = safe_load(text, exponent_floats=True)
    except RecursionError as exc:
        raise InputFileError(f"{source}: not valid YAML (nested too deeply to be a policy)") from exc
    except AliasLoop as exc:
        raise InputFileError(f"{source}:{exc.line}: not valid YAML ({loop_words(exc)})") from None
    except TooDeep as exc:
        raise InputFileError(f"{source}:{exc.line}: not valid YAML (lists or mappings nested more than "
                             f"{exc.depth} levels deep, too deeply to be a policy)") from None
    except TooManyValues as exc:
        raise InputFileError(f"{source}:{exc.line}: {_shown(exc.key) + ': ' if exc.key else ''}{TOO_MANY_VALUES} "
                             f"exceeds the limit of {MAX_VALUES:,}") from None
    except yaml.YAMLError as exc:
        line = error_line(exc, text)
        where = f":{line}" if line is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]   # a ReaderError has no problem
        raise InputFileError(f"{source}{where}: not valid YAML ({problem})") from exc
    if data is None:
        return Policy()
    if not isinstance(data, dict):
        raise InputFileError(f"{source}:{_first_line(text)}: expected a mapping of {', '.join(KEYS)}, "
                             "such as ecf_credit: 0.5")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        hint = did_you_mean(unknown[0], KEYS) or f" (expected one of {', '.join(KEYS)})"
        where = _where(source, text, (str(unknown[0]),))
        raise InputFileError(f"{where}: {_shown(unknown[0])}: unknown key{hint}")
    _refuse_alias_bombs(data, source, text)
    general, per_template = _traps(data.get("traps") or {}, source, text)
    ecf_credit, template_ecf = _ecf(data["ecf_credit"], source, text) if "ecf_credit" in data else (None, {})
    return Policy(ecf_credit, _fraction(data.get("imprecise_credit", 0.0), source, "imprecise_credit", text),
                  general, per_template, _points(data.get("points") or {}, source, text), source,
                  _carried_figures(data.get("carried_figures", Credits.carried_figures), source, text), text,
                  _trailing_zeros(data.get("trailing_zeros", TRAILING_ZEROS[0]), source, text) == "optional",
                  template_ecf)


def _ecf(value, source: str, text: str) -> tuple:
    """``(ECF credit for all or None, {template id or class: credit})`` from
    ``ecf_credit``: a share, or a mapping of templates (ids or classes) to shares; the key with no
    value is refused, as every other setting's (each template's own credit: leave the key out)."""
    if not isinstance(value, dict):
        return _fraction(value, source, "ecf_credit", text), {}
    _refuse_split_comma(value, "ecf_credit", source, text)
    return None, {str(name): _fraction(credit, source, ("ecf_credit", name), text) for name, credit in value.items()}


def _refuse_split_comma(value: dict, key: str, source: str, text: str) -> None:
    """Refuse, with the reason, an entry of ``value`` (the mapping ``key``) that
    is a number with no value after a whole number: YAML's braces read
    ``{C7: 0,5}`` as ``{C7: 0, 5: null}``, a decimal comma parting two entries."""
    before = None
    for name, credit in value.items():
        if credit is None and isinstance(name, (int, float)) and not isinstance(name, bool) \
                and before is not None and isinstance(before[1], int) and not isinstance(before[1], bool):
            raise InputFileError(f"{_where(source, text, (key,))}: {key}.{_shown(name)}: no value: in {{ }} a comma "
                                 f"parts two entries, so {_shown(before[0])}: {before[1]},{_shown(name)} was read as "
                                 f"{_shown(before[0])}: {before[1]} and {_shown(name)}; put a decimal comma in quotes "
                                 f"({_shown(before[0])}: '0,5') or write one entry a line")
        before = name, credit


def _trailing_zeros(value, source: str, text: str) -> str:
    """``trailing_zeros``: ``required`` (0.25 for 0.250 is rounded too early) or ``optional`` (correct)."""
    if value not in TRAILING_ZEROS:
        raise InputFileError(f"{_where(source, text, ('trailing_zeros',))}: trailing_zeros: expected "
                             f"{' or '.join(TRAILING_ZEROS)}, got {_found(value)}")
    return value


def _refuse_alias_bombs(data: dict, source: str, text: str) -> None:
    """Refuse a setting whose value, YAML aliases written out, holds more than
    safe_yaml.MAX_VALUES values (the bank's rule): an alias bomb of a few hundred
    bytes is read as shared lists, but checking or showing it meets every copy."""
    from quizgen.safe_yaml import MAX_VALUES, TOO_MANY_VALUES, yaml_values

    for key, value in data.items():
        if yaml_values(value) > MAX_VALUES:
            raise InputFileError(f"{_where(source, text, (str(key),))}: {_shown(key)}: {TOO_MANY_VALUES} "
                                 f"exceeds the limit of {MAX_VALUES:,}")


def _where(source: str, text: str, path) -> str:
    """``file:line`` of the setting ``path`` (``points.C1.a``, or its keys as a
    tuple when a key may hold a dot: ``("traps", "b.1", "code")``) in the policy's
    YAML ``text``, or of the nearest one above it found (bank/yamlfile.py's
    rule, the one that finds a template's lines; imported here, as yaml is:
    grade without a policy file never needs it)."""
    from quizgen.bank.yamlfile import line_in_text

    keys = tuple(path.split(".")) if isinstance(path, str) else path
    line = line_in_text(text, keys) if text else None
    return f"{source}:{line}" if line else source


def _first_line(text: str) -> int:
    """The number of the policy's first line that holds YAML (not blank, a comment or ``---``)."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith(("#", "---")):
            return number
    return 1


def _shown(key) -> str:
    """A key path (text, or its keys as a tuple) for a message: on one line (a YAML
    key may hold a line break), cut to 80 characters."""
    return printable(".".join(map(str, key)) if isinstance(key, tuple) else key)[:80]


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxlist, _BRIEF.maxdict, _BRIEF.maxtuple = 2, 4, 4, 4
_BRIEF.maxstring, _BRIEF.maxother, _BRIEF.maxlong = 80, 80, 80
"""A repr that reads a few items of a list or mapping and 80 characters of a
text: a value of many shared copies (YAML aliases) or one long text shown in a
message costs no more than a short one (repr of the whole took gigabytes)."""


def _found(value) -> str:
    """What the file held, for a message: on one line, cut to 80 characters (a
    date as YAML wrote it, 2001-12-14, not Python's repr; ``key:`` alone is no value), never more of it read."""
    if value is None:
        return "no value"
    shown = value.isoformat() if hasattr(value, "isoformat") else _BRIEF.repr(value)
    return shortened(printable(shown), 80)


def _fraction(value, source: str, key, text: str = "") -> float:
    """A share of the marks (``shares.read_share``: 0 to 1, or a percentage such as ``25%``);
    an error names the setting's line in the policy's ``text``."""
    share = read_share(value)
    if share is None:
        raise InputFileError(f"{_where(source, text, key)}: {_shown(key)}: expected {SHARE_RULE}, found {_found(value)}")
    return share


def _carried_figures(value, source: str, text: str = "") -> int:
    """The fewest significant figures carried rounding accepts: 3 (the issue's
    rule, the default) up to 6, the most an intermediate is rounded to (carry.LEVELS)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 3 <= value <= 6:
        raise InputFileError(f"{_where(source, text, 'carried_figures')}: carried_figures: expected a whole number from 3 to 6, found {_found(value)}")
    return value


def _mapping(value, source: str, key, text: str = "") -> dict:
    """``value`` if a mapping; else an error naming the setting ``key`` and its line in ``text``."""
    if not isinstance(value, dict):
        raise InputFileError(f"{_where(source, text, key)}: {_shown(key)}: expected a mapping, found {_found(value)}")
    return value


def _traps(value, source: str, text: str = ""):
    general, per_template = {}, {}
    for name, setting in _mapping(value, source, "traps", text).items():
        if isinstance(setting, dict):
            per_template[str(name)] = {str(code): _fraction(credit, source, ("traps", name, code), text)
                                       for code, credit in setting.items()}
        else:
            general[str(name)] = _fraction(setting, source, ("traps", name), text)
    return general, per_template


def _points(value, source: str, text: str) -> dict:
    points = {}
    for template, parts in _mapping(value, source, "points", text).items():
        table = {}
        for part, number in _mapping(parts, source, ("points", template), text).items():
            path = ("points", template, part)
            if isinstance(number, bool) or not isinstance(number, (int, float)) or not 0 <= number <= MAX_POINTS:
                raise InputFileError(f"{_where(source, text, path)}: {_shown(path)}: expected a number of points "
                                     f"(0 to {MAX_POINTS:g}), found {_found(number)}")
            if 0 < number < MIN_POINTS:
                raise InputFileError(f"{_where(source, text, path)}: {_shown(path)}: {_found(number)} "
                                     f"points is too few to count: points and scores are printed to 4 decimals, so the "
                                     f"part would show 0 points everywhere; give 0 or at least {MIN_POINTS:g}")
            table[str(part)] = number
        points[str(template)] = table
    return points
