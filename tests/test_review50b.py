"""Review 50b of the class report, driven through ``quizgen grade`` as a head of department
reads it: D and r are n/a, with the reason said and no "check the key", when every student
has the same total or the rest of the paper does not vary (F2); one rule for "answered"
everywhere (F14); the questions CSV counts its own students' verdicts only (F9); counts
over 999 grouped in every sentence (F1)."""

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from browser_support import browser_missing, open_browser
from quizgen.cli import main

needs_browser = pytest.mark.skipif(bool(browser_missing()), reason=browser_missing() or "browser present")


def run(args: list, folder: Path) -> str:
    """``quizgen`` run in ``folder``; its output (exit 0 asserted)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return result.output


def write(path: Path, rows: list) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)


def read_csv(path: Path) -> list:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def key_of(folder: Path, classes: str) -> list:
    """The part values of a one-paper key of ``classes`` made in ``folder``/quiz, in key order."""
    run(["generate", "--classes", classes, "--seed", "7", "--out", "quiz"], folder)
    key = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))
    return [(q["id"], letter, part) for q in key["questions"] for letter, part in zip("abcdef", q["parts"])]


@pytest.fixture(scope="module")
def flat(tmp_path_factory):
    """Six students on three 2-part questions (2 points a part), each right on exactly three
    parts and wrong (9) on the others: every total is 6 of 12, while every part has 3 right."""
    folder = tmp_path_factory.mktemp("flat50b")
    parts = key_of(folder, "C1,C2,C3")
    right = ["110100", "001011", "101010", "010101", "110001", "001110"]
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    rows += [[f"s{n}", *(f"{p['value']:.6g}" if bit == "1" else "9" for bit, (_, _, p) in zip(mask, parts))]
             for n, mask in enumerate(right, 1)]
    write(folder / "flat.csv", rows)
    run(["grade", "flat.csv", "--key", "quiz/key.json"], folder)
    return folder


def test_same_totals_give_no_d_nor_r_and_no_flag(flat):
    """F2: with every total 6 of 12, r = corr(x, 6 - x) is -1 for every part by algebra and D
    is 0 (both groups the same tie-shared mix): both n/a, said why, and nothing flagged."""
    items = read_csv(flat / "flat-graded-items.csv")
    rows = [r for r in items if r["level"] in ("part", "question")]
    assert len(rows) == 9
    for row in rows:
        assert (row["facility"], row["discrimination_ul"], row["point_biserial"], row["flag"]) == ("0.500", "", "", "")
        assert "same total" in row["note"] and "check the key" not in row["note"]
    md = (flat / "flat-graded-report.md").read_text(encoding="utf-8")
    assert "r \\< 0" not in md and "-1.00" not in md and "0.00†" not in md
    assert "D and r are n/a for every part and question: every student has the same total" in md
    assert "No part or question is flagged." in md
    page = (flat / "flat-graded-report.html").read_text(encoding="utf-8")
    assert "check the key" not in page and "-1.00" not in page
    assert "D and r are n/a for every part and question" in page


def test_a_part_alone_carrying_points_has_no_d(tmp_path):
    """F2 addendum: when Q2c is the only part worth points, the students are ranked by Q2c
    alone, so its D is its own maximum (1.00): n/a, as its r (no rest to correlate with)."""
    parts = key_of(tmp_path, "C1,C5")
    (tmp_path / "policy.yaml").write_text("points: {C1: {p: 0, loss: 0}, C5: {empty_sum: 0, lmlm: 0, "
                                          "none_chosen: 2, selected: 0}}\n", encoding="utf-8")
    labels = [f"{q}{letter}" for q, letter, _ in parts]
    c = labels.index("Q2c")
    rows = [["student_id", *labels]]
    for n in range(8):   # Q2c right for s1, s4, s7 (3 of 8); every other part answered 9
        cells = ["9"] * len(labels)
        cells[c] = f"{parts[c][2]['value']:.6g}" if n % 3 == 0 else "9"
        rows.append([f"s{n + 1}", *cells])
    write(tmp_path / "a.csv", rows)
    run(["grade", "a.csv", "--key", "quiz/key.json", "--policy", "policy.yaml", "--force-key"], tmp_path)
    items = {(r["level"], r["question_id"], r["part"]): r for r in read_csv(tmp_path / "a-graded-items.csv")}
    for key in (("part", "Q2", "c"), ("question", "Q2", "")):
        row = items[key]
        assert (row["facility"], row["discrimination_ul"], row["point_biserial"]) == ("0.375", "", "")
        assert "rest of the paper does not vary" in row["note"]
    md = (tmp_path / "a-graded-report.md").read_text(encoding="utf-8")
    assert "D and r are n/a for Q2c, Q2: the rest of the paper does not vary" in md
    assert "1.00†" not in md


def answer(part: dict) -> str:
    """A right answer to a key part, as a student types it."""
    return "undefined" if part.get("value") is None else f"{part['value']:.6g}"


@pytest.fixture(scope="module")
def unplaced(tmp_path_factory):
    """s1-s3 answer every part of a C1,C2 paper right; every row of s4's names a part the key
    lacks (Q9z, Q3a). Graded with no roster: the grade's summary and outputs."""
    folder = tmp_path_factory.mktemp("unplaced50b")
    parts = key_of(folder, "C1,C2")
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[f"s{n}", q, letter, answer(p)] for n in (1, 2, 3) for q, letter, p in parts]
    rows += [["s4", "Q9", "z", "1"], ["s4", "Q3", "a", "0.5"]]
    write(folder / "ans.csv", rows)
    return folder, run(["grade", "ans.csv", "--key", "quiz/key.json", "--force-key"], folder)


