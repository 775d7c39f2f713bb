"""names33: each trap's name ("the wrong sign inside the sigmoid") is written into
key.json once per template, read back (a key written before names still grades,
its reports naming codes alone), refused in one line naming its JSON path when
it is no short line of plain text, and shown beside the code wherever the class
report names a misconception for a person: report.md, the HTML page and the
items CSV's last column, escaped or guarded as every text from a key is (and in LaTeX
on a PDF feedback sheet, which names a misconception by the key's name now)."""

import copy
import csv
import json

import pytest

import quizgen
from quizgen.errors import InputFileError
from quizgen.grading.outputs import GradeOutputs
from quizgen.key.model import Key
from quizgen.key.parts import trap_names

SIGN = "the wrong sign inside the sigmoid"
TEMPLATE = "nsp-sigmoid-loss"
HOSTILE = "=cmd|' /C calc'!A0 <script>alert(1)</script>"


def _first_traps(data: dict) -> list:
    return data["templates"][TEMPLATE]["parts"][0]["traps"]


def _without_names(data: dict) -> dict:
    """The key as written before traps had names."""
    data = copy.deepcopy(data)
    for part in data["templates"][TEMPLATE]["parts"]:
        for trap in part["traps"]:
            trap.pop("name", None)
    return data


def _named(data: dict, name) -> dict:
    data = copy.deepcopy(data)
    _first_traps(data)[0]["name"] = name
    return data


def _grade(folder, data: dict, **options) -> dict:
    """Grade two students who fell into sigmoid_sign_error on Q1 (a) and one who did not;
    the report's texts by output."""
    part = data["questions"][0]["parts"][0]
    rows = [("s1", f"{part['trap_values'][0]:.3g}"), ("s2", f"{part['trap_values'][0]:.3g}"),
            ("s3", f"{part['value']:.3g}")]
    folder.mkdir()
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"),
                                      *((sid, "Q1", "a", answer) for sid, answer in rows)])
    quizgen.grade(answers, key=data, **options)
    with open(folder / "answers-graded-items.csv", encoding="utf-8-sig", newline="") as handle:
        items = list(csv.reader(handle))
    return {"md": (folder / "answers-graded-report.md").read_text(encoding="utf-8"),
            "html": (folder / "answers-graded-report.html").read_text(encoding="utf-8"),
            "items": items, "trap": next(r for r in items if r[0] == "trap" and r[5] == "sigmoid_sign_error")}


# ------------------------------------------------------------------ the key

def test_generate_writes_each_traps_name_once_in_its_template(c7_key):
    assert _first_traps(c7_key)[0]["name"] == SIGN
    assert list(_first_traps(c7_key)[0])[:2] == ["code", "name"]   # read beside its code
    assert SIGN not in json.dumps(c7_key["questions"])   # once per template: nothing per instance


def test_a_traps_name_survives_a_round_trip_through_the_key(c7_key):
    key = Key.from_json(c7_key, "key.json")
    assert key.questions[0].parts[0].traps[0].name == SIGN
    assert trap_names(key)["sigmoid_sign_error"] == SIGN
    again = key.to_json()
    assert _first_traps(again)[0]["name"] == SIGN
    whole = Key.from_json(key.to_json(compact=False), "key.json")   # every record whole, no templates
    assert whole.questions[0].parts[0].traps[0].name == SIGN


def test_a_key_written_before_names_reads_with_none(c7_key):
    key = Key.from_json(_without_names(c7_key), "key.json")
    assert [t.name for p in key.questions[0].parts for t in p.traps] == [""] * 13   # both_label_terms twice: review 54a F3
    assert trap_names(key) == {}
    assert "name" not in _first_traps(key.to_json())[0]   # and is written back as it was


@pytest.mark.parametrize("name, message", [
    (7, "expected non-empty text, got 7"),
    ("  ", "expected non-empty text"),
    ("two\nlines", "a trap's name is one line"),
    ("right\u202eleft", "plain printable text: it holds a control, separator or invisible formatting character"),
    ("x" * 81, "a trap's name is a short label: 81 characters, at most 80"),
    ("x" * 201, "expected text of at most 200 characters, got 201"),
    ("\ud800", "lone surrogate"),
])
def test_a_bad_name_is_one_line_naming_its_json_path(c7_key, name, message):
    with pytest.raises(InputFileError) as caught:
        Key.from_json(_named(c7_key, name), "key.json")
    text = str(caught.value)
    assert text.startswith(f'key.json: templates["{TEMPLATE}"].parts[0].traps[0].name: ')
    assert message in text and "\n" not in text


