"""Review 52d's findings on grading (the fixer fix52x).

F6: a label naming another quantity before the number (``perplexity = 1.39``,
``bits = 1.39``) was stripped as a neutral label, so the loss's value called a
perplexity was full marks while ``1.39 perplexity`` went to a person. The
label is now read as the same word after the number is, unless the part
declares that unit (``units: [perplexity]``)."""

from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank, load_template
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.quantity_words import BITS_REASON, PERPLEXITY_REASON
from quizgen.marking.forms import read_number

BANK = {t.cls: t for t in load_bank(())}
C13 = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank" / "c13_perplexity.yaml"


def _graded(template, letter: str, answer: str):
    """The verdict on ``answer`` to part ``letter`` of ``template``'s canonical question."""
    return question_checkers(key_entry(Question("Q1", canonical_instance(template))))[letter](answer)


@pytest.mark.parametrize("text", ["perplexity = 1.105", "perplexity=1.105", "Perplexity: 1.105", "PPL = 1.105",
                                  "the perplexity is 1.105", "ppl ≈ 1.105"])
def test_a_perplexity_label_is_read_as_the_word_after_the_number(text):
    reading = read_number(text)
    assert (reading.status, reading.reason, reading.value) == ("needs_review", PERPLEXITY_REASON, 1.105)


@pytest.mark.parametrize("text", ["bits = 0.4826", "Bits: 0.4826"])
def test_a_bits_label_is_read_as_the_word_after_the_number(text):
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("needs_review", BITS_REASON)


def test_the_c10_loss_labelled_a_perplexity_is_not_marked_correct():
    """C10's canonical loss is 1.1910 (e^L = 3.2904)."""
    verdict = _graded(BANK["C10"], "b", "perplexity = 1.191")
    assert (verdict.status.value, verdict.score, verdict.reason) == ("needs_review", 0.0, PERPLEXITY_REASON)
    verdict = _graded(BANK["C10"], "b", "bits = 1.191")
    assert (verdict.status.value, verdict.score) == ("needs_review", 0.0)


def test_the_perplexity_labelled_a_perplexity_is_still_that_trap():
    verdict = _graded(BANK["C10"], "b", "ppl = 3.290")
    assert (verdict.status.value, verdict.misconception) == ("incorrect", "perplexity_instead_of_loss")


def test_a_part_that_declares_the_unit_reads_its_label():
    """The example bank's C13 (b) asks for the perplexity, 3.4041, and declares the word."""
    template = load_template(C13)
    for answer in ("perplexity = 3.40", "PPL: 3.40", "3.40 perplexity"):
        assert _graded(template, "b", answer).status.value == "correct", answer


def test_an_ordinary_label_is_still_stripped():
    assert read_number("L = 1.105").value == 1.105
    assert read_number("loss = 1.105").value == 1.105


# F4: a student whose every answer is blank counted absent (fix52r) until an override was given to
# one of the blanks, even one scoring 0 ("seen"): then they counted as having sat, at 0%, in the
# class figures. An override that leaves a blank part blank, scoring 0, is no answer either; one
# that credits a mark, or gives the part another verdict, says they answered (on paper, say).

