"""The self-study drill: fresh randomised questions part by part on a text stream, graded by
the same code as ``quizgen grade`` (misconceptions named, worked solutions shown); the
learner's record (drill/record.py) chooses what comes next."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from quizgen.drill import record as learner
from quizgen.drill.options import part_options
from quizgen.drill.slips import read_as_offered
from quizgen.drill.state_file import refuse_folder_name, unsaved
from quizgen.drill.terminal import isatty, line_editing, read_line, refuse_binary, skip_rest
from quizgen.drill.hints import all_hints, no_more_hints
from quizgen.drill.turn import Turn
from quizgen.bank.loader import load_bank, select
from quizgen.errors import BankLimitError, OutputError, QuizgenError, UsageError
from quizgen.generation.quiz import Question, given_seed, new_seed, seed_label
from quizgen.generation.views import question_view
from quizgen.grading.outcome import decimal_commas
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.quotes import own_numbers
from quizgen.marking.rules import ECF
from quizgen.maths.printing import to_latex
from quizgen.drill.summary import class_key, opening_progress_line, resume_command, summary
from quizgen.drill.traps import trap_name, trap_names
from quizgen.drill.replies import COMMANDS, HELP, capital, carried_sentence, echo, exact_text, near_one_reminder, \
    held_back, misconception_sentence, not_markable, quoted, reading_notes, stuck_words, unasked_kept, unreadable, \
    worked_from_notes
from quizgen.text.answers import in_ascii, plain_in_ascii
from quizgen.text.plain import WIDTH, to_plain, wrap
from quizgen.bank.budget import DrawLedger
from quizgen.generation.failures import ledger_warnings
from quizgen.generation.sampling import sample_instance
from quizgen.validation.text import check_texts
from quizgen.key.status import Status

@dataclass
class DrillResult:
    """A finished drill: the seed, every part's result, the questions answered (a question left before
    any answer is not counted) and why it stopped (``count``, ``quit`` or ``end of input``)."""

    seed: object
    parts: list = field(default_factory=list)
    questions: int = 0
    stopped: str = "count"
    saved_to: Path | None = None
    outcomes: dict = field(default_factory=dict)   # {class: its last question's outcome (record.CLEAN, ...)}
    unfinished: list = field(default_factory=list)   # the parts of a question left after only right answers
    again: bool | str = False   # --seed brings it back (Drill.same_next_time); then the command (run_drill)
    error: QuizgenError | None = None   # input that is no text ended it: raised after the summary (run_drill)


MAX_LINE = 10_000   # characters of one line of input: grade's longest answer (docs/errors.md)


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
        self.echo, self.editing = not isatty(inp), line_editing(inp, out)   # editing: arrows and history
        self.decimal_comma = False
        self.result = DrillResult(seed)
        self.store, self.start_clock, self.ledgers = None, progress.clock, {}   # ledgers: a DrawLedger a template

    def say(self, text: str = "", indent: str = "") -> None:
        """Write text wrapped to the terminal width, the marker's 3.45 × 10⁻⁵ as 3.45 x 10^(-5) (ASCII, as the working)."""
        self.out.write((wrap(plain_in_ascii(text), self.width, indent) if text else "") + "\n")

    def read(self, prompt: str = "> ") -> str:
        """One line of input, echoed when it comes from a pipe. A line over
        MAX_LINE characters is read no further and counts as no answer."""
        line = read_line(self.inp, self.out, prompt, MAX_LINE + 1, self.editing)
        if not line:
            self.out.write("\n")
            raise _Stop("end of input")
        too_long = len(line) > MAX_LINE
        try:
            refuse_binary(line)
            if too_long:
                skip_rest(self.inp, line)
        except QuizgenError as exc:   # /dev/zero, NUL bytes: stops as at end of input, then exit 2
            self.out.write("\n")
            self.result.error = exc
            raise _Stop("end of input") from None
        if self.echo:
            self.out.write(f"(over {MAX_LINE:,} characters)\n" if too_long else echo(line.rstrip("\r\n")) + "\n")
        if too_long:
            self.say(f"That line is over {MAX_LINE:,} characters; no answer is that long.", "  ")
            return None
        return line.strip()

    def run(self, count, first=None) -> DrillResult:
        """Ask questions until ``count`` (None: no limit), ``q`` or end of input;
        ``first``: the first question, already drawn and rendered (:meth:`prepare`)."""
        try:
            while count is None or self.result.questions < count:
                prepared, first = first, None
                self.question(self.result.questions, prepared or self.drawn(self.result.questions))
        except _Stop as stop:
            self.result.stopped = str(stop)
        except KeyboardInterrupt:
            self.out.write("\n")
            self.result.stopped = "quit"
        return self.result

    def next_template(self):
        """The template of the next question: of the class the repetition rule picks."""
        cls = learner.choose_class(self.progress, self.classes, self.traps)
        card = self.progress.classes.get(cls)
        return learner.choose_template(self.progress, [t for t in self.templates if t.cls == cls],
                                       card.seen if card else 0)

    def next_instance(self, index: int, template=None):
        """The next question (of ``template``, else ``next_template``'s), freshly sampled. Its numbers come from
        the seed and the question's place on the learner's clock, so a returning learner who reuses a seed
        still gets new numbers (a practice run starts the clock at 0: the same seed, the same drill)."""
        template = template or self.next_template()
        ledger = self.ledgers.setdefault(template.id, DrawLedger(template))   # the session's draws share one budget
        return sample_instance(template, seed_label(self.seed, template.id, self.start_clock + index), ledger=ledger)

    def prepare(self, index: int, template=None) -> tuple:
        """The next question drawn and rendered: (instance, text view, key entry);
        a template whose text cannot render fails here."""
        inst = self.next_instance(index, template)
        question = Question(f"Q{index + 1}", inst)
        return inst, question_view(question, "text"), key_entry(question)   # the key: grade's own path

    def drawn(self, index: int) -> tuple:
        """The next question (:meth:`prepare`); a template whose later draw fails (a record lacking a field
        its text names) is left out with one warning, so the drill goes on, or ends with its summary."""
        while True:
            template = self.next_template()
            try:
                return self.prepare(index, template)
            except QuizgenError as exc:
                if isinstance(exc, BankLimitError):   # the session's draws over budget: stops, as documented
                    raise
                self.err.write(f"quizgen: warning: {exc}; this drill leaves {template.cls}'s template "
                               f"{template.id} out from now on (quizgen validate finds such problems)\n")
                self.templates = [t for t in self.templates if t is not template]
                self.classes = [c for c in self.classes if any(t.cls == c for t in self.templates)]
                if not self.classes:
                    raise _Stop("no template left to draw from") from None

    def question(self, index: int, prepared=None) -> None:
        """Ask one question (``prepared`` by :meth:`prepare`, or drawn now) part by part; record how it went."""
        inst, view, entry = prepared or self.prepare(index)
        records, checkers = list(entry.parts), question_checkers(entry, decimal_comma=self.decimal_comma)
        self.say()
        self.say(f"Question {index + 1} ({view['cls']}): {to_plain(view['title'])}")
        self.say("-" * min(self.width, 40))
        self.say(view["stem"])
        turn = Turn(view, inst.template, {pv.letter: to_latex(pv.value) for pv in inst.parts
                                           if pv.part.kind == "numeric"}, records)
        turn.notes, turn.number = worked_from_notes(entry), index + 1
        turn.options = {r.letter: part_options(inst.params, r) for r in records}
        try:
            for part_view, record in zip(view["parts"], records):
                self.say()
                self.say(f"({part_view['letter']}) {part_view['ask']}")
                if not self.ask_part(record, turn, checkers[record.letter]):
                    turn.results += [turn.result(r, "skipped") for r in records[len(turn.results):]]
                    self.solution(view, records, turn)
                    break
            else:
                if any(r.status != Status.CORRECT for r in turn.results):
                    self.solution(view, records, turn)
        except _Stop:   # a quit after a miss: the miss is recorded, so its working is owed
            if any(r.status != Status.CORRECT for r in turn.results):
                self.solution(view, records, turn)
            raise
        finally:
            self.result.parts += turn.results
            self.result.questions += bool(turn.results)   # only a stop leaves a question with none
            self.finish(turn)

    def ask_part(self, record, turn, checker) -> bool:
        """Read answers to one part until one can be graded (as grade marks,
        ECF from the learner's earlier answers at once); False when skipped."""
        while True:
            text = self.read()
            if text is None:   # an over-long line: already answered
                continue
            command = COMMANDS.get(stuck_words(text))
            if command == "quit":
                raise _Stop("quit")
            if command == "help":
                self.say(self.own(HELP))   # its example numbers in the learner's decimal mark
            elif command == "hint":
                self.hint(turn)
            elif command == "skip":
                return False
            else:
                checked = carried_forward(checker, checker(text), turn.values, turn.figures)
                verdict = unasked_kept(checked, {r.letter for r in turn.results}, checker)   # a later part's value is not told
                held = held_back(checked, verdict)   # said once the question ends
                offered = turn.options[record.letter]   # its yes and no, or C8's classes
                verdict = read_as_offered(record, text, verdict, offered.words)   # a slip of an offered word: asked again
                if verdict.status == Status.BLANK:
                    self.say("Type an answer, or ? for the commands.", "  ")
                elif verdict.status == Status.INVALID:
                    self.say(unreadable(text, verdict.reason, self.decimal_comma) + turn.notes.pop(record.letter, ""),
                             "  ")   # why a later part needs it, said once
                elif retry := not_markable(record, text, verdict, offered, self.decimal_comma):   # grade's needs_review
                    self.say(retry + turn.notes.pop(record.letter, ""), "  ")   # a later part reads it: said once
                else:
                    verdict, notes = reading_notes(record, text, verdict, self.decimal_comma,   # 1.950 is 1.95
                                                   offered)   # 'sum' at yes/no
                    self.report(record, verdict, turn.latex.get(record.letter), text, turn.names, notes)
                    if near := near_one_reminder(verdict, checker, turn, self.own):
                        self.say(near, "  ")   # an earlier answer near 1 carried on short
                    if held and verdict.status == Status.INCORRECT:
                        turn.withheld[record.letter] = (text, held)
                    turn.results.append(turn.result(record, verdict.status, verdict))
                    turn.part_start = turn.hints   # the next part's hints are counted from here
                    self.track_traps(record, verdict, turn)
                    turn.values[record.name], turn.figures[record.name] = verdict.value, verdict.figures
                    return True

    def report(self, record, verdict, latex=None, text: str = "", names=None, notes=()) -> None:
        """Say whether an answer is right, the expected value (``latex``: its exact
        form), and any misconception, by its name in ``names`` (traps.trap_names),
        after the ``notes`` on how the answer ``text`` was read (reading_notes)."""
        exact, shown = exact_text(record, latex), self.own(in_ascii(verdict.expected))   # 3.449 x 10^(-5) as the working says it
        for note in notes:
            self.say(note, "  ")
        if verdict.status == Status.CORRECT and verdict.note == ECF:   # not "Correct: <another number>"
            answers = "answers" if own_numbers(verdict.feedback)[0].count(" = ") > 1 else "answer"   # a route reads two
            self.say(f"Correct from your own earlier {answers}; from the right values it is {shown}"
                     f"{exact}.", "  ")
            self.say(self.own(f"{capital(to_plain(verdict.feedback))}."), "  ")
            return
        if verdict.status == Status.CORRECT:
            self.say(f"Correct: {shown}{exact}.", "  ")
            if verdict.note:   # carried_rounding (ECF is said above): say why it was accepted
                self.say(carried_sentence(verdict.feedback, verdict.expected, verdict.value, text, self.own), "  ")
            return
        if verdict.status == Status.IMPRECISE:   # rounded too early
            self.say(self.own(f"Not precise enough. {capital(to_plain(verdict.feedback))}."), "  ")   # grade's words
            return
        self.say(f"Incorrect: the answer is {shown}{exact}.", "  ")
        if verdict.misconception:   # the trap's words are its author's, as grade leaves them
            self.say(misconception_sentence(trap_name(verdict.misconception, names), verdict.feedback,
                                            self.decimal_comma), "  ")
        elif verdict.feedback:   # why, when grade says it: rounded twice, cut off at too few figures
            self.say(self.own(f"{capital(to_plain(verdict.feedback))}."), "  ")

    def own(self, words: str) -> str:
        """The drill's (and grade's) own ``words`` with decimal commas for a learner who writes them (--decimal-comma),
        as grade writes its feedback for such a class; grade's σ(s) as the working's ASCII sigma(s)."""
        return (decimal_commas if self.decimal_comma else str)(words.replace("\u03c3", "sigma"))

    def track_traps(self, record, verdict, turn) -> None:
        """Note the misconceptions this part met or cleanly avoided; finish()
        moves their cards once per question (see record.record_traps). A right
        answer given after a hint in this question avoids none, as it leaves its
        class in its box, nor does one right only given a wrong earlier answer
        (ECF): the question restarts their wait (finish)."""
        if verdict.misconception:
            turn.traps_met.append(verdict.misconception)
        elif verdict.status == Status.CORRECT and not turn.hints and verdict.note != ECF:
            turn.traps_avoided.update(trap.code for trap, value in zip(record.traps, record.trap_values)
                                      if value is not None or trap.words)   # a slip this draw cannot make was not avoided

    def hint(self, turn) -> None:
        """Show the part's next hint (hints.part_hints): the forecast, then the
        steps this part needs, never one that shows a later part's answer."""
        part, shown = turn.hints_available(), turn.hints - turn.part_start
        if shown >= len(part.hints):
            self.say(no_more_hints(part), "  ")
            return
        label, text = part.hints[shown]
        turn.hints += 1
        turn.forecast_seen = turn.forecast_seen or label == "Forecast"
        self.say(f"Hint {shown + 1} of {len(part.hints)}: {label}", "  ")   # counted within the part
        self.say(text, "    ")

    def solution(self, view: dict, records: list, turn) -> None:
        """The worked solution for this question's numbers, and the answers;
        before it, an answer that was a later part's value, which its reply could not say."""
        for letter, (text, feedback) in turn.withheld.items():
            self.say()
            self.say(f"Your ({letter}) {quoted(text)}: {self.own(to_plain(feedback))}.", "  ")
        self.say()
        self.say("Worked solution for these numbers:")
        for label, text in all_hints(view):
            self.say(label, "  ")
            self.say(text, "    ")
        self.say("Check", "  ")
        self.say(view["verify"], "    ")
        answers = "   ".join(f"({r.letter}) {in_ascii(r.answer)}" for r in records)   # 3.449 x 10^(-5), as the working
        self.say(f"Answers: {answers}", "  ")
        shown = " ".join([view["verify"]] + [text for _, text in all_hints(view)])
        if any(r.kind == "numeric" and r.answer not in shown for r in records):
            self.say("(The answers are worked from the unrounded values, so a step that uses the rounded "
                     "numbers shown may differ in its last figure, at times in the last one asked for; "
                     "an answer worked that way is marked correct too.)", "  ")

    def finish(self, turn) -> None:
        """Record a finished (or abandoned but already missed) question, its
        class and misconception cards, and save; a question left after only
        right answers moves nothing."""
        statuses = [r.status for r in turn.results]
        if not statuses:
            return
        if any(s != Status.CORRECT for s in statuses):   # skipped when no part was wrong: given up, not mistaken
            outcome = learner.SKIPPED if {"correct", "skipped"} >= set(statuses) else learner.MISSED
        elif len(statuses) < turn.parts:
            self.result.unfinished = list(turn.results)   # moves no card, but the advice names it
            # not after hints: its numbers again were answered from the working shown
            self.result.again = not turn.hints and self.same_next_time(turn.template)
            return
        else:
            outcome = learner.HELPED if turn.hints else learner.CLEAN
        if self.progress.clock == self.start_clock:
            self.progress.sessions += 1
        self.progress.record_traps(turn.traps_met, turn.traps_avoided)
        self.progress.retested(learner.trap_codes(turn.template))
        self.progress.record_question(turn.template.cls, outcome)
        self.result.outcomes[turn.template.cls] = outcome
        self.save()

    def same_next_time(self, template) -> bool:
        """Whether --seed and the class alone ask the question being left again: the next run (on the record
        saved, or a fresh one if practice) starts where it was drawn on the clock and picks its template."""
        after, own = self.progress if self.store else learner.Progress(), [t for t in self.templates if t.cls == template.cls]
        card = after.classes.get(template.cls)
        return after.clock == self.start_clock + self.result.questions - 1 and \
            learner.choose_template(after, own, card.seen if card else 0) is template

    def save(self) -> None:
        """Write the progress file, if saving; a failure is reported once, then saving stops."""
        if self.store is None:
            return
        try:
            learner.save(self.progress, self.store)
            self.result.saved_to = self.store
        except (OutputError, UsageError) as exc:  # UsageError: its folder is a file
            self.err.write(f"quizgen: warning: cannot save progress: {exc}; continuing without saving\n")
            self.store = None


