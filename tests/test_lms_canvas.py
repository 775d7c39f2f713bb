"""Canvas QTI export: the content models of the QTI 1.2 ASI DTD for every
element the export writes, Canvas's own conventions, and every variant's range
compared with the key that ``quizgen generate`` writes. The validation against
the IMS XSDs themselves is in test_lms_qti_schema.py."""

import html
import io
import re
import zipfile

import pytest

from lms_support import export_and_key, export_labels
from quizgen.lms.canvas import answer_margin
from quizgen.lms.window import answer_window
from quizgen.lms.html import feedback_html, shown_maths
from quizgen.lms.variants import VariantPart

etree = pytest.importorskip("lxml.etree")

SEED, COUNT = 3, 2
NS = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"

# Content models from the QTI 1.2 ASI DTD, as regexes over the children's tag names.
CONTENT = {
    "questestinterop": r"(qticomment )?(objectbank |assessment |((section |item )+))",
    "assessment": r"(qticomment )?(duration )?(qtimetadata )*(objectives )*(assessmentcontrol )*(rubric )*"
                  r"(presentation_material )?(outcomes_processing )*(assessproc_extension )?(assessfeedback )*"
                  r"(selection_ordering )?(reference )?((sectionref |section )+)",
    "section": r"(qticomment )?(duration )?(qtimetadata )*(objectives )*(sectioncontrol )*(sectionprecondition )*"
               r"(sectionpostcondition )*(rubric )*(presentation_material )?(outcomes_processing )*"
               r"(sectionproc_extension )?(sectionfeedback )*(selection_ordering )?(reference )?"
               r"((itemref |item |sectionref |section )*)",
    "selection_ordering": r"(qticomment )?(sequence_parameter )*(selection )*(order )?",
    "selection": r"(sourcebank_ref )?(selection_number )?(selection_metadata )?"
                 r"((and_selection |or_selection |not_selection |selection_extension ))?",
    "item": r"(qticomment )?(duration )?(itemmetadata )?(objectives )*(itemcontrol )*(itemprecondition )*"
            r"(itempostcondition )*((itemrubric |rubric ))*(presentation )?(resprocessing )*"
            r"(itemproc_extension )?(itemfeedback )*(reference )?",
    "itemmetadata": r"(qtimetadata )*",
    "qtimetadata": r"(vocabulary )?(qtimetadatafield )+",
    "qtimetadatafield": r"fieldlabel fieldentry ",
    "presentation": r"(qticomment )?(flow |((material |response_lid |response_xy |response_str |response_num "
                    r"|response_grp |response_extension )+))",
    "material": r"(qticomment )?((mattext |matemtext |matimage |mataudio |matvideo |matapplet |matapplication "
                r"|matref |matbreak |mat_extension )+)(altmaterial )*",
    "response_str": r"((material |material_ref ))?(render_choice |render_hotspot |render_slider |render_fib "
                    r"|render_extension )((material |material_ref ))?",
    "render_fib": r"((material |material_ref |response_label |flow_label ))*",
    "resprocessing": r"(qticomment )?outcomes ((respcondition |itemproc_extension ))+",
    "outcomes": r"(qticomment )?((decvar (interpretvar )*))+",
    "respcondition": r"(qticomment )?conditionvar (setvar )*(displayfeedback )*(respcond_extension )?",
    "conditionvar": r"((not |and |or |unanswered |other |varequal |varlt |varlte |vargt |vargte |varsubset "
                    r"|varinside |varsubstring |durequal |durlt |durlte |durgt |durgte |var_extension ))+",
    "itemfeedback": r"((flow_mat |material |solution |hint ))+",
    "flow_mat": r"(qticomment )?((flow_mat |material |material_ref ))+",
}
EMPTY = {"response_label", "decvar", "other", "displayfeedback"}
REQUIRED = {"assessment": ("ident",), "section": ("ident",), "item": ("ident",), "response_str": ("ident",),
            "response_label": ("ident",), "itemfeedback": ("ident",), "displayfeedback": ("linkrefid",),
            "varequal": ("respident",), "vargte": ("respident",), "varlte": ("respident",)}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The Canvas zip of every class (2 variants each) and generate's key.json for the same seed."""
    folder = tmp_path_factory.mktemp("canvas")
    key = export_and_key(folder, ["canvas", "--out", folder / "quiz.zip"], COUNT, SEED)
    archive = zipfile.ZipFile(io.BytesIO((folder / "quiz.zip").read_bytes()))
    return archive, key, export_labels(folder / "quiz-key.json")


