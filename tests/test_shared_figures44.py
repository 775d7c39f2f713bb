"""Review 44g F7: two sections with different papers graded into one --feedback
folder: the second run wrote its Q1-figure.svg over the first's, so the first
section's kept sheets linked a figure with the other paper's numbers. A figure
file holding other text than this run's is never rewritten: this run's figure
takes another name, and each sheet links the drawing of its own paper."""

import re

from click.testing import CliRunner

from quizgen.cli import main


def _invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def _figure_of(sheet):
    """The name and text of the first figure a Markdown sheet links."""
    name = re.search(r"\]\(([^)]+\.svg)\)", sheet.read_text(encoding="utf-8")).group(1)
    return name, (sheet.parent / name).read_text(encoding="utf-8")


def test_a_kept_sheet_keeps_its_own_figure(tmp_path):
    for seed in (1, 2):
        _invoke("generate", "--seed", seed, "--out", tmp_path / f"quiz{seed}")
    (tmp_path / "roster.csv").write_text("student_id,name\na1,Ann\na2,Abe\nb1,Bea\nb2,Bob\n", encoding="utf-8")
    (tmp_path / "secA.csv").write_text("student_id,question_id,part,answer\na1,Q1,a,0.716\na2,Q1,a,0.716\n",
                                       encoding="utf-8")
    (tmp_path / "secB.csv").write_text("student_id,question_id,part,answer\nb1,Q1,a,0.716\nb2,Q1,a,0.5\n",
                                       encoding="utf-8")
    fb = tmp_path / "fb"
    _invoke("grade", tmp_path / "secA.csv", "--key", tmp_path / "quiz1" / "key.json", "--roster",
            tmp_path / "roster.csv", "--out", tmp_path / "outA.csv", "--feedback", fb)
    first = _figure_of(fb / "a2.md")
    _invoke("grade", tmp_path / "secB.csv", "--key", tmp_path / "quiz2" / "key.json", "--roster",
            tmp_path / "roster.csv", "--out", tmp_path / "outB.csv", "--feedback", fb, "--force-key")
    assert _figure_of(fb / "a2.md") == first               # section A's sheet: still its own paper's drawing
    second = _figure_of(fb / "b1.md")
    assert second[0] != first[0] and second[1] != first[1]   # section B's: its paper's, under another name
    _invoke("grade", tmp_path / "secB.csv", "--key", tmp_path / "quiz2" / "key.json", "--roster",
            tmp_path / "roster.csv", "--out", tmp_path / "outB.csv", "--feedback", fb, "--force-key")
    assert _figure_of(fb / "a2.md") == first and _figure_of(fb / "b1.md") == second   # a regrade renames nothing
