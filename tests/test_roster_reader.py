"""One roster reader for ``generate --students`` and ``grade --roster``
(quizgen/roster.py) on the shared small-CSV conventions (quizgen/csv_input.py),
and the layering that keeps those modules below grading and generation."""

import ast
import csv
import hashlib
import io
import json
import re
from pathlib import Path

import pytest

import quizgen
from quizgen.csv_input import choose_delimiter, excel_sep_line, read_csv_text
from quizgen.errors import InputFileError, UsageError
from quizgen.roster import Student, parse_roster, read_roster

PACKAGE = Path(quizgen.__file__).parent
# A roster as German Excel saves it: cp1252, ';' between cells, the sep= line.
EXCEL_ROSTER = "sep=;\r\nMatrikelnummer;Name;E-Mail\r\n 4711 ;Jörg Müller;j@x\r\n4712;Zoë Ærø;\r\n\r\n"
STUDENTS = [Student("4711", "Jörg Müller"), Student("4712", "Zoë Ærø")]


def test_an_excel_roster_with_matrikelnummer_reads_as_its_students(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_bytes(EXCEL_ROSTER.encode("cp1252"))
    assert read_roster(path) == STUDENTS
    assert parse_roster("student_id\ns1\n") == [Student("s1", "")]     # the name column is optional


def test_one_roster_file_gives_the_same_students_to_generate_and_grade(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_bytes(EXCEL_ROSTER.encode("cp1252"))
    quiz = tmp_path / "quiz"
    result = invoke("generate", "--seed", 4, "--classes", "C1", "--students", roster, "--out", quiz)
    assert result.exit_code == 0, result.output
    papers = json.loads((quiz / "key.json").read_text(encoding="utf-8"))["students"]
    assert [Student(sid, paper["name"]) for sid, paper in papers.items()] == STUDENTS
    (quiz / "answers.csv").write_text("student_id,question_id,part,answer\n4711,Q1,a,1\n", encoding="utf-8")
    result = invoke("grade", quiz / "answers.csv", "--roster", roster)
    assert result.exit_code == 0, result.output
    graded = (quiz / "answers-graded-students.csv").read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(graded)))
    assert {Student(r["student_id"], r["name"]) for r in rows} == set(STUDENTS)
    assert "gave no answer (missing, scored 0): 4712" in result.output


