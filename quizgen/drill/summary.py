"""What the drill says about the learner: the end-of-drill summary (score by
class, misconceptions met, what to practise next) and ``quizgen drill --stats``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from quizgen.drill import record as learner
from quizgen.drill.state_file import refuse_folder_name
from quizgen.drill.traps import trap_name, trap_names
from quizgen.bank.loader import load_bank
from quizgen.errors import UsageError
from quizgen.wording import named_few, printable, shell_word
from quizgen.key.status import Status
from quizgen.marking.quotes import rounded_before_use, trap_wording
from quizgen.text.plain import WIDTH, to_plain, wrap
from quizgen.text.words import and_list

SHOWN = 3   # weak classes, and open misconceptions, listed in the advice


def summary(result, progress, bank_classes: list, width: int = WIDTH, banks=(), names=None,
            practice: bool = False, state=None, decimal_comma: bool = False, traps=None) -> str:
    """The end-of-drill report: score by class, misconceptions met, what next
    (``banks``: this run's --bank folders, for the suggested command; ``names``:
    the misconceptions' names, traps.trap_names of the loaded bank; ``practice``:
    nothing is saved, so the advice tells this run's results, not boxes and dates; ``state``: a
    progress file other than the default, which the suggested commands name, as
    they do ``decimal_comma``; ``traps``: {class: its misconception codes}, for advice). A question left after
    only right answers is counted apart: it is not recorded."""
    done = result.questions - bool(result.unfinished)
    left = ", 1 left unfinished" if result.unfinished else ""
    title = f"Summary ({done} question{'s' * (done != 1)}{left}, stopped: {result.stopped})"
    lines = ["", wrap(title, width), "-" * min(len(title), width)]
    if not result.parts:
        lines.append("No answers given this time.")
    else:
        lines += _score_table(result.parts, width, len(result.unfinished))
        met = Counter(p.misconception for p in result.parts if p.misconception)
        lines += ["", "Misconceptions met:" if met else "Misconceptions met: none."]
        lines += [wrap(f"- {trap_name(code, names)} ({n}x): {_explained(code, result.parts)}", width)
                  for code, n in met.most_common()]
    lines += ["", "What to practise next:"]
    lines += bullets(advice(progress, bank_classes, banks, result.outcomes, {p.cls for p in result.parts},
                            met={p.misconception for p in result.parts if p.misconception},
                            unfinished=result.unfinished, names=names, practice=practice,
                            again=result.again or "", state=state, decimal_comma=decimal_comma,
                            traps=traps), width)
    if result.saved_to:
        lines += ["", f"Progress saved to {printable(result.saved_to)}."]
    return "\n".join(lines)


def _explained(code: str, parts: list) -> str:
    """A misconception's explanation in each class's own words where they
    differ (C1's "the softmax's share for the hidden word" is no account of C7's
    IsNext), else once; a class whose questions worded it apart (their own numbers and words) is
    explained by its first, named (``In question 5 (C2): ...``)."""
    by_class, varied = {}, set()
    for part in parts:
        if part.misconception == code:
            words = to_plain(trap_wording(part.feedback))
            if by_class.setdefault(part.cls, (part.question, words))[1] != words:
                varied.add(part.cls)   # its words name a draw's numbers: say whose
    if len({words for _, words in by_class.values()}) == 1 and not varied:
        return next(iter(by_class.values()))[1]
    ordered = sorted(by_class.items(), key=lambda item: class_key(item[0]))
    return " ".join(f"In {f'question {number} ({cls})' if cls in varied and number else cls}: {words}"
                    for cls, (number, words) in ordered)


def _score_table(parts: list, width: int = WIDTH, unfinished: int = 0) -> list:
    by_class = {}
    for part in parts:
        by_class.setdefault(part.cls, []).append(part)
    lines = ["Class  Parts right  Hinted  Skipped  Misconceptions"]
    for cls in sorted(by_class, key=class_key):
        rows = by_class[cls]
        right = sum(p.status == Status.CORRECT for p in rows)
        hinted = sum(p.own_hint and p.status != "skipped" for p in rows)   # parts answered after a hint of their own
        lines.append(f"{cls:<6} {f'{right}/{len(rows)}':<12} {hinted:<7} "
                     f"{sum(p.status == 'skipped' for p in rows):<8} {sum(bool(p.misconception) for p in rows)}")
    right = sum(p.status == Status.CORRECT for p in parts)
    share = "all" if unfinished == len(parts) else f"{unfinished} of them"
    left = f" ({share} in the question left unfinished, which is not recorded)" if unfinished else ""
    lines.append(wrap(f"Total: {right} of {len(parts)} part{'s' * (len(parts) != 1)} right{left}.", width))
    carried = sum(p.status == Status.IMPRECISE and any(label for label, _ in rounded_before_use(p.feedback))
                  for p in parts)
    short = sum(p.status == Status.IMPRECISE for p in parts) - carried
    if short:   # the value was right: the figures were not, a different thing to revise
        lines.append(wrap(f"{short} part{'s' * (short != 1)} had the right value but too few significant "
                          "figures (rounded too early, or not enough figures given).", width))
    if carried:   # worked right from an earlier answer carried on rounded short (early_carry.py)
        lines.append(wrap(f"{carried} part{'s' * (carried != 1)} carried an earlier part's answer on rounded "
                          "short (keep more figures in any value you go on to use).", width))
    return lines


def bullets(lines: list, width: int = WIDTH) -> list:
    """The advice's lines as bullets wrapped to ``width``; a command stays on one line, to copy."""
    return [f"- {line}" if line.startswith(("try:", "same question:")) else wrap(f"- {line}", width)
            for line in lines]


