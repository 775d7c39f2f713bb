"""Moodle XML export: well-formed XML whose Cloze sub-questions, read back by a
port of Moodle's own parser (tests/lms_moodle_cloze.py), give exactly the
answers, tolerances and feedback of the key that ``quizgen generate`` writes
for the same seed."""

import base64
import html
import json
import re

import pytest
from hypothesis import given, strategies as st

from lms_support import NUMBER, export_and_key, export_labels, parse_cloze
from quizgen.lms.responses import TAG
from quizgen.lms.html import decimal_text, feedback_html, shown_maths
from quizgen.lms.moodle import cloze_answer, cloze_feedback, cloze_weights

etree = pytest.importorskip("lxml.etree")

SEED, COUNT = 7, 2


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The Moodle XML of every class (2 variants each) and key.json of generate with the same seed."""
    folder = tmp_path_factory.mktemp("moodle")
    key = export_and_key(folder, ["moodle", "--out", folder / "q.xml"], COUNT, SEED)
    tree = etree.parse(str(folder / "q.xml"))
    codes = export_labels(folder / "q-key.json")
    codes["export"] = json.loads((folder / "q-key.json").read_text(encoding="utf-8"))["code"]
    return tree, key, codes


def _questions(tree):
    return [q for q in tree.getroot() if q.get("type") != "category"]


def _key_entry(question, key, codes):
    """generate's key entry of the variant the question's ID number names by its code."""
    prefix, template, code = question.findtext("idnumber").split(":", 2)
    label = codes[(template, code)]
    assert prefix == "quizgen" and key[label]["template"] == template
    return key[label]


@pytest.mark.slow
def test_one_category_per_slot_holding_its_variants(exported):
    tree, key, codes = exported
    root = tree.getroot()
    categories = [q for q in root if q.get("type") == "category"]
    templates = {entry["template"] for entry in key.values()}
    assert len(categories) == len(templates)
    for category in categories:
        members = []
        for sibling in category.itersiblings():
            if sibling.get("type") == "category":
                break
            members.append(sibling)
        assert len(members) == COUNT
        path = category.findtext("category/text")
        assert path.startswith(f"$course$/top/quizgen {codes['export']}/")
        assert {m.findtext("idnumber").split(":")[1] for m in members} == {path.rsplit(" ", 1)[1]}


def test_every_variant_is_a_key_question_with_its_points(exported):
    tree, key, codes = exported
    labels = [_key_entry(q, key, codes)["seed"] for q in _questions(tree)]
    assert sorted(labels) == sorted(key)
    for question in _questions(tree):
        entry = _key_entry(question, key, codes)
        expected = "multianswer" if len(entry["parts"]) > 1 else (
            "shortanswer" if entry["parts"][0]["type"] == "word" else "numerical")
        assert question.get("type") == expected
        shown = TAG.search(question.findtext("questiontext/text"))
        assert shown.group(1) == entry["template"] and "/" not in shown.group(2)
        assert codes[(shown.group(1), shown.group(2))] == entry["seed"]


@pytest.mark.slow
def test_cloze_answers_tolerances_and_feedback_match_the_key(exported):
    tree, key, codes = exported
    clozes = [q for q in _questions(tree) if q.get("type") == "multianswer"]
    assert clozes
    for question in clozes:
        entry = _key_entry(question, key, codes)
        subs = parse_cloze(question.findtext("questiontext/text"))
        assert len(subs) == len(entry["parts"])
        for sub, part in zip(subs, entry["parts"]):
            assert [_as_numbers(a) for a in sub["answers"]] == _expected_answers(part), (entry["seed"], part["part"])


@pytest.mark.slow
def test_cloze_part_weights_give_each_part_its_points(exported):
    """Moodle grades a Cloze part as its weight over the sum of the weights:
    C9's parts (4, 1, 1 points) must not weigh 1 each."""
    tree, key, codes = exported
    unequal = 0
    for question in (q for q in _questions(tree) if q.get("type") == "multianswer"):
        points = [p["points"] for p in _key_entry(question, key, codes)["parts"]]
        weights = [int(sub["weight"]) for sub in parse_cloze(question.findtext("questiontext/text"))]
        total = sum(weights)
        assert [w / total for w in weights] == pytest.approx([p / sum(points) for p in points])
        unequal += len(set(points)) > 1
    assert unequal > 0


@pytest.mark.parametrize("points, weights", [
    ([2.0, 2.0, 2.0], [1, 1, 1]), ([4.0, 1.0, 1.0], [4, 1, 1]), ([0.5, 1.0, 2.0, 0.5], [1, 2, 4, 1]),
    ([1.0, 4 / 3, 4 / 3, 4 / 3], [3, 4, 4, 4]), ([0.0, 3.0], [0, 1]), ([0.0, 0.0], [1, 1])])
def test_cloze_weights_are_the_smallest_whole_numbers_in_the_points_ratio(points, weights):
    assert cloze_weights(points) == weights


