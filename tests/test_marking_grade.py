"""Issue 12 end to end: students generated from instances of the whole
shipped bank, written to an answers file in the order a class would (and
shuffled, so an earlier part may come after the part computed from it),
graded through ``quizgen.grade`` against the key the generator writes."""

import csv
import json
import math
import random
import re

import pytest

import quizgen
from quizgen.generation.quiz import Question
from quizgen.key.entries import key_entry
from quizgen.key.model import Key
from quizgen.maths.numbers import significant
from quizgen.marking.carry import reachable
from tests.paper_support import part_rules
from test_marking_students_gen import BANK, _instances, student

DEPENDENT = ["C1", "C2", "C7", "C8", "C10"]   # C6's (a) has no trap with a value


def _key(instances_by_student: dict) -> Key:
    """A per-student key: each student's paper is one question instance."""
    from quizgen.key.model import KeyPaper
    papers = tuple(KeyPaper(sid, "", sid, (key_entry(Question("Q1", inst)),))
                   for sid, inst in instances_by_student.items())
    first = next(iter(instances_by_student.values()))
    return Key((key_entry(Question("Q1", first)),), papers, seed=1)


def _grade(tmp_path, instances: dict, answers: dict, shuffle: int = 0, **options) -> dict:
    """Grade ``answers`` ({student: {part name: text}}); the verdicts by (student, part letter)."""
    key = _key(instances)
    (tmp_path / "key.json").write_text(json.dumps(key.to_json()), encoding="utf-8")
    rows = []
    for sid, paper in answers.items():
        letters = {pv.part.name: pv.letter for pv in instances[sid].parts}
        rows += [[sid, "Q1", letters[name], text] for name, text in paper.items()]
    random.Random(shuffle).shuffle(rows) if shuffle else None
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", **options)
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}


def test_the_key_stores_each_templates_recipes_once(tmp_path):
    instances = {f"s{k}": inst for k, inst in enumerate(_instances("C7", 3))}
    data = _key(instances).to_json()
    recipes = data["templates"][BANK["C7"].id]["recipes"]
    assert recipes["loss_y0"]["recipe"] == "-log(1 - part:p)"
    assert all("recipes" not in q for paper in data["students"].values() for q in paper["questions"])
    assert Key.from_json(data).papers[0].questions[0].recipes["loss_y0"].text == "-log(1 - part:p)"


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(BANK))
def test_careful_three_figure_students_are_correct_on_every_part(tmp_path, cls):
    instances = {f"s{k:03d}": inst for k, inst in enumerate(_instances(cls, 30))}
    answers = {sid: student(inst, 3) for sid, inst in instances.items()}
    graded = _grade(tmp_path, instances, answers, shuffle=7)
    wrong = {k: (r["answer"], r["status"], r["feedback"]) for k, r in graded.items() if r["status"] != "correct"}
    assert not wrong


@pytest.mark.slow
@pytest.mark.parametrize("cls", [c for c in sorted(BANK) if c != "C6"])   # C6 asks for whole numbers only
def test_two_figure_students_are_never_correct_on_a_rounded_part(tmp_path, cls):
    instances = {f"s{k:03d}": inst for k, inst in enumerate(_instances(cls, 30))}
    answers = {sid: student(inst, 2) for sid, inst in instances.items()}
    graded, checked = _grade(tmp_path, instances, answers), 0
    for sid, inst in instances.items():
        for pv in inst.parts:
            if pv.value is None or pv.part.kind == "integer" or float(significant(float(pv.value), 2)) == float(pv.value):
                continue
            checked += 1
            row = graded[(sid, pv.letter)]
            if row["note"] == "ecf":   # exactly right from an earlier answer marked there: rounded early, or wrong
                # C8: (a) 1.0 for 0.982 is e^2.5 and the sum both kept to 2 figures, 12 / 12, incorrect since review
                # 55a F10 (it was rounded too early, named once); (b) -ln 1.0 = 0 is ECF from it
                earlier = re.findall(r"marked from your \((\w)\)", row["feedback"])
                assert "early rounding is marked at" in row["feedback"] or earlier and all(
                    graded[(sid, letter)]["status"] == "incorrect" for letter in earlier), (sid, pv.letter)
                continue
            assert row["status"] != "correct", (sid, pv.letter)
    assert checked