def progress_file_line(path) -> str:
    """The line naming the progress file (a drill's first lines, --stats'), a character a terminal would not
    print as itself shown as ``?``: the path may come unseen from $QUIZGEN_PROGRESS."""
    return f"Progress file: {printable(path)}"


def opening_progress_line(path, progress) -> str:
    """The drill's line naming its progress file and what it holds: a new one (a mistyped --state, or a
    changed $HOME) said to be new, not shown as an existing record that happens to be empty."""
    if not Path(path).exists():
        return f"New progress file: {printable(path)} (nothing recorded there yet)"
    held = f"{progress.clock} question{'s' * (progress.clock != 1)} so far" if progress.clock else "no questions yet"
    return f"{progress_file_line(path)} ({held})"


def resume_command(seed, cls: str, banks=(), practice: bool = False, state=None, decimal_comma: bool = False) -> str:
    """The command that asks a question left unfinished again: its seed and
    class, this run's --bank folders, its progress file or --no-save, and --decimal-comma."""
    words = ["quizgen", "drill", "--seed", str(seed), "--classes", cls]
    words += [w for bank in banks for w in ("--bank", str(bank))]
    return " ".join(map(shell_word, words + kept_words(practice, state, decimal_comma)))


def kept_words(practice: bool, state, decimal_comma: bool = False) -> list:
    """A suggested command's words that keep this run's settings: ``--no-save`` for a practice run,
    else ``--state FILE`` for a progress file other than the default (``state``; None or False: the
    default, left unsaid); ``--decimal-comma`` for a learner who writes one."""
    progress = ["--no-save"] if practice else ["--state", str(state)] if state else []
    return progress + ["--decimal-comma"] * decimal_comma