def _assessment(archive):
    manifest = etree.fromstring(archive.read("imsmanifest.xml"))
    (resource,) = [r for r in manifest.iter("{*}resource") if r.get("type") == "imsqti_xmlv1p2"]
    return etree.fromstring(archive.read(resource.find("{*}file").get("href")))


@pytest.mark.slow
def test_manifest_lists_every_file_of_the_zip(exported):
    archive, _, _ = exported
    manifest = etree.fromstring(archive.read("imsmanifest.xml"))
    listed = {f.get("href") for f in manifest.iter("{*}file")}
    assert listed == set(archive.namelist()) - {"imsmanifest.xml"}


@pytest.mark.slow
def test_assessment_follows_the_qti_1_2_content_models(exported):
    archive, _, _ = exported
    root = _assessment(archive)
    checked = set()
    for element in root.iter():
        name = element.tag.replace(NS, "")
        children = "".join(child.tag.replace(NS, "") + " " for child in element)
        if name in CONTENT:
            assert re.fullmatch(CONTENT[name], children), (name, children)
            checked.add(name)
        elif name in EMPTY:
            assert children == ""
        for attribute in REQUIRED.get(name, ()):
            assert element.get(attribute), (name, attribute)
    assert checked == set(CONTENT)
    idents = [i.get("ident") for i in root.iter(NS + "item")]
    assert len(idents) == len(set(idents))


def test_each_group_picks_one_variant_of_one_part(exported):
    archive, key, _ = exported
    root = _assessment(archive)
    groups = root.findall(f"{NS}assessment/{NS}section/{NS}section")
    assert len(groups) == sum(len(q["parts"]) for q in key.values()) // COUNT
    for group in groups:
        assert group.findtext(f".//{NS}selection_number") == "1"
        items = group.findall(NS + "item")
        assert len(items) == COUNT
        points = {i.findtext(f".//{NS}qtimetadatafield[{NS}fieldlabel='points_possible']/{NS}fieldentry")
                  for i in items}
        assert points == {group.findtext(f".//{NS}points_per_item")}


def test_the_quiz_maximum_canvas_counts_is_the_papers(exported, bank):
    """Canvas gives an imported (unpublished) quiz the points of its groups,
    points_per_item times the number picked (Quizzes::Quiz#current_points_possible,
    count_points_possible, in decimals): that is the sum of the templates' points,
    quizgen's maximum for a paper of one question per template."""
    from decimal import Decimal

    archive, key, _ = exported
    groups = _assessment(archive).findall(f"{NS}assessment/{NS}section/{NS}section")
    canvas = sum(Decimal(g.findtext(f".//{NS}points_per_item")) * int(g.findtext(f".//{NS}selection_number"))
                 for g in groups)
    templates = {q["template"] for q in key.values()}
    paper = sum(t.points for t in bank if t.id in templates)
    assert len(templates) == 10 and canvas == paper == 47


def test_every_item_scores_the_key_answer_of_its_variant_part(exported):
    archive, key, codes = exported
    seen = set()
    for item in _assessment(archive).iter(NS + "item"):
        text = item.findtext(f"{NS}presentation/{NS}material/{NS}mattext")
        template, code, letter = re.search(r"\[quizgen:([^:]+):(.+):([a-z]+)\]", text).groups()
        label = codes[(template, code)]
        part = next(p for p in key[label]["parts"] if p["part"] == letter)
        assert key[label]["template"] == template
        right = item.findall(f"{NS}resprocessing/{NS}respcondition")[1]
        assert right.findtext(f"{NS}setvar") == "100"
        if part["type"] == "word":
            assert [v.text for v in right.iter(NS + "varequal")] == part["accept"]
        else:
            low, high = float(right.findtext(f".//{NS}vargte")), float(right.findtext(f".//{NS}varlte"))
            shown = float(right.findtext(f".//{NS}varequal"))   # the key's at the figures asked (lms/window.py)
            assert low < shown < high and shown == pytest.approx(part["value"], abs=part["abs_tolerance"])
            assert high - low == pytest.approx(2 * part["abs_tolerance"], rel=1e-6) or \
                high - low == pytest.approx(2 * part["abs_tolerance"] / 10, rel=1e-6)   # 1.00: the unit below
        seen.add((label, letter))
    assert seen == {(label, p["part"]) for label, q in key.items() for p in q["parts"]}


