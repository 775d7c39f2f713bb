"""A trap's feedback in the Moodle and Canvas exports writes its maths as the question
does (review 46 F15): ``p_hat`` and ``-ln`` were the key's ASCII, which a screen reader
read as "p underscore hat" and "dash l n"; now p&#770; and a minus sign."""

import html
import zipfile

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.lms.html import shown_maths


def test_the_ascii_accents_and_minus_become_the_questions_own():
    said = shown_maths("With y = 1 only the term -ln p_hat survives; -ln(1 - p_hat) is the loss for NotNext.")
    assert said == "With y = 1 only the term \u2212ln p\u0302 survives; \u2212ln(1 \u2212 p\u0302) is the loss for NotNext."
    assert shown_maths("the next-sentence loss, e^(-s), L_MLM") == "the next-sentence loss, e^(-s), L_MLM"   # as they were


def test_exports_show_p_hat_and_the_minus_sign(tmp_path):
    run = CliRunner().invoke
    assert run(main, ["export", "moodle", "--classes", "C7", "--count", "2", "--seed", "4646",
                      "--out", str(tmp_path / "m.xml")]).exit_code == 0
    moodle = html.unescape((tmp_path / "m.xml").read_text(encoding="utf-8"))
    assert run(main, ["export", "canvas", "--classes", "C7", "--count", "2", "--seed", "4646",
                      "--out", str(tmp_path / "c.zip")]).exit_code == 0
    with zipfile.ZipFile(tmp_path / "c.zip") as archive:
        canvas = html.unescape("".join(archive.read(n).decode("utf-8") for n in archive.namelist()
                                       if n.endswith(".xml")))
    for text in (moodle, canvas):
        assert "p_hat" not in text and "-ln p" not in text
        assert "\u2212ln p\u0302" in text and "1 \u2212 p\u0302" in text