def advice(progress, bank_classes: list, banks=(), outcomes=None, answered=frozenset(), met=frozenset(),
           unfinished=(), names=None, practice: bool = False, again: str = "", state=None,
           decimal_comma: bool = False, traps=None) -> list:
    """What to practise next, from the record: weak classes (low boxes), open
    misconceptions, and classes never tried; what this drill missed (``outcomes``,
    its last outcome by class) or ``met`` (misconception codes) first, then by due
    date, at most SHOWN of each and a line for the rest. A class is told by its
    box alone (_box_text), as --stats tells it. The suggested command carries
    this run's ``banks``; a weak class from a bank not loaded now is named apart
    (the command would stop at it as an unknown class). A class ``answered`` in
    this drill is not new, even when the question was left before its card moved;
    such a question (``unfinished``: its parts' results) is named first, with
    what was done on it, and its class leads the suggested command. A
    misconception is called by its name in ``names`` (traps.trap_names);
    ``again``: the command that asks that question again; ``state``, ``decimal_comma``: as summary's. In a
    ``practice`` run (nothing saved) no box or due date is told: how this run went is."""
    listed = " (quizgen drill --stats lists them)" if outcomes is not None and not practice else ""   # its tables
    outcomes = outcomes or {}
    weak = sorted((outcomes.get(cls) not in learner.MISSES, card.due, card.box, cls)
                  for cls, card in progress.classes.items() if card.box <= learner.OPEN_BOX)
    weak = [(box, due, cls) for _, due, box, cls in weak if not (practice and box > 1)]   # practice: right is done
    elsewhere = [cls for _, _, cls in weak if cls not in bank_classes]   # named apart: no review it can be drilled at
    weak = [entry for entry in weak if entry[2] in bank_classes]
    lines = [_unfinished_text(unfinished, bool(again))] if unfinished else []
    lines += [f"same question: {again}"] if unfinished and again else []
    lines += [f"{cls}: {_practice_text(outcomes.get(cls))}." if practice else
              f"{cls}: {_box_text(box, outcomes.get(cls), progress.classes[cls])}; next review "
              f"{_due_text(due, progress.clock)}."
              for box, due, cls in weak[:SHOWN]]
    lines += _more(len(weak), "class", "classes", " from this run" if practice else " not yet secure" + listed)
    codes = sorted(progress.open_misconceptions(), key=lambda code: code not in met)   # stable: by due within
    for code in codes[:SHOWN]:
        card = progress.misconceptions[code]
        lines.append(f"misconception \"{trap_name(code, names)}\": met {card.seen}x"
                     + (" this time." if practice else f"; next review {_due_text(card.due, progress.clock)}."))
    lines += _more(len(codes), "open misconception", "open misconceptions", listed)
    new = [cls for cls in bank_classes if cls not in progress.classes and cls not in answered]
    if new:
        lines.append(f"{'not answered this run' if practice else 'not tried yet'}: {', '.join(new)}.")
    if elsewhere:
        lines.append(f"{named_few(elsewhere, SHOWN)}: from a bank not loaded now; add its --bank DIR to "
                     "practise it.")
    left = [unfinished[0].cls] if unfinished else []
    focus = list(dict.fromkeys(left + _needing_work(progress, weak[:SHOWN], bank_classes)
                               + _reviewing(progress, traps, bank_classes)))
    focus = focus or new[:3] or [cls for _, _, cls in weak[:SHOWN]]
    if focus:
        lines.append(f"try: quizgen drill --classes {','.join(sorted(focus, key=class_key))}"
                     + "".join(f" --bank {shell_word(bank)}" for bank in banks)
                     + "".join(f" {shell_word(word)}" for word in kept_words(practice, state, decimal_comma)))
    if not lines and practice:
        lines.append("every question of this run was right without hints.")
    if not lines:
        soonest = min(progress.classes.items(), key=lambda kv: kv[1].due)
        lines.append("everything you have met is secure (right without hints at least twice since its last "
                     f"miss); next review: {soonest[0]} ({_due_text(soonest[1].due, progress.clock)}).")
    return lines


def _needing_work(progress, weak: list, bank_classes: list) -> list:
    """The classes the suggested command names before any new one: the ``weak`` ones (box, due, class) in
    box 1 or due now, then a secure class whose review has come, the first SHOWN. A class right once without
    hints and not yet due is not named while classes wait untried (its review comes in its turn)."""
    now = progress.clock
    secure = [cls for cls in bank_classes if cls in progress.classes
              and progress.classes[cls].box > learner.OPEN_BOX and progress.classes[cls].due <= now]
    return [cls for box, due, cls in weak if box == 1 or due <= now] + secure[:SHOWN]


