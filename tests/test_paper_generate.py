"""An exam paper that gives nothing away: a paper code instead of the seed (and
grade checking it), distinct variants on one paper, per-part points and
working space, the paper size, and no folder overwritten by surprise."""

import json
import re
from pathlib import Path

import pytest

from quizgen.bank.loader import builtin_bank_dir, select
from quizgen.generation.make import make_quiz
from quizgen.key.papercode import display_code, paper_code
from quizgen.generation.variants import answers_of
from variant_support import PaperQuestion, shared_answers


def key_of(folder):
    return json.loads((folder / "key.json").read_text(encoding="utf-8"))


@pytest.fixture
def roster(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text("student_id,name\ns001,Ada Lovelace\ns002,Alan Turing\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------ paper codes

@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_papers_print_their_code_never_the_seed(invoke, tmp_path, roster, fmt):
    seed = 90210
    result = invoke("generate", "--seed", seed, "--classes", "C1,C6", "--format", fmt, "--students", roster,
                    "--split", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    key = key_of(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{32}", key["secret"]) and key["seed"] == seed
    assert {record.get("student_id", "") for record in key["papers"].values()} == {"", "s001", "s002"}
    for code, record in key["papers"].items():
        assert paper_code(key["secret"], record["seed"]) == code
        if record.get("student_id"):
            for kind in ("problems", "solutions"):
                text = (tmp_path / f"{kind}-{record['student_id']}.{fmt}").read_text(encoding="utf-8")
                assert display_code(code) in text and str(seed) not in text


def test_class_paper_prints_its_code_and_default_seeds_are_high_entropy(invoke, tmp_path):
    assert invoke("generate", "--classes", "C1", "--out", tmp_path).exit_code == 0
    key = key_of(tmp_path)
    assert key["seed"] > 10 ** 9          # not findable by trying small numbers
    (code,) = key["papers"]
    problems = (tmp_path / "problems.md").read_text(encoding="utf-8")
    assert f"Paper {display_code(code)}" in problems and str(key["seed"]) not in problems
    assert "Seed" not in problems


def test_grade_sends_a_row_with_another_papers_code_to_a_person(invoke, tmp_path):
    assert invoke("generate", "--seed", 11, "--classes", "C1", "--out", tmp_path).exit_code == 0
    (code,) = key_of(tmp_path)["papers"]
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,paper,question_id,part,answer\n"
                       f"s1,{display_code(code).lower()},Q1,a,0.1\ns2,ZZZZ-ZZZZ,Q1,a,0.1\n", encoding="utf-8")
    assert invoke("grade", answers).exit_code == 0
    rows = (tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig").splitlines()
    assert rows[1].split(",")[5] == "incorrect"
    # rev-fresh22: a paper mix-up is for a person to check, not an answer that "could not be read"
    assert rows[2].split(",")[5] == "needs_review" and f"expected paper {display_code(code)}" in rows[2]


@pytest.mark.slow
def test_a_wrong_paper_code_says_whose_it_is_or_that_this_key_never_printed_it(invoke, tmp_path, roster):
    """rev-instructor20: papers generated twice with one seed differ only in their codes, and a row with
    the other run's code was called "not this student's paper"; say which of the two it is."""
    for out in ("md", "pdf"):
        made = invoke("generate", "--seed", 11, "--classes", "C1", "--students", roster, "--out", tmp_path / out)
        assert made.exit_code == 0, made.stderr
    codes = {record.get("student_id"): code for code, record in key_of(tmp_path / "md")["papers"].items()}
    (other_run,) = [code for code, record in key_of(tmp_path / "pdf")["papers"].items()
                    if record.get("student_id") == "s001"]
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,paper,question_id,part,answer\n"
                       f"s001,{display_code(codes['s002'])},Q1,a,0.1\ns001,{other_run},Q1,b,0.1\n", encoding="utf-8")
    assert invoke("grade", answers, "--key", tmp_path / "md" / "key.json").exit_code == 0
    rows = (tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig").splitlines()
    expected = f"expected paper {display_code(codes['s001'])}"
    assert f"is another student's paper, not this student's: {expected}" in rows[1]
    assert "s002" not in rows[1]   # rev-hostile20: the reason reaches s001's feedback sheet
    assert f"is no paper of this key ({expected}): papers from another run of generate?" in rows[2]


# ------------------------------------------------------------------ distinct variants

def test_seed_303_gives_two_c1_questions_with_different_answers(bank):
    quiz = make_quiz(select(bank, "C1"), seed=303, count=2)
    pairs = shared_answers([PaperQuestion(q.id, answers_of(q.instance)) for q in quiz.questions])
    assert pairs == []
    assert quiz.questions[1].instance.seed_label.startswith("303/mlm-confident-correct/1/redraw")
    assert quiz.warnings == []


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow
def test_every_students_paper_is_distinct_and_the_key_keeps_the_redrawn_labels(invoke, tmp_path, roster, jobs):
    out = tmp_path / f"j{jobs}"
    result = invoke("generate", "--seed", 7, "--classes", "C1,C8", "--count", 3, "--students", roster,
                    "--jobs", jobs, "--out", out)
    assert result.exit_code == 0   # and no warning but the short seed's (test_guessable_seed47)
    assert result.stderr.count("\n") == 1 and "--seed 7 is short enough to guess" in result.stderr
    key = key_of(out)
    papers = [key["questions"]] + [paper["questions"] for paper in key["students"].values()]
    for questions in papers:
        values = [(q["template"], round(p["value"], 4)) for q in questions for p in q["parts"] if "value" in p]
        assert len(values) == len(set(values))


def test_four_c10_questions_may_share_their_count_but_not_their_loss(invoke, tmp_path):
    """C10's first answer counts the predicted positions: three sentence
    lengths give three values, so four questions must share one; that part
    cannot tell questions apart, so the paper does not run out, and the
    losses still differ (they once stopped being checked after the fourth)."""
    result = invoke("generate", "--seed", 1, "--classes", "C10", "--count", 4, "--out", tmp_path)
    assert result.exit_code == 0 and "warning" not in result.stderr
    counts, losses = zip(*(q["parts"] for q in key_of(tmp_path)["questions"]))
    assert len({p["value"] for p in counts}) < 4
    assert len({round(p["value"], 4) for p in losses}) == 4


def few_variants_bank(tmp_path):
    """A user template with four variants only: its one answer, a softmax
    probability, is set by the vocabulary size (3 or 4) and the temperature."""
    text = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text(encoding="utf-8")
    old = "z: {vector: {size: V, min: -1, max: 2, step: 0.5}}"
    assert old in text
    (tmp_path / "few").mkdir()
    (tmp_path / "few" / "c11.yaml").write_text(
        text.replace(old, "z: {vector: {size: V, min: 0, max: 1, step: 1}}"), encoding="utf-8")
    return tmp_path / "few"


@pytest.mark.slow
def test_a_template_out_of_variants_warns_once_and_repeats_deterministically(invoke, tmp_path):
    """Six questions of a four-variant template: the first four are the four
    variants (a part with few values is compared as the whole variant when no
    part can tell questions apart), the last two repeat, and generate warns once."""
    bank = few_variants_bank(tmp_path)
    runs = [invoke("generate", "--bank", bank, "--seed", 3, "--classes", "C11", "--count", 6, "--out", tmp_path / name)
            for name in ("a", "b")]
    for result in runs:
        warnings = [line for line in result.stderr.splitlines() if "warning" in line]
        assert result.exit_code == 0 and len(warnings) == 1 and "softmax-temperature" in warnings[0]
    assert (tmp_path / "a" / "key.csv").read_bytes() == (tmp_path / "b" / "key.csv").read_bytes()
    values = [round(q["parts"][0]["value"], 4) for q in key_of(tmp_path / "a")["questions"]]
    assert len(set(values[:4])) == 4


def test_answers_the_same_in_every_draw_do_not_count_as_repeats(invoke, tmp_path):
    """C5's first answer (0) is the same in every draw and its last (BERT's count, 1 or 2)
    takes two values: they do not make a paper run out of variants, and the part that
    does vary still differs from question to question."""
    result = invoke("generate", "--seed", 3, "--classes", "C5", "--count", 4, "--out", tmp_path / "c5")
    assert result.exit_code == 0 and "warning" not in result.stderr
    questions = key_of(tmp_path / "c5")["questions"]
    empty_sums, _, chances, selected = zip(*(q["parts"] for q in questions))   # a key record's parts, in order
    # BERT's count for 8, 4, 8 and 6 words: 15% of T = 10, 6, 10, 8 is 1.5, 0.9, 1.5, 1.2 (fix53b)
    assert {p["value"] for p in empty_sums} == {0.0} and [p["value"] for p in selected] == [2.0, 1.0, 2.0, 1.0]
    assert len({round(p["value"], 4) for p in chances}) == 4


# ------------------------------------------------------------------ layout per part

def without_part_layout(text: str) -> str:
    """A template's YAML without its parts' own points and space (the defaults apply)."""
    return re.sub(r"\n    (points|space): [^\n]*", "", text)


def custom_bank(folder):
    """C1 with 3 of its 4 points and 4.5 cm of space on part (a)."""
    text = without_part_layout((builtin_bank_dir() / "c1_confident_correct.yaml").read_text(encoding="utf-8"))
    text, n = re.subn(r"(\n  - name: p\n)", r"\1    points: 3\n    space: 4.5\n", text, count=1)
    assert n == 1
    text = text.replace("id: mlm-confident-correct", "id: c1-weighted").replace("class: C1", "class: C11")
    folder.mkdir()
    (folder / "c1.yaml").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.slow
def test_part_points_and_space_come_from_the_template(invoke, tmp_path):
    bank = custom_bank(tmp_path / "bank")
    result = invoke("generate", "--bank", bank, "--classes", "C11", "--seed", 2, "--format", "tex",
                    "--paper", "letter", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    tex = (tmp_path / "out" / "problems.tex").read_text(encoding="utf-8")
    assert r"\qzpoints{3}" in tex and r"\qzpoints{1}" in tex
    assert r"\qzanswer{4.5cm}" in tex
    assert "letterpaper" in tex and "a4paper" not in tex
    csv_rows = (tmp_path / "out" / "key.csv").read_text(encoding="utf-8").splitlines()[1:]
    assert [row.split(",")[4] for row in csv_rows] == ["3.0", "1.0"]



@pytest.mark.slow
def test_right_hand_markers_use_the_gap_keeping_macro(invoke, tmp_path):
    r"""Points and answers at the right margin go through \qzright (at least 2em
    after the text, a line of their own when the line is full), never a bare
    \hfill that lets them run into a full line (tests/test_pdf.py checks the PDF)."""
    result = invoke("generate", "--seed", 7, "--format", "tex", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    problems = (tmp_path / "problems.tex").read_text(encoding="utf-8")
    solutions = (tmp_path / "solutions.tex").read_text(encoding="utf-8")
    signed = r"\unskip\nobreak\hfil\penalty50\hskip2em\hbox{}\nobreak\hfil\mbox{#1}%"
    assert signed in problems and signed in solutions
    assert r"\newcommand{\qzpoints}[1]{\qzright{\itshape[#1]}}" in problems
    # C10 (a), of the [BOS] ... [EOS] sequence (review 51c F10, 52b F1), 2 points since review 52b F3,
    # asks for predictions, not positions, since review 52d F8
    assert "this sequence average over?\\qzpoints{2}" in problems
    assert "whichever token that is?\\qzright{\\textbf{0.005618}}" in solutions
    assert re.search(r"\\enspace Masked-token loss: a model with no preference\}\\qzright\{\\small C3, 4 points\}",
                     solutions)
    assert r"\hfill\mbox" not in problems + solutions

@pytest.mark.slow
def test_default_space_is_less_for_words_than_for_numbers(invoke, tmp_path):
    text = without_part_layout((builtin_bank_dir() / "c5_zero_mask_limit.yaml").read_text(encoding="utf-8"))
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c5.yaml").write_text(text.replace("class: C5", "class: C11").replace("id: mlm-zero-mask-limit",
                                                                                  "id: c5-default-space"))
    out = tmp_path / "out"
    result = invoke("generate", "--bank", bank, "--seed", 2, "--classes", "C11", "--format", "tex", "--out", out)
    assert result.exit_code == 0, result.stderr
    tex = (out / "problems.tex").read_text(encoding="utf-8")
    spaces = sorted({float(s) for s in re.findall(r"\\qzanswer\{([\d.]+)cm\}", tex)})
    assert len(spaces) >= 2 and spaces[0] <= 1 < spaces[-1]
    assert "a4paper" in tex


# ------------------------------------------------------------------ nothing overwritten

@pytest.mark.slow
def test_generate_refuses_another_papers_folder_unless_forced(invoke, tmp_path, roster):
    out = tmp_path / "quiz"
    assert invoke("generate", "--seed", 1, "--classes", "C1", "--students", roster, "--split",
                  "--out", out).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert "problems-s001.md" in before
    refused = invoke("generate", "--seed", 2, "--classes", "C1", "--out", out)
    assert refused.exit_code == 2 and "--force" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert invoke("generate", "--classes", "C1", "--out", out).exit_code == 2       # a fresh seed: another paper
    forced = invoke("generate", "--seed", 2, "--classes", "C1", "--force", "--out", out)
    assert forced.exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["key.csv", "key.json", "problems.md", "solutions.md"]
    assert key_of(out)["seed"] == 2


def test_the_same_paper_regenerates_in_place_with_the_same_bytes(invoke, tmp_path):
    out = tmp_path / "quiz"
    assert invoke("generate", "--seed", 5, "--classes", "C1,C7", "--out", out).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert invoke("generate", "--seed", 5, "--classes", "C1,C7", "--out", out).exit_code == 0
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_the_key_model_reads_and_writes_the_codes(invoke, tmp_path, roster):
    from quizgen.key.model import Key

    assert invoke("generate", "--seed", 4, "--classes", "C1", "--students", roster, "--out", tmp_path).exit_code == 0
    data = key_of(tmp_path)
    key = Key.from_json(data, "key.json")
    assert key.secret == data["secret"] and len(key.codes) == 3
    assert paper_code(key.secret, "4/s002") == key.codes_by_student()["s002"] \
        and key.codes_by_student()[""] in data["papers"]
    again = key.to_json()
    assert again["secret"] == data["secret"] and again["papers"] == data["papers"]


def test_the_end_note_never_takes_a_page_of_its_own(invoke, tmp_path):
    r"""The end note follows the last question, or, with no room left on that
    page, goes into its footer (\qzendnote; tests/test_pdf.py compiles a paper
    whose note used to fall alone onto a last page)."""
    result = invoke("generate", "--seed", 7, "--classes", "C1,C6", "--format", "tex", "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    problems = (tmp_path / "problems.tex").read_text(encoding="utf-8")
    assert r"\qzendnote{End of paper: 2 questions, 9 points.}" in problems
    assert r"\ifdim\dimexpr\pagegoal-\pagetotal\relax<4\baselineskip \thispagestyle{qzlast}%" in problems
    assert (r"\fancypagestyle{qzlast}{\fancyfoot[R]{\small\textit{End of paper.}\enspace "
            r"\qzpageof{qz-last-\qzpaper}}}") in problems
    assert "\\vspace{1.5em}\n\\begin{center}\n\\textit{End of paper" not in problems
