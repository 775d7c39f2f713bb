"""The variant tag survives the trip through the LMS: a seed the LMS would not
give back unchanged is refused at export, and a tag too long for Moodle's
100-character ID number is left out of it (the question text still holds its
code). The tag students see holds a keyed code, never the seed or seed label."""

import xml.etree.ElementTree as ET

import pytest

from quizgen.lms.moodle import IDNUMBER_MAX
from lms_support import export_labels
from quizgen.lms.responses import TAG


@pytest.mark.parametrize("lms, out", [("moodle", "q.xml"), ("canvas", "q.zip")])
@pytest.mark.parametrize("seed", ["a&b", "x]y", "two  spaces", "<b>\"q'\\"])   # a tab is refused (fixb29)
def test_any_seed_exports_as_the_lms_never_sees_it(invoke, tmp_path, lms, out, seed):
    """The seed reaches the LMS only as codes, so a seed the LMS would change
    (once refused, when it went into ID numbers and category names) exports
    and its codes read back as its seed labels."""
    result = invoke("export", lms, "--classes", "C1", "--count", 2, "--seed", seed, "--out", tmp_path / out)
    assert result.exit_code == 0, result.stderr
    labels = export_labels(tmp_path / "q-key.json")   # a variant redrawn (C1's scenes spread) ends /redrawN
    assert sorted(label.split("/redraw")[0] for label in labels.values()) == [
        f"{seed}/mlm-confident-correct/{k}" for k in range(2)]
    assert seed.encode("utf-8") not in _export_texts(tmp_path / out)


def test_a_seed_with_single_spaces_and_colons_round_trips_through_the_tag(invoke, tmp_path):
    seed = "spring 2026:mid-term"
    assert invoke("export", "moodle", "--classes", "C1", "--count", 1, "--seed", seed,
                  "--out", tmp_path / "q.xml").exit_code == 0
    text = ET.parse(tmp_path / "q.xml").getroot().find("question[@type='multianswer']/questiontext/text").text
    match = TAG.search(text)
    assert export_labels(tmp_path / "q-key.json")[match.groups()[:2]] == f"{seed}/mlm-confident-correct/0"


def test_a_tag_longer_than_moodles_id_number_is_left_out_of_it():
    from dataclasses import replace

    from quizgen.lms.moodle import question
    from quizgen.lms.variants import slots

    variant = replace(slots("C1", count=1, seed=1)[0].variants[0], code="7KQ2M9XD")
    assert question(variant).findtext("idnumber") == "quizgen:mlm-confident-correct:7KQ2M9XD"
    long = replace(variant, template="t" * (IDNUMBER_MAX - len("quizgen::7KQ2M9XD") + 1))
    assert len(long.tag) == IDNUMBER_MAX + 1 and question(long).find("idnumber") is None
    assert TAG.search(question(long).findtext("questiontext/text")).group(2) == "7KQ2M9XD"


@pytest.mark.parametrize("lms, out", [("moodle", "q.xml"), ("canvas", "q.zip")])
@pytest.mark.slow
def test_question_texts_name_no_seed_nor_seed_label(invoke, tmp_path, lms, out):
    import zipfile

    seed = 48213
    result = invoke("export", lms, "--classes", "C1,C6", "--count", 3, "--seed", seed, "--out", tmp_path / out)
    assert result.exit_code == 0 and f"seed {seed}" in result.output and "q-key.json" in result.output
    if lms == "moodle":
        texts = [q.findtext("questiontext/text") for q in ET.parse(tmp_path / out).getroot()
                 if q.get("type") != "category"]
    else:
        archive = zipfile.ZipFile(tmp_path / out)
        root = ET.fromstring(archive.read(next(n for n in archive.namelist() if n.endswith(".xml")
                                               and "manifest" not in n)))
        texts = [m.text for m in root.iter("{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}mattext")
                 if "[quizgen:" in (m.text or "")]
        assert not any(str(seed) in name for name in archive.namelist())   # figure file names too
    labels = export_labels(tmp_path / "q-key.json")
    assert len(texts) >= 6 and len(labels) == 6
    for text in texts:
        assert str(seed) not in text and "/" not in TAG.search(text).group(2)
        assert TAG.search(text).groups()[:2] in labels


def test_a_new_seed_does_not_replace_another_exports_key_without_force(invoke, tmp_path):
    args = ("export", "moodle", "--classes", "C1", "--count", 1, "--out", tmp_path / "q.xml")
    assert invoke(*args, "--seed", 1).exit_code == 0
    key = (tmp_path / "q-key.json").read_text(encoding="utf-8")
    again = invoke(*args)   # a fresh seed: another export
    assert again.exit_code == 2 and "--force" in again.stderr and len(again.stderr.strip().splitlines()) == 1
    assert (tmp_path / "q-key.json").read_text(encoding="utf-8") == key
    assert invoke(*args, "--force").exit_code == 0
    assert (tmp_path / "q-key.json").read_text(encoding="utf-8") != key