def test_an_all_blank_student_with_a_zero_override_is_still_absent(tmp_path):
    from test_review50b import answer, key_of, read_csv, run, write
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    rows += [[f"s{n}", *(answer(p) for _, _, p in parts)] for n in (1, 2, 3)]
    rows += [[sid, *[""] * len(parts)] for sid in ("s4", "s5", "s6")]
    write(tmp_path / "ans.csv", rows)
    (q1, a1, _), (q2, a2, _) = parts[0][:3], parts[1][:3]
    write(tmp_path / "over.csv", [["student_id", "question_id", "part", "share", "status", "comment"],
                                  ["s4", q1, a1, "0", "", "seen"],          # still no answer: absent
                                  ["s5", q1, a1, "1", "", "work on paper"],  # credited: sat
                                  ["s6", q2, a2, "0", "incorrect", "wrong on paper"]])   # a verdict: sat
    output = run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key", "--overrides", "over.csv"], tmp_path)
    assert "from 5 students and 1 whose every answer is blank, counted absent" in output, output
    assert "check that their answers were not lost: s4\n" in output, output
    md = (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")
    assert "| s4 |  | 0 |" in md and "no answer (every answer blank)" in md.split("| s4 |", 1)[1].split("\n")[0]
    students = {r["student_id"]: r for r in read_csv(tmp_path / "ans-graded-students.csv")}
    assert students["s4"]["score"] == "0"   # graded, with the override's 0


# F1: with no part column, one stray row naming a several-part question with no part refused the whole
# class when no row sat on a several-part question's part (0 placed): a stray row or two only warns, in
# an answers file and in an overrides file; many such rows, or most of a small file, are still refused.

def _single_part_class(tmp_path, stray: int, students: int = 20):
    """A C4,C10,C3 paper (Q2 = C4, one part; Q1 = C3 and Q3 = C10, parts a and b); an answers file with no
    part column: each student answers Q2, and ``stray`` of them also give a row ``Q3``."""
    from test_review50b import run
    run(["generate", "--seed", "3", "--classes", "C4,C10,C3", "--out", "quiz"], tmp_path)
    lines = ["student_id,question_id,answer"] + [f"s{n},Q2,0.83" for n in range(students)]
    lines += [f"s{n},Q3,6" for n in range(stray)]
    (tmp_path / "ans.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _grade(tmp_path, *more):
    from click.testing import CliRunner
    from quizgen.cli import main
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        return CliRunner().invoke(main, ["grade", "ans.csv", "--key", "quiz/key.json", *more])


@pytest.mark.parametrize("stray", [1, 2])
def test_a_stray_unparted_row_only_warns(tmp_path, stray):
    _single_part_class(tmp_path, stray)
    result = _grade(tmp_path)
    assert result.exit_code == 0, result.output
    assert "no part given for Q3 (parts a, b)" in result.output


def test_many_unparted_rows_are_still_refused(tmp_path):
    _single_part_class(tmp_path, 3)
    result = _grade(tmp_path)
    assert result.exit_code == 2 and "ans.csv: no part column, and 3 of 23 answer rows" in result.output, result.output


def test_unparted_rows_that_are_most_of_a_small_file_are_refused(tmp_path):
    _single_part_class(tmp_path, 2, students=1)
    result = _grade(tmp_path)
    assert result.exit_code == 2 and "ans.csv: no part column, and 2 of 3 answer rows" in result.output, result.output


def test_a_stray_unparted_override_only_warns(tmp_path):
    _single_part_class(tmp_path, 0)
    (tmp_path / "ov.csv").write_text("student_id,question_id,share\ns0,Q2,1\ns1,Q2,1\ns1,Q3,1\n", encoding="utf-8")
    result = _grade(tmp_path, "--overrides", "ov.csv")
    assert result.exit_code == 0, result.output
    assert "Q3" in result.output


# F2: grade refused --out solutions-graded.csv, --out problems.csv and an answers file called
# solutions-check.csv in the key's folder, since their report, <stem>-report.md, matched the split
# papers' pattern (problems-s001.md), and said generate wrote a file that was not there.

@pytest.fixture
def quiz_folder(tmp_path, generated):
    generated("--seed", "1", out=tmp_path / "quiz")
    (tmp_path / "quiz" / "w3.csv").write_text("student_id,Q1a,Q1b\ns1,0.716,1\ns2,0.7,2\n", encoding="utf-8")
    return tmp_path / "quiz"


@pytest.mark.parametrize("out", ["solutions-graded.csv", "problems.csv", "problems-week3.csv"])
def test_an_out_whose_report_only_looks_like_a_split_paper_is_graded(quiz_folder, invoke, out):
    for _ in range(2):   # and again: the earlier run's report is grade's own
        result = invoke("grade", quiz_folder / "w3.csv", "--key", quiz_folder / "key.json", "--out", quiz_folder / out)
        assert result.exit_code == 0, result.output
    assert (quiz_folder / out).is_file()


def test_an_answers_file_named_solutions_something_is_graded(quiz_folder, invoke):
    (quiz_folder / "w3.csv").rename(quiz_folder / "solutions-check.csv")
    result = invoke("grade", quiz_folder / "solutions-check.csv", "--key", quiz_folder / "key.json")
    assert result.exit_code == 0, result.output
    assert (quiz_folder / "solutions-check-graded-report.md").is_file()


def test_a_split_paper_name_is_refused_only_when_it_is_there(quiz_folder, invoke):
    args = ("grade", quiz_folder / "w3.csv", "--key", quiz_folder / "key.json", "--out")
    assert invoke(*args, quiz_folder / "problems-s9.tex").exit_code == 0
    (quiz_folder / "problems-s001.md").write_text("a split paper\n", encoding="utf-8")
    result = invoke(*args, quiz_folder / "problems-s001.md")
    assert result.exit_code == 2 and "generate wrote" not in result.output, result.output
    assert (quiz_folder / "problems-s001.md").read_text(encoding="utf-8") == "a split paper\n"


# F5: the % correct legend called students who handed in every answer blank "absent on the roster".

def test_the_percent_legend_names_the_all_blank_apart(tmp_path):
    from test_review50b import answer, key_of, run, write
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    rows += [[f"s{n}", *(answer(p) for _, _, p in parts)] for n in (1, 2, 3)]
    rows += [["s4", *[""] * len(parts)], ["s5", *["idk"] * len(parts)]]
    write(tmp_path / "ans.csv", rows)
    write(tmp_path / "roster.csv", [["student_id"], *([f"s{n}"] for n in range(1, 7))])
    output = " ".join(run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key", "--roster", "roster.csv"],
                          tmp_path).split())
    assert "the 1 absent on the roster and the 2 whose every answer is blank are left out;" in output, output


# F9: the lost-part-column refusal said "no part column" of a file whose part letters sit under a
# header quizgen does not know (item), without naming it.

def test_the_no_part_refusal_names_the_columns_not_read(tmp_path):
    _single_part_class(tmp_path, 0)
    lines = ["student_id,question_id,item,answer"] + [f"s{n},Q1,{p},0.5" for n in range(5) for p in "ab"]
    (tmp_path / "ans.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = _grade(tmp_path)
    assert result.exit_code == 2, result.output
    assert ("(the header's column 'item' is not read as the part: if one holds the part letters, name it part)"
            in result.output), result.output


# F12: generate's refusal said a problems.md with no key.json beside it "is no file of a paper
# quizgen made", which it cannot know (the key may have been moved out of the folder).

def test_generate_does_not_claim_a_file_is_no_paper_of_its_own(tmp_path, invoke):
    assert invoke("generate", "--seed", "2", "--out", tmp_path / "own").exit_code == 0
    (tmp_path / "own" / "key.json").rename(tmp_path / "own-key.json")
    result = invoke("generate", "--seed", "2", "--out", tmp_path / "own")
    assert result.exit_code == 2, result.output
    line = " ".join(result.output.split())
    assert "no file of a paper quizgen made" not in line and "cannot tell it is a file of a paper of its own" in line
    assert "put that paper's key.json back" in line