def _reviewing(progress, traps, bank_classes: list) -> list:
    """The classes (``traps``: {class: its misconception codes}) that review an open misconception due now,
    which the chooser asks first, secure classes too, the first SHOWN."""
    due = {code for code in progress.open_misconceptions() if progress.misconceptions[code].due <= progress.clock}
    return [cls for cls in bank_classes if due & set((traps or {}).get(cls, ()))][:SHOWN]


def _unfinished_text(parts: list, again: bool = False) -> str:
    """The advice line for a question left after only right answers: what
    was done on it, and that it moved nothing in the record (``again``: the
    next line gives the command that asks it again)."""
    done = and_list(f"({p.letter})" for p in parts)
    hinted = any(p.hinted for p in parts)
    how = "right, with hints," if hinted else "right,"
    return (f"{parts[0].cls}: you answered {done} {how} then left the question; an unfinished question "
            + ("is not recorded, so finish it next time; this command asks it again:" if again else
               f"is not recorded, so finish a {parts[0].cls} question next time"
               + (" (not this one again: its hints showed its working)." if hinted else ".")))


def _more(total: int, one: str, many: str, tail: str) -> list:
    """The line that says how many were left out of a list cut at SHOWN."""
    rest = total - SHOWN
    return [f"and {rest} more {one if rest == 1 else many}{tail}."] if rest > 0 else []


def _box_text(box: int, outcome=None, card=None) -> str:
    """What a low box says about a class, in words, not its box number: box 1
    follows a miss (a part wrong or skipped, record.MISSES) or a right answer
    with hints while in box 1, which the summary tells by this drill's
    ``outcome`` and, for a class not finished this time (and --stats), by how
    its last question went (``card.last``, record.Card); a record from before
    version 2 cannot tell them apart. Box 2: one answer right without hints
    since; said "since its last miss" when the card counts more than one (--stats' Clean counts them all)."""
    last, right = (card.last, card.right) if card else ("", 0)
    if box > 1:
        return f"right once without hints{' since its last miss' * (right > 1)}, not yet secure"
    if outcome in _HOW_IT_WENT:
        return "{} this time{}".format(*_HOW_IT_WENT[outcome])
    return "{} last time{}".format(*_HOW_IT_WENT[last]) if last in _HOW_IT_WENT else \
        "missed, or right only with hints, last time"


_HOW_IT_WENT = {learner.MISSED: ("missed", " (a part wrong)"), learner.SKIPPED: ("skipped", " (given up)"),
                learner.HELPED: ("right only with hints", "")}
"""How a class's question went, as the advice words it: a skip is not called a miss, this time or last."""


def _practice_text(outcome) -> str:
    """What a practice run (no record kept) says about a class it left in box 1 (one right without
    hints, box 2, is not told: a practice run advises only what went wrong)."""
    return "right with hints this time" if outcome == learner.HELPED else \
        "skipped this time" if outcome == learner.SKIPPED else "missed this time"


def _due_text(due: int, clock: int) -> str:
    """'now', or 'after 2 more questions': a card due 3 questions after a miss
    may be the third question from now ('due in 2' read as one too few)."""
    ahead = due - clock
    return "now" if ahead <= 0 else f"after {ahead} more question{'s' * (ahead != 1)}"


BOX_LEGEND = (f"Box: 1 to {learner.BOXES}. A miss puts a class or misconception in box 1, and each question "
              "right without hints moves it up one; the higher its box, the longer until it is asked again (3, 6, "
              "12, 24, 48 questions). Clean: right without hints; Hints: right only with hints; Wrong: a part "
              "wrong (or too few figures); Skipped: given up, no part wrong.")


