"""Moodle grades: a trap's partial credit reaches Moodle as one of the answer
grades Moodle's importer accepts (question_bank::fraction_options; its XML
import refuses a numerical or short-answer file with any other grade), never
more than quizgen gives."""

import xml.etree.ElementTree as ET

import pytest

from lms_support import parse_cloze
from quizgen.lms.moodle import GRADES, cloze, question, trap_percent
from quizgen.lms.variants import Trap, Variant, VariantPart


def _part(credits, word=False):
    traps = tuple(Trap(f"t{i}", None if word else 0.25 * (i + 1), None if word else 0.001, f"slip {i}",
                       (f"w{i}",) if word else (), credit) for i, credit in enumerate(credits))
    return VariantPart("a", "Ask", "word" if word else "numeric", None if word else 2.0,
                       None if word else 0.001, ("yes",) if word else (), 1.0, traps)


def _variant(part):
    return Variant("1/t/0", "t", "C1", "T", 1.0, "<p>stem</p>", (part,), "<p>sol</p>")


@pytest.mark.parametrize("credit, percent", [(0, "0"), (1, "100"), (0.5, "50"), (1 / 3, "33.33333"),
                                             (0.45, "40"), (1 / 7, "14.28571"), (0.04, "0"), (0.99, "90")])
def test_credit_is_the_largest_moodle_grade_not_above_it(credit, percent):
    assert trap_percent(credit) == percent


@pytest.mark.parametrize("word", [False, True])
def test_trap_credit_is_in_the_cloze_and_the_single_question(word):
    part = _part([0.5, 0.0, 0.3], word)
    (sub,) = parse_cloze(cloze(part))
    assert [a[0] for a in sub["answers"]] == [1.0, 0.5, 0.0, 0.3]
    single = question(_variant(part))
    fractions = [a.get("fraction") for a in single.iter("answer")]
    assert fractions == ["100", "50", "0", "30"]
    assert all(any(abs(float(f) / 100 - g) < 1e-5 for g in GRADES) for f in fractions)


@pytest.mark.slow
def test_every_exported_grade_is_one_moodle_accepts(tmp_path, invoke):
    out = tmp_path / "q.xml"
    assert invoke("export", "moodle", "--count", 2, "--out", out).exit_code == 0
    root = ET.parse(out).getroot()
    grades = [float(a.get("fraction")) / 100 for a in root.iter("answer")]
    grades += [a[0] for q in root.iter("questiontext") for sub in parse_cloze(q.findtext("text"))
               for a in sub["answers"]]
    assert grades and all(any(abs(f - g) < 1e-5 for g in GRADES) for f in grades)
