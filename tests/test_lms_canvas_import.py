"""What Canvas's QTI import makes of the zip's figures and identifiers, as a
model of the code that runs (docs/lms.md, "How Canvas imports the figures",
names the files read in canvas-lms and instructure/QTIMigrationTool):

1. Canvas converts the QTI 1.2 package to QTI 2.1 with QTIMigrationTool. The
   tool puts the ``<file>`` of every resource of the package's manifest,
   except ``.xml``/``.dat``/``.qti`` files (the QTI it parses), into ONE
   ``webcontent`` resource that has no ``href``; the items and tests it writes
   are resources whose ``href`` is their own file.
2. ``Qti.convert_files`` reads that converted manifest and makes a course
   file of every ``<file>`` whose ``href`` is no resource's ``href``.
3. The importer's link parser turns ``$IMS-CC-FILEBASE$/<path>`` in question
   and feedback HTML into ``<path>`` and looks it up among those course files
   (whole, then without its leading folders).

So every ``<img src>`` must use the token and name the path of a figure file
that the manifest lists; the figure resource's own ``href`` does not matter,
as the tool does not carry it over. Identifiers: the tool rewrites ``.`` and
``:`` in response, outcome and feedback identifiers, so none may hold them,
and a template id (part of item and section identifiers) cannot hold a dot."""

import re
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, unquote_plus

import pytest

from lms_support import canvas_export

etree = pytest.importorskip("lxml.etree")

QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
QTI_SOURCES = (".xml", ".dat", ".qti")
FILEBASE = re.compile(r"^(?:\$|%24)IMS[-_]CC[-_]FILEBASE(?:\$|%24)/(.*)$")
IMG_SRC = re.compile(r"<img\b[^>]*?\ssrc=\"([^\"]*)\"", re.I)
PLAIN_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
# Attributes QTIMigrationTool reads through ReadIdentifier (lib/imsqtiv1.py), which turns . and : into _.
REWRITTEN = {"response_str": "ident", "response_lid": "ident", "response_label": "ident",
             "itemfeedback": "ident", "displayfeedback": "linkrefid", "decvar": "varname",
             "setvar": "varname", "varequal": "respident", "vargte": "respident", "varlte": "respident"}
USER_TEMPLATE = Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The Canvas zip of every class, 2 variants each."""
    return canvas_export(tmp_path_factory.mktemp("canvas_import"), 2, 8)


def converted_manifest(manifest) -> list:
    """(resource href, [file hrefs]) of the manifest QTIMigrationTool writes from ``manifest``:
    one href-less webcontent resource with every non-QTI file, and each QTI file as a
    resource naming itself (the items and tests it becomes are .xml files too)."""
    hrefs = list(dict.fromkeys(f.get("href") for r in manifest.iter("{*}resource") for f in r.iter("{*}file")))
    sources = [h for h in hrefs if h.lower().endswith(QTI_SOURCES)]
    return [(None, [h for h in hrefs if h not in sources])] + [(h, [h]) for h in sources]


def course_files(converted: list) -> set:
    """Qti.convert_files: the files whose href is no resource's href, unescaped."""
    resource_hrefs = {href for href, _ in converted if href}
    return {unquote_plus(f) for _, files in converted for f in files if f not in resource_hrefs}


def linked_file(src: str, files: set):
    """The course file an ``<img src>`` links to after import, or None: the path after
    the file-base token, whole, then without its leading folders (any letter case)."""
    match = FILEBASE.match(src)
    if not match:
        return None
    parts = PurePosixPath(unquote(match.group(1)).split("?")[0]).parts
    by_path = {f.lstrip("/").lower(): f for f in files}
    return next((by_path[p] for i in range(len(parts)) if (p := "/".join(parts[i:]).lower()) in by_path), None)


def _assessment(archive):
    manifest = etree.fromstring(archive.read("imsmanifest.xml"))
    (resource,) = [r for r in manifest.iter("{*}resource") if r.get("type") == "imsqti_xmlv1p2"]
    return etree.fromstring(archive.read(resource.find("{*}file").get("href")))


def _image_sources(archive) -> list:
    return [src for text in _assessment(archive).iter(QTI + "mattext") for src in IMG_SRC.findall(text.text or "")]


@pytest.mark.slow
def test_every_image_links_to_a_figure_canvas_imports_as_a_course_file(exported):
    files = course_files(converted_manifest(etree.fromstring(exported.read("imsmanifest.xml"))))
    figures = {name for name in exported.namelist() if name.endswith(".svg")}
    sources = _image_sources(exported)
    assert figures and files == figures
    assert len(sources) >= len(figures)       # each figure is shown at least once
    for src in sources:
        linked = linked_file(src, files)
        assert linked == unquote(FILEBASE.match(src).group(1)), src   # found by its whole path
        assert exported.read(linked).lstrip().startswith((b"<svg", b"<?xml"))
    assert {linked_file(src, files) for src in sources} == figures


def test_identifiers_hold_nothing_canvas_rewrites(exported):
    root = _assessment(exported)
    seen = 0
    for tag, attribute in list(REWRITTEN.items()) + [("assessment", "ident"), ("section", "ident"),
                                                      ("item", "ident")]:
        for element in root.iter(QTI + tag):
            assert PLAIN_IDENT.match(element.get(attribute)), (tag, element.get(attribute))
            seen += 1
    assert seen > 100


def test_a_template_id_with_a_dot_is_refused(invoke, tmp_path):
    bank = tmp_path / "bank"
    bank.mkdir()
    text = USER_TEMPLATE.read_text(encoding="utf-8")
    (bank / "c11.yaml").write_text(text.replace("id: softmax-temperature", "id: softmax.temperature", 1),
                                   encoding="utf-8")
    result = invoke("export", "canvas", "--bank", bank, "--classes", "C11", "--count", 1, "--seed", 1,
                    "--out", tmp_path / "quiz.zip")
    assert result.exit_code == 2
    assert "id must be lower-case letters, digits and dashes" in result.stderr
    assert not (tmp_path / "quiz.zip").exists()


def _question_idents(archive) -> set:
    root = _assessment(archive)
    return {e.get("ident") for tag in ("section", "item") for e in root.iter(QTI + tag)} - {"root_section"}


@pytest.mark.slow
def test_another_export_s_questions_and_groups_have_other_identifiers(exported, tmp_path):
    """Canvas's import finds the question to overwrite by its identifier across
    the course (assessment_question_importer.rb; "Overwrite assessment content
    with matching IDs", which step 1 says to tick): a second quiz's must not be
    the first's. Each ends with the quiz's identifier (the export's code)."""
    other = canvas_export(tmp_path, 2, 9)
    mine, theirs = _question_idents(exported), _question_idents(other)
    assert len(mine) == len(theirs) > 40 and not mine & theirs
    quiz = _assessment(exported).find(QTI + "assessment").get("ident")
    assert all(ident.endswith("_" + quiz) for ident in mine)
    assert _question_idents(canvas_export(tmp_path, 2, 9)) == theirs   # again, the same key: the same ones
