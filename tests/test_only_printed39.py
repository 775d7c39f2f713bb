"""``generate --only`` remakes a student's file as the full run printed the
others (round 39's fresh-clone review): the help's own example left out
``--course "NLP 101"``, and the late student's paper lost the course, with
exit 0 and "the other students' papers are unchanged". key.json now records
the printed options given other than their defaults (``"printed"``); --only
takes those it leaves out from there and refuses one it gives otherwise."""

import csv
import json

import pytest

ROSTER = "student_id,name\ns001,Ada Lovelace\ns002,Alan Turing\ns003,Grace Hopper\n"
PRINTED = ("--title", "Midterm 1", "--course", "NLP 101", "--date", "4 December 2026")


def _generate(invoke, tmp_path, *more):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    return invoke("generate", "--seed", "42", "--classes", "C1", "--students", roster, "--split",
                  "--out", tmp_path / "papers", *more)


def _key(tmp_path) -> dict:
    return json.loads((tmp_path / "papers" / "key.json").read_text(encoding="utf-8"))


def test_only_remakes_a_paper_with_the_options_the_full_run_printed(invoke, tmp_path):
    assert _generate(invoke, tmp_path, *PRINTED).exit_code == 0
    assert _key(tmp_path)["printed"] == {"title": "Midterm 1", "course": "NLP 101", "date": "4 December 2026"}
    paper = tmp_path / "papers" / "problems-s002.md"
    handed_out = paper.read_bytes()
    paper.unlink()
    remade = _generate(invoke, tmp_path, "--only", "s002")
    assert remade.exit_code == 0, remade.output
    assert paper.read_bytes() == handed_out and b"NLP 101" in handed_out


def test_only_refuses_an_option_given_otherwise_than_printed(invoke, tmp_path):
    assert _generate(invoke, tmp_path, *PRINTED).exit_code == 0
    before = {p.name: p.read_bytes() for p in (tmp_path / "papers").iterdir()}
    refused = _generate(invoke, tmp_path, "--only", "s002", "--course", "NLP 102")
    assert refused.exit_code == 2 and refused.output.count("\n") == 1
    assert ("--only remakes papers as the others in " in refused.output
            and "were printed (--course 'NLP 101'); --course 'NLP 102' would differ: leave --course out, and "
                "key.json's is used" in refused.output)
    assert {p.name: p.read_bytes() for p in (tmp_path / "papers").iterdir()} == before
    same = _generate(invoke, tmp_path, "--only", "s002", "--course", "NLP 101")   # the same value is fine
    assert same.exit_code == 0, same.output


def test_a_paper_printed_with_defaults_records_an_empty_record(invoke, tmp_path):
    assert _generate(invoke, tmp_path).exit_code == 0
    assert _key(tmp_path)["printed"] == {}
    refused = _generate(invoke, tmp_path, "--only", "s002", "--title", "Another")
    assert refused.exit_code == 2 and "were printed (no --title); --title 'Another' would differ" in refused.output


def test_a_key_from_before_the_record_takes_the_options_as_given(invoke, tmp_path):
    """A key.json with no "printed" (written before it) cannot say how its papers were printed: the
    options given are taken, as before (the hostile review: they were refused as unlike the defaults)."""
    assert _generate(invoke, tmp_path, *PRINTED).exit_code == 0
    key = tmp_path / "papers" / "key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    del data["printed"]
    key.write_text(json.dumps(data), encoding="utf-8")
    paper = tmp_path / "papers" / "problems-s002.md"
    handed_out = paper.read_bytes()
    paper.unlink()
    remade = _generate(invoke, tmp_path, "--only", "s002", *PRINTED)
    assert remade.exit_code == 0, remade.output
    assert paper.read_bytes() == handed_out


def test_the_class_paper_records_nothing(invoke, tmp_path):
    made = invoke("generate", "--seed", "42", "--classes", "C1", "--course", "NLP 101", "--out", tmp_path / "q")
    assert made.exit_code == 0 and "printed" not in json.loads((tmp_path / "q" / "key.json").read_text("utf-8"))


def test_the_paper_size_and_layout_come_back_for_a_tex_paper(invoke, tmp_path):
    made = _generate(invoke, tmp_path, "--format", "tex", "--paper", "letter", "--layout", "compact")
    assert made.exit_code == 0, made.output
    assert _key(tmp_path)["printed"] == {"paper": "letter", "layout": "compact"}
    paper = tmp_path / "papers" / "problems-s003.tex"
    handed_out = paper.read_bytes()
    paper.unlink()
    assert _generate(invoke, tmp_path, "--format", "tex", "--only", "s003").exit_code == 0
    assert paper.read_bytes() == handed_out and b"letterpaper" in handed_out


@pytest.mark.parametrize("record, field", [('"printed": {"paper": "a3"}', "printed.paper"),
                                           ('"printed": {"colour": "red"}', "printed.colour"),
                                           ('"printed": {"title": null}', "printed.title: expected text"),
                                           ('"printed": ["x"]', "printed")])
def test_a_hand_edited_record_is_refused_naming_its_field(invoke, tmp_path, record, field):
    assert _generate(invoke, tmp_path, *PRINTED).exit_code == 0
    key = tmp_path / "papers" / "key.json"
    text = key.read_text(encoding="utf-8")
    start = text.index('"printed"')
    end = text.index("}", start) + 1
    key.write_text(text[:start] + record + text[end:], encoding="utf-8")
    refused = _generate(invoke, tmp_path, "--only", "s002")
    assert refused.exit_code == 2 and refused.output.count("\n") == 1 and field in refused.output


def test_a_long_title_the_full_run_took_is_taken_back(invoke, tmp_path):
    assert _generate(invoke, tmp_path, "--title", "T" * 1500).exit_code == 0
    paper = tmp_path / "papers" / "problems-s002.md"
    paper.unlink()
    assert _generate(invoke, tmp_path, "--only", "s002").exit_code == 0
    assert "T" * 1500 in paper.read_text(encoding="utf-8")


def test_a_key_with_the_record_grades(invoke, tmp_path):
    assert _generate(invoke, tmp_path, *PRINTED).exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", tmp_path / "papers" / "key.json")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
        graded = [(r["student_id"], r["question_id"], r["part"], r["status"]) for r in csv.DictReader(handle)]
    assert graded == [("s001", "Q1", "a", "incorrect")]   # graded against s001's own paper