def _trap_then_ecf(instance):
    """A paper: a named trap in (a), then every dependent part worked from it."""
    rules = part_rules(instance)
    first = instance.parts[0]
    trap = next((t for t in first.traps if t.value is not None), None)
    if trap is None:   # no numeric trap in this draw (C1's logit ratio only where it is a probability)
        return None
    own = float(significant(float(trap.value), 4))
    answers = {first.part.name: significant(float(trap.value), 4)}
    dependent = [r for r in rules.values() if r.recipe is not None and first.part.name in r.recipe.depends]
    for rule in dependent:
        values = reachable(rule.recipe, instance.env, {first.part.name: (own,)}, levels=())
        if not values:
            return None
        answers[rule.name] = significant(values[0], 4) if rule.kind != "integer" else str(round(values[0]))
    return answers, trap.code, [r.name for r in dependent]


@pytest.mark.slow
@pytest.mark.parametrize("cls", DEPENDENT)
def test_a_trap_in_a_then_correct_work_gives_ecf_on_every_dependent_part(tmp_path, cls):
    instances, papers, expected = {}, {}, {}
    for k, inst in enumerate(_instances(cls, 30)):
        made = _trap_then_ecf(inst)
        if made is not None:
            sid = f"s{k:03d}"
            instances[sid], papers[sid], expected[sid] = inst, made[0], made[1:]
    assert len(papers) >= 15
    graded = _grade(tmp_path, instances, papers, shuffle=3, ecf_credit=0.5)
    for sid, (code, dependent) in expected.items():
        letters = {pv.part.name: pv.letter for pv in instances[sid].parts}
        first = graded[(sid, "a")]
        assert (first["status"], first["misconception"]) == ("incorrect", code)
        for name in dependent:
            row = graded[(sid, letters[name])]
            assert (row["status"], row["note"]) == ("correct", "ecf"), (sid, name, row)
            assert row["feedback"].startswith("marked from your (a) = ")


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(BANK))
def test_every_trap_stays_named_and_never_accepted(tmp_path, cls):
    instances = {f"s{k:03d}": inst for k, inst in enumerate(_instances(cls, 20))}
    answers, traps = {}, {}
    for sid, inst in instances.items():
        pv = next((pv for pv in inst.parts if any(t.value is not None for t in pv.traps)), None)
        if pv is None:
            continue
        trap = next(t for t in pv.traps if t.value is not None)
        answers[sid] = {pv.part.name: repr(float(trap.value))}
        traps[sid] = (pv.letter, trap.code)
    if not answers:
        pytest.skip("no numeric traps")
    graded = _grade(tmp_path, {s: instances[s] for s in answers}, answers)
    for sid, (letter, code) in traps.items():
        row = graded[(sid, letter)]
        assert row["status"] == "incorrect" and row["misconception"], (sid, row)


def _c7_case(tmp_path):
    instance = _instances("C7", 1)[0]
    answers = {"s001": student(instance, 3)}
    return {"s001": instance}, answers


def _write_c7_files(tmp_path, instances, answers):
    """key.json and s001's answers.csv for the C7 case; returns the key."""
    key = _key(instances)
    (tmp_path / "key.json").write_text(json.dumps(key.to_json()), encoding="utf-8")
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"]]
                                     + [["s001", "Q1", letter, text] for letter, text in
                                        zip("abc", answers["s001"].values())])
    return key


def test_overrides_apply_every_run_and_unmatched_ones_are_reported(tmp_path):
    instances, answers = _c7_case(tmp_path)
    (tmp_path / "overrides.csv").write_text("student_id,question_id,part,score,comment\n"
                                            "S001,q1,(b),50%,discussed in class\ns999,Q1,a,1,\n", encoding="utf-8")
    key = _write_c7_files(tmp_path, instances, answers)
    result = quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", overrides=tmp_path / "overrides.csv")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["part"]: r for r in csv.DictReader(handle)}
    points = key.papers[0].questions[0].parts[1].points
    assert (rows["b"]["note"], rows["b"]["feedback"]) == ("override", "discussed in class")
    assert float(rows["b"]["score"]) == pytest.approx(points / 2)
    assert result.warnings == ["overrides.csv: line 3: s999 has no paper in key.json, so the override for Q1 (a) "
                               "cannot grade it; correct the id"]   # a per-student key: the id is what is wrong


