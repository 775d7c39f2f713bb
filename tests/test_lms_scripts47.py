"""Review 46b: a trap's feedback in the Moodle and Canvas exports showed the key's ASCII
subscripts and superscripts as typed ("L_MLM divides the sum by |M|", "1/(1 + e^(-s))"),
which a student reads as code and a screen reader as "L underscore M L M". Every such
feedback is HTML in both LMSs, so a subscript is now <sub> and a superscript <sup>, its
minus a minus sign, as the question's own maths shows them."""

import html
import zipfile
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from lms_support import parse_cloze
from quizgen.cli import main
from quizgen.lms.html import feedback_html


@pytest.mark.parametrize("text, shown", [
    ("L_MLM divides the sum by |M|", "L<sub>MLM</sub> divides the sum by |M|"),
    ("Each ln p_i is negative", "Each ln p<sub>i</sub> is negative"),
    ("1/(1 + e^(-s)); with e^(+s)", "1/(1 + e<sup>\u2212s</sup>); with e<sup>+s</sup>"),
    ("plus 10^(-5), so", "plus 10<sup>\u22125</sup>, so"),
    ("(1 \u2212 r)^(n) is", "(1 \u2212 r)<sup>n</sup> is"),
    ("a<b & sum_instead_of_mean", "a&lt;b &amp; sum_instead_of_mean"),   # escaped; a code is no subscript
])
def test_feedback_html_sets_the_keys_scripts(text, shown):
    assert feedback_html(text) == shown


def _run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output


def test_moodle_feedback_sets_subscripts_in_cloze_and_single_questions(tmp_path):
    _run("export", "moodle", "--classes", "C4,C9", "--count", "1", "--seed", "4646", "--out", tmp_path / "m.xml")
    questions = ET.parse(tmp_path / "m.xml").getroot().findall("question")
    single = [a.findtext("feedback/text") for q in questions if q.get("type") == "numerical" for a in q.findall("answer")]
    cloze = [a[3] for q in questions if q.get("type") == "multianswer"
             for sub in parse_cloze(q.findtext("questiontext/text")) for a in sub["answers"]]   # as Moodle stores it
    assert any("Each ln p<sub>i</sub> is negative" in f for f in single)   # C4
    assert any("but L<sub>MLM</sub> divides the sum by |M|" in f for f in cloze)   # C9
    assert any("the next-sentence loss L<sub>NSP</sub> to" in f for f in cloze)
    assert not any("_" in f for f in single + cloze)


def test_canvas_wrong_answer_feedback_sets_scripts(tmp_path):
    _run("export", "canvas", "--classes", "C7,C9", "--count", "1", "--seed", "4646", "--out", tmp_path / "c.zip")
    with zipfile.ZipFile(tmp_path / "c.zip") as archive:
        xml = "".join(archive.read(n).decode("utf-8") for n in archive.namelist() if n.endswith(".xml"))
    slips = html.unescape(xml)
    assert "The sigmoid is 1/(1 + e<sup>\u2212s</sup>); with e<sup>+s</sup> in the denominator" in slips   # C7
    assert "L<sub>MLM</sub> is its mean over the" in slips   # C9
    assert "L_MLM" not in slips and "e^(" not in slips