def run_drill(inp, out, err, classes: str = "all", count=None, seed=None, banks=(),
              state=None, save: bool = True, width: int = WIDTH, decimal_comma: bool = False) -> DrillResult:
    """Run a whole drill on the streams ``inp``/``out`` (notes go to ``err``):
    choose, ask and grade questions, keep progress at ``state`` (default
    :func:`progress.default_path`; nothing read or written when ``save`` is
    false), and end with a summary. ``decimal_comma`` reads answers as grade
    --decimal-comma does (3,45e-05 and ln(0,71) too)."""
    seed = new_seed() if seed is None else given_seed(seed)   # as --seed reads it
    if count is not None and count < 1:
        raise UsageError(f"--count must be 1 or more, got {count}")
    bank = load_bank(banks)
    templates = select(bank, classes, banks)
    check_texts(templates)   # a name no template defines fails now, not when its question is drawn
    if state and save:
        refuse_folder_name(state)
    path = Path(state) if state else learner.default_path()
    with (learner.load(path) if save else learner.Loaded(learner.Progress(), writable=False)) as loaded:
        for note in filter(None, (loaded.note, *loaded.dropped)):
            err.write(f"quizgen: warning: {note}\n")
        drill = Drill(inp, out, err, templates, loaded.progress, seed, width)
        drill.store = path if loaded.writable else None
        drill.decimal_comma = decimal_comma
        first = drill.prepare(0)   # before anything is printed: a question that cannot render is an error alone
        asked, chosen = list(drill.classes), ",".join(drill.classes)   # asked: before any template is left out
        drill.say(f"quizgen drill: seed {seed}, classes {chosen}"
                  + (f", {count} question{'s' * (count != 1)}" if count else "") + ".")
        drill.say(opening_progress_line(path, loaded.progress) if drill.store else "Practice run: progress is not saved.")
        drill.say("Answer each part; h for a hint, s to skip, ? for help, q to quit.")
        result = drill.run(count, first)
        own_state = path != learner.default_path() and path   # a --state other than the default
        if result.again:   # the command that asks the question left unfinished again
            result.again = resume_command(seed, result.unfinished[0].cls, banks, drill.store is None, own_state,
                                          decimal_comma)
        offered = asked if drill.store is None else {t.cls for t in bank}   # practice: this run's alone
        out.write(summary(result, loaded.progress, sorted(offered, key=class_key), banks=banks,
                          names=trap_names(templates + bank), practice=drill.store is None, state=own_state,
                          decimal_comma=decimal_comma, traps=drill.traps, width=width) + "\n")
        out.flush()
        for line in ledger_warnings(templates, drill.ledgers):   # draws a failed expression threw away
            err.write(f"quizgen: warning: {line}\n")
        if error := result.error or (save and unsaved(path, drill.store)):   # input no text; a record not kept
            raise error
        return result

