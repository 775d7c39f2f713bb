"""The key made ready for grading: finding and loading key.json, checking its
shape, the tolerance override, and ``KeyIndex`` (every question part of the key
as a slot, each paper's checkers, and the lookup of question/part labels as the
answers write them)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from quizgen.question_ids import norm_part, norm_question
from quizgen.errors import InputFileError, UsageError
from quizgen.wording import named_few
from quizgen.grading.answers_file import split_label
from quizgen.grading.lost_tag import lost_tag_reasons
from quizgen.grading.recipe_check import recipe_problem, route_problem
from quizgen.grading.paper_checks import PaperChecks
from quizgen.key.load import load_key_file
from quizgen.key.model import Key
from quizgen.key.papercode import code_slip, codes_match, display_code, normalise_code
from quizgen.marking.policy import Policy, read_policy
from quizgen.maths.shares import RULE as SHARE_RULE, read_share
from quizgen.maths.tolerance import matches

LABEL_CACHE_LIMIT = 10_000
_NO_LABELS = {}   # KeyIndex.labels' entry for a part cell not met
QUESTIONS_NAMED = 12   # of the key's questions, in a row's reason naming a question it does not have
NO_PART_GIVEN = "no part given for"   # how a row naming a question of several parts with no part is told (no_part.py)


def key_candidates(answers_path: Path, name: str = "key.json") -> list:
    """Where grade looks for key.json (or an LMS export's key file, ``name``) without --key,
    in this order: beside the answers, in the working directory, and in its quiz/ (generate's
    default --out); beside the answers alone when the working directory is gone (removed under the shell)."""
    try:
        here = Path.cwd()
    except OSError:
        return [answers_path.parent / name]
    return [answers_path.parent / name, here / name, here / "quiz" / name]


def key_shown(key_path: Path, answers_path: Path) -> str:
    """How the summary names the key: its file name when it lies beside the
    answers, else its path (from the working folder when it is under it), so
    that a key found in quiz/ or given from elsewhere is never just "key.json"."""
    try:
        if key_path.parent.resolve() == answers_path.parent.resolve():
            return key_path.name
        return str(key_path.resolve().relative_to(Path.cwd().resolve()))
    except (OSError, ValueError):   # not under the working folder, or no working folder
        return str(key_path)


def found_keys(answers_path: Path, name: str = "key.json") -> list:
    """The key.json (or ``name``) files of key_candidates that exist, in their order, each file once."""
    found, seen = [], set()
    for candidate in key_candidates(answers_path, name):
        if candidate.is_file() and candidate.resolve() not in seen:
            seen.add(candidate.resolve())
            found.append(candidate)
    return found


def find_key(answers_path: Path) -> Path:
    """The first key.json of key_candidates that exists."""
    found = found_keys(answers_path)
    if found:
        return found[0]
    beside, here, quiz = key_candidates(answers_path)
    raise InputFileError(f"no key.json beside {answers_path} ({beside}), in the working directory ({here}) "
                         f"or in its quiz folder, where generate writes by default ({quiz}); pass --key PATH")


def found_key_note(answers_path: Path, key_path: Path) -> list:
    """A note (in a list, or none) naming the key.json grade found when it was
    the one in quiz/, or when another was found too and not used."""
    others = [path for path in found_keys(answers_path) if path.resolve() != key_path.resolve()]
    if not others and key_path != key_candidates(answers_path)[2]:
        return []
    unused = f"; {' and '.join(map(_from_here, others))} also found, not used (pass --key to choose)" if others else ""
    return [f"graded against {_from_here(key_path)}, the first key.json found (looked for beside the answers, "
            f"then in the working directory, then in its quiz folder){unused}"]


def _from_here(path: Path) -> str:
    """``path`` relative to the working directory when it is inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load_key(answers_path: Path, key) -> tuple:
    """``(path or None, Key)``: a given :class:`Key`, a given key.json dict, a
    given path, or the key.json found; checked on load (one line per problem)."""
    if isinstance(key, Key):
        return None, key
    if isinstance(key, dict):
        return None, Key.from_json(key, "the key")
    path = Path(key) if key is not None else find_key(answers_path)
    return path, load_key_file(path)


def _finite(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def tolerance_override(rtol, atol) -> dict | None:
    """``{"rtol": .., "atol": ..}`` from the options, or None to keep the key's tolerances."""
    override = {}
    for name, value in (("rtol", rtol), ("atol", atol)):
        if value is None:
            continue
        if not _finite(value) or value < 0:
            raise UsageError(f"--{name} must be a number 0 or more, got {value!r}")
        override[name] = float(value)
    return override or None


def traps_covered(key: Key, override, papers: int = 100) -> list:
    """A warning (in a list, or none) when ``override`` (``--rtol``/``--atol``)
    makes a trap's value count as the right answer: the right answer is checked
    first, so students who made that mistake are marked correct. The class
    paper and the first ``papers`` per-student papers are looked at (the same
    templates, other numbers); at most three places are named."""
    if not override:
        return []
    found = {}
    for questions in [key.questions] + [paper.questions for paper in key.papers[:papers]]:
        for question in questions:
            for part in question.parts:
                for trap, value in zip(part.traps, part.trap_values) if part.value is not None else ():
                    if value is not None and matches(value, part.value, override, part.kind):
                        found.setdefault((question.id, part.letter, trap.code), None)
    if not found:
        return []
    option = " ".join(f"--{name} {value:g}" for name, value in override.items())
    named = ", ".join(f"{q} ({letter}) {code}" for q, letter, code in list(found)[:3])
    return [f"{option} is wide enough to take {len(found)} misconception value(s) for the right answer "
            f"({named}{', ...' if len(found) > 3 else ''}): those answers are marked correct; "
            "use a smaller tolerance to keep them apart"]


def marking_policy(policy=None, ecf_credit=None) -> Policy:
    """The instructor's policy: ``policy`` a policy.yaml path (or a Policy),
    ``ecf_credit`` (``--ecf-credit``) replacing its ECF credit."""
    found = policy if isinstance(policy, Policy) else read_policy(policy) if policy is not None else Policy()
    if ecf_credit is not None:
        share = read_share(ecf_credit)
        if share is None:
            raise UsageError(f"--ecf-credit must be {SHARE_RULE}, got {ecf_credit!r}")
        found = replace(found, ecf_credit=share, template_ecf={})   # the command line's, for every template
    return found


def _paper_codes(key: Key) -> list:
    """Each paper's code (``Key.codes_by_student``), the class paper first."""
    if not key.codes:
        return []
    first = key.codes_by_student()
    return [first.get("", "")] + [first.get(paper.student_id, "") for paper in key.papers]


def _template_labels(key: Key) -> tuple:
    """``(parts_of, codes_of, templates)``: for each template id and class on
    the key's papers, its part names and letters, and its trap codes; and for
    each template id, ``(class, ((part name, letter), ...))``. Each template is
    read once (a per-student key repeats it on every paper)."""
    parts_of, codes_of, templates = {}, {}, {}
    for q in key.every_question():
        if q.template in templates:
            continue
        templates[q.template] = (q.cls, tuple((part.name, part.letter) for part in q.parts))
        labels = {label for part in q.parts for label in (part.name, part.letter)}
        codes = {trap.code for part in q.parts for trap in part.traps}
        for name in (q.template, q.cls):
            parts_of.setdefault(name, set()).update(labels)
            codes_of.setdefault(name, set()).update(codes)
    return parts_of, codes_of, templates


def with_policy_points(key: Key, policy: Policy, parts_of: dict) -> Key:
    """``key`` with each part's points as the policy's ``points:`` sets them
    (and each question's total to match); the key itself when it sets none.
    ``parts_of`` (from _template_labels) lets a typo'd part be refused. A
    template's parts share one spec, so each changed spec is made once."""
    if not policy.points:
        return key
    policy.check_points_parts(parts_of)
    specs = {}

    def question(q):
        parts = []
        for part in q.parts:
            made = (id(part.spec), q.template, q.cls)
            spec = specs.get(made)
            if spec is None:
                points = policy.points_for(q.template, q.cls, part.name, part.points, part.letter)
                spec = specs[made] = part.spec if points == part.points else replace(part.spec, points=points)
            parts.append(part if spec is part.spec else replace(part, spec=spec))
        return replace(q, parts=tuple(parts), points=sum(part.points for part in parts))

    papers = tuple(replace(paper, questions=tuple(map(question, paper.questions))) for paper in key.papers)
    key = replace(key, questions=tuple(map(question, key.questions)), papers=papers)
    policy.check_paper_points(key)
    return key


def _check_recipes(key: Key, source: str) -> None:
    """Refuse a key whose stored recipes cannot be read (``recipe_check.recipe_problem``),
    naming the template: each template's recipes are one object, checked once; and
    one whose ``also`` route disagrees with a question's own answers (``route_problem``)."""
    seen = set()
    for questions in [key.questions] + [paper.questions for paper in key.papers]:
        for question in questions:
            problem = None
            if question.recipes and id(question.recipes) not in seen:
                seen.add(id(question.recipes))
                problem = recipe_problem(question)
            if problem is None and question.recipes:
                problem = route_problem(question)   # each question's routes against its own answers
            if problem is not None:
                raise InputFileError(f"{source}: templates.{question.template}.{problem}")


OTHER_RUN = "papers from another run of generate? grade with the key.json written beside them"
"""The instructor's advice ending the reason of a code this key never printed (never on a student's sheet)."""


class CodeReason(str):
    """A reason ``KeyIndex.code_problem`` gives (a paper code not the student's
    own): its type, kept in the outcome's reason cell (printable, so
    spreadsheet_safe hands it back as is) and through --jobs' pickling, tells it
    from other reasons an answer waits for (paper_written), not its wording."""


class KeyIndex:
    """The key made ready for lookups: every question part (slot) of the key,
    the top-level paper (number 0) and each student's own paper."""

    def __init__(self, key: Key, decimal_comma: bool, override, name: str, policy: Policy | None = None,
                 source: str | None = None, writes_comma: bool | None = None):   # source: the key's path as typed
        self.name, self.source = name, source or name
        self.writes_comma = decimal_comma if writes_comma is None else writes_comma   # the graded cells' decimal mark
        self.override = override   # --rtol/--atol's rule for every part, or None (swapped_ids.py matches values by it)
        self.figures_shown = key.rounded_by != "canvas"   # a Canvas download's figures are Canvas's, not the student's
        self.zeros_unseen = key.rounded_by == "spreadsheet"   # a re-saved Moodle download's end zeros
        self.policy = policy or Policy()
        self.policy_warnings = []
        if self.policy.points or self.policy.traps or self.policy.template_traps or self.policy.template_ecf:
            parts_of, codes_of, templates = _template_labels(key)
            key = with_policy_points(key, self.policy, parts_of)
            self.policy_warnings = (self.policy.check_trap_codes(codes_of) + self.policy.check_ecf_names(parts_of)
                                    + self.policy.check_overlaps(templates))
        _check_recipes(key, source or name)
        self.key = key   # with the policy's points: what the feedback sheets show
        self.lost_tags = lost_tag_reasons(key)   # {(question id, part shape): reason}: questions of unknown variant
        self.slots, self.slot_of, self.questions = [], {}, {}
        self.normal_ids = {}   # {question id: its normal form}, the same few ids on every paper
        self._credits = {}     # {(template, class): Credits}
        self._layouts = {}     # {(question id, each part's letter): slots}: KeyIndex.layout
        for paper in [None, *key.papers]:
            self._add_slots(paper.questions if paper else key.questions)
        self.papers = [PaperChecks(key.questions, self, decimal_comma, override)]
        self.roster = []   # (student id, name, paper number): ids are matched by grading/students.py
        for paper in key.papers:
            self.papers.append(PaperChecks(paper.questions, self, decimal_comma, override))
            self.roster.append((paper.student_id.strip(), paper.name, len(self.papers) - 1))
        self.labels = {}   # {part cell: {question cell: slot or reason}}, as the answers write them
        self.codes = _paper_codes(key)
        self._code_problems = {}
        self._code_owner = None   # {normal code: student id}, made at the first wrong code
        self.sampled = {}   # {(paper, slot, answer): Outcome} graded by the early check (belong_early.py), for the pass
        self.sampled_verdicts = None   # the class paper's, a cache per slot (answer_pass._verdict_caches)
        self.made_checkers = {}     # {id(question): (question, its PartCheckers)}: paper_checks.py
        self.shared_verdicts = {}   # {id(a PartChecker on several papers): {answer: Outcome}}

    def layout(self, question) -> tuple:
        """The slots of ``question``'s parts, found once for each question id and its parts' letters
        (a per-student key has the same few on all its papers)."""
        letters = [part.spec.letter for part in question.parts]
        found = self._layouts.get(made := (question.id, *letters))
        if found is None:
            qid = self.normal_ids.get(question.id) or norm_question(question.id)
            found = self._layouts[made] = tuple(self.slot_of[(qid, letter)] for letter in letters)
        return found

    def credits_for(self, template: str, cls: str, own_ecf: float = 1.0):
        """The policy's credits for a template (``own_ecf``: its own ECF credit,
        the key's), one object per template (shared by its instances)."""
        credits = self._credits.get((template, cls, own_ecf))
        if credits is None:
            credits = self._credits[(template, cls, own_ecf)] = self.policy.credits_for(template, cls, own_ecf)
        return credits

    def code_problem(self, paper: int, written: str):
        """None when the paper code ``written`` (a ``paper`` cell) is blank or is
        the code of paper number ``paper``; else why the row is invalid."""
        found = self._code_problems.get((paper, written), False)
        if found is False:
            expected = self.codes[paper] if paper < len(self.codes) else ""
            ok = not written.strip() or not expected or codes_match(written, expected)
            found = None if ok else self._wrong_code(written, expected)
            if len(self._code_problems) < LABEL_CACHE_LIMIT:
                self._code_problems[(paper, written)] = found
        return found

    def _wrong_code(self, written: str, expected: str) -> str:
        """Why ``written`` is not the code ``expected``: another student's paper
        of this key (not named: the reason reaches a feedback sheet), the class
        paper, or a code this key never printed (papers from another run
        of generate, perhaps with the same seed: each run draws a new secret)."""
        if self._code_owner is None:
            self._code_owner = {normalise_code(code): student for code, student, _ in self.key.codes}
        shown = f"paper code {written.strip()[:20]!r}"
        owner = self._code_owner.get(normalise_code(written))
        if owner == "":
            return CodeReason(f"{shown} is the class paper's, not this student's own: expected paper "
                              f"{display_code(expected)}")
        if owner is not None:   # whose it is stays in key.json: this reason reaches the student's own sheet
            return CodeReason(f"{shown} is another student's paper, not this student's: expected paper "
                              f"{display_code(expected)}")
        slip = code_slip(written, expected)   # one slip from their own code, said so
        if slip:
            return CodeReason(f"{shown} is one slip from this student's own paper code {display_code(expected)} "
                              f"({slip}): probably their own paper, the code miswritten; a person checks it")
        return CodeReason(f"{shown} is no paper of this key (expected paper {display_code(expected)}): {OTHER_RUN}")

    def _add_slots(self, questions: tuple) -> None:
        """Each new part of a paper's ``questions`` a slot. No two of a
        paper's question ids read alike: a key's are each once on a paper and of generate's form
        (key.checks.QUESTION_ID_PATTERN: ``Q1``, ``Q2b``, never ``Q01``), and an LMS download's key names its
        own ``Q<slot>`` and ``Q<slot><letter>`` (lms/papers.py)."""
        for question in questions:
            qid = self.normal_ids.get(question.id)
            if qid is None:
                qid = self.normal_ids[question.id] = norm_question(question.id)
            entry = self.questions.setdefault(qid, {"id": question.id, "parts": {}, "letters": []})
            for part in question.parts:
                letter = part.letter
                if (qid, letter) in self.slot_of:
                    continue
                self.slot_of[(qid, letter)] = len(self.slots)
                entry["letters"].append(letter)
                entry["parts"][letter] = letter
                if part.name:
                    entry["parts"].setdefault(norm_part(part.name), letter)
                self.slots.append({"question_id": entry["id"], "part": letter, "class": question.cls,
                                   "template": question.template, "points": part.points})

    def slot(self, question: str, part: str):
        """The slot of a question/part as written in the answers, or the reason
        it names no part of the key; kept in ``labels`` (bounded), which the
        grading loop reads directly."""
        found = self.labels.get(part, _NO_LABELS).get(question)
        if found is None:
            found = self._resolve(question, part)
            questions = self.labels.get(part)
            if questions is None and len(self.labels) < LABEL_CACHE_LIMIT:
                questions = self.labels[part] = {}
            if questions is not None and len(questions) < LABEL_CACHE_LIMIT:
                questions[question] = found
        return found

    def _resolve(self, question: str, part: str):
        qid, pid = norm_question(question), norm_part(part) if part.strip() else ""
        written = part.strip()   # the part as the row names it, for the reason
        if qid not in self.questions:
            label = split_label(question)
            if label and label[1] and norm_question(label[0]) in self.questions and pid in ("", label[1]):
                qid, pid, written = norm_question(label[0]), label[1], written or label[1]
            elif not question.strip():
                return "no question given"
            else:
                known = named_few([q["id"] for q in self.questions.values()], QUESTIONS_NAMED)
                return f"no question {question.strip()[:40]!r} in {self.name} (it has {known})"
        entry = self.questions[qid]
        letters = ", ".join(entry["letters"])
        if not pid:
            if len(entry["letters"]) == 1:
                return self.slot_of[(qid, entry["letters"][0])]
            return f"{NO_PART_GIVEN} {entry['id']} (parts {letters})"
        letter = entry["parts"].get(pid)
        if letter is None:
            return f"{entry['id']} has no part {written[:20]!r} (parts {letters})"
        return self.slot_of[(qid, letter)]