def test_an_override_decides_a_needs_review_answer(tmp_path):
    instances, answers = _c7_case(tmp_path)
    answers["s001"][next(iter(answers["s001"]))] = "about three quarters I think"
    (tmp_path / "overrides.csv").write_text("student_id,question_id,part,score\ns001,Q1,a,1\n", encoding="utf-8")
    key = _write_c7_files(tmp_path, instances, answers)
    without = quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json")
    assert without.counts.get("needs_review") == 1
    result = quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", overrides=tmp_path / "overrides.csv")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        row = next(r for r in csv.DictReader(handle) if r["part"] == "a")
    assert (row["status"], row["note"]) == ("correct", "override")
    assert float(row["score"]) == pytest.approx(key.papers[0].questions[0].parts[0].points)
    assert "needs_review" not in result.counts or result.counts["needs_review"] == 0


def test_policy_points_set_each_parts_marks_and_the_totals(tmp_path):
    instances, answers = _c7_case(tmp_path)
    key = _write_c7_files(tmp_path, instances, answers)
    names = [part.name for part in key.papers[0].questions[0].parts]
    (tmp_path / "policy.yaml").write_text(f"points: {{C7: {{{names[0]}: 4, c: 0.5}}}}\n", encoding="utf-8")
    before = quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json")
    result = quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", policy=tmp_path / "policy.yaml")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["part"]: r for r in csv.DictReader(handle)}
    assert float(rows["a"]["score"]) == 4 and float(rows["c"]["score"]) == 0.5   # by name, and by letter
    assert float(rows["b"]["score"]) == key.papers[0].questions[0].parts[1].points
    (total,), (old,) = result.students, before.students
    assert total.max_score == 4 + key.papers[0].questions[0].parts[1].points + 0.5 != old.max_score
    assert total.score == total.max_score   # this student answered every part right


@pytest.mark.slow
def test_policy_and_ecf_credit_from_the_command_line(tmp_path):
    from click.testing import CliRunner
    from quizgen.cli import main
    instance = next(i for i in _instances("C7", 30) if _trap_then_ecf(i))
    answers, _, dependent = _trap_then_ecf(instance)
    (tmp_path / "policy.yaml").write_text("ecf_credit: 0.25\n", encoding="utf-8")
    _grade(tmp_path, {"s001": instance}, {"s001": answers})   # writes key.json and answers.csv
    for options, credit, said in ((["--policy", str(tmp_path / "policy.yaml")], 0.25, "25%"),
                                  (["--ecf-credit", "0.5"], 0.5, "half"), (["--ecf-credit", "50%"], 0.5, "half")):
        result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), *options])
        assert result.exit_code == 0, result.output
        with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
            rows = [r for r in csv.DictReader(handle) if r["note"] == "ecf"]
        assert len(rows) == len(dependent)
        assert all(float(r["score"]) == pytest.approx(credit * instance.template.points / len(instance.parts))
                   for r in rows)
        assert all(r["feedback"].endswith(f"(error carried forward), which earns {said} of the marks in this course")
                   for r in rows)   # why the score is not the part's points
    for wrong in ("2", "150%", "half", "nan"):
        bad = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--ecf-credit", wrong])
        assert bad.exit_code == 2 and bad.output.strip().endswith(
            f"--ecf-credit must be a number from 0 to 1 or a percentage from 0% to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001), got {wrong!r}"), bad.output


def test_with_no_ecf_credit_an_ecf_answer_is_incorrect_and_says_why(tmp_path):
    """--ecf-credit 0: no marks, so no "correct" beside them; the note still says it was ECF."""
    instance = next(i for i in _instances("C7", 30) if _trap_then_ecf(i))
    answers, _, dependent = _trap_then_ecf(instance)
    _grade(tmp_path, {"s001": instance}, {"s001": answers})
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", ecf_credit=0)
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["note"] == "ecf"]
    assert len(rows) == len(dependent) > 0
    assert {(r["status"], float(r["score"])) for r in rows} == {("incorrect", 0.0)}
    assert all(r["feedback"].endswith("(error carried forward), which earns no marks in this course") for r in rows)