def test_a_student_answering_no_part_is_absent_everywhere(unplaced):
    """F14: s4 answered no part of their paper, so every output counts 3 who answered: the
    class line's mean over them is 100.0% as the item analysis's (by hand: 3 full marks), and
    75.0% over all 4 (s4 counted as 0%); the questions CSV's parts have 3 students, none missing."""
    folder, output = unplaced
    assert "from 3 students and 1 whose rows answer no part of their paper, counted absent" in output
    assert "mean 75.0%, median 100.0% over all 4 students (the 1 absent counted as 0%)" in output
    assert "over the 3 who answered" in output and "over the 4 who answered" not in output
    assert "answered no part of their paper" in output and "s4" in output
    md = (folder / "ans-graded-report.md").read_text(encoding="utf-8")
    assert "mean 100.0%, median 100.0%, lowest 100.0%, highest 100.0% over the 3 who answered" in md
    assert "| mean over the 3 who answered | 100.0% |" in md
    for row in read_csv(folder / "ans-graded-questions.csv"):
        assert (row["students"], row["correct"], row["missing"]) == ("3", "3", "0")


def test_questions_csv_counts_only_its_students(tmp_path):
    """F9: s5 (on the roster, no answer row) is marked absent by an override scoring 0 on Q1a;
    s4 gave no Q1a row. Q1a's row is over its 4 students (s1-s4): 3 correct, 1 missing (s4's),
    no blank: the counts add up to the students, as the items CSV's do."""
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[f"s{n}", q, letter, answer(p)] for n in (1, 2, 3, 4) for q, letter, p in parts
             if (n, q, letter) != (4, "Q1", "a")]
    write(tmp_path / "ans.csv", rows)
    write(tmp_path / "roster.csv", [["student_id", "name"], *([f"s{n}", f"S {n}"] for n in range(1, 6))])
    write(tmp_path / "ov.csv", [["student_id", "question_id", "part", "points", "status", "comment"],
                                ["s5", "Q1", "a", "0", "", "absent from exam"]])
    run(["grade", "ans.csv", "--key", "quiz/key.json", "--roster", "roster.csv", "--overrides", "ov.csv",
         "--force-key"], tmp_path)
    q1a = next(r for r in read_csv(tmp_path / "ans-graded-questions.csv") if (r["question_id"], r["part"]) == ("Q1", "a"))
    assert (q1a["students"], q1a["correct"], q1a["blank"], q1a["incorrect"], q1a["missing"]) == ("4", "3", "0", "0", "1")
    assert q1a["percent_correct"] == "75.0" and q1a["mean_score"] == "1.5"   # 3 x 2 points over 4 students


