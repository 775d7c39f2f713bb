"""The typed key: version 2 written and read back, version 1 still read and
graded alike, tolerances computed from the stored rule, and the compact layout
of per-student keys."""

import copy
import csv
import json
import shutil
from pathlib import Path

import pytest

import quizgen
from quizgen.generation.make import make_quiz
from quizgen.grading.part_checker import check_answer
from quizgen.key.load import load_key_file
from quizgen.key.model import Key, KeyPart
from key_support import key_data
from quizgen.roster import Student

VERSION1 = Path(__file__).parent / "data" / "keys" / "version1.json"


@pytest.fixture(scope="module")
def quiz_key(bank):
    """The key of a two-student quiz over every class, as written and as read."""
    quiz = make_quiz(bank, seed=3, students=[Student("s1", "Ann"), Student("s2", "Bo")])
    data = key_data(quiz)
    return data, Key.from_json(data, "key.json")


def test_key_json_names_its_format_and_version(quiz_key):
    data, key = quiz_key
    assert (data["format"], data["version"]) == ("quizgen-key", 4)
    assert key.version == 4 and [p.student_id for p in key.papers] == ["s1", "s2"]


@pytest.mark.slow
def test_the_key_reads_back_what_it_writes_compact_or_whole(quiz_key):
    _, key = quiz_key
    assert Key.from_json(key.to_json()) == key
    assert Key.from_json(key.to_json(compact=False)) == key
    assert Key.from_json(json.loads(json.dumps(key.to_json()))) == key


def test_template_texts_are_written_once_and_shared_when_read(quiz_key):
    data, key = quiz_key
    text = json.dumps(data)
    feedback = "A softmax exponentiates every logit before normalising; dividing the raw logits skips that step."
    assert text.count(json.dumps(feedback)[1:-1]) == 1
    c1 = [q for q in [key.questions[0]] + [p.questions[0] for p in key.papers]]
    assert c1[0].parts[0].spec is c1[1].parts[0].spec is c1[2].parts[0].spec
    assert len({q.parts[0].value for q in c1}) == 3


def test_feedback_that_names_instance_numbers_is_kept_per_instance(quiz_key):
    _, key = quiz_key
    c4 = [q for q in key.questions + tuple(q for p in key.papers for q in p.questions) if q.cls == "C4"]
    texts = {trap.feedback for q in c4 for part in q.parts for trap in part.traps}
    assert len({str(q.params["n"]) for q in c4}) > 1, texts   # the students' papers draw other lengths
    for question in c4:   # mean_over_all_tokens: "... not by all {{ n }} tokens."
        n = str(question.params["n"])
        assert any(f"not by all {n} tokens" in t.feedback for p in question.parts for t in p.traps), texts