def test_a_student_listed_twice_under_two_spellings_stops_generate(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("Student ID,Name\nS010,Ada\ns002,Bo\ns010 ,Ada again\n", encoding="utf-8")
    result = invoke("generate", "--students", roster, "--classes", "C1", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"quizgen: error: {roster}: line 4: student_id 's010' repeats line 2 "
                                     "('S010': ids are compared ignoring case and spaces)")
    assert not (tmp_path / "out").exists()


ROSTER = 'student_id,name\ns001,Ada Lovelace\ns002,"Turing, Alan"\nS/3,Émile Zola\n'
# Digests of a per-student paper made with the reader before it was shared with
# grade (commit 0da780f): the same roster must still give the same papers. solutions.md
# re-pinned when the worked solutions' answers gained a note on rounding (branch review-paper);
# both re-pinned when the C1/C2 stems said the softmax runs over the listed words only (branch maths);
# solutions.md re-pinned when worked solutions printed ln V to 4 decimals in the forecast and
# display-size fractions (\dfrac, $\displaystyle$ exact answers) (branch paper11); again when a
# key answer whose 4th figure is a 5 standing for more got the next figure.
# Both again (branch bank12): the stems state the full rounding rule, and C1 and C2 draws
# changed with the 60% confidence bar and logits up to 4. solutions.md again for the answers'
# note on the working's rounding, and again when it said why some answers carry more than 4 figures.
# solutions.md again (branch bank13b): a C2 draw whose true
# word ties another at the smallest logit now forecasts "shares the smallest logit with sky".
# solutions.md again when the answers' note became one constant worded for above or below the working.
# problems.md again: the header asks for 4 significant figures in intermediate results.
# solutions.md again (pdf17): the check's fractions are \frac, not \dfrac, as in the PDF.
# problems.md again (bank20b): C2's problem figure has its template's loss axis, to 7, not 4.
# Both again (bank21c, 2026-12-02): C2, C3 and C7 in the tool's own words, not the reference's;
# the numbers are unchanged.
# solutions.md again (bank21e, 2026-12-02): C1's forecast and first reason, C2's forecast, as an
# expert re-read them; text only, the numbers unchanged.
# Both again (paper24): C1's and C2's figures say "the probability given to the true word" on
# their p axis and in their SVG title, not "the true label"; text only.
# solutions.md again (layout32): the figures' labels give the answer's loss, beside a p whose -ln rounds to it.
# Both again (paper33): every problem figure names p "a probability" (C7 named the label's), C2's and
# C3's put p on a log scale; sums of rounded terms say so (C3's product to 4 figures); C9's last
# step names [MASK] for the claim with three errors. Text and figures only, the numbers unchanged.
# solutions.md again (review 38): C1's check lists each word's share of the shown total and their sum.
# Both again (paper43): the rounding sentence, header and stems, says zeros at the end count; text only.
# solutions.md again (paper43): "About the answers" says when an answer gets more figures (a lone 5 after the third).
# Both again (paper43): the zeros' example is 5.80, not 5.8 (0.250 was an answer of C3); text only.
# Both again (fix46c): each figure's white background rect, one line (review 46 F7); without it, as before.
# solutions.md again (fix54p, review 54a F4): "About the answers" says that by default grading also accepts
# intermediates kept to 3 figures, a margin below the 4 asked; its three lines (and the codes) the only ones.
# Both again (fix56w, review 56a F11): C1's and C2's stems print the near-1 rule; those lines (and the codes) the only ones.
# Both again (fix56w, review 56a F9.2): the rounding sentence says "unless the value is exactly 5.8"; text only.
# Both again (fix56w): the near-1 sentence without its example; text only.
# problems.md again (round 57): the header keeps 4 figures in intermediate results "more where a question says so".
# Both again (fix58p, review 58b F4): the near-1 sentence sets x and p as maths ($1 + x$, $1/p$ for $p$ near 1);
# those stem lines (and the codes) the only ones that differ.
# Both again (fix60c, review 60c F10): "[MASK]" in a filled sentence bare, not "\[MASK\]"; the solutions' heading
# "... — worked solutions", not ": worked solutions"; those lines (and the codes) the only ones that differ.
# solutions.md again (fix60c, review 60c F6): each student's solutions open with their own answer table.
# solutions.md again: a figure whose label gives p to more figures than an answer has a line under it saying why
# ("*The label gives $p$ to as many figures as its $-\ln p$ needs.*", twice); those lines (and the codes) the only ones.
PER_STUDENT_DIGESTS = {"problems.md": "8acb75a39e92fa557a318ec28cce186eea2ec91368a4506819d11fff28d2ed47",
                       "solutions.md": "813a9dcd7aeec4252b54eeeb6005b28f47f46c432e234264950d191ed260e8fc"}


def paper_digest(path):
    """sha256 of a paper without its folder-secret-keyed paper code lines (as tests/test_golden.py)."""
    kept = [line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
            if not re.match(r"^(Seed \S+\.|.*[Pp]aper code|Paper [0-9A-Z]{4}-[0-9A-Z]{4}\b)", line)]
    return hashlib.sha256("".join(kept).encode("utf-8")).hexdigest()


def test_per_student_papers_are_byte_identical_to_the_old_readers(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    result = invoke("generate", "--seed", 3, "--classes", "C1,C2", "--students", roster, "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    assert {name: paper_digest(tmp_path / "q" / name) for name in PER_STUDENT_DIGESTS} == PER_STUDENT_DIGESTS


@pytest.mark.parametrize("lines, expected", [
    (["sep=;\n", "a,b;c\n"], ";"), (["a;b;c\n"], ";"), (["a\tb;c\tc\n"], "\t"), (['"a;b",c\n'], ","),
    (["just one\n"], ","), (["\n", ",,\n", "x;y\n"], ";"),
])
def test_the_delimiter_is_the_sep_lines_else_the_header_lines_commonest(lines, expected):
    hint, skip = excel_sep_line(lines)
    assert choose_delimiter(None, hint, lines[skip:]) == expected


def test_a_given_delimiter_wins_and_a_bad_one_is_a_usage_error():
    assert choose_delimiter("tab", ";", ["a;b\n"]) == "\t"
    with pytest.raises(UsageError, match="--delimiter must be"):
        choose_delimiter(":", None, ["a:b\n"])


def test_small_csv_inputs_are_decoded_by_their_bytes_and_errors_name_what_they_are(tmp_path):
    path = tmp_path / "in.csv"
    path.write_bytes("student_id,name\ns1,Zoë\n".encode("utf-16"))
    assert read_csv_text(path, "roster") == "student_id,name\ns1,Zoë\n"
    with pytest.raises(InputFileError, match=r"gone.csv: overrides file not found"):
        read_csv_text(tmp_path / "gone.csv", "overrides")
    path.write_bytes(b"\x7fELF\x02\x01\x00\x00binary")
    with pytest.raises(InputFileError, match=r"in.csv: the roster file is not text; save it as CSV"):
        read_csv_text(path, "roster")
    path.write_bytes(b"PK\x03\x04\x00\x00binary")
    with pytest.raises(InputFileError, match=r"in.csv: found a zip archive \(an .xlsx or .ods workbook\?\); save the "
                                             "roster sheet as CSV"):
        read_csv_text(path, "roster")


def quizgen_imports(path: Path) -> set:
    """The quizgen modules a source file imports, at the top or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("quizgen"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("quizgen"))
    return found


@pytest.mark.slow
def test_small_csv_reading_sits_below_grading_and_marking():
    assert quizgen_imports(PACKAGE / "csv_input.py") == {"quizgen.errors", "quizgen.wording", "quizgen.input_files",
                                                         "quizgen.byte_order", "quizgen.text_lines",
                                                         "quizgen.encoding_window", "quizgen.text_encoding"}
    assert quizgen_imports(PACKAGE / "text_encoding.py") == {"quizgen.errors", "quizgen.byte_order"}
    assert quizgen_imports(PACKAGE / "input_files.py") == {"quizgen.errors"}
    # the bank and the policy share safe_yaml; its value count (yaml_size) imports nothing of quizgen
    assert quizgen_imports(PACKAGE / "safe_yaml.py") == {"quizgen.byte_order", "quizgen.yaml_size"}
    assert quizgen_imports(PACKAGE / "yaml_size.py") == set()
    assert quizgen_imports(PACKAGE / "byte_order.py") == set()
    assert quizgen_imports(PACKAGE / "text_lines.py") == set()
    assert quizgen_imports(PACKAGE / "encoding_window.py") == set()
    # an id cell in Excel's ="..." form is read by the one rule of cells.py, which imports nothing of quizgen
    assert quizgen_imports(PACKAGE / "question_ids.py") == {"quizgen.cells"}
    assert quizgen_imports(PACKAGE / "cells.py") == set()
    assert not {m for m in quizgen_imports(PACKAGE / "roster.py")
                if m.startswith(("quizgen.grading", "quizgen.generation"))}
    upward = {(path.name, m) for path in (PACKAGE / "marking").glob("*.py")
              for m in quizgen_imports(path) if m.startswith("quizgen.grading")}
    assert upward == set()


def test_a_roster_cell_over_the_limit_is_the_same_line_for_generate_and_grade(invoke, tmp_path):
    """One cell limit for every CSV input (generate --students used the csv
    module's 131,072 while grade --roster had set 1,048,576)."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1," + "x" * 1_100_000 + "\n", encoding="utf-8")
    made = invoke("generate", "--students", roster, "--out", tmp_path / "papers")
    assert made.exit_code == 2
    assert made.stderr == f"quizgen: error: {roster}: line 2: a cell is over 1,048,576 characters (the limit)\n"


def test_a_name_longer_than_a_key_keeps_is_refused_by_generate_not_by_grade_later(tmp_path, invoke):
    """rev-hostile17: generate wrote a key with a 201-character name that grade then refused for the whole class."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns001,Ada\ns002," + "A" * 1_001 + "\n", encoding="utf-8")   # lms29: 1,000
    result = invoke("generate", "--seed", "1", "--classes", "C1", "--students", roster, "--out", tmp_path / "q")
    assert result.exit_code == 2, result.output
    assert "line 3: the name 'AAAA" in result.stderr and "is over 1,000 characters" in result.stderr
    assert not (tmp_path / "q").exists()


def test_an_id_of_invisible_characters_alone_is_refused_naming_its_line(tmp_path, invoke):
    """A zero-width space as an id made a paper headed by a blank id that no answer row could match."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns001,Ada\n\u200b\u2066,Ghost\n", encoding="utf-8")
    result = invoke("generate", "--seed", "1", "--classes", "C1", "--students", roster, "--out", tmp_path / "q")
    assert result.exit_code == 2, result.output
    assert result.stderr == (f"quizgen: error: {roster}: line 3: student_id holds only invisible characters "
                             "(\\u200b\\u2066)\n")
    assert not (tmp_path / "q").exists()