def big_class(folder: Path, comma: bool) -> None:
    """4,000 students on a C1,C2 paper (Q1a, Q1b, Q2a, Q2b, 2 points each), graded in ``folder``:
    everyone falls into Q1a's first trap; s1-s1200 hedge Q1b ("maybe ...": needs_review) and answer
    Q2 right (50%); s1201-s2000 answer Q1b and Q2 right (75%); s2001-s4000 stop after Q1a (0%).
    ``comma``: a class that writes decimal commas, in a ';'-separated file."""
    parts = dict(((q, letter), p) for q, letter, p in key_of(folder, "C1,C2"))

    def said(q: str, letter: str, trap: bool = False) -> str:
        value = parts[q, letter]["trap_values"][0] if trap else parts[q, letter]["value"]
        text = f"{value:.6g}"
        return text.replace(".", ",") if comma else text
    rows = [["student_id", "question_id", "part", "answer"]]
    for n in range(1, 4001):
        rows.append([f"s{n:04d}", "Q1", "a", said("Q1", "a", trap=True)])
        if n <= 2000:
            rows.append([f"s{n:04d}", "Q1", "b", ("maybe " if n <= 1200 else "") + said("Q1", "b")])
            rows += [[f"s{n:04d}", "Q2", letter, said("Q2", letter)] for letter in "ab"]
    with open(folder / "big.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=";" if comma else ",").writerows(rows)
    run(["grade", "big.csv", "--key", "quiz/key.json", "--force-key"], folder)


@pytest.mark.parametrize("comma", [False, True])
def test_counts_over_999_are_grouped_in_every_sentence(tmp_path, comma):
    """F1: every count a person reads has its thousands grouped (``4,000``; a decimal-comma class
    ``4\u202f000``): by hand, 4,000 students, groups of 27% of 4,000 = 1,080, 1,200 answers awaiting
    a person, the first 200 of the 1,200 and of the 2,000 who stopped, 4,000 in Q1a's trap, 2,000
    in the 0-10% band and 1,200 in the 50-60% band; the page's script groups as Python does."""
    big_class(tmp_path, comma)
    sep = "\u202f" if comma else ","

    def grouped(n: int) -> str:
        return f"{n // 1000}{sep}{n % 1000:03d}"
    md = (tmp_path / "big-graded-report.md").read_text(encoding="utf-8")
    page = (tmp_path / "big-graded-report.html").read_text(encoding="utf-8")
    for text in (md, page):
        assert f"{grouped(1200)} answers await a person (needs_review)" in text
        assert f"{grouped(1080)} students each" in text
    assert f"The first 200 of {grouped(1200)} are listed" in md and f"The first 200 of {grouped(2000)} are listed" in md
    assert f"({grouped(4000)}) |" in md   # Q1a's most common misconception in the Questions table
    assert f'id="class-size">{grouped(4000)} students, 4 question parts' in page
    assert f">{grouped(2000)}</text>" in page and f">{grouped(1200)}</text>" in page   # histogram bar labels
    assert f'var APART = "{sep}";' in page and "grouped(list.length)" in page
    for raw in ("4000", "1200 ", "1080", "2000"):
        assert raw not in md.split("## Students")[0].replace("s4000", "").replace("s2000", "").replace("s1200", "")


@pytest.mark.slow
@needs_browser
@pytest.mark.parametrize("comma", [False, True])
def test_the_page_script_groups_counts_as_python_does(tmp_path, comma):
    """F1: the students list's status line, written by the page's script: 4,000 students in pages
    of 50, 80 pages (by hand), the count grouped as report.md groups it."""
    from selenium.webdriver.common.by import By

    big_class(tmp_path, comma)
    sep = "\u202f" if comma else ","
    driver = open_browser(tmp_path / "profile")
    try:
        driver.get(f"file://{tmp_path}/big-graded-report.html")
        status = driver.find_element(By.ID, "student-status").text
        assert status == f"Students 1\u201350 of 4{sep}000, page 1 of 80.", status
    finally:
        driver.quit()


def test_a_hard_part_that_discriminates_is_not_blamed_on_its_key(tmp_path):
    """F12: Q1a is right for s1 alone, the student with the best rest (6 of 6 on Q1b, Q2a, Q2b);
    the rests are 6, 6, 4, 4, 2, 2, 2, 0, 0, 0, so by hand r = (6 - 2.6) / 2.2 · √(0.1 / 0.9)
    = 0.52: very hard (facility 0.10) but discriminating, so no "check that the key is right"."""
    parts = key_of(tmp_path, "C1,C2")
    labels = [f"{q}{letter}" for q, letter, _ in parts]
    rest = [3, 3, 2, 2, 1, 1, 1, 0, 0, 0]   # right answers among Q1b, Q2a, Q2b
    rows = [["student_id", *labels]]
    for n, k in enumerate(rest):
        cells = [answer(parts[0][2]) if n == 0 else "9"]
        cells += [answer(p) if j < k else "9" for j, (_, _, p) in enumerate(parts[1:])]
        rows.append([f"s{n + 1}", *cells])
    write(tmp_path / "w.csv", rows)
    run(["grade", "w.csv", "--key", "quiz/key.json", "--force-key"], tmp_path)
    q1a = next(r for r in read_csv(tmp_path / "w-graded-items.csv") if (r["level"], r["part"]) == ("part", "a")
               and r["question_id"] == "Q1")
    assert (q1a["facility"], q1a["point_biserial"]) == ("0.100", "0.515")
    assert "hard but it discriminates" in q1a["note"] and "key is right" not in q1a["note"]



def trapped_class(tmp_path, trapped) -> tuple:
    """250 students of a C1,C2 paper graded, those ``trapped(n)`` picks (s1 to s250) in Q1a's first trap,
    the rest right there, the other parts right or 9 in turn: report.md's text and the page's."""
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    for n in range(1, 251):
        first = f"{parts[0][2]['trap_values'][0]:.6g}" if trapped(n) else answer(parts[0][2])
        rows.append([f"s{n}", first, *(answer(p) if (n + k) % 3 else "9" for k, (_, _, p) in enumerate(parts[1:]))])
    write(tmp_path / "w.csv", rows)
    run(["grade", "w.csv", "--key", "quiz/key.json", "--force-key"], tmp_path)
    return ((tmp_path / "w-graded-report.md").read_text(encoding="utf-8"),
            (tmp_path / "w-graded-report.html").read_text(encoding="utf-8"))


def test_a_share_of_one_in_many_is_not_zero(tmp_path):
    """F11: of 250 students one (s1) falls into Q1a's first trap: 1/250 is 0.4%, written "<1%"
    in the trap table (not "0%", which reads as nobody) and "<1" in the heat map's cell."""
    md, page = trapped_class(tmp_path, lambda n: n == 1)
    trap_row = next(line for line in md.splitlines() if line.startswith("| Q1a |") and "| 1 |" in line)
    assert "| 1 | <1% |" in trap_row, trap_row
    assert "Q1 &lt;1%" in page and ">&lt;1</text>" in page


def test_tie_shared_places_are_shown_to_one_decimal(tmp_path):
    """F11: s1-s7 answer every part wrong (0%), s8-s10 right (100%); s7 stops after Q1a. Each 27%
    group has round(2.7) = 3 places; the 7 tied at 0% share the lower one, 3/7 of a place each, so a
    part s7 did not reach has 6 x 3/7 = 18/7 = 2.5714... lower places: shown 2.6, not 2.5714."""
    parts = key_of(tmp_path, "C1,C2")
    rows = [["student_id", "question_id", "part", "answer"]]
    for n in range(1, 11):
        for k, (q, letter, p) in enumerate(parts):
            if n != 7 or k == 0:
                rows.append([f"s{n}", q, letter, answer(p) if n >= 8 else "9"])
    write(tmp_path / "long.csv", rows)
    run(["grade", "long.csv", "--key", "quiz/key.json", "--force-key"], tmp_path)
    md = (tmp_path / "long-graded-report.md").read_text(encoding="utf-8")
    q2b = next(line for line in md.splitlines() if line.startswith("| Q2b |"))
    assert "| 9 (2.6 / 3) |" in q2b and "2.57" not in md, q2b


def test_report_md_says_what_facility_r_and_the_sem_are(flat):
    """F4: report.md, which has no chart, defines facility and r beside its item table as it
    defines D, and says how to read the SEM, as the page does."""
    md = (flat / "flat-graded-report.md").read_text(encoding="utf-8")
    page = (flat / "flat-graded-report.html").read_text(encoding="utf-8")
    assert "Facility is the mean score as a share of the points; r (corrected item-rest) correlates" in md
    for text in (md, page):
        assert "each percentage is give or take about one SEM (about two for a 95% range)" in text


def test_at_thirty_students_a_negative_r_within_chance_is_weak_not_a_key_to_check(tmp_path):
    """F6: 30 students, rests 0, 2, 4, 6 in turn (Q1b, Q2a, Q2b right for n % 4 of them); Q1a right
    for 11 chosen so that its r with the rest is -0.295 (statistics.correlation, below): beyond 0 but
    not beyond 0.361, the 5% critical value of r at 30 students (t 2.0484 on 28 df), so it is chance:
    "weak r", not "r < 0 ... check the key"."""
    from statistics import correlation

    parts = key_of(tmp_path, "C1,C2")
    right = [(n % 4 == 0 and n < 16) or (n % 4 == 3 and n < 8) or (n % 4 == 1 and n < 20) for n in range(30)]
    rows = [["student_id", *(f"{q}{letter}" for q, letter, _ in parts)]]
    for n in range(30):
        cells = [answer(parts[0][2]) if right[n] else "9"]
        cells += [answer(p) if j < n % 4 else "9" for j, (_, _, p) in enumerate(parts[1:])]
        rows.append([f"s{n + 1}", *cells])
    write(tmp_path / "w.csv", rows)
    run(["grade", "w.csv", "--key", "quiz/key.json", "--force-key"], tmp_path)
    r = correlation([2.0 * k for k in right], [2.0 * (n % 4) for n in range(30)])
    q1a = next(row for row in read_csv(tmp_path / "w-graded-items.csv") if (row["level"], row["question_id"],
                                                                             row["part"]) == ("part", "Q1", "a"))
    assert q1a["point_biserial"] == f"{r:.3f}" == "-0.295"
    assert q1a["note"].startswith("correlates weakly") and "does not discriminate" not in q1a["note"]


def test_ecf_answers_are_counted_beside_imprecise(tmp_path):
    """F5: x2's and x3's (b) are right from their own early-rounded (a) (tests/test_carried_ecf42.py's
    rows: ``correct`` with note ``ecf``; x4's is carried rounding, not ECF); the questions CSV and the
    items CSV count them in an ``ecf`` column (Q1b: 2; Q1 as a question: 2; Q1a: 0) and report.md's
    status table says so."""
    from quizgen.generation.run import generate
    from test_carried_ecf42 import ROWS

    generate(tmp_path / "paper", count=1, seed=11)
    write(tmp_path / "ans.csv", [["student_id", "question_id", "part", "answer"], *ROWS])
    run(["grade", "ans.csv", "--key", "paper/key.json", "--force-key"], tmp_path)
    graded = read_csv(tmp_path / "ans-graded.csv")
    assert sum(r["note"] == "ecf" for r in graded) == 2
    questions = {(r["question_id"], r["part"]): r["ecf"] for r in read_csv(tmp_path / "ans-graded-questions.csv")}
    assert (questions[("Q1", "a")], questions[("Q1", "b")]) == ("0", "2")
    items = {(r["level"], r["question_id"], r["part"]): r["ecf"] for r in read_csv(tmp_path / "ans-graded-items.csv")}
    assert (items[("part", "Q1", "a")], items[("part", "Q1", "b")], items[("question", "Q1", "")]) == ("0", "2", "2")
    md = (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")
    assert "| correct | 4 (2 of them by error carried forward) |" in md.splitlines()   # the status table's whole row
