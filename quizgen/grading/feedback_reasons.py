"""The grader's reasons said to the student on a feedback sheet. graded.csv's
reason is the instructor's: it names the overrides file and its line, says
"this student" and "a person decides". A sheet says each in the student's
words ("your marker will look at this answer: ..."), never a file name, a
line number or the instructor's advice; graded.csv keeps the reason as it is."""

from __future__ import annotations

import re

from quizgen.grading.cloze_twice import part_twice_words
from quizgen.grading.lost_tag import LOST_TAG_REASON
from quizgen.marking.asides import NO_VALUE_REASON
from quizgen.marking.forms import NOTE_REASON, TOLERANCE_REVIEW_REASON
from quizgen.marking.percent import NOT_A_SHARE, STRAY_PERCENT
from quizgen.marking.spreadsheet import ERROR_VALUE, REASON as SPREADSHEET_REASON
from quizgen.marking.unclear import LOOKALIKE_REASON, SIDE_BY_SIDE_REASON
from quizgen.marking.unlisted import BARE_NO_REASON
from quizgen.marking.words import NONE_OR_ZERO_REASON

MARKER_LOOKS = "your marker will look at this answer"
"""How a sheet says an answer awaits a person, before what the grader saw in it."""

STUDENT_REASONS = {
    NO_VALUE_REASON: "your answer says there is no answer, and on this part \"no value\" may be the answer itself; "
                     "your marker decides which you meant.",
    NONE_OR_ZERO_REASON: "your answer may say that there is no value or that the value is zero, which this part "
                         "tells apart; your marker decides which you meant.",
    BARE_NO_REASON: "your answer is a bare no, and this part does not ask for a yes or no; your marker decides what it "
                    "means.",
    TOLERANCE_REVIEW_REASON: "you gave a value with a \u00b1 tolerance rather than one value; your marker decides "
                             "whether it answers the part.",
    NOTE_REASON: "your number has a note in brackets beside it; your marker reads what it says.",
    LOOKALIKE_REASON: "your number has a letter where a digit looks meant (O for 0, l or I for 1); your marker "
                      "reads which digits you meant.",
    SIDE_BY_SIDE_REASON: "your answer gives two numbers with nothing between them, and the grader marks one; "
                         "your marker decides which counts.",
    NOT_A_SHARE: "you wrote a % sign, but this part's answer is no share or probability, so your number cannot be "
                 "read as hundredths; your marker decides what the % means.",
    STRAY_PERCENT: "your number is right without its % sign, which makes it a hundredth of that; your marker "
                   "decides whether the % was a slip.",
}
"""The reasons that are whole constants, in the student's words (feedback_words
adds those it words from the answer itself)."""
LOST_TAG_WORDS = ("the record of which numbers you were given for this question was lost from the quiz's "
                  "download, so the grader cannot mark it; your marker marks it by hand.")
"""A question of unknown variant (grading/lost_tag.py), in the student's words."""

_CODE = re.compile(r"paper code (?P<written>'.*?'|\".*?\") (?P<what>is the class paper's|is another student's paper"
                   r"|is one slip from this student's own paper code|is no paper of this key)"
                   r"[^A-Z0-9]*(?:expected paper )?(?P<own>[A-Z0-9]+(?:-[A-Z0-9]+)*)")
_CODE_WORDS = {
    "is the class paper's": "is the class paper's, not your own paper's ({own})",
    "is another student's paper": "is not your own paper's ({own})",
    "is one slip from this student's own paper code": "is one slip from your own paper's code ({own})",
    "is no paper of this key": "is the code of no paper of this exam (yours is {own})",
}
_DECIDED_BEFORE = re.compile(r".* line \d+ decided this part for the answer (?P<answer>.*), not this one: .*", re.DOTALL)
_PERSON_TAIL = re.compile(r"(?P<head>.+?)[:;,]? (?:and )?(?:a person|which a person) .*", re.DOTALL)
_INSTRUCTOR = re.compile(r"a person|student|\bline \d|\.csv\b|\.json\b|quizgen|--[a-z]", re.IGNORECASE)
"""Words a sheet never shows: they are the instructor's (a file, its line, an option, "this student")."""


def reason_to_student(reason: str) -> str:
    """``reason`` (graded.csv's, for an answer awaiting a person) in the
    student's words: a paper code not their own, an answer an override was
    made for no longer the one graded, else what the grader saw in the answer
    ("a number and a different value beside it (0.7)") after MARKER_LOOKS;
    MARKER_LOOKS alone when what it saw is in the instructor's words."""
    if reason in STUDENT_REASONS:
        return STUDENT_REASONS[reason]
    if reason.startswith(LOST_TAG_REASON):
        return LOST_TAG_WORDS
    if twice := part_twice_words(reason):   # a Moodle Cloze cell naming a part twice
        return twice
    if leftover := SPREADSHEET_REASON.fullmatch(reason):   # #NAME?, 4-Mar: the cell held no answer of yours
        return _spreadsheet_said(leftover)
    if code := _CODE.match(reason):
        said = _CODE_WORDS[code["what"]].format(own=code["own"])
        return f"the paper code you wrote, {code['written']}, {said}; your marker will check which paper " \
               "your answers are for."
    if decided := _DECIDED_BEFORE.fullmatch(reason):
        other = "a blank answer," if decided["answer"] == "(blank)" else f"another answer, {decided['answer']},"
        return f"your marker decided this part for {other} not for the one graded now; your marker will decide it again."
    tail = _PERSON_TAIL.fullmatch(reason)
    head = (tail["head"] if tail else reason).strip(" .;:")
    if not head or _INSTRUCTOR.search(head):
        return MARKER_LOOKS + "."
    return f"{MARKER_LOOKS}: {'your answer ' * head.startswith(('has ', 'may '))}{head}."


_TURNED = re.compile(r".*the student's (?P<written>.+?) into a date.*", re.DOTALL)


def _spreadsheet_said(leftover) -> str:
    """A spreadsheet's error value or date in the answer's cell (marking/spreadsheet.py), in the student's words."""
    if leftover["what"] == ERROR_VALUE:
        return f"the answers file shows {leftover['shown']}, a spreadsheet's error value, where your answer should " \
               "be, so your answer was lost on the way; your marker will read it from your paper."
    turned = _TURNED.fullmatch(leftover["rest"])
    made_of = f"your {turned['written']}" if turned else "your answer"
    return f"the answers file shows {leftover['shown']}, a date a spreadsheet may have made of {made_of}; your " \
           "marker will read your answer from your paper."


def note_to_student(reason: str) -> str:
    """The reason of an answer not awaiting a person (invalid, blank) as a
    sheet's note: the grader's own words on what it could not read, the tool
    called "the grader", and any advice to a person left to graded.csv."""
    said = re.sub(r"\bquizgen\b", "the grader", reason)
    tail = _PERSON_TAIL.fullmatch(said)
    return tail["head"].strip(" .;:") if tail else said
