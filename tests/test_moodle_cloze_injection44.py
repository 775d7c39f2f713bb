"""A bank's text cannot add sub-questions to a Moodle Cloze question (review
44e F1): a ``{1:NUMERICAL:=5}``, ``{:SHORTANSWER:=x}`` or ``{#2}`` written in a
stem or an ask reached the question text live, so Moodle read an extra answer
box first and numbered quizgen's parts from 2 (the download's parts shifted),
or drew a part's box twice. Export writes such a ``{`` as ``&#123;``: Moodle's
parser (tests/lms_support.py, its port) does not see a brace, and the page
shows one."""

import html
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml

from lms_support import parse_cloze

EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank" / "c11_attention.yaml"
INJECTED = " Note {1:NUMERICAL:=5} and {:SHORTANSWER:=pwned}."


def hostile_bank(tmp_path) -> Path:
    """The example C11 template with Cloze syntax in its stem and in its first ask."""
    template = yaml.safe_load(EXAMPLE.read_text())
    template["stem"] = template["stem"].rstrip() + INJECTED
    template["parts"][0]["ask"] += ' See {{ "{#2}" }} too.'
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(yaml.safe_dump(template, sort_keys=False, allow_unicode=True))
    return folder


def test_cloze_syntax_in_a_banks_text_stays_text(invoke, tmp_path):
    folder = hostile_bank(tmp_path)
    parts = len(yaml.safe_load((folder / "c11.yaml").read_text())["parts"])
    out = tmp_path / "q.xml"
    result = invoke("export", "moodle", "--bank", folder, "--classes", "C11", "--count", 2, "--seed", 1,
                    "--out", out)
    assert result.exit_code == 0, result.output
    questions = [q for q in ET.parse(out).getroot() if q.get("type") == "multianswer"]
    assert len(questions) == 2
    for question in questions:
        text = question.findtext("questiontext/text")
        subs = parse_cloze(text)
        assert len(subs) == parts and [s["type"] for s in subs] == ["numerical"] * parts
        assert "{#" not in text and "{:" not in text and "&#123;1:NUMERICAL:=5}" in text
        shown = html.unescape(text)   # what the page shows
        assert INJECTED.strip() in shown and "See {#2} too." in shown
