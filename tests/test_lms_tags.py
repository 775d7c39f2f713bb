"""The variant tag survives the trip through the LMS: a seed the LMS would not
give back unchanged is refused at export, and a tag too long for Moodle's
100-character ID number is left out of it (the question text still holds it)."""

import xml.etree.ElementTree as ET

import pytest

from quizgen.lms.moodle import IDNUMBER_MAX
from quizgen.lms.responses import TAG


@pytest.mark.parametrize("lms, out", [("moodle", "q.xml"), ("canvas", "q.zip")])
@pytest.mark.parametrize("seed", ["a&b", "x]y", "a<b", "two  spaces", " edge", "tab\there"])
def test_a_seed_the_lms_would_change_is_refused_with_exit_2(invoke, tmp_path, lms, out, seed):
    result = invoke("export", lms, "--classes", "C1", "--count", 1, "--seed", seed, "--out", tmp_path / out)
    assert result.exit_code == 2 and "--seed" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / out).exists()


def test_a_seed_with_single_spaces_and_colons_round_trips_through_the_tag(invoke, tmp_path):
    seed = "spring 2026:mid-term"
    assert invoke("export", "moodle", "--classes", "C1", "--count", 1, "--seed", seed,
                  "--out", tmp_path / "q.xml").exit_code == 0
    text = ET.parse(tmp_path / "q.xml").getroot().find("question[@type='multianswer']/questiontext/text").text
    match = TAG.search(text)
    assert match.group(2) == f"{seed}/mlm-confident-correct/0"


def test_a_tag_longer_than_moodles_id_number_is_left_out_of_it(invoke, tmp_path):
    seed = "s" * 80
    assert invoke("export", "moodle", "--classes", "C1,C6", "--count", 1, "--seed", seed,
                  "--out", tmp_path / "q.xml").exit_code == 0
    questions = [q for q in ET.parse(tmp_path / "q.xml").getroot() if q.get("type") != "category"]
    assert len(questions) == 2
    for question in questions:
        assert question.find("idnumber") is None
        assert TAG.search(question.findtext("questiontext/text")).group(2).startswith(seed)
    short = "1"
    assert invoke("export", "moodle", "--classes", "C1", "--count", 1, "--seed", short,
                  "--out", tmp_path / "s.xml").exit_code == 0
    ids = [q.findtext("idnumber") for q in ET.parse(tmp_path / "s.xml").getroot() if q.get("type") != "category"]
    assert ids and all(i and len(i) <= IDNUMBER_MAX for i in ids)