@pytest.mark.slow
def test_a_version_1_key_still_grades_like_its_version_2_form(tmp_path):
    data = json.loads(VERSION1.read_text(encoding="utf-8"))
    assert "format" not in data
    key = load_key_file(VERSION1)
    assert key.version == 1 and [q.id for q in key.questions] == ["Q1", "Q6", "Q7", "Q8"]
    rows = [["s1", q["id"], p["part"], p.get("answer", "")] for q in data["questions"] for p in q["parts"]]
    rows += [["s2", q["id"], p["part"], f"{t['value']:.4g}"] for q in data["questions"] for p in q["parts"]
             for t in p["misconceptions"][:1] if "value" in t]
    (tmp_path / "v2.json").write_text(json.dumps(key.to_json()), encoding="utf-8")
    outputs = []
    for name, key_file in (("one", VERSION1), ("two", tmp_path / "v2.json")):
        answers = tmp_path / f"{name}.csv"
        with open(answers, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"]] + rows)
        result = quizgen.grade(answers, key=key_file, out=tmp_path / f"{name}-graded.csv")
        outputs.append((tmp_path / f"{name}-graded.csv").read_text(encoding="utf-8"))
        assert result.counts["correct"] == sum(len(q["parts"]) for q in data["questions"])
        assert result.counts["incorrect"] == len(rows) - result.counts["correct"]
    assert outputs[0] == outputs[1]


# an answer showing more figures that rounds, at 3, to the answer so rounded is correct too
# (0.3327 for 1/3, 1241 for 1235: marking/as_asked.py), though outside the window
@pytest.mark.parametrize("value, answers, wrong", [
    (0.3425, ["0.342", "0.343"], ["0.3419", "0.3436"]),
    (1 / 3, ["0.333", "0.3333", "0.3327"], ["0.3324", "0.334"]),
    (0.002555, ["0.00255", "0.00256", "0.002549"], ["0.002544", "0.002561"]),
    (-2.675, ["-2.67", "-2.68", "-2.669"], ["-2.664", "-2.681"]),
    (1235, ["1230", "1240", "1241"], ["1229", "1245"])])
def test_tolerance_comes_from_the_rule_at_the_exact_float_with_no_slack(value, answers, wrong):
    part = KeyPart.from_json({"part": "a", "type": "numeric", "value": value, "tolerance": {"sigfigs": 3},
                              "answer": str(value)})
    assert "abs_tolerance" not in json.dumps(part.to_json())
    for text in answers:
        assert check_answer(part, text).status == "correct", text
    for text in wrong:
        assert check_answer(part, text).status == "incorrect", text


def test_an_rtol_rule_is_kept_exactly(quiz_key):
    part = KeyPart.from_json({"part": "a", "value": 200.0, "tolerance": {"rtol": 0.01}})
    assert part.half_width() == pytest.approx(2.0, rel=1e-6)   # the rule, widened only by tolerance.SLACK
    assert check_answer(part, "202").status == "correct" and check_answer(part, "202.01").status == "incorrect"


def _per_student_key_size(folder, students: int) -> int:
    roster = folder / f"roster{students}.csv"
    roster.write_text("student_id,name\n" + "".join(f"s{i:04d},Student {i}\n" for i in range(students)),
                      encoding="utf-8")
    quizgen.generate(folder / f"out{students}", students=roster, seed=1)
    return (folder / f"out{students}" / "key.json").stat().st_size


@pytest.mark.slow
def test_a_per_student_key_is_under_800_bytes_a_question_instance(bank, tmp_path):
    """The issue's target is for a 2,000-student roster: what each instance adds
    (measured between 5 and 20 students) plus the templates' shared part spread
    over 2,001 papers. (Spread over 31 papers, the shared part alone was 65 bytes
    an instance: the test then failed on template text, not on what an instance costs.)"""
    small, large = _per_student_key_size(tmp_path, 5), _per_student_key_size(tmp_path, 20)
    per_instance = (large - small) / (15 * len(bank))
    shared = large - 21 * len(bank) * per_instance
    instances = 2001 * len(bank)
    print(f"\nper-student key: {(shared + instances * per_instance) / instances:.1f} bytes a question instance")
    assert (shared + instances * per_instance) / instances <= 800, (shared, per_instance)
    key = load_key_file(tmp_path / "out20" / "key.json")
    assert len(key.papers) == 20 and all(len(p.questions) == len(bank) for p in key.papers)


def test_a_newer_key_version_asks_for_an_upgrade(tmp_path):
    path = tmp_path / "key.json"
    shutil.copy(VERSION1, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(format="quizgen-key", version=7)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(quizgen.errors.InputFileError, match=r"version: this key is version 7.*upgrade quizgen"):
        load_key_file(path)


def test_a_huge_key_version_is_shortened_in_the_message(tmp_path):
    """A version of 4,001 digits was printed whole: a 4 KB error line."""
    path = tmp_path / "key.json"
    shutil.copy(VERSION1, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(format="quizgen-key", version=10 ** 4000)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(quizgen.errors.InputFileError) as caught:
        load_key_file(path)
    assert "a number with more than 30 digits, newer than this quizgen reads" in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_choice_is_written_by_its_place_and_read_back_whole(quiz_key, bank):
    """Version 3: a choice parameter's options (C9's claim and wording, a scene) are written
    once with the template, each instance naming its pick by place; on reading, the
    instance's parameters hold the option itself, as the sampler drew it."""
    data, key = quiz_key
    c9 = data["templates"]["bert-total-loss-twist"]["choices"]
    records = [q for paper in data["students"].values() for q in paper["questions"]
               if q["template"] == "bert-total-loss-twist"]
    assert set(c9) == {"claim", "order_q", "mean_q"} and all("claim" not in r["params"] for r in records)
    read = [q for paper in key.papers for q in paper.questions if q.template == "bert-total-loss-twist"]
    for record, question in zip(records, read):
        assert question.params["claim"] == c9["claim"][record["choices"]["claim"]]
        assert "BERT" in question.params["claim"]["text"]


def _a_choice(quiz_key) -> tuple:
    """A copy of the key's data (the fixture is shared by the module's tests), a
    question record naming a choice by place, and that choice's name."""
    data = copy.deepcopy(quiz_key[0])
    record = next(q for q in data["questions"] if "choices" in q)
    return data, record, next(iter(record["choices"]))


@pytest.mark.parametrize("place", [99, 1.0], ids=["beyond its options", "a float (rev-hostile20b)"])
def test_a_choice_place_that_is_no_place_is_one_line_naming_it(quiz_key, place):
    data, record, name = _a_choice(quiz_key)
    record["choices"][name] = place
    with pytest.raises(quizgen.errors.InputFileError, match=rf"questions\[\d+\]\.choices\.{name}: expected a whole number"):
        Key.from_json(data, "key.json")


def test_a_choice_given_both_whole_and_by_place_or_with_no_options_is_refused(quiz_key):
    """rev-code20: the pick silently replaced a value given whole too; an empty option list said
    "expected a whole number from 0 to -1"."""
    data, record, name = _a_choice(quiz_key)
    record["params"][name] = "written whole"
    with pytest.raises(quizgen.errors.InputFileError, match=rf"choices\.{name}: this parameter is also given whole"):
        Key.from_json(data, "key.json")
    del record["params"][name]
    data["templates"][record["template"]]["choices"][name] = []
    with pytest.raises(quizgen.errors.InputFileError, match=rf"choices\.{name}: expected a non-empty list of options"):
        Key.from_json(data, "key.json")


def test_a_value_that_is_no_option_is_written_whole_and_read_back(quiz_key):
    """A hand-made parameter value among no template's options stays in params (choice_picks)."""
    from quizgen.key.entries import choice_picks, dump

    places = {"claim": {dump({"text": "a"}): 0}}
    assert choice_picks({"claim": {"text": "a"}, "n": 3}, places) == {"claim": 0}
    assert choice_picks({"claim": {"text": "made by hand"}}, places) == {}


VERSION3 = Path(__file__).parent / "data" / "keys" / "version3-students.json"


def _without_trap(data: dict, code: str) -> dict:
    """Key data as written before the bank had the trap ``code``: left out of
    every template's parts and recipes, and its value out of every instance."""
    for template_id, template in data["templates"].items():
        for index, part in enumerate(template["parts"]):
            codes = [trap["code"] for trap in part.get("traps", [])]
            if code not in codes:
                continue
            where = codes.index(code)
            del part["traps"][where]
            template.get("recipes", {}).get(part["name"], {}).get("traps", {}).pop(code, None)
            papers = [data["questions"], *(student["questions"] for student in data.get("students", {}).values())]
            for question in (q for questions in papers for q in questions if q["template"] == template_id):
                del question["parts"][index]["trap_values"][where]
                question["parts"][index].get("trap_texts", {}).pop(code, None)   # a feedback of the draw's words
    return data


def _without_trap_names(data):
    """Key data as written before traps carried their names (names33): every trap's ``name`` left out."""
    if isinstance(data, list):
        return [_without_trap_names(item) for item in data]
    if isinstance(data, dict):
        return {k: _without_trap_names(v) for k, v in data.items() if not (k == "name" and "code" in data)}
    return data


def _c8_as_then(data: dict) -> dict:
    """The key data with C8's trap feedback worded as when that key was written (rev-maths31 put a
    comma before the true class's name: "asks for the true class, ham.")."""
    return json.loads(json.dumps(data).replace("asks for the true class, ", "asks for the true class "))


def _c9_as_then(papers, then):
    """``papers`` (a key's papers, or its questions) with C9's parts as the bank wrote them in the key
    ``then``: no trap that key's C9 (a) lacks, and each word list only its words that ``then`` has too
    (the lists gained words since; every word of ``then`` must still be there), and every template's ECF
    recipes as ``then`` has them (C9's NSP loss takes the log of a let, q_true, since review 47a F1; C8's
    and C10's recipes keep the workings of traps an earlier part shares, since review 47b F6)."""
    from dataclasses import replace

    then_parts = [p for paper in then.papers for q in paper.questions if q.cls == "C9" for p in q.parts]
    listed = {(t.code, w) for p in then_parts for t in p.spec.traps for w in t.words} | \
        {("", w) for p in then_parts for w in p.spec.accept}
    codes = {t.code for p in then_parts for t in p.spec.traps}

    def part(p):
        kept = [k for k, t in enumerate(p.spec.traps) if t.code in codes]
        traps = tuple(replace(p.spec.traps[k], words=tuple(w for w in p.spec.traps[k].words
                                                           if (p.spec.traps[k].code, w) in listed)) for k in kept)
        spec = replace(p.spec, accept=tuple(w for w in p.spec.accept if ("", w) in listed), traps=traps)
        values = tuple(p.trap_values[k] for k in kept) if len(p.trap_values) == len(p.spec.traps) else p.trap_values
        return replace(p, spec=spec, trap_values=values)

    recipes = {q.template: q.recipes for paper in then.papers for q in paper.questions}

    def question(q):
        q = replace(q, recipes=recipes.get(q.template, q.recipes))
        return replace(q, parts=tuple(map(part, q.parts))) if q.cls == "C9" else q

    if papers and hasattr(papers[0], "questions"):
        return [replace(paper, questions=[question(q) for q in paper.questions]) for paper in papers]
    return [question(q) for q in papers]


REWORDED = {"predicted_class_probability", "predicted_class_loss"}
"""C8's traps reworded after that key was written, so as not to name (c)'s answer (review 58a F1)."""


def _reworded_out(papers):
    """``papers`` (a key's papers, or its questions) with the feedback of the ``REWORDED`` traps left out."""
    from dataclasses import replace

    def part(p):
        traps = tuple(replace(t, feedback="") if t.code in REWORDED else t for t in p.spec.traps)
        return replace(p, spec=replace(p.spec, traps=traps))

    def question(q):
        return replace(q, parts=tuple(map(part, q.parts)))

    if papers and hasattr(papers[0], "questions"):
        return [replace(paper, questions=[question(q) for q in paper.questions]) for paper in papers]
    return [question(q) for q in papers]


@pytest.mark.slow
def test_a_version_3_key_from_before_variants_reads_as_generate_makes_it_now(bank):
    """tests/data/keys/version3-students.json was written by quizgen before key version 4
    (``generate --students`` s1-s3, ``--seed 7 --classes C1,C8,C9``; C9's yes/no parts carry
    their word lists in each instance there): it reads to the same papers as a key written now
    (version 4, those lists under the template's variants)."""
    templates = [t for t in bank if t.cls in ("C1", "C8", "C9")]
    quiz = make_quiz(templates, seed=7, students=[Student("s1", "Ann"), Student("s2", "Bo"), Student("s3", "Cy")])
    # the bank gained the log-2 trap after that key was written: it is left out of the key written now
    # ... and traps gained their names in the key (names33): left out too; and C8 (a) its unnormalised-weight
    # trap (review 54a F2): left out too (C9's new traps are those _c9_as_then leaves out)
    now_data = _c8_as_then(_without_trap_names(_without_trap(_without_trap(key_data(quiz), "log2_instead_of_ln"),
                                                             "unnormalised_weight")))
    now, old = Key.from_json(now_data, "key.json"), load_key_file(VERSION3)
    assert old.version == 3 and now.version == 4
    # C9 gained the log-10 trap and more words after that key was written (mark29): those alone differ
    assert _c9_as_then(_reworded_out(old.papers), old) == _c9_as_then(_reworded_out(now.papers), old)
    assert _c9_as_then(_reworded_out(old.questions), old) == _c9_as_then(_reworded_out(now.questions), old)
    c9_parts = [p for paper in old.papers for q in paper.questions if q.cls == "C9" for p in q.parts]
    assert any(p.accept for p in c9_parts)
