"""Round 45: the feedback sheets' figures list the sheets folder once
(feedback_files.foreign_stems with the run's figure texts), where foreign_stems and
differing_stems each listed it. The names a figure may not take are as before: a file
not ours, and a figure of ours whose drawing this run does not write."""

from pathlib import Path

from quizgen.generation.figures import TITLE
from quizgen.grading.feedback_files import foreign_stems


def _figure(body: str) -> str:
    """An SVG as the sheets' figures start: the loss curve's title on its second line."""
    return f'<svg xmlns="http://www.w3.org/2000/svg">\n<title>{TITLE}</title>\n{body}\n</svg>\n'


def test_the_folder_is_listed_once_and_the_taken_names_are_kept(tmp_path, monkeypatch):
    (tmp_path / "drawing.svg").write_text("<svg>mine</svg>\n", encoding="utf-8")   # the instructor's
    (tmp_path / "Q1-figure.svg").write_text(_figure("p = 0.61"), encoding="utf-8")   # another paper's
    (tmp_path / "Q2-figure.svg").write_text(_figure("p = 0.72"), encoding="utf-8")   # this run's, as it writes it
    (tmp_path / ".hidden.svg").write_text("<svg/>\n", encoding="utf-8")
    (tmp_path / "s1.md").write_text("# Feedback for s1\n", encoding="utf-8")
    listed = []
    iterdir = Path.iterdir
    monkeypatch.setattr(Path, "iterdir", lambda self: listed.append(self) or iterdir(self))
    assert foreign_stems(tmp_path, ".svg", [_figure("p = 0.72")]) == {"drawing", "q1-figure"}
    assert listed == [tmp_path]
    assert foreign_stems(tmp_path, ".svg") == {"drawing"}   # the sheets' own names: only files not ours
    assert foreign_stems(tmp_path / "none", ".svg", [_figure("p = 0.72")]) == frozenset()
