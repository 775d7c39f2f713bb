"""The Canvas export validated against the published schemas: the assessment
against the IMS QTI 1.2 ASI XSD and imsmanifest.xml against the IMS Content
Packaging 1.2 XSD, both shipped unchanged in tests/data/xsd (SOURCE.md says
where from and under which notice). Canvas's own additions
(``selection_extension/points_per_item``, the ``qtimetadatafield`` labels
``question_type`` and ``points_possible``) sit where QTI allows extensions, so
they validate as written. No network: the W3C xml.xsd import is resolved to the
local copy."""

from pathlib import Path

import pytest

from lms_support import canvas_export

etree = pytest.importorskip("lxml.etree")

XSD = Path(__file__).parent / "data" / "xsd"
QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"


class LocalSchemas(etree.Resolver):
    """Resolve the W3C xml.xsd import to the shipped copy (never the network)."""

    def resolve(self, url, pubid, context):
        if url == "http://www.w3.org/2001/xml.xsd":
            return self.resolve_filename(str(XSD / "xml.xsd"), context)
        return None


def schema(path: Path):
    parser = etree.XMLParser(no_network=True)
    parser.resolvers.add(LocalSchemas())
    return etree.XMLSchema(etree.parse(str(path), parser))


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The Canvas zip of every class, 2 variants each, as {name: parsed XML}."""
    archive = canvas_export(tmp_path_factory.mktemp("qti"), 2, 5)
    return {name: etree.fromstring(archive.read(name)) for name in archive.namelist() if name.endswith(".xml")}


def _errors(xsd, document) -> list:
    xsd.validate(document)
    return [f"line {e.line}: {e.message}" for e in xsd.error_log]


@pytest.mark.slow
def test_the_assessment_is_valid_qti_1_2_asi(exported):
    (name,) = [n for n in exported if n != "imsmanifest.xml"]
    root = exported[name]
    assert root.tag == QTI + "questestinterop" and len(list(root.iter(QTI + "item"))) > 20
    assert _errors(schema(XSD / "qti" / "ims_qtiasiv1p2.xsd"), root) == []


def test_the_manifest_is_valid_ims_content_packaging(exported):
    assert _errors(schema(XSD / "imscp_v1p2.xsd"), exported["imsmanifest.xml"]) == []


def test_the_schema_check_catches_a_broken_assessment(exported):
    """The validation can fail: an item without its ident, and a response
    condition without its conditionvar, are both reported."""
    (name,) = [n for n in exported if n != "imsmanifest.xml"]
    root = etree.fromstring(etree.tostring(exported[name]))
    item = next(root.iter(QTI + "item"))
    del item.attrib["ident"]
    condition = next(root.iter(QTI + "respcondition"))
    condition.remove(condition.find(QTI + "conditionvar"))
    errors = _errors(schema(XSD / "qti" / "ims_qtiasiv1p2.xsd"), root)
    assert any("'ident' is required" in e for e in errors), errors
    assert any("conditionvar" in e for e in errors), errors