@pytest.mark.parametrize("first, second, said", [
    (("--classes", "C1,C5", "--count", 2), ("--classes", "C1", "--count", 2), "would drop 2 of its 4 variants"),
    (("--classes", "C1,C5", "--count", 2), ("--classes", "C1,C5", "--count", 1), "would drop 2 of its 4 variants"),
], ids=["fewer-classes", "smaller-count"])
@pytest.mark.slow
def test_the_same_seed_does_not_replace_a_key_whose_variants_it_would_lose(invoke, tmp_path, first, second, said):
    """Exporting again to the same --out with the same seed but fewer classes
    or variants would leave the quiz already made from the first unreadable:
    refused in one line saying what differs, unless --force."""
    out = ("export", "moodle", "--seed", 42, "--out", tmp_path / "q.xml")
    assert invoke(*out, *first).exit_code == 0
    key, xml = ((tmp_path / name).read_bytes() for name in ("q-key.json", "q.xml"))
    again = invoke(*out, *second)
    assert again.exit_code == 2 and len(again.stderr.strip().splitlines()) == 1, again.stderr
    assert said in again.stderr and "--force" in again.stderr and "classes C1,C5, count 2" in again.stderr
    assert (tmp_path / "q-key.json").read_bytes() == key and (tmp_path / "q.xml").read_bytes() == xml
    assert invoke(*out, *second, "--force").exit_code == 0
    assert (tmp_path / "q-key.json").read_bytes() != key


@pytest.mark.slow
def test_the_same_seed_with_more_classes_and_variants_keeps_every_earlier_code(invoke, tmp_path):
    out = ("export", "moodle", "--seed", 42, "--out", tmp_path / "q.xml")
    assert invoke(*out, "--classes", "C1", "--count", 2).exit_code == 0
    before = export_labels(tmp_path / "q-key.json")
    assert invoke(*out, "--classes", "C1,C5", "--count", 3).exit_code == 0
    after = export_labels(tmp_path / "q-key.json")
    assert len(after) == 6 and before.items() <= after.items()


def test_an_export_to_another_lms_does_not_replace_the_key_they_share(invoke, tmp_path):
    """``all.xml`` and ``all.zip`` both keep their key in ``all-key.json``."""
    common = ("--classes", "C1", "--count", 1, "--seed", 7)
    assert invoke("export", "moodle", *common, "--out", tmp_path / "all.xml").exit_code == 0
    key = (tmp_path / "all-key.json").read_bytes()
    again = invoke("export", "canvas", *common, "--out", tmp_path / "all.zip")
    assert again.exit_code == 2 and len(again.stderr.strip().splitlines()) == 1
    assert "the key of a Moodle export" in again.stderr and "--force" in again.stderr
    assert (tmp_path / "all-key.json").read_bytes() == key and not (tmp_path / "all.zip").exists()
    assert invoke("export", "canvas", *common, "--out", tmp_path / "all.zip", "--force").exit_code == 0


@pytest.mark.parametrize("change, message", [
    ({"count": 10 ** 12}, "count 1000000000000 is not from 1 to 10,000"),
    ({"templates": [["a list"], "mlm-confident-correct"]}, None),
    ({"redrawn": {"mlm-confident-correct": ["not", "a", "map"]}}, None),
    ({"redrawn": {"mlm-confident-correct": {"0": 7}}}, None)])
def test_a_tampered_export_key_is_refused_in_one_line_or_read_safely(tmp_path, change, message):
    """The key file is user input: a huge count made grade recompute codes
    for ever, and a list among the templates or redrawn labels raised TypeError."""
    import json

    from quizgen.errors import QuizgenError
    from quizgen.lms.exportkey import code_labels, decode_rows, load_export_key
    from quizgen.lms.responses import ResponseRow

    data = {"format": "quizgen-lms-export-key", "version": 1, "lms": "moodle", "seed": 5, "secret": "ab" * 16,
            "classes": "C1", "templates": ["mlm-confident-correct"], "count": 3, "banks": [], "redrawn": {}}
    code = next(c for (t, c), label in code_labels(data, {"mlm-confident-correct"}).items() if label.endswith("/0"))
    key = tmp_path / "questions-key.json"
    key.write_text(json.dumps({**data, **change}))
    row = ResponseRow("s1", "Ada", 1, 1, "mlm-confident-correct", code, "a", "0.5")
    if message:
        with pytest.raises(QuizgenError, match=message):
            load_export_key(key)
        return
    rows, _ = decode_rows([row], key, tmp_path / "responses.csv", "moodle")
    assert rows[0].variant == "5/mlm-confident-correct/0"


