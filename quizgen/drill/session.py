"""The self-study drill: asks fresh randomised questions part by part on a text
stream, grades each answer with the same code as ``quizgen grade``, names the
misconception a wrong answer matches, shows worked solutions, and keeps the
learner's progress (see progress.py) to choose what comes next."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from quizgen.drill import record as learner
from quizgen.bank.loader import load_bank, select
from quizgen.errors import OutputError, UsageError
from quizgen.generation.quiz import Question, new_seed, seed_label
from quizgen.generation.views import question_view
from quizgen.grading.marking import carried_forward, question_checkers
from quizgen.key.entries import key_entry
from quizgen.maths.printing import to_latex
from quizgen.text.plain import WIDTH, math_to_plain, to_plain, wrap
from quizgen.generation.sampling import sample_instance

HELP = """\
Type your answer to the part shown: a decimal (0.408), a fraction or an
expression (-ln(0.665), exp(2)/(exp(2)+e+1)); 3 significant figures are enough
unless the question asks for more. Or type a command:
  h  hint: the forecast first, then one step of the worked solution at a time
  s  skip this question and show its worked solution
  ?  this help
  q  quit (a summary follows; so does end of input)"""

COMMANDS = {"h": "hint", "hint": "hint", "s": "skip", "skip": "skip", "?": "help", "help": "help",
            "q": "quit", "quit": "quit", "exit": "quit"}


@dataclass
class PartResult:
    """How one part went: ``correct``, ``incorrect`` or ``skipped``."""

    cls: str
    template: str
    letter: str
    status: str
    misconception: str = ""
    feedback: str = ""
    hinted: bool = False


@dataclass
class DrillResult:
    """A finished drill: the seed, every part's result, the questions asked and
    why it stopped (``count``, ``quit`` or ``end of input``)."""

    seed: object
    parts: list = field(default_factory=list)
    questions: int = 0
    stopped: str = "count"
    saved_to: Path | None = None


class _Stop(Exception):
    """The learner quit, or the input ended."""


class Drill:
    """One drill session over text streams."""

    def __init__(self, inp, out, err, templates, progress, seed, width=WIDTH):
        self.inp, self.out, self.err, self.width = inp, out, err, width
        self.templates, self.progress, self.seed = templates, progress, seed
        self.classes = list(dict.fromkeys(t.cls for t in templates))
        self.traps = {cls: set().union(*(learner.trap_codes(t) for t in templates if t.cls == cls))
                      for cls in self.classes}
        self.echo = not _isatty(inp)
        self.result = DrillResult(seed)
        self.store = None
        self.start_clock = progress.clock

    def say(self, text: str = "", indent: str = "") -> None:
        """Write text wrapped to the terminal width."""
        self.out.write((wrap(text, self.width, indent) if text else "") + "\n")

    def read(self, prompt: str = "> ") -> str:
        """One line of input; echoed when it comes from a pipe, so transcripts read well."""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            raise _Stop("end of input")
        if self.echo:
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def run(self, count) -> DrillResult:
        """Ask questions until ``count`` (None: no limit), ``q`` or end of input."""
        try:
            while count is None or self.result.questions < count:
                self.question(self.result.questions)
        except _Stop as stop:
            self.result.stopped = str(stop)
        except KeyboardInterrupt:
            self.out.write("\n")
            self.result.stopped = "quit"
        return self.result

    def next_instance(self, index: int):
        """The next question: the class the repetition rule picks, freshly sampled."""
        cls = learner.choose_class(self.progress, self.classes, self.traps)
        card = self.progress.classes.get(cls)
        template = learner.choose_template(self.progress, [t for t in self.templates if t.cls == cls],
                                           card.seen if card else 0)
        return sample_instance(template, seed_label(self.seed, template.id, index))

    def question(self, index: int) -> None:
        """Ask one question part by part, then record how it went."""
        inst = self.next_instance(index)
        view = question_view(Question(f"Q{index + 1}", inst), "text")
        entry = key_entry(Question(f"Q{index + 1}", inst))   # the key's parts and recipes: grade's own path
        records, checkers = list(entry.parts), question_checkers(entry)
        self.result.questions += 1
        self.say()
        self.say(f"Question {index + 1} ({view['cls']}): {to_plain(view['title'])}")
        self.say("-" * min(self.width, 40))
        self.say(view["stem"])
        turn = _Turn(view, inst.template, {pv.letter: to_latex(pv.value) for pv in inst.parts
                                           if pv.part.kind == "numeric"})
        try:
            for part_view, record in zip(view["parts"], records):
                self.say()
                self.say(f"({part_view['letter']}) {part_view['ask']}")
                if not self.ask_part(record, turn, checkers[record.letter]):
                    turn.results += [turn.result(r, "skipped") for r in records[len(turn.results):]]
                    self.solution(view, records)
                    break
            else:
                if any(r.status != "correct" for r in turn.results):
                    self.solution(view, records)
        finally:
            self.result.parts += turn.results
            self.finish(turn)

    def ask_part(self, record, turn, checker) -> bool:
        """Read answers to one part until one can be graded (as grade marks,
        ECF from the learner's earlier answers at once); False when skipped."""
        while True:
            text = self.read()
            command = COMMANDS.get(text.lower())
            if command == "quit":
                raise _Stop("quit")
            if command == "help":
                self.say(HELP)
            elif command == "hint":
                self.hint(turn)
            elif command == "skip":
                return False
            else:
                verdict = carried_forward(checker, checker(text), turn.values)
                if verdict.status == "blank":
                    self.say("Type an answer, or ? for the commands.", "  ")
                elif verdict.status == "invalid":
                    self.say(f"I cannot read {text!r} as an answer ({verdict.reason}). It was not "
                             "counted; try again, e.g. 0.408 or -ln(0.665), or ? for help.", "  ")
                else:
                    self.report(record, verdict, turn.latex.get(record.letter))
                    turn.results.append(turn.result(record, verdict.status, verdict))
                    self.track_traps(record, verdict)
                    turn.values[record.name] = verdict.value
                    return True

    def report(self, record, verdict, latex=None) -> None:
        """Say whether an answer is right, the expected value (``latex``: its exact
        form), and any misconception."""
        exact = _exact_text(record, latex)
        if verdict.status == "correct":
            self.say(f"Correct: {verdict.expected}{exact}.", "  ")
            if verdict.note:   # ecf or carried_rounding: say why it was accepted
                self.say(f"{to_plain(verdict.feedback)}.", "  ")
            return
        if verdict.status in ("imprecise", "needs_review"):   # rounded too early; a sentence
            self.say(f"Not precise enough: {to_plain(verdict.feedback)}." if verdict.status == "imprecise" else
                     f"A person would have to read that; the answer is {verdict.expected}{exact}.", "  ")
            return
        self.say(f"Incorrect: the answer is {verdict.expected}{exact}.", "  ")
        if verdict.misconception:
            self.say(f"Your answer matches the misconception {verdict.misconception}: "
                     f"{to_plain(verdict.feedback)}", "  ")

    def track_traps(self, record, verdict) -> None:
        """Move the misconception cards for this part (see progress.record_trap)."""
        if verdict.misconception:
            self.progress.record_trap(verdict.misconception, met=True)
        elif verdict.status == "correct":
            for trap in record.traps:
                self.progress.record_trap(trap.code, met=False)

    def hint(self, turn) -> None:
        """Show the next hint: the forecast, then each solution step in order."""
        hints = turn.hints_available()
        if turn.hints >= len(hints):
            self.say("No more hints: type s to see the whole solution with the answers.", "  ")
            return
        label, text = hints[turn.hints]
        turn.hints += 1
        self.say(f"Hint {turn.hints} of {len(hints)}: {label}", "  ")
        self.say(text, "    ")

    def solution(self, view: dict, records: list) -> None:
        """The worked solution for this question's numbers, and the answers."""
        self.say()
        self.say("Worked solution for these numbers:")
        for label, text in _Turn(view).hints_available():
            self.say(label, "  ")
            self.say(text, "    ")
        self.say("Check", "  ")
        self.say(view["verify"], "    ")
        answers = "   ".join(f"({r.letter}) {r.answer}" for r in records)
        self.say(f"Answers: {answers}", "  ")

    def finish(self, turn) -> None:
        """Record a finished (or abandoned but already missed) question and save."""
        statuses = [r.status for r in turn.results]
        if not statuses:
            return
        if any(s != "correct" for s in statuses):
            outcome = learner.MISSED
        elif len(statuses) < turn.parts:
            return
        else:
            outcome = learner.HELPED if turn.hints else learner.CLEAN
        if self.progress.clock == self.start_clock:
            self.progress.sessions += 1
        self.progress.record_question(turn.template.cls, outcome)
        self.save()

    def save(self) -> None:
        """Write the progress file, if saving; a failure is reported once, then saving stops."""
        if self.store is None:
            return
        try:
            learner.save(self.progress, self.store)
            self.result.saved_to = self.store
        except OutputError as exc:
            self.err.write(f"quizgen: warning: cannot save progress: {exc}; continuing without saving\n")
            self.store = None


class _Turn:
    """One question being asked: hints shown, part results, numbers given (``values``, for ECF)."""

    def __init__(self, view: dict, template=None, latex=None):
        self.view, self.template, self.hints, self.results, self.values = view, template, 0, [], {}
        self.latex = latex or {}   # {part letter: LaTeX of its exact answer}
        self.parts = len(view["parts"])

    def result(self, record, status: str, verdict=None) -> PartResult:
        """The result of one part, as the summary needs it."""
        return PartResult(self.template.cls, self.template.id, record.letter, status,
                          verdict.misconception if verdict else "", verdict.feedback if verdict else "",
                          self.hints > 0)

    def hints_available(self) -> list:
        """(label, text) for the forecast and each step of the worked solution."""
        steps = [(f"Step {i}, {s['title']}", f"{s['why']}\n{s['work']}")
                 for i, s in enumerate(self.view["steps"], 1)]
        return [("Forecast", self.view["forecast"])] + steps


def _exact_text(record, latex) -> str:
    """`` (exactly ...)`` when the exact value (``latex``) says more than the decimal."""
    if not latex or record.kind != "numeric":
        return ""
    exact = math_to_plain(latex)
    if exact == record.answer or len(exact) > 60 or not any(c.isalpha() or c == "/" for c in exact):
        return ""
    return f" (exactly {exact})"


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def run_drill(inp, out, err, classes: str = "all", count=None, seed=None, banks=(),
              state=None, save: bool = True, width: int = WIDTH) -> DrillResult:
    """Run a whole drill on the streams ``inp``/``out`` (notes go to ``err``):
    choose, ask and grade questions, keep progress at ``state`` (default
    :func:`progress.default_path`; nothing read or written when ``save`` is
    false), and end with a summary."""
    if count is not None and count < 1:
        raise UsageError(f"--count must be 1 or more, got {count}")
    bank = load_bank(banks)
    templates = select(bank, classes)
    seed = new_seed() if seed is None else seed
    path = Path(state) if state else learner.default_path()
    loaded = learner.load(path) if save else learner.Loaded(learner.Progress(), writable=False)
    if loaded.note:
        err.write(f"quizgen: warning: {loaded.note}\n")
    drill = Drill(inp, out, err, templates, loaded.progress, seed, width)
    drill.store = path if loaded.writable else None
    chosen = ",".join(drill.classes)
    drill.say(f"quizgen drill: seed {seed}, classes {chosen}"
              + (f", {count} question{'s' * (count != 1)}" if count else "") + ".")
    drill.say(f"Progress file: {path}" if drill.store else "Practice run: progress is not saved.")
    drill.say("Answer each part; h for a hint, s to skip, ? for help, q to quit.")
    result = drill.run(count)
    out.write(summary(result, loaded.progress, sorted({t.cls for t in bank}, key=_class_key)) + "\n")
    out.flush()
    return result


def summary(result: DrillResult, progress, bank_classes: list, width: int = WIDTH) -> str:
    """The end-of-drill report: score by class, misconceptions met, what next."""
    title = f"Summary ({result.questions} question{'s' * (result.questions != 1)}, stopped: {result.stopped})"
    lines = ["", title, "-" * len(title)]
    if not result.parts:
        lines.append("No answers given this time.")
    else:
        lines += _score_table(result.parts)
        met = Counter(p.misconception for p in result.parts if p.misconception)
        feedback = {p.misconception: p.feedback for p in result.parts if p.misconception}
        lines += ["", "Misconceptions met:" if met else "Misconceptions met: none."]
        lines += [wrap(f"- {code} ({n}x): {to_plain(feedback[code])}", width) for code, n in met.most_common()]
    lines += ["", "What to practise next:"] + [wrap(f"- {line}", width) for line in advice(progress, bank_classes)]
    if result.saved_to:
        lines += ["", f"Progress saved to {result.saved_to}."]
    return "\n".join(lines)


def _score_table(parts: list) -> list:
    by_class = {}
    for part in parts:
        by_class.setdefault(part.cls, []).append(part)
    lines = ["Class  Parts right  Hinted  Skipped  Misconceptions"]
    for cls in sorted(by_class, key=_class_key):
        rows = by_class[cls]
        right = sum(p.status == "correct" for p in rows)
        lines.append(f"{cls:<6} {f'{right}/{len(rows)}':<12} {sum(p.hinted for p in rows):<7} "
                     f"{sum(p.status == 'skipped' for p in rows):<8} {sum(bool(p.misconception) for p in rows)}")
    right = sum(p.status == "correct" for p in parts)
    lines.append(f"Total: {right} of {len(parts)} parts right.")
    return lines


def advice(progress, bank_classes: list) -> list:
    """What to practise next, from the record: weak classes (low boxes), open
    misconceptions, and classes never tried."""
    weak = sorted((card.box, card.due, cls) for cls, card in progress.classes.items()
                  if card.box <= learner.OPEN_BOX)
    lines = [f"{cls}: box {box} of {learner.BOXES}, "
             + ("missed last time" if box == 1 else "right once, not yet secure")
             + f"; due {_due_text(due, progress.clock)}." for box, due, cls in weak[:3]]
    for code in progress.open_misconceptions()[:3]:
        card = progress.misconceptions[code]
        lines.append(f"misconception {code}: met {card.seen}x; due {_due_text(card.due, progress.clock)}.")
    new = [cls for cls in bank_classes if cls not in progress.classes]
    if new:
        lines.append(f"not tried yet: {', '.join(new)}.")
    focus = [cls for _, _, cls in weak[:3]] or new[:3]
    if focus:
        lines.append(f"try: quizgen drill --classes {','.join(sorted(focus, key=_class_key))}")
    if not lines:
        soonest = min(progress.classes.items(), key=lambda kv: kv[1].due)
        lines.append(f"everything you have met is in box {learner.OPEN_BOX + 1} or higher; "
                     f"next due: {soonest[0]} ({_due_text(soonest[1].due, progress.clock)}).")
    return lines


def _due_text(due: int, clock: int) -> str:
    ahead = due - clock
    return "now" if ahead <= 0 else f"in {ahead} question{'s' * (ahead != 1)}"


def _class_key(cls: str) -> tuple:
    return (int(cls[1:]) if cls[1:].isdigit() else 10 ** 6, cls)


def stats_report(state=None, banks=()) -> tuple:
    """(report, note): the learner's record as text (``quizgen drill --stats``),
    and a one-line note if the file was unusable."""
    path = Path(state) if state else learner.default_path()
    loaded = learner.load(path, read_only=True)
    progress = loaded.progress
    bank_classes = sorted({t.cls for t in load_bank(banks)}, key=_class_key)
    if not progress.classes:
        return f"No progress recorded yet ({path}).\n" + "\n".join(advice(progress, bank_classes)), loaded.note
    lines = [f"Progress file: {path}",
             f"{progress.clock} questions over {progress.sessions} session{'s' * (progress.sessions != 1)}.",
             "", "Class  Box  Questions  Clean  Due"]
    for cls, card in sorted(progress.classes.items(), key=lambda kv: _class_key(kv[0])):
        lines.append(f"{cls:<6} {card.box:<4} {card.seen:<10} {card.right:<6} {_due_text(card.due, progress.clock)}")
    if progress.misconceptions:
        lines += ["", "Misconception                    Box  Met  Avoided  Due"]
        for code, card in sorted(progress.misconceptions.items()):
            lines.append(f"{code:<32} {card.box:<4} {card.seen:<4} {card.right:<8} "
                         f"{_due_text(card.due, progress.clock)}")
    lines += ["", "What to practise next:"] + [f"- {line}" for line in advice(progress, bank_classes)]
    return "\n".join(lines), loaded.note
