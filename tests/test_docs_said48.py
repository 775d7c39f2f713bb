"""Review 48a's wording findings: README and grading.md said as the code and
docs/pdf.md measure (F1, F5), review's --out help and README's --jobs line (F9)."""

from pathlib import Path

from click.testing import CliRunner

from quizgen.cli import main

ROOT = Path(__file__).resolve().parent.parent


def text(name: str) -> str:
    return " ".join((ROOT / name).read_text(encoding="utf-8").split())


def test_readme_gives_the_compact_layouts_pages_as_pdf_md_measures_them():
    """F1: README said "about half the pages"; pdf.md measures 8 against 12 for --seed 42 (11 before C9
    broke over two pages)."""
    assert "the exam layout takes 12 pages" in text("docs/pdf.md") and "the compact one 8" in text("docs/pdf.md")
    readme = text("README.md")
    assert "8 pages instead of 12 for --seed 42" in readme and "about half the pages" not in readme


def test_grading_md_gives_the_solution_figures_label_as_the_solutions_print_it(tmp_path):
    """F5: grading.md said the figure labels p = 0.01747, -ln p = 4.0473; the solutions label
    p = 0.017468 and the key's 4.0474, the working alone giving -ln 0.01747 = 4.0473."""
    made = CliRunner().invoke(main, ["generate", "--seed", "1", "--classes", "C2", "--format", "tex",
                                     "--out", str(tmp_path / "s1")])
    assert made.exit_code == 0, made.output
    solutions = (tmp_path / "s1" / "solutions.tex").read_text(encoding="utf-8")
    assert r"$p = 0.017468$\\$-\ln p = 4.0474$" in solutions and r"$L = -\ln 0.01747 = 4.0473$" in solutions
    grading = text("docs/grading.md")
    assert "C2 of seed 1 labels p = 0.017468, -ln p = 4.0474" in grading
    assert "p = 0.01747, -ln p = 4.0473" not in grading


def test_review_out_help_says_a_run_onto_the_file_adds_below_its_lines():
    """F9: "never replaced" alone read as "refused when it exists"."""
    shown = " ".join(CliRunner().invoke(main, ["review", "--help"]).output.split())
    assert "never replaced: run again onto it, the answers it does not list yet are added below its lines" in shown


def test_readme_says_jobs_write_the_files_one_process_would_write_there():
    """F9: two fresh folders differ (a fresh secret each); into the same folder --jobs changes nothing."""
    assert "the same files one process would write there" in text("README.md")


def test_grading_md_says_quizgen_does_not_read_moodles_roles_column():
    """F11: "quizgen cannot tell them apart" was not so: the download says each role; quizgen does not read it."""
    grading = text("docs/grading.md")
    assert "quizgen cannot tell them apart" not in grading
    assert "The download has a `Roles` column, but quizgen does not read it" in grading


def test_grading_md_says_when_a_kept_gradebook_grade_is_noted():
    """F2: a template's grade kept for a student this run knows nothing of (no --roster) gets no note."""
    grading = text("docs/grading.md")
    assert ("a template row of a student this run knows nothing of keeps its cell as it is, without a note"
            in grading)
