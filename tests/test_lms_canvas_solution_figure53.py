"""Review 53a F6: a Canvas package's files become course files that any
student with the link can fetch, by name or by their numeric file id, while the
quiz is open (a hidden file is not a locked one). The solution figure shows
the answers (its dot and title: "p̂ = 0.95257, −ln p̂ = 0.04859"), so the
Canvas package holds no solution figure: the worked solution's text stays in
the general feedback, and the problem figures, which show no answer, stay.
Moodle keeps its solution figure in the general feedback's file area, served
only when the review options show the general feedback."""

import io
import re
import zipfile

from quizgen.lms.canvas import canvas_zip
from quizgen.lms.moodle import moodle_xml
from quizgen.lms.variants import slots as make_slots


def test_the_canvas_package_holds_no_solution_figure():
    slots = make_slots("C1,C7", count=2, seed="figs53")
    assert all(v.solution_figure_svg for s in slots for v in s.variants)   # drawn, and left out below
    archive = zipfile.ZipFile(io.BytesIO(canvas_zip(slots, "quiz", "quizgen_x")))
    names = archive.namelist()
    assert not [n for n in names if "solution" in n]
    assert len([n for n in names if n.endswith("-problem.svg")]) == 4
    assessment = archive.read("quizgen_x/quizgen_x.xml").decode("utf-8")
    feedback = re.findall(r'<itemfeedback ident="general_fb">(.*?)</itemfeedback>', assessment, re.S)
    assert feedback and all("Forecast." in f and "&lt;img" not in f for f in feedback)
    assert "solution.svg" not in assessment and "the dot marks" not in assessment


def test_moodle_keeps_its_solution_figure_in_the_general_feedback():
    xml = moodle_xml(make_slots("C1", count=1, seed="figs53"))
    assert re.search(r'<generalfeedback format="html">.*?<file name="[^"]*-solution\.svg"', xml, re.S)
