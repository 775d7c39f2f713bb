"""The key made ready for grading: finding and loading key.json, checking its
shape, the tolerance override, and ``KeyIndex`` (every question part of the key
as a slot, each paper's checkers, and the lookup of question/part labels as the
answers write them)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from quizgen.errors import InputFileError, UsageError
from quizgen.grading.answers_file import norm_part, norm_question, split_label
from quizgen.grading.marking import PartChecker
from quizgen.grading.report import spreadsheet_safe

LABEL_CACHE_LIMIT = 10_000
_NO_LABELS = {}   # KeyIndex.labels' entry for a part cell not met


def find_key(answers_path: Path) -> Path:
    """key.json beside the answers file, else in the working directory."""
    candidates = [answers_path.parent / "key.json", Path.cwd() / "key.json"]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise InputFileError(f"no key.json beside {answers_path} ({candidates[0]}) or in the working "
                         f"directory ({candidates[1]}); pass --key PATH")


def load_key(answers_path: Path, key):
    """``(path or None, data)`` of the key: a given dict, a given path, or the one found."""
    if isinstance(key, dict):
        check_key(key, "the key")
        return None, key
    path = Path(key) if key is not None else find_key(answers_path)
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: key file not found") from exc
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{path}: line {exc.lineno}: not valid JSON ({exc.msg}); expected "
                             "the key.json written by quizgen generate") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise InputFileError(f"{path}: cannot read the key ({getattr(exc, 'strerror', None) or exc})") from exc
    check_key(data, str(path))
    return path, data


def check_key(data, source: str) -> None:
    """Raise InputFileError unless ``data`` has the shape of key.json."""
    if not isinstance(data, dict) or not isinstance(data.get("questions"), list) or not data["questions"]:
        raise InputFileError(f"{source}: expected key.json with a non-empty \"questions\" list")
    _check_questions(data["questions"], source)
    students = data.get("students", {})
    if students is None:
        students = {}
    if not isinstance(students, dict):
        raise InputFileError(f"{source}: \"students\" must map student ids to their papers")
    for student_id, paper in students.items():
        if not isinstance(paper, dict) or not isinstance(paper.get("questions"), list):
            raise InputFileError(f"{source}: students.{student_id}: expected a \"questions\" list")
        _check_questions(paper["questions"], f"{source}: students.{student_id}")


def _check_questions(questions: list, source: str) -> None:
    for q, question in enumerate(questions):
        if not isinstance(question, dict) or "id" not in question or not isinstance(question.get("parts"), list):
            raise InputFileError(f"{source}: question {q + 1}: expected \"id\" and a \"parts\" list")
        for part in question["parts"]:
            where = f"{source}: {question['id']} part {part.get('part', '?') if isinstance(part, dict) else '?'}"
            if not isinstance(part, dict) or "part" not in part:
                raise InputFileError(f"{where}: expected a record with \"part\"")
            kind = part.get("type", "numeric")
            need = "accept" if kind == "word" else "value"
            if kind not in ("numeric", "integer", "word") or need not in part:
                raise InputFileError(f"{where}: expected type numeric/integer/word with {need!r}")
            if kind != "word" and not _finite(part["value"]):
                raise InputFileError(f"{where}: \"value\" is not a finite number")
            traps = part.get("misconceptions") or []
            if not all(isinstance(t, dict) and "code" in t and _finite(t.get("value", 0)) for t in traps):
                raise InputFileError(f"{where}: every misconception needs a \"code\" (and a numeric value)")


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


class PaperChecks:
    """One paper's parts, indexed by slot (a question part of the whole key):
    a PartChecker, or None where this paper has no such part."""

    def __init__(self, questions: list, index: "KeyIndex", decimal_comma: bool, override):
        self.checkers = [None] * len(index.slots)
        self.expected = [""] * len(index.slots)
        self.max_score = 0.0
        for question in questions:
            for part in question["parts"]:
                slot = index.slot_of[(norm_question(question["id"]), str(part["part"]).lower())]
                self.checkers[slot] = PartChecker(part, decimal_comma, override)
                self.expected[slot] = spreadsheet_safe(str(part.get("answer", "")))
                self.max_score += float(part.get("points", 1))
        self.parts = sum(1 for checker in self.checkers if checker is not None)


class KeyIndex:
    """The key made ready for lookups: every question part (slot) of the key,
    the top-level paper (number 0) and each student's own paper."""

    def __init__(self, data: dict, decimal_comma: bool, override, name: str):
        self.name = name
        self.slots, self.slot_of, self.questions = [], {}, {}
        per_student = data.get("students") or {}
        for questions in [data["questions"]] + [p["questions"] for p in per_student.values()]:
            self._add_slots(questions)
        self.papers = [PaperChecks(data["questions"], self, decimal_comma, override)]
        self.paper_of, self.paper_of_folded, self.roster = {}, {}, []
        for student_id, paper in per_student.items():
            self.papers.append(PaperChecks(paper["questions"], self, decimal_comma, override))
            number = len(self.papers) - 1
            self.paper_of[str(student_id).strip()] = number
            self.paper_of_folded.setdefault(str(student_id).strip().casefold(), number)
            self.roster.append((str(student_id).strip(), str(paper.get("name", "")), number))
        self.labels = {}   # {part cell: {question cell: slot or reason}}, as the answers write them

    def _add_slots(self, questions: list) -> None:
        for question in questions:
            qid = norm_question(question["id"])
            entry = self.questions.setdefault(qid, {"id": str(question["id"]), "parts": {}, "letters": []})
            for part in question["parts"]:
                letter = str(part["part"]).lower()
                if (qid, letter) in self.slot_of:
                    continue
                self.slot_of[(qid, letter)] = len(self.slots)
                entry["letters"].append(letter)
                entry["parts"][letter] = letter
                if part.get("name"):
                    entry["parts"].setdefault(norm_part(part["name"]), letter)
                self.slots.append({"question_id": entry["id"], "part": letter, "class": question.get("class", ""),
                                   "template": question.get("template", ""),
                                   "points": float(part.get("points", 1))})

    def paper_for(self, student_id: str) -> int:
        """The paper number of a student: their own when the key has one, else 0."""
        number = self.paper_of.get(student_id)
        if number is None:
            number = self.paper_of_folded.get(student_id.casefold(), 0)
        return number

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
        if qid not in self.questions:
            label = split_label(question)
            if label and label[1] and norm_question(label[0]) in self.questions and pid in ("", label[1]):
                qid, pid = norm_question(label[0]), label[1]
            elif not question.strip():
                return "no question given"
            else:
                known = ", ".join(q["id"] for q in self.questions.values())
                return f"no question {question.strip()[:40]!r} in {self.name} (it has {known})"
        entry = self.questions[qid]
        letters = ", ".join(entry["letters"])
        if not pid:
            if len(entry["letters"]) == 1:
                return self.slot_of[(qid, entry["letters"][0])]
            return f"no part given for {entry['id']} (parts {letters})"
        letter = entry["parts"].get(pid)
        if letter is None:
            return f"{entry['id']} has no part {part.strip()[:20]!r} (parts {letters})"
        return self.slot_of[(qid, letter)]