def _unsplit(classes: dict, width: int = WIDTH) -> list:
    """The line under --stats' class table on the questions a record from
    before version 2 holds that are neither Clean nor in a column by how they
    went (it kept only the box), or none."""
    earlier = {cls: card.seen - card.right - card.helped - card.missed - card.skipped for cls, card in classes.items()}
    earlier = {cls: n for cls, n in sorted(earlier.items(), key=lambda kv: class_key(kv[0])) if n > 0}
    if not earlier:
        return []
    total = sum(earlier.values())
    which = ", ".join(f"{cls}: {n}" for cls, n in earlier.items())
    return [wrap(f"Not in Hints, Wrong or Skipped: {total} earlier question{'s' * (total != 1)} not right without "
                 f"hints ({which}), recorded before the progress file kept how each went.", width)]


def _misconception_table(progress, names) -> list:
    """--stats' lines on misconceptions, each by its name (traps.trap_names),
    as the advice below the table calls it, not by its code."""
    if not progress.misconceptions:
        return []
    rows = sorted((trap_name(code, names), card) for code, card in progress.misconceptions.items())
    width = max(len("Misconception"), *(len(name) for name, _ in rows))
    lines = ["", f"{'Misconception':<{width}} Box  Met  Avoided  Due"]
    lines += [f"{name:<{width}} {card.box:<4} {card.seen:<4} {card.right:<8} {_due_text(card.due, progress.clock)}"
              for name, card in rows]
    return lines


def class_key(cls: str) -> tuple:
    return (int(cls[1:]) if cls[1:].isdigit() else 10 ** 6, cls)


def stats_report(state=None, banks=(), width: int = WIDTH) -> tuple:
    """(report, note): the learner's record as text (``quizgen drill --stats``),
    and a one-line note if the file was unusable, or a line for each entry left
    out of the record as making no sense (the rest is shown). A path under a
    file (``answers.csv/p.json``) stops with one line (UsageError): its advice
    would name a file no drill can keep. Its text is wrapped to ``width``."""
    if state:
        refuse_folder_name(state)
    path = Path(state) if state else learner.default_path()
    if blocker := learner.file_in_the_way(path):   # no record there, and no drill could ever keep one
        raise UsageError(f"progress file {path} cannot exist: {blocker} is a file, so there is no folder {blocker} "
                         "to hold it; use --state FILE for a file in a folder")
    loaded = learner.load(path, read_only=True)
    if loaded.note:   # read only: a note means the file is there and could not be read
        return f"The record in {path} could not be read (see the warning above); nothing from it is shown.", loaded.note
    notes = "\n".join(loaded.dropped)
    progress = loaded.progress
    bank = load_bank(banks)
    bank_classes, names = sorted({t.cls for t in bank}, key=class_key), trap_names(bank)
    traps = {cls: set().union(*(learner.trap_codes(t) for t in bank if t.cls == cls)) for cls in bank_classes}
    own_state = path != learner.default_path() and path   # named in the suggested command
    what_next = advice(progress, bank_classes, banks, names=names, state=own_state, traps=traps)
    if not progress.classes:
        return f"No progress recorded yet ({printable(path)}).\n" + "\n".join(what_next), notes
    lines = [progress_file_line(path),
             f"{progress.clock} question{'s' * (progress.clock != 1)} over {progress.sessions} "
             f"session{'s' * (progress.sessions != 1)}.",
             "", "Class  Box  Questions  Clean  Hints  Wrong  Skipped  Due"]
    for cls, card in sorted(progress.classes.items(), key=lambda kv: class_key(kv[0])):
        lines.append(f"{cls:<6} {card.box:<4} {card.seen:<10} {card.right:<6} {card.helped:<6} {card.missed:<6} "
                     f"{card.skipped:<8} {_due_text(learner.class_due(progress, cls, traps.get(cls, ())), progress.clock)}")
    lines += [wrap(BOX_LEGEND, width)] + _unsplit(progress.classes, width) + _misconception_table(progress, names)
    lines += ["", "What to practise next:"] + bullets(what_next, width)
    return "\n".join(lines), notes
