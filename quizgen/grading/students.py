"""The students met in an answers file: a number for each (the order of first
appearance), their ids, names and papers."""

from __future__ import annotations

from quizgen.grading.key_index import KeyIndex


class Students:
    """The student registry. ``by_text`` maps an id cell exactly as written to
    the student's number (the grading loop reads it directly); ``by_id`` the id
    stripped. Ids are matched exactly once stripped; a student's paper is their
    own in a per-student key (matched ignoring case when not exact), else paper 0."""

    def __init__(self, index: KeyIndex):
        self.index = index
        self.ids, self.names, self.paper_numbers = [], [], []
        self.by_text = {}
        self.by_id = {}

    @property
    def papers(self) -> list:
        """Each student's PaperChecks, in student order."""
        return [self.index.papers[n] for n in self.paper_numbers]

    def __len__(self) -> int:
        return len(self.ids)

    def number(self, text: str, name: str = "") -> int:
        """The number of the student written ``text`` (registered on first sight);
        -1 for no id."""
        found = self.by_text.get(text)
        if found is None:
            found = self._register(text.strip(), name.strip())
            if found >= 0:
                self.by_text[text] = found
        return found

    def _register(self, student_id: str, name: str, paper=None) -> int:
        if not student_id:
            return -1
        if student_id in self.by_id:
            return self.by_id[student_id]
        number = len(self.ids)
        self.by_id[student_id] = number
        self.ids.append(student_id)
        self.names.append(name)
        self.paper_numbers.append(self.index.paper_for(student_id) if paper is None else paper)
        return number

    def add_roster(self) -> None:
        """Students who have their own paper in the key but gave no answer; and
        the key's names for students whose answers gave none."""
        for student_id, name, paper in self.index.roster:
            if student_id not in self.by_id:
                self._register(student_id, name, paper)
        for number, paper in enumerate(self.paper_numbers):
            roster_name = self.index.roster[paper - 1][1] if paper else ""
            if roster_name and not self.names[number]:
                self.names[number] = roster_name