def test_wrong_answer_feedback_names_every_misconception(exported):
    archive, key, codes = exported
    for item in _assessment(archive).iter(NS + "item"):
        text = item.findtext(f"{NS}presentation/{NS}material/{NS}mattext")
        template, code, letter = re.search(r"\[quizgen:([^:]+):(.+):([a-z]+)\]", text).groups()
        label = codes[(template, code)]
        part = next(p for p in key[label]["parts"] if p["part"] == letter)
        slips = item.findtext(f"{NS}itemfeedback[@ident='general_incorrect_fb']//{NS}mattext")
        for trap in part["misconceptions"]:   # a trap left out of this draw (C6 at 15%) is no slip here
            present = "value" in trap or bool(trap.get("words"))
            said = html.unescape(feedback_html(shown_maths(trap["feedback"])))   # as the question writes it (46, 46b)
            assert (said in html.unescape(slips)) == present, trap["code"]


def test_figures_referenced_are_in_the_zip(exported):
    archive, _, _ = exported
    names = set(archive.namelist())
    text = etree.tostring(_assessment(archive), encoding="unicode")
    refs = re.findall(r"\$IMS-CC-FILEBASE\$/([^\"&]+?\.svg)", text)
    assert refs and set(refs) <= names


def test_small_values_keep_their_range():
    shown, margin = answer_window("numeric", {"sigfigs": 3}, 1.5e-12, ties=True)
    part = VariantPart("a", "", "numeric", 1.5e-12, 5e-16, (), 1, (), shown=shown, canvas_margin=margin)
    _, low, high = answer_margin(part)
    assert "e" not in low + high and float(low) < 1.5e-12 < float(high) and float(low) > 0


@pytest.mark.slow
def test_same_seed_same_key_same_bytes(tmp_path, invoke):
    """Exporting again with the seed of the key beside --out keeps its secret: the
    same bytes; another --out gets a fresh secret, so other codes."""
    made = []
    for name in ("a.zip", "a.zip", "b.zip"):
        assert invoke("export", "canvas", "--classes", "C7", "--count", 1, "--seed", 9,
                      "--out", tmp_path / name).exit_code == 0
        made.append((tmp_path / name).read_bytes())
    assert made[0] == made[1] != made[2]


@pytest.mark.slow
def test_export_canvas_warns_where_canvas_would_cut_a_right_answer(tmp_path, invoke):
    """Canvas keeps 4 decimals of a typed number: C3's p = 1/V of a real
    vocabulary (0.0000328) cannot be typed there (rev-lms15); C7's can."""
    result = invoke("export", "canvas", "--classes", "C3,C7", "--count", 20, "--seed", 5, "--out", tmp_path / "quiz.zip")
    assert result.exit_code == 0
    warnings = [line for line in result.output.splitlines() if line.startswith("quizgen: warning:")
                and "draws each part's variant on its own" not in line   # the parts drawn apart: round 41's own line
                and "short enough to guess" not in line]   # --seed 5: test_guessable_seed47
    assert "variant(s) of mlm-uniform-logits (a)" in warnings[0], result.output
    assert "Canvas keeps 4 decimals of a typed number" in warnings[0] and "export this template to Moodle" in warnings[0]
    # C7's answers to 3 figures fit; one typed to 4 with a 5 in the 5th decimal is cut (0.02975 kept as 0.0297: lms22b)
    assert all("nsp-sigmoid-loss" in w and "5 is kept as" in w for w in warnings[1:]), result.output
