"""What a learner reads on their feedback sheet tells them what to do next:
misconceptions by the names the drill gives them (not internal codes), a
"What to work on" list after the score with a drill command, a pointer under a
wrong answer no known mistake explains, why an answer awaits a person in their
words, and the note on how the worked answers are rounded said once, not under
every question. The class paper and answers are a student reviewer's
(classes C1, C5, C7, C9, seed 19); Markdown and PDF sheets say the same."""

import csv

import pytest

import quizgen
from quizgen.generation.run import generate
from quizgen.grading.feedback import PartLine, part_notes
from quizgen.grading.feedback_review import review_words
from quizgen.grading.outputs import GradeOutputs
from quizgen.marking.forms import BOUND_REASON, REVIEW_REASON

HEADER = ("student_id", "name", "question_id", "part", "answer")
SAM = [("Q1", "a", "0.909"), ("Q1", "b", "0.0412"), ("Q2", "a", "0"),
       ("Q2", "b", "it is undefined because you divide by zero"), ("Q2", "c", "0.74"), ("Q2", "d", "1"),
       ("Q3", "a", "0.0450"), ("Q3", "b", "3.10"), ("Q3", "c", "0.0460"), ("Q4", "a", "maybe 0.512"),
       ("Q4", "b", "yes"), ("Q4", "c", "yes"), ("Q4", "b", "no")]
ADA = [("Q1", "a", "0.909"), ("Q1", "b", "0.0949"), ("Q2", "a", "0"), ("Q2", "b", "undefined"),
       ("Q2", "c", "0.735"), ("Q2", "d", "1"), ("Q3", "a", "0.0373"), ("Q3", "b", "3.29"), ("Q3", "c", "0.0380"),
       ("Q4", "a", "0.512"), ("Q4", "b", "no"), ("Q4", "c", "no")]
ROUNDING_NOTE = "The questions asked for decimal answers to 3 significant figures."   # sheets33: a student's note, not the instructors'


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    """The class paper and the answers file of Sam (s19) and Ada (s01, all right)."""
    folder = tmp_path_factory.mktemp("whatnext")
    generate(folder / "paper", classes="C1,C5,C7,C9", seed=19)
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([HEADER, *[("s19", "Sam Student", *row) for row in SAM],
                                      *[("s01", "Ada", *row) for row in ADA]])
    return folder, answers


@pytest.fixture(scope="module")
def sheets(paper):
    """{student: Markdown sheet}."""
    folder, answers = paper
    quizgen.grade(answers, key=folder / "paper" / "key.json", outputs=GradeOutputs(feedback=str(folder / "sheets")))
    return {sid: (folder / "sheets" / f"{sid}.md").read_text(encoding="utf-8") for sid in ("s19", "s01")}


@pytest.fixture
def tex(paper, pdf_sheet_sources, tmp_path):
    """Sam's PDF sheet as LaTeX source (TeX stubbed out: conftest.pdf_sheet_sources)."""
    folder, answers = paper
    quizgen.grade(answers, key=folder / "paper" / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "pdf"), feedback_format="pdf"))
    return pdf_sheet_sources["s19.tex"].replace(r"\penalty5000{}", "")


@pytest.mark.slow
def test_a_misconception_is_named_as_the_bank_and_the_drill_name_it(sheets, tex):
    sheet = sheets["s19"]
    assert ("- (b) misconception **log base 10 instead of ln**: The loss uses the natural logarithm (base e), "
            "not log base 10.") in sheet
    assert "log10" not in sheet.replace("log base 10", "")
    assert r"\item (b) misconception \textbf{log base 10 instead of ln}: The loss uses" in tex


@pytest.mark.slow
def test_the_sheet_says_what_to_work_on_after_the_score(sheets, tex):
    sheet = sheets["s19"]
    section = sheet.split("## What to work on\n\n")[1].split("\n\n")[0].splitlines()
    assert section == ['- misconception "log base 10 instead of ln": Q1 (b).',
                       '- misconception "sum instead of mean": Q4 (c).',
                       "- rounded too early or cut off: Q2 (c): give each final answer to the figures the question "
                       "asks, rounded (not cut off), and keep at least 4 significant figures in the working.",
                       "- Q1 (C1): marks lost in (b).", "- Q2 (C5): marks lost in (c).",
                       "- Q3 (C7): marks lost in (a).", "- Q4 (C9): marks lost in (c).",
                       "- Practise those classes: `quizgen drill --classes C1,C5,C7,C9`"]
    assert sheet.index("Score: **9 / 20**") < sheet.index("## What to work on") < sheet.index("## Q1:")
    assert r"\section*{\qzdest What to work on}" in tex and r"\item Q3 (C7): marks lost in (a)." in tex
    assert r"\item Practise those classes: \texttt{quizgen drill -\/-classes C1,C5,C7,C9}" in tex


