"""Review 49a F2: a count's lone group of three read the other way (``7.500``
as 7.5, ``8.000`` as 8000) names a trap only when the answer is that number
alone, with what the reader sets aside around any answer (a unit word, ``≈``,
a label, ``$...$``). A sign, a bracket, a function or a power on it is an
answer of its own and stays as read: round 48 named ``-7.500``,
``sqrt(7.500)``, ``7.500²`` and ``abs(-7.500)`` the trap and gave them its
credit, its note quoting ``-7.500`` as "not as -7500".

Two papers: the reviewer's (``generate --seed rev47b-acceptance-2 --count
4``), Q21 (c): 10% of 3150 picked positions, 315, whose per_sequence_count
trap is 10% of one sequence's 75, 7.5; and ``generate --seed f49c --classes
C6 --count 3``, Q2: B = 20 sequences of L = 500, N = 10000, r = 0.15, so (a)
1500 chosen (per_sequence_count: r * L = 75) and (b) 80% of them, 1200
(split_applied_to_all_tokens: 80% of N, 8000)."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.count_trap import number_alone

POLICY = "traps:\n  per_sequence_count: 0.5\n"
KEPT = ["-7.500", "\u22127.500", "+7.500", "(7.500)", "sqrt(7.500)", "ln(7.500)", "7.500²", "abs(-7.500)",
        "-(7.500)", "7.500^2"]


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("count49")
    for name, options in (("q47", ["--seed", "rev47b-acceptance-2", "--count", "4"]),
                          ("q6", ["--seed", "f49c", "--classes", "C6", "--count", "3"])):
        made = CliRunner().invoke(main, ["generate", *options, "--out", str(folder / name), "--no-solutions"])
        assert made.exit_code == 0, made.output
    (folder / "policy.yaml").write_text(POLICY, encoding="utf-8")
    return folder


def _graded(folder, paper: str, question: str, part: str, answers: list, delimiter=",", policy=True) -> dict:
    """Each answer to ``question`` (``part``) of ``paper``, one student each: {answer: graded row}
    (the graded file guards an answer starting with a sign: matched by student)."""
    path = folder / "answers.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=delimiter).writerows(
            [("student_id", "question_id", "part", "answer"),
             *((f"s{n}", question, part, a) for n, a in enumerate(answers))])
    out = folder / "out"
    extra = ["--policy", str(folder / "policy.yaml")] if policy else []
    result = CliRunner().invoke(main, ["grade", str(path), "--key", str(folder / paper / "key.json"), "--out",
                                       str(out), "--replace-outputs", "--force-key", *extra])
    assert result.exit_code == 0, result.output
    with open(out / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = {r["student_id"]: r for r in csv.DictReader(handle, delimiter=delimiter)}
    return {a: graded[f"s{n}"] for n, a in enumerate(answers)}


def test_a_sign_or_an_operation_on_the_number_is_no_trap_and_earns_nothing(papers):
    rows = _graded(papers, "q47", "Q21", "c", ["7.5", *KEPT])
    assert (rows["7.5"]["misconception"], float(rows["7.5"]["score"])) == ("per_sequence_count", 0.5)
    for answer in KEPT:
        row = rows[answer]
        assert (row["status"], row["misconception"], float(row["score"])) == ("incorrect", "", 0.0), row
        assert "read here" not in row["feedback"], row


@pytest.mark.parametrize("answer", ["7.500", "7.500 positions", "≈ 7.500", "n = 7.500", "$7.500$", "7.500."])
def test_the_number_alone_with_what_any_answer_may_carry_is_still_the_trap(papers, answer):
    rows = _graded(papers, "q47", "Q21", "c", ["7.5", answer])
    plain, row = rows["7.5"], rows[answer]
    assert (row["status"], row["misconception"], row["score"]) == ("incorrect", "per_sequence_count", plain["score"])
    assert row["feedback"] == f"{plain['feedback']} (7.500 is read here as 7.5, not as 7500.)"


def test_a_count_of_thousands_read_as_such_is_the_number_alone_too(papers):
    """``8.000`` in a '.' file is 8 to a count; 8000 is Q2 (b)'s all-tokens trap."""
    kept = ["-8.000", "sqrt(8.000)", "8.000²", "abs(-8.000)", "(8.000)"]
    rows = _graded(papers, "q6", "Q2", "b", ["8.000", "≈ 8.000", *kept], policy=False)
    for answer in ("8.000", "≈ 8.000"):
        assert rows[answer]["misconception"] == "split_applied_to_all_tokens", rows[answer]
        assert rows[answer]["feedback"].endswith("(8.000 is read here as 8000, not as 8.)")
    for answer in kept:
        assert (rows[answer]["status"], rows[answer]["misconception"]) == ("incorrect", ""), rows[answer]


def test_a_decimal_comma_files_thousands_point_is_never_read_as_a_decimal(papers):
    """In a ';' file with decimal commas ``75.000`` is 75000, as a German or French
    reader writes thousands, and as ``7.500`` there is 7500: 75, Q2 (a)'s
    per_sequence_count, is no reading of it (review 49d F10, round 50: it was named
    that trap, "read here as 75", against docs/marking.md's "only the file's decimal
    mark is read so"). ``75,000`` there is 75 as read: that trap, no note."""
    rows = _graded(papers, "q6", "Q2", "a", ["75.000", "-75.000", "ln(75.000)", "75,000"], delimiter=";",
                   policy=False)
    for answer in ("75.000", "-75.000", "ln(75.000)"):
        assert (rows[answer]["status"], rows[answer]["misconception"]) == ("incorrect", ""), rows[answer]
    assert rows["75,000"]["misconception"] == "per_sequence_count" and "read here" not in rows["75,000"]["feedback"]


@pytest.mark.parametrize("text, alone", [
    ("7.500", True), ("7.500 positions", True), ("x = 7.500", True), ('"7.500"', True), (r"\(7.500\)", True),
    ("7.500 (4 s.f.)", True), ("-7.500", False), ("7.500%", False), ("sqrt(7.500)", False), ("7.500 * 1", False)])
def test_number_alone(text, alone):
    assert number_alone(text, "7.500") is alone