def _export_texts(path) -> bytes:
    """Every byte of an export a student could be shown: the Moodle XML, or each
    name in the Canvas zip and each file's text (the zip itself is compressed)."""
    import zipfile

    if path.suffix != ".zip":
        return path.read_bytes()
    archive = zipfile.ZipFile(path)
    return b"\n".join(name.encode("utf-8") + b"\n" + archive.read(name) for name in archive.namelist())


@pytest.mark.parametrize("lms, out", [("moodle", "q.xml"), ("canvas", "q.zip")])
@pytest.mark.parametrize("seed", ["7301946582013374651", "hush-spring"])
@pytest.mark.slow
def test_no_seed_nor_seed_label_anywhere_in_the_export(invoke, tmp_path, lms, out, seed):
    """The seed regenerates every variant: it must not be in any question name,
    category, ID number, title, identifier, file name or text of the export
    (Moodle's names, ID numbers and category root showed it); the key file
    beside it keeps it, and its code names the export instead."""
    import json

    result = invoke("export", lms, "--classes", "C1,C6,C9", "--count", 3, "--seed", seed, "--out", tmp_path / out)
    assert result.exit_code == 0, result.stderr
    text = _export_texts(tmp_path / out)
    assert seed.encode("utf-8") not in text and b"quizgen seed" not in text
    key = json.loads((tmp_path / "q-key.json").read_text(encoding="utf-8"))
    assert key["seed"] == (int(seed) if seed.isdigit() else seed)
    assert f"quizgen{' ' if lms == 'moodle' else '_'}{key['code']}".encode("utf-8") in text
    assert sorted(label.split("/redraw")[0] for label in export_labels(tmp_path / "q-key.json").values()) == sorted(
        f"{seed}/{t}/{k}" for t in key["templates"] for k in range(3))


@pytest.mark.slow
def test_a_word_that_is_both_a_label_and_its_name_is_one_answer():
    """NLI's class "neutral" is its own label and name: the C8 part (c) and its
    trap list it once, not twice, in what the LMS receives."""
    from quizgen.lms.variants import slots

    variants = slots("C8", count=10, seed=1)[0].variants
    nli = [v for v in variants if "natural-language inference" in v.stem_html]
    words = [w for v in nli for p in v.parts for w in (p.words, *(t.words for t in p.traps)) if w]
    assert ("neutral",) in words or any("neutral" in w for w in words)
    assert all(len(set(w)) == len(w) for w in words), words


def test_a_figure_is_described_by_its_own_title_not_by_the_word_figure():
    """A screen reader reads the <img> alt text; the SVG's <title> behind it is never read."""
    from quizgen.lms.html import figure_img

    svg = '<svg><title>The loss &#8722;ln p against p</title></svg>'
    assert figure_img("x.svg", svg) == '<p><img src="x.svg" alt="The loss \u2212ln p against p" style="max-width:100%"></p>'
    assert 'alt="figure"' in figure_img("x.svg", "<svg></svg>")
    assert 'alt="a &quot;b&quot; &lt;c&gt;"' in figure_img("x.svg", "<svg><title>a \"b\" &lt;c&gt;</title></svg>")


def test_canvas_names_a_slips_words_as_alternatives_and_its_value_with_its_zeros():
    """'An answer of yes, true, left to right' read as one answer; 1.420 was shown as 1.42; a slip
    with neither value nor words (C8's true class when it is the prediction) is left out."""
    from quizgen.lms.canvas import slips_html
    from quizgen.lms.variants import Trap, VariantPart

    part = VariantPart(letter="b", ask_html="", kind="word", value=None, tolerance=None, words=("no",), points=1,
                       traps=(Trap(code="ltr", value=None, tolerance=None, feedback="f", words=("yes", "true",
                                                                                                "left to right")),
                              Trap(code="x", value=1.42, tolerance=0.0005, feedback="g", words=()),
                              Trap(code="none", value=None, tolerance=None, feedback="", words=())))
    html = slips_html(part)
    assert '<li>An answer of "yes", "true" or "left to right": f</li>' in html
    assert "<li>An answer of 1.420: g</li>" in html and html.count("<li>") == 2


def test_canvas_writes_a_counts_slip_as_a_whole_number_and_a_half_as_it_is():
    """C6's 15% slip: 900.0 was shown for a count; 22.5 (a tenth of an odd count) stays 22.50."""
    from quizgen.lms.canvas import slips_html
    from quizgen.lms.variants import Trap, VariantPart

    traps = tuple(Trap(code=f"t{v}", value=v, tolerance=0.5, feedback="f", words=()) for v in (900.0, 22.5))
    html = slips_html(VariantPart(letter="a", ask_html="", kind="integer", value=1200.0, tolerance=0.5, words=(),
                                  points=1, traps=traps))
    assert "<li>An answer of 900: f</li>" in html
    assert "<li>An answer of 22.50 (22 or 23 as a whole number): f</li>" in html   # typed whole: review 53a F5