def test_decimal_commas_in_give_decimal_commas_out(tmp_path):
    instance = _instances("C7", 1)[0]
    _grade(tmp_path, {"s001": instance}, {"s001": student(instance, 3)})
    text = (tmp_path / "answers.csv").read_text(encoding="utf-8").replace(",", ";").replace(".", ",")
    (tmp_path / "answers.csv").write_text(text, encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", ecf_credit=0.5)
    graded = (tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig").splitlines()[1:]
    expected = [line.split(";")[6] for line in graded]
    assert all("," in cell and "." not in cell for cell in expected), expected
    students = (tmp_path / "answers-graded-students.csv").read_text(encoding="utf-8-sig").splitlines()[1]
    assert "." not in students and ";100,0;" in students


@pytest.mark.slow
def test_a_decimal_comma_class_reads_its_ecf_feedback_with_commas(tmp_path):
    """In a file written with decimal commas, the grader's own feedback shows
    the student's earlier answer as they wrote it (``(a) = 0,2689``); a
    misconception's feedback is the author's text and stays as written."""
    instances, papers = {}, {}
    for k, inst in enumerate(_instances("C7", 12)):
        made = _trap_then_ecf(inst)
        if made is not None:
            instances[f"s{k:03d}"], papers[f"s{k:03d}"] = inst, made[0]
    key = _key(instances)
    (tmp_path / "key.json").write_text(json.dumps(key.to_json()), encoding="utf-8")
    lines = ["student;question;part;answer"]
    for sid, paper in papers.items():
        letters = {pv.part.name: pv.letter for pv in instances[sid].parts}
        lines += [f"{sid};Q1;{letters[name]};{text.replace('.', ',')}" for name, text in paper.items()]
    (tmp_path / "answers.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter=";"))
    ecf = [r for r in rows if r["note"] == "ecf"]
    traps = [r for r in rows if r["misconception"]]
    assert len(ecf) >= 5 and traps
    for row in ecf:
        shown = row["feedback"].split(" = ", 1)[1].split(":", 1)[0]
        assert row["feedback"].startswith("marked from your (a) = ") and "," in shown and "." not in shown
    written = {(paper.student_id, t.code): t.feedback for paper in key.papers
               for t in paper.questions[0].parts[0].traps}
    assert all(r["feedback"] == written[(r["student"], r["misconception"])] for r in traps)


def test_two_overrides_of_one_part_are_reported_and_the_later_is_used(tmp_path):
    """The same part decided twice with the same marks (ids and labels written
    differently) is a slip a marker must see: one warning naming both lines; the
    later one counts. (With other marks it is refused: tests/test_fix54h.py.)"""
    instances, answers = _c7_case(tmp_path)
    (tmp_path / "overrides.csv").write_text("student_id,question_id,part,score\n"
                                            "s001,Q1,b,0.5\nS001,q1,(b),50%\ns001,Q9,a,1\ns001,Q1,c,1\n"
                                            "s001,Q1,c,1\n",
                                            encoding="utf-8")
    key = _write_c7_files(tmp_path, instances, answers)
    result = quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", overrides=tmp_path / "overrides.csv")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["part"]: r for r in csv.DictReader(handle)}
    assert float(rows["b"]["score"]) == pytest.approx(key.papers[0].questions[0].parts[1].points / 2)
    assert result.warnings == [   # in the file's order: an unmatched line 4 between them, not first
        "overrides.csv: line 3 decides s001 Q1 (b) again (line 2 did the same); line 3 is used",
        "overrides.csv: line 4: override for s001 Q9 (a) matches no answer: no question 'Q9' in key.json (it has Q1)",
        "overrides.csv: line 6 decides s001 Q1 (c) again (line 5 did the same); line 6 is used"]


@pytest.mark.parametrize("credit", [0, 1])
def test_right_from_their_own_answer_but_rounded_too_early_says_both(tmp_path, credit):
    """(a) 0.7 is p = 0.7685 cut off at 1 figure; (c) 1.2 is -ln(1 - 0.7) = 1.204 to 2
    figures: ECF from (a) as written (whose cutting off is marked at (a) alone, issue 12)
    and short itself, and the feedback says both, whatever the ECF credit, never a silent
    incorrect. It said (c) carried (a)'s early rounding."""
    from quizgen.generation.run import generate

    generate(tmp_path / "quiz", classes="C7", worked_examples=True)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.7\ns1,Q1,c,1.2\n"
                                          "s1,Q1,b,0.36\n", encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "quiz" / "key.json", ecf_credit=credit)
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["part"]: r for r in csv.DictReader(handle)}
    # (b) 0.36 = -ln 0.7 = 0.3567 to 2 figures, outside every window around 0.3567; "expected" is the right
    # answer, the value worked from their (a) is named as theirs
    for part, own, expected in (("c", "1.20", "1.46"), ("b", "0.357", "0.263")):
        row = rows[part]
        assert (row["status"], row["note"], row["score"]) == ("imprecise", "rounded_too_early", "0"), part
        assert row["feedback"] == ("marked from your (a) = 0.7: rounded too early: right to 2 significant figures "
                                   "given that value, give at least 3 (error carried forward: from your (a) the "
                                   f"answer is {own}; from the exact (a), expected {expected})")


def test_a_trap_still_beats_an_answer_right_from_their_own_a_only_to_fewer_figures(tmp_path):
    """(b) 0.36 is -ln 0.7 = 0.3567 to 2 figures, but here it is also a trap's
    value: the trap is named, as it is for a student whose (a) was right. Only
    an answer right given (a) to the figures asked beats a trap (ECF)."""
    from quizgen.generation.run import generate

    generate(tmp_path / "quiz", classes="C7", worked_examples=True)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    codes = [trap["code"] for trap in key["templates"]["nsp-sigmoid-loss"]["parts"][1]["traps"]]
    key["questions"][0]["parts"][1]["trap_values"][codes.index("probability_as_loss")] = 0.36   # moved onto 0.36
    (tmp_path / "quiz" / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.7\ns1,Q1,b,0.36\n"
                                          "s2,Q1,a,0.769\ns2,Q1,b,0.36\n", encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "quiz" / "key.json", force=True)
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        b = {r["student_id"]: r for r in csv.DictReader(handle) if r["part"] == "b"}
    assert [(b[s]["status"], b[s]["misconception"]) for s in ("s1", "s2")] == [("incorrect", "probability_as_loss")] * 2


def test_too_few_figures_after_ecf_earns_no_more_than_the_precise_answer(tmp_path):
    """ecf_credit 0, imprecise_credit 0.5: (c) 0.30 (2 figures, right from their own (a))
    earned half the marks that (c) 0.3000 could not."""
    from quizgen.generation.run import generate

    generate(tmp_path / "quiz", classes="C7", worked_examples=True)
    (tmp_path / "policy.yaml").write_text("ecf_credit: 0\nimprecise_credit: 0.5\n", encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\nA,Q1,a,0.2592\nA,Q1,c,0.3000\n"
                                          "B,Q1,a,0.2592\nB,Q1,c,0.30\n", encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "quiz" / "key.json", policy=tmp_path / "policy.yaml")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        c = {r["student_id"]: r for r in csv.DictReader(handle) if r["part"] == "c"}
    assert (c["A"]["status"], c["A"]["score"]) == ("incorrect", "0")
    assert (c["B"]["status"], c["B"]["score"]) == ("imprecise", "0")


def _three_figures(x: float) -> float:
    return float(significant(x, 3))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_rounding_every_exponential_including_the_true_words_is_carried_rounding(tmp_path, seed):
    """C1 (a) worked as the solution shows it, every e^z (the true word's too) and
    the sum rounded to 3 s.f.: e^(z_t) in the numerator is an element of the
    list step exp(z), so that rounding is carried as well (0.652 for 0.6536 had
    been incorrect)."""
    from quizgen.generation.run import generate

    generate(tmp_path / "quiz", classes="C1", count=4, seed=seed)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    rows = ["student_id,question_id,part,answer"]
    for question in key["questions"]:
        z, t = question["params"]["z"], question["params"]["t"]
        exps = [_three_figures(math.exp(v)) for v in z]
        rows.append(f"s1,{question['id']},a,{significant(exps[t] / _three_figures(sum(exps)), 3)}")
    (tmp_path / "answers.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "quiz" / "key.json")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = list(csv.DictReader(handle))
    assert [r["status"] for r in graded] == ["correct"] * 4, [(r["answer"], r["expected"]) for r in graded]


@pytest.mark.parametrize("seed", [1, 4])
@pytest.mark.slow
def test_two_figures_from_a_trapped_a_are_never_correct_nor_a_bare_incorrect(tmp_path, seed):
    """C7: (a) the sigmoid-sign trap at 3 s.f., then (b) and (c) worked from it,
    carrying 3 s.f. or not, and given to 2 figures: rounded too early given
    their own (a) (or a trap the 2-figure value falls in), never correct and
    never an unexplained incorrect (0.082 from -ln 0.921 had been one)."""
    from quizgen.generation.run import generate

    generate(tmp_path / "quiz", classes="C7", count=4, seed=seed)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    rows, n = ["student_id,question_id,part,answer"], 0
    for question in key["questions"]:
        a = _three_figures(question["parts"][0]["trap_values"][0])   # sigmoid_sign_error: 1 - p
        for carried in (False, True):
            q = _three_figures(1 - a) if carried else 1 - a
            for letter, value in (("b", -math.log(a)), ("c", -math.log(q))):
                n += 1
                rows += [f"s{n},{question['id']},a,{a}", f"s{n},{question['id']},{letter},{significant(value, 2)}"]
    (tmp_path / "answers.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "quiz" / "key.json")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        later = [r for r in csv.DictReader(handle) if r["part"] != "a"]
    assert len(later) == n
    for row in later:
        assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early") or \
            (row["status"] == "incorrect" and row["misconception"]), row


@pytest.mark.slow
def test_an_override_comment_keeps_its_decimal_points_in_a_decimal_comma_class(tmp_path):
    """The marker's own words are quoted as written: only the grader's
    feedback takes the class's decimal commas (rev-fresh15)."""
    instance = _instances("C7", 1)[0]
    _grade(tmp_path, {"s001": instance}, {"s001": student(instance, 3)})
    text = (tmp_path / "answers.csv").read_text(encoding="utf-8").replace(",", ";").replace(".", ",")
    (tmp_path / "answers.csv").write_text(text, encoding="utf-8")
    comment = "said 0.94 in class, see email 3.2"
    (tmp_path / "overrides.csv").write_text(f'student_id,question_id,part,score,comment\ns001,Q1,a,0.5,"{comment}"\n',
                                            encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", overrides=tmp_path / "overrides.csv")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["part"]: r for r in csv.DictReader(handle, delimiter=";")}
    assert (rows["a"]["note"], rows["a"]["feedback"], rows["a"]["score"]) == ("override", comment, "1")


@pytest.mark.parametrize("cls", ["C1", "C2", "C8"])
@pytest.mark.slow
def test_a_trap_worked_from_the_students_own_wrong_a_is_named(tmp_path, cls):
    """(a) is a slip (not a trap); (b) is -log10 of that (a), or the (a)
    itself: the trap is named, marked from their (a) (rev-mark15)."""
    instances, answers, slips = {}, {}, {}
    for k, inst in enumerate(_instances(cls, 6)):
        p = float(inst.parts[0].value)
        slip = float(significant(p * 0.9, 3))   # 10% off: no trap, no rounding
        sid = f"s{k}"
        instances[sid], slips[sid] = inst, slip
        answers[sid] = {inst.parts[0].part.name: str(slip),
                        inst.parts[1].part.name: str(significant(-math.log10(slip), 3))}
        answers[f"t{k}"] = {inst.parts[0].part.name: str(slip), inst.parts[1].part.name: str(slip)}
        instances[f"t{k}"] = inst
    rows = _grade(tmp_path, instances, answers)
    for sid, code in [(s, "log10_instead_of_ln") for s in slips] + [(f"t{s[1:]}", "probability_as_loss") for s in slips]:
        a, b = rows[(sid, "a")], rows[(sid, "b")]
        assert (a["status"], a["misconception"]) == ("incorrect", ""), a
        assert (b["status"], b["misconception"]) == ("incorrect", code), (sid, b)
        assert b["feedback"].startswith(f"marked from your (a) = {slips['s' + sid[1:]]:g}: "), b["feedback"]


def test_the_report_quotes_a_traps_wording_when_some_students_met_it_from_their_own_a(tmp_path):
    """A trap named from the student's own (a) carries 'marked from your (a)'
    in its feedback; the Misconceptions table still quotes the trap's words."""
    instance = _instances("C2", 1)[0]
    p = float(instance.parts[0].value)
    slip = float(significant(p * 0.9, 3))
    names = [pv.part.name for pv in instance.parts]
    _grade(tmp_path, {"s1": instance, "s2": instance},
           {"s1": {names[0]: str(slip), names[1]: str(significant(-math.log10(slip), 3))},
            "s2": {names[0]: str(significant(p, 4)), names[1]: str(significant(-math.log10(p), 3))}})
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    feedback = next(t.feedback for t in instance.parts[1].traps if t.code == "log10_instead_of_ln")
    assert f"| log10\\_instead\\_of\\_ln | log base 10 instead of ln | 2 | Q1b | {feedback} |" in report   # named: names33


@pytest.mark.slow
def test_a_policy_can_ask_intermediates_carried_to_four_figures(tmp_path):
    """The paper says keep 4 s.f.; by default 3 s.f. carrying is accepted (the
    issue's rule), and ``carried_figures: 4`` holds students to the paper:
    C7 (a) 0.769 then (c) -ln(1 - 0.769) = 1.47 is carried rounding only at 3."""
    instance = next(i for i in _instances("C7", 40)
                    if float(significant(-math.log(1 - float(significant(float(i.parts[0].value), 3))), 3))
                    != float(significant(float(i.parts[2].value), 3)))
    p3 = significant(float(instance.parts[0].value), 3)
    loss = str(significant(-math.log(1 - float(p3)), 3))
    names = [pv.part.name for pv in instance.parts]
    answers = {"s001": {names[0]: str(p3), names[2]: loss}}
    (tmp_path / "policy.yaml").write_text("carried_figures: 4\n", encoding="utf-8")
    default = _grade(tmp_path, {"s001": instance}, answers)[("s001", "c")]
    strict = _grade(tmp_path, {"s001": instance}, answers, policy=tmp_path / "policy.yaml")[("s001", "c")]
    assert (default["status"], default["note"]) == ("correct", "carried_rounding")
    assert strict["status"] != "correct", strict


def test_an_override_naming_no_part_of_a_question_with_several_says_so(tmp_path):
    """'matches no answer' alone left the marker to guess (rev-hostile15)."""
    instances, answers = _c7_case(tmp_path)
    _write_c7_files(tmp_path, instances, answers)
    (tmp_path / "overrides.csv").write_text("student_id,question_id,part,score\ns001,Q1,,1\n", encoding="utf-8")
    result = quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", overrides=tmp_path / "overrides.csv")
    assert "overrides.csv: line 2: override for s001 Q1 matches no answer: no part given for Q1 (parts a, b, c)" \
        in result.warnings


def test_a_trap_reading_an_earlier_part_the_recipe_does_not_read_is_named_from_it(tmp_path):
    """C7 (c)'s wrong-label trap is stored as (b) itself: a student whose (b) is
    ECF from a wrong (a), then writes that (b) again for (c), is told so
    (rev-code15: only the recipe's own inputs were passed), marked from their
    (a), which (c)'s recipe reads: -ln of it is the other label's loss (c7trap22)."""
    instances, answers = {}, {}
    for k, inst in enumerate(_instances("C7", 5)):
        p = float(inst.parts[0].value)
        slip = float(significant(p * 0.9, 3))
        loss = str(significant(-math.log(slip), 4))
        names = [pv.part.name for pv in inst.parts]
        instances[f"s{k}"], answers[f"s{k}"] = inst, {names[0]: str(slip), names[1]: loss, names[2]: loss}
    rows = _grade(tmp_path, instances, answers)
    for sid, paper in answers.items():
        assert (rows[(sid, "b")]["status"], rows[(sid, "b")]["note"]) == ("correct", "ecf")
        c = rows[(sid, "c")]
        assert (c["status"], c["misconception"]) == ("incorrect", "wrong_label_branch"), c
        assert c["feedback"].startswith(f"marked from your (a) = {paper['p']}: "), c["feedback"]   # as written


def test_a_slip_on_a_wrong_a_never_earns_more_than_the_right_method_on_it(tmp_path):
    """Trap credit times ECF credit (rev-code15: 1 of 2 marks beat ECF's 0.5)."""
    instance = _instances("C2", 1)[0]
    slip = float(significant(float(instance.parts[0].value) * 0.9, 3))
    names = [pv.part.name for pv in instance.parts]
    (tmp_path / "policy.yaml").write_text("ecf_credit: 0.25\ntraps: {log10_instead_of_ln: 0.5}\n", encoding="utf-8")
    rows = _grade(tmp_path, {"slip": instance, "right": instance},
                  {"slip": {names[0]: str(slip), names[1]: str(significant(-math.log10(slip), 3))},
                   "right": {names[0]: str(slip), names[1]: str(significant(-math.log(slip), 3))}},
                  policy=tmp_path / "policy.yaml")
    right = float(rows[("right", "b")]["score"])   # ECF: a quarter of the part's points
    assert right > 0 and rows[("right", "b")]["note"] == "ecf"
    assert rows[("slip", "b")]["misconception"] == "log10_instead_of_ln"
    assert float(rows[("slip", "b")]["score"]) == pytest.approx(right * 0.5)


@pytest.mark.slow
def test_a_decimal_comma_class_reads_its_own_numbers_before_a_traps_words(tmp_path):
    """'marked from your (a) = 0,0474' as the student wrote it; the trap's words stay (rev-code15)."""
    instance = _instances("C2", 1)[0]
    slip = float(significant(float(instance.parts[0].value) * 0.9, 3))
    names = [pv.part.name for pv in instance.parts]
    _grade(tmp_path, {"s1": instance}, {"s1": {names[0]: str(slip), names[1]: str(significant(-math.log10(slip), 3))}})
    text = (tmp_path / "answers.csv").read_text(encoding="utf-8").replace(",", ";").replace(".", ",")
    (tmp_path / "answers.csv").write_text(text, encoding="utf-8")
    quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json")
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        row = [r for r in csv.DictReader(handle, delimiter=";") if r["part"] == "b"][0]
    feedback = next(t.feedback for t in instance.parts[1].traps if t.code == "log10_instead_of_ln")
    assert row["feedback"] == f"marked from your (a) = {slip:g}: {feedback}".replace(f"{slip:g}", f"{slip:g}".replace(".", ","))


@pytest.mark.parametrize("policy, warning", [
    ("traps: {nsp-sigmoid-loss: {wrong_label_branch: 1}, C7: {wrong_label_branch: 0.5}}\n",
     "policy.yaml: traps.C7.wrong_label_branch (0.5) and traps.nsp-sigmoid-loss.wrong_label_branch (1) both set it "
     "for nsp-sigmoid-loss: 1 is used"),
    ("points: {C7: {p: 3}, nsp-sigmoid-loss: {p: 5}}\n",
     "policy.yaml: points.nsp-sigmoid-loss.p and points.C7.p set nsp-sigmoid-loss's part a differently: "
     "points.nsp-sigmoid-loss.p (5) is used"),
    ("points: {C7: {p: 3, a: 5}}\n",
     "policy.yaml: points.C7.p and points.C7.a set nsp-sigmoid-loss's part a differently: points.C7.p (3) is used"),
])
def test_a_policy_setting_given_twice_under_two_names_is_warned_about(tmp_path, policy, warning):
    """The template id beat its class, a part's name its letter, without a word (rev-code15b)."""
    instances, answers = _c7_case(tmp_path)
    _write_c7_files(tmp_path, instances, answers)
    (tmp_path / "policy.yaml").write_text(policy, encoding="utf-8")
    result = quizgen.grade(tmp_path / "answers.csv", key=tmp_path / "key.json", policy=tmp_path / "policy.yaml")
    assert [w.split("/")[-1] for w in result.warnings] == [warning]