# ------------------------------------------------------------------ the reports

def test_the_report_names_each_misconception_beside_its_code(c7_key, tmp_path):
    out = _grade(tmp_path / "named", c7_key)
    assert "| code | name | answers | questions | feedback |" in out["md"]
    assert f"| sigmoid\\_sign\\_error | {SIGN} | 2 | Q1a |" in out["md"]
    assert f"| Q1a | {SIGN} (sigmoid\\_sign\\_error) | 2 | 67% |" in out["md"]   # the traps table
    assert f'<th scope="row">{SIGN} (sigmoid_sign_error)</th>' in out["html"]   # the heat map's table
    assert f"{SIGN} (sigmoid_sign_error): Q1 67%" in out["html"]   # the heat map's description
    assert f'<option value="sigmoid_sign_error" data-name="{SIGN}">{SIGN} (sigmoid_sign_error)</option>' in out["html"]
    assert out["items"][0][-2:] == ["name", "ecf"] and out["trap"][-2] == SIGN   # ecf last: review 50b F5
    assert out["items"][0].index("code") == 5   # the columns before it keep their places
    assert all(row[-2] == "" for row in out["items"][1:] if row[0] != "trap")


def test_a_key_without_names_reports_codes_alone(c7_key, tmp_path):
    out = _grade(tmp_path / "unnamed", _without_names(c7_key))
    assert "| code | answers | questions | feedback |" in out["md"]   # no name column, as before names
    assert "| sigmoid\\_sign\\_error | 2 | Q1a |" in out["md"]
    assert "| Q1a | sigmoid\\_sign\\_error | 2 | 67% |" in out["md"]
    assert '<th scope="row">sigmoid_sign_error</th>' in out["html"]
    assert "sigmoid_sign_error: Q1 67%" in out["html"] and SIGN not in out["html"]
    assert out["trap"][-2] == ""


def test_a_hostile_name_from_a_key_is_escaped_and_guarded(c7_key, tmp_path):
    out = _grade(tmp_path / "hostile", _named(c7_key, HOSTILE))
    assert "<script>alert" not in out["html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out["html"]
    assert "\\<script\\>alert(1)\\</script\\>" in out["md"] and "<script>" not in out["md"]
    assert out["trap"][-2] == "'" + HOSTILE   # a formula no spreadsheet runs


def test_a_feedback_sheet_names_a_misconception_as_the_key_does(c7_key, tmp_path):
    """The sheets named a misconception as the bank's template does; the key's own name,
    the paper's, now comes first (a user bank not given to grade has its names still)."""
    sheets = tmp_path / "sheets"
    _grade(tmp_path / "sheet", _named(c7_key, "p from the sigmoid of minus s"),
           outputs=GradeOutputs(feedback=str(sheets)))
    text = (sheets / "s1.md").read_text(encoding="utf-8")
    assert 'misconception "p from the sigmoid of minus s": Q1 (a).' in text


def test_a_hostile_name_from_a_key_is_escaped_on_a_pdf_feedback_sheet(c7_key, tmp_path, pdf_sheet_sources):
    r"""A name from the key reaches LaTeX on a PDF sheet ("What to work on"): every TeX special is
    escaped there, so ``\input{...}`` is words on the page, never a command."""
    hostile = r"\input{/etc/passwd} 50% & #1 $x$ ~ ^_"
    _grade(tmp_path / "pdf", _named(c7_key, hostile),
           outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    source = pdf_sheet_sources["s1.tex"]
    named = [line for line in source.splitlines() if "misconception" in line and "input" in line]
    assert len(named) == 2   # "What to work on", and the part's own line
    for line in named:
        assert "\\input{" not in line and "50%" not in line and "$x$" not in line and " & " not in line
        assert "\\textbackslash{}input\\{" in line and "50\\%" in line and "\\&" in line and "\\#1" in line
