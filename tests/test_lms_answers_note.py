"""The note under a worked solution inside an LMS quiz (Moodle's general
feedback, Canvas's neutral comments) is worded for the LMS: the paper's says an
answer worked with rounded intermediates "is marked correct too", which quizgen
grade does (carried rounding), but Moodle's and Canvas's own numeric window
marks such an answer (0.944 for 0.9438 worked as 0.9440) wrong."""

import html
import zipfile

from click.testing import CliRunner

from quizgen.cli import main

PAPER_CLAIM = "is marked correct too"
LMS_CLAIM = ("This quiz checks an answer against the key answer's rounding window only, so an answer worked that way, "
             "with intermediates kept to at least 4 significant figures, may be marked wrong here; it is credited "
             "if your instructor regrades the quiz's answers with quizgen. Each answer here is written to 4 "
             "significant figures")


def _export(tmp_path, lms: str, out: str) -> str:
    """The export's XML with its HTML text read as the LMS shows it (unescaped twice: XML, then HTML)."""
    result = CliRunner().invoke(main, ["export", lms, "--classes", "C7", "--count", "1", "--seed", "3",
                                       "--out", str(tmp_path / out)])
    assert result.exit_code == 0, result.output
    if lms == "moodle":
        return html.unescape(html.unescape((tmp_path / out).read_text(encoding="utf-8")))
    with zipfile.ZipFile(tmp_path / out) as archive:
        xml = "".join(archive.read(n).decode("utf-8") for n in archive.namelist() if n.endswith(".xml"))
    return html.unescape(html.unescape(xml))


def test_the_moodle_worked_solution_says_the_lms_checks_the_window_only(tmp_path):
    text = _export(tmp_path, "moodle", "q.xml")
    assert "These come from unrounded values." in text
    assert LMS_CLAIM in text and PAPER_CLAIM not in text


def test_the_canvas_worked_solution_says_the_lms_checks_the_window_only(tmp_path):
    text = _export(tmp_path, "canvas", "quiz.zip")
    assert "These come from unrounded values." in text
    assert LMS_CLAIM in text and PAPER_CLAIM not in text


def test_the_paper_keeps_its_own_note(tmp_path):
    result = CliRunner().invoke(main, ["generate", "--seed", "3", "--classes", "C7", "--count", "1",
                                       "--out", str(tmp_path / "q")])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    assert PAPER_CLAIM in text and "rounding window only" not in text
    from quizgen.generation.views import ANSWERS_NOTE, LMS_CREDIT, PAPER_CREDIT

    assert PAPER_CLAIM in PAPER_CREDIT and PAPER_CLAIM not in LMS_CREDIT and "{credit}" in ANSWERS_NOTE
