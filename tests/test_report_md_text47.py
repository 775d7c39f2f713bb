"""Review 46c F8 and the sweep after it: every text a person or a key brings into report.md
(a misconception's name, a student's id and name, a part's letter, the files' names) is
shown as typed by a Markdown viewer. An ``&amp;`` in a trap's name showed as "&" (no
Markdown escape for HTML's entities), ``~~x~~`` struck the text through and ``$x$`` set
maths on GitHub; a hand-edited key's part letter went raw into the "No student answered"
sentence, so ``<b>*x*`` there opened a bold tag and an emphasis."""

import csv
import json

import pytest

NAME = "A &amp; B ~~gone~~ $x$ &#60;i&#62;"
STUDENT = "Ann &amp; ~~Bo~~ $1$"
LETTER = "<b>*x*"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """report.md of three students' answers (three: fewer answering do not make a part nobody
    answered lost, quizgen/lost_parts.py) to Q1 (a) of a C1 class paper, graded against a key
    edited by hand: the first trap of part (a) named NAME, part (b) lettered LETTER."""
    from click.testing import CliRunner
    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("md47")
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C1", "--count", "1", "--seed", "4646",
                                "--out", str(folder / "quiz")])
    assert made.exit_code == 0, made.output
    key = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))
    parts = key["templates"]["mlm-confident-correct"]["parts"]
    parts[0]["traps"][0]["name"], parts[1]["part"] = NAME, LETTER
    (folder / "edited.json").write_text(json.dumps(key), encoding="utf-8")
    trap = f"{key['questions'][0]['parts'][0]['trap_values'][0]:.4g}"
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "name", "question_id", "part", "answer"),
                                      ("s1", STUDENT, "Q1", "a", trap), ("s2", "Bob", "Q1", "a", trap),
                                      ("s3", "Cy", "Q1", "a", trap)])
    graded = runner.invoke(main, ["grade", str(folder / "answers.csv"), "--key", str(folder / "edited.json")])
    assert graded.exit_code == 0, graded.output
    return (folder / "answers-graded-report.md").read_text(encoding="utf-8")


NAME_SHOWN = r"A \&amp; B \~\~gone\~\~ \$x\$ \&#60;i\&#62;"   # each mark a backslash escape: shown as typed


def test_a_misconceptions_name_is_shown_as_typed_in_every_table(report):
    assert NAME not in report
    assert f"| logit\\_as\\_probability | {NAME_SHOWN} | 3 | Q1a |" in report   # the Misconceptions table
    assert f"| Q1 | a | C1 | 3 | 0 | 0.0 | {NAME_SHOWN} (3) |" in report   # the Questions table
    assert f"| Q1a | {NAME_SHOWN} (logit\\_as\\_probability) | 3 | 100% |" in report   # the traps table
    assert f"| C1 | 2 | 0.00 | {NAME_SHOWN} (3) |" in report   # classes of scenario


def test_a_students_name_is_shown_as_typed(report):
    assert f"| s1 | Ann \\&amp; \\~\\~Bo\\~\\~ \\$1\\$ | 0 | 4 | 0.0 | {NAME_SHOWN} |" in report


def test_a_keys_part_letter_is_escaped_in_the_no_answer_sentence(report):
    said = next(line for line in report.splitlines() if line.startswith("No student answered"))
    assert said.startswith(r"No student answered Q1\<b\>\*x\*: the answer form or its export likely lost it"), said
    assert "a long file's every row naming it" in said   # a long file has no column to miss (review 48)
    assert "<b>" not in report
