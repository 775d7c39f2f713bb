"""An answer over the length limit: kept in graded.csv cut short, as invalid on
its part, with the reason (the answers file's rows, grading/answers_file.py)."""

from __future__ import annotations

from quizgen.wording import thousands

MAX_ANSWER_CHARS = 10_000    # a longer answer is kept in graded.csv (cut short) as invalid
ANSWER_SHOWN = 100           # characters of a too-long answer kept in graded.csv


class LongAnswer(str):
    """An answer over the length limit, cut short, and why it is not graded
    (``too_long``): its row is read as a row, so it stands for its part,
    ``invalid`` with the part's expected answer (outcome.verdict_outcome)."""

    too_long: str

    def __new__(cls, text: str, too_long: str):
        answer = super().__new__(cls, text)
        answer.too_long = too_long
        return answer

    def __reduce__(self):   # pickled across --jobs processes with its reason
        return LongAnswer, (str(self), self.too_long)


def too_long(cells: list, answer: int, line: int, where: str | None = None) -> list:
    """A row whose answer is over the length limit: graded as invalid on its
    part, the answer cut short (a LongAnswer); ``where``: the row's place in
    the reason, when not its ``line``."""
    length = len(cells[answer])
    cells = list(cells)
    cells[answer] = LongAnswer(cells[answer][:ANSWER_SHOWN] + "...",
                               f"{where or f'line {line}'}: the answer is {thousands(length)} characters long; "
                               f"answers over {thousands(MAX_ANSWER_CHARS)} characters are not graded")
    return cells