def test_single_part_questions_match_the_key(exported):
    tree, key, codes = exported
    singles = [q for q in _questions(tree) if q.get("type") != "multianswer"]
    assert singles
    for question in singles:
        part = _key_entry(question, key, codes)["parts"][0]
        answers = []
        for answer in question.findall("answer"):
            tolerance = answer.findtext("tolerance")
            feedback = html.unescape(answer.findtext("feedback/text").removeprefix("<p>").removesuffix("</p>"))
            answers.append((int(answer.get("fraction")) / 100, answer.findtext("text"), tolerance, feedback))
        assert [_as_numbers(a) for a in answers] == _expected_answers(part)


def _expected_answers(part):
    """What Moodle should hold for a key part: (fraction, answer, tolerance, feedback) each; the
    feedback with its maths as the question writes it (shown_maths, review 46), its HTML's
    sub- and superscripts set (feedback_html, review 46b: L<sub>MLM</sub>)."""
    def said(trap):
        return html.unescape(feedback_html(shown_maths(trap["feedback"])))
    if part["type"] == "word":
        return ([(1.0, w, None, "Correct.") for w in part["accept"]]
                + [(0.0, w, None, said(t)) for t in part["misconceptions"] for w in t.get("words", ())])
    value, tolerance = part["moodle"]   # the key at the figures asked (review 53a F1)
    return ([(1.0, pytest.approx(value, rel=1e-12), pytest.approx(tolerance, rel=1e-6), "Correct.")]
            + [(0.0, t["value"], t["abs_tolerance"], said(t)) for t in part["misconceptions"] if "value" in t]
            + [(0.0, n, pytest.approx(1e-9), said(t)) for t, n in _whole_neighbours(part)])


def _whole_neighbours(part):
    """A count's trap value that is no whole number held at its whole neighbours too, unless one is
    the answer or a trap's value (review 53a F5: quizgen grade names the trap there)."""
    if part["type"] != "integer":
        return []
    traps = [t for t in part["misconceptions"] if "value" in t]
    taken, found = {part["value"], *(t["value"] for t in traps)}, []
    for trap in traps:
        if trap["value"] != int(trap["value"]):
            for n in (float(int(trap["value"] // 1)), float(int(trap["value"] // 1) + 1)):
                if n not in taken:
                    taken.add(n)
                    found.append((trap, n))
    return found


def _as_numbers(answer):
    """An answer with its number and tolerance as the floats Moodle stores (the parser gives text)."""
    fraction, text, tolerance, feedback = answer
    if tolerance is None:
        return answer
    return fraction, float(text), float(tolerance), feedback


def test_figures_are_embedded_files_the_text_refers_to(exported):
    tree, _, _ = exported
    seen = 0
    for field in tree.getroot().iter("questiontext", "generalfeedback"):
        for file in field.findall("file"):
            assert f"@@PLUGINFILE@@/{file.get('name')}" in field.findtext("text")
            svg = etree.fromstring(base64.b64decode(file.text))
            assert svg.tag.endswith("svg")
            seen += 1
    assert seen > 0


text = st.text(alphabet=st.sampled_from(list("ab }#~\\&;<>\"'*%=:{/\n")), min_size=1, max_size=30)


@given(word=text, feedback=text)
@pytest.mark.slow
def test_cloze_escapes_survive_moodles_parser(word, feedback):
    cloze = f"x {{1:SHORTANSWER:={cloze_answer(word)}#{cloze_feedback(feedback)}~%0%b#c}} y"
    (sub,) = parse_cloze(cloze)
    (fraction, answer, _, stored), second = sub["answers"]
    assert (fraction, answer) == (1.0, word.replace("*", "\\*"))
    assert html.unescape(stored) == feedback
    assert second == (0.0, "b", None, "c")


@given(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False))
@pytest.mark.slow
def test_numbers_are_plain_decimals_moodle_reads_exactly(value):
    text = decimal_text(value)
    assert re.fullmatch(NUMBER, text) and float(text) == value


def test_bad_count_is_one_line_and_exit_2(invoke, tmp_path):
    result = invoke("export", "moodle", "--count", 0, "--out", tmp_path / "q.xml")
    assert result.exit_code == 2 and "--count must be from 1 to 10,000" in result.stderr
    assert not (tmp_path / "q.xml").exists()


def test_the_worked_solution_says_why_its_working_and_answers_may_differ(exported):
    """rev-fresh16: solutions.md, the PDF and the sheets carry the note under the
    answers (they come from unrounded values); Moodle's general feedback did not,
    so C9's working ended at 3.7535 beside the answer 3.7534 with no word why.
    A question of whole numbers alone (C6) has no such note."""
    tree, key, codes = exported
    for question in _questions(tree):
        entry = _key_entry(question, key, codes)
        solution = question.findtext("generalfeedback/text")
        numeric = any(part.get("type", "numeric") == "numeric" for part in entry["parts"])
        assert ("These come from unrounded values." in solution) == numeric, (entry["class"], solution[-300:])
