"""key.json version 4: a template part's few other forms (C9's yes/no parts, each asked
one of two ways with its own accepted and trap words) are written once as the part's
"variants", and an instance in one of them carries "variant": i, not the word lists.
A key in the version-3 layout (the word lists in each instance) reads the same; a hostile
variant is refused in one line naming its JSON path."""

import copy
import json

import pytest

import quizgen
from quizgen.generation.make import make_quiz
from quizgen.key.entries import key_entry
from quizgen.key.model import Key, KeyPaper
from key_support import key_data
from quizgen.roster import Student

C9 = "bert-total-loss-twist"


@pytest.fixture(scope="module")
def quiz(bank):
    """A six-student quiz: C9 is asked both ways among its papers (seed 3)."""
    return make_quiz(bank, seed=3, students=[Student(f"s{i}", f"Student {i}") for i in range(6)])


@pytest.fixture(scope="module")
def data(quiz):
    return key_data(quiz)


def _c9_records(data) -> list:
    return [q for paper in data["students"].values() for q in paper["questions"] if q["template"] == C9]


def _where(data, record) -> str:
    """The JSON path of a student's question ``record``, as error messages write it."""
    for student, paper in data["students"].items():
        for i, question in enumerate(paper["questions"]):
            if question is record:
                return rf"students\.{student}\.questions\[{i}\]"
    raise AssertionError("no such record")


@pytest.mark.slow
def test_a_c9_instance_asked_the_other_way_stores_no_word_list(data):
    parts = data["templates"][C9]["parts"]
    assert [len(part.get("variants", ())) for part in parts] == [0, 1, 1]
    assert parts[1]["accept"][0] == "no" and parts[1]["variants"][0]["accept"][0] == "yes"
    records = [record["parts"][1] for record in _c9_records(data)]
    assert {part.get("variant") for part in records} == {None, 0}   # both wordings drawn
    assert all("accept" not in part and "trap_texts" not in part for part in records)
    assert "yes, all at once" not in json.dumps(data["students"])


def test_each_question_reads_back_as_generate_made_it(quiz, data):
    """The version-4 record of every question (a variant named by place or not) reads
    back to the key objects generate made (written whole and read, as word parts'
    unused tolerance reads back as the default); instances in one variant share its spec."""
    key = Key.from_json(data, "key.json")
    made = Key(tuple(map(key_entry, quiz.questions)),
               tuple(KeyPaper(p.student_id, p.name, p.seed, tuple(map(key_entry, p.questions))) for p in quiz.papers))
    whole = Key.from_json(made.to_json(compact=False), "whole")   # each record whole: no templates, no variants
    assert (key.questions, key.papers) == (whole.questions, whole.papers)
    c9 = [q for paper in key.papers for q in paper.questions if q.template == C9]
    yes = [q.parts[1] for q in c9 if q.parts[1].accept[0] == "yes"]
    assert yes and len({id(part.spec) for part in yes}) == 1
    assert yes[0].traps[0].words[0] == "no"


def test_a_key_in_the_version_3_layout_reads_the_same(data):
    """Each variant written back into its instances, as version 3 wrote them (the word
    lists whole), and the template's variants left out: the same key."""
    old = copy.deepcopy(data)
    old["version"] = 3
    for template in old["templates"].values():
        for part in template["parts"]:
            part.pop("variants", None)
    for paper, student in zip(old["students"].values(), data["students"].values()):
        for question, record in zip(paper["questions"], student["questions"]):
            template = data["templates"][question["template"]]
            for part, shared in zip(question["parts"], template["parts"]):
                if "variant" in part:
                    part.update(shared["variants"][part.pop("variant")])
    assert "variant" not in json.dumps(old) and '"variant":' in json.dumps(data)
    read_old, read_new = Key.from_json(old, "key.json"), Key.from_json(data, "key.json")
    assert (read_old.questions, read_old.papers) == (read_new.questions, read_new.papers)


def _refused(data, pattern: str) -> None:
    with pytest.raises(quizgen.errors.InputFileError, match=pattern) as caught:
        Key.from_json(data, "key.json")
    assert "\n" not in str(caught.value)


def _with_variant(data):
    """A copy of ``data`` and a C9 record in it whose part (b) names a variant."""
    data = copy.deepcopy(data)
    return data, next(q for q in _c9_records(data) if "variant" in q["parts"][1])


@pytest.mark.parametrize("place", [1, -1, 1.0, True, "0", None])
def test_a_variant_that_is_no_place_in_the_list_is_refused(data, place):
    data, record = _with_variant(data)
    record["parts"][1]["variant"] = place
    _refused(data, rf"^key\.json: {_where(data, record)}\.parts\[1\]\.variant: expected a whole number from 0 to 0")


def test_a_variant_of_a_part_that_has_none_is_refused(data):
    data, record = _with_variant(data)
    record["parts"][0]["variant"] = 0
    _refused(data, rf"{_where(data, record)}\.parts\[0\]\.variant: its template's part lists no variants")


def test_variants_in_a_key_before_version_4_are_refused_as_inconsistent(data):
    data = copy.deepcopy(data)
    data["version"] = 3
    _refused(data, rf"templates\[\"{C9}\"\]\.parts\[1\]\.variants: a key before version 4 has no part variants")


@pytest.mark.parametrize("change, pattern", [
    (lambda part: part.update(variants={}), r"parts\[1\]\.variants: expected a list"),
    (lambda part: part.update(variants=[]), r"parts\[1\]\.variants: expected a list of 1 to 1000 variants"),
    (lambda part: part["variants"].__setitem__(0, "yes"), r"parts\[1\]\.variants\[0\]: expected an object"),
    (lambda part: part["variants"][0].update(part="z"), r"parts\[1\]\.variants\[0\]\.part: a variant sets only"),
    (lambda part: part["variants"][0].update(accept="yes"), r"parts\[1\]\.variants\[0\]\.accept: expected a list"),
    (lambda part: part["variants"][0].update(trap_texts={"nope": {}}),
     r"parts\[1\]\.variants\[0\]\.trap_texts\.nope: no trap with this code"),
])
def test_a_hostile_variant_is_one_line_naming_it(data, change, pattern):
    data = copy.deepcopy(data)
    change(data["templates"][C9]["parts"][1])
    _refused(data, rf"templates\[\"{C9}\"\]\.{pattern}")


def test_the_variants_are_worked_out_from_the_template_alone(bank):
    """The same table for a class paper (where no instance may use it) as for a
    per-student key: the key is the same for any --jobs or roster."""
    alone = key_data(make_quiz(bank, seed=8))["templates"][C9]
    assert alone["parts"][2]["variants"][0]["accept"][:2] == ["yes", "true"]
    assert alone == key_data(make_quiz(bank, seed=3, students=[Student("x", "X")]))["templates"][C9]