def test_nothing_to_work_on_when_everything_is_right(sheets):
    assert "Score: **20 / 20**" in sheets["s01"] and "What to work on" not in sheets["s01"]


@pytest.mark.slow
def test_a_wrong_answer_no_mistake_explains_points_to_the_worked_solution(sheets, tex):
    q3 = sheets["s19"].split("## Q3:")[1].split("### Worked solution")[0]
    assert "| a | 0.0450 | incorrect | 0 / 2 | 0.03733 |" in q3
    assert ("- (a) what next: it matches no common mistake the grader knows: compare your working with the "
            "worked solution below") in q3
    assert r"\item (a) what next: it matches no common mistake the grader knows: compare your working" in tex


def test_without_a_worked_solution_the_pointer_gives_the_keys_answer():
    line = PartLine("a", "0.0450", "incorrect", "0", "2", "0.03733", "", "", "")
    (note,) = part_notes(line, worked=False)
    assert note.text == "the key's answer is 0.03733; work it again from the question's numbers"
    assert part_notes(line._replace(status="correct", score="2")) == []


@pytest.mark.slow
def test_an_answer_awaiting_a_person_says_why_in_the_students_words(sheets, tex):
    q4 = sheets["s19"].split("## Q4:")[1].split("### Worked solution")[0]
    assert ('- (a) why your marker will read it: your answer says "maybe" beside its number, which the grader cannot '
            "weigh; your marker will decide what it means.") in q4
    assert "a person should read this answer" not in sheets["s19"]
    assert r"\item (a) why your marker will read it: your answer says {\textquotedbl}maybe{\textquotedbl} beside" in tex


@pytest.mark.parametrize("reason, answer, said", [
    (REVIEW_REASON, "between 0.59 and 0.60", "your answer gives more than one value"),
    (REVIEW_REASON, "I think it is undefined because you divide by zero", "your answer is a sentence"),
    (REVIEW_REASON, "undefind", "the grader could not match your words to an answer it knows"),
    (BOUND_REASON, "at least 1", "you gave a bound"),
    ("depends on (a), which a person must read: mark this part with it (on its own: incorrect)", "0.3",
     "it was worked from your answer to (a), which your marker reads first"),
])
def test_review_words_say_why_a_person_reads_an_answer(reason, answer, said):
    assert review_words(reason, answer).startswith(said)


@pytest.mark.slow
def test_the_rounding_note_is_said_once_before_the_first_question(sheets, tex):
    sheet = sheets["s19"]
    assert sheet.count(ROUNDING_NOTE) == 1
    assert sheet.index(f"**About the answers.** {ROUNDING_NOTE}") < sheet.index("## Q1:")
    assert "**Answers:** (a) 0.9094, (b) 0.09492.\n" in sheet
    assert tex.count(ROUNDING_NOTE) == 1
    assert tex.index(r"\textbf{About the answers.} " + ROUNDING_NOTE) < tex.index(r"\section*{Q1:")


@pytest.mark.slow
def test_the_drill_command_names_no_folder_of_the_instructors(invoke, tmp_path):
    """A sheet graded with --bank said `quizgen drill --classes C11 --bank /home/...`:
    the instructor's folder, which means nothing on the student's machine; and
    `quizgen drill --classes C11` alone fails there (unknown class), so a class
    of the instructor's own bank is not offered to drill at all."""
    from pathlib import Path
    bank = Path(__file__).parent / "data" / "user_bank"
    assert invoke("generate", "--bank", bank, "--classes", "C11", "--seed", 1, "--out", tmp_path / "p").exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,123\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", tmp_path / "p" / "key.json", "--bank", bank,
                    "--feedback", tmp_path / "sheets", "--out", tmp_path / "g.csv")
    assert result.exit_code == 0, result.output
    sheet = (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8")
    assert "Q1 (C11): marks lost in (a)." in sheet
    assert "quizgen drill" not in sheet and "--bank" not in sheet
