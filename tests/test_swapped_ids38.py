"""swapped38: with per-student papers and no paper code, a student who types a
classmate's valid id is graded against their own paper, the classmate shown
absent. Grade names such a student in one note when their answers fit the
paper of a student with no answers far better than their own (never a weak
student, an honest one, or one a paper-code note already names); the marks
stay as graded."""

import csv
import json

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.key.papercode import display_code

IDS = ("0000002", "0000004", "0000013", "0000031", "0000040")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """Per-student papers of IDS (seed 1) and the class paper of the same seed:
    (folder, {id: {label: answer}}, [labels], {id: display code})."""
    folder = tmp_path_factory.mktemp("swapped")
    (folder / "roster.csv").write_text("student_id,name\n" + "".join(f"{sid},Student {sid[-2:]}\n" for sid in IDS),
                                       encoding="utf-8")
    for args, out in ((["--students", str(folder / "roster.csv")], "papers"), ([], "class")):
        result = CliRunner().invoke(main, ["generate", "--seed", "1", "--no-solutions", *args, "--out",
                                           str(folder / out)])
        assert result.exit_code == 0, result.output
    answers, labels = {}, []
    with open(folder / "papers" / "key.csv", encoding="utf-8-sig", newline="") as handle:
        for row in csv.DictReader(handle):
            label = row["question_id"] + row["part"]
            labels += [label] * (label not in labels)
            answers.setdefault(row["student_id"], {})[label] = row["answer"]
    key = json.loads((folder / "papers" / "key.json").read_text(encoding="utf-8"))
    codes = {record["student_id"]: display_code(code) for code, record in key["papers"].items() if "student_id" in record}
    return folder, answers, labels, codes


def _wide(folder, name, rows, labels):
    """``folder``/``name``: a wide answers file of ``rows`` ((student id, {label: answer})); its path."""
    path = folder / name
    with open(path, "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["student_id", *labels])
        out.writerows([sid, *(answers.get(label, "") for label in labels)] for sid, answers in rows)
    return path


def _read(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def _notes(stdout):
    """The lines of this check's notes."""
    return [line for line in stdout.splitlines() if "who has no answers here" in line]


def _weak(answers):
    """``answers`` with every number wrong (times 1.37): a weak student on their own paper."""
    def wrong(text):
        try:
            return f"{float(text) * 1.37:.4g}"
        except ValueError:
            return text
    return {label: wrong(text) for label, text in answers.items()}


def _grade(invoke, folder, answers_path, *extra, key="papers"):
    result = invoke("grade", answers_path, "--key", folder / key / "key.json", "--jobs", "1", *extra)
    assert result.exit_code == 0, result.output
    return result


def test_answers_under_a_classmates_id_are_named_and_the_marks_stay(invoke, made):
    folder, answers, labels, _ = made
    rows = [("0000013", answers["0000031"]), ("0000002", answers["0000002"]), ("0000004", answers["0000004"]),
            ("0000040", answers["0000040"])]   # 0000031 has no row: they typed 0000013
    result = _grade(invoke, folder, _wide(folder, "swap.csv", rows, labels))
    notes = _notes(result.stdout)
    assert len(notes) == 1, result.stdout
    assert notes[0].startswith("Note: 0000013's answers fit the paper of 0000031, who has no answers here (23 of 23 "
                               "numeric answers), far better than their own paper (")
    assert notes[0].endswith(": a mistyped id? They stay graded against 0000013's paper; if 0000031 wrote them, "
                             "correct the id in the answers file and grade again")
    report = (folder / "swap-graded-report.md").read_text(encoding="utf-8")
    assert notes[0][len("Note: "):] in report
    graded = [r for r in _read(folder / "swap-graded.csv") if r["student_id"] == "0000013"]
    own = answers["0000013"]
    assert [r["expected"] for r in graded] == [own[r["question_id"] + r["part"]] for r in graded]   # their own paper
    students = {r["student_id"]: r for r in _read(folder / "swap-graded-students.csv")}
    assert students["0000031"]["score"] == "0" and students["0000013"]["score"] != students["0000013"]["max_score"]


def test_a_weak_or_honest_student_or_one_half_their_own_is_not_named(invoke, made):
    folder, answers, labels, _ = made
    half = dict(answers["0000031"])
    half.update({label: answers["0000040"][label] for label in labels[:len(labels) // 2 + 2]})   # half their own
    rows = [("0000002", _weak(answers["0000002"])), ("0000004", answers["0000004"]), ("0000040", half),
            ("0000013", answers["0000031"])]   # 0000031 absent: their paper is looked at
    result = _grade(invoke, folder, _wide(folder, "weak.csv", rows, labels))
    assert [line.split("'s answers")[0] for line in _notes(result.stdout)] == ["Note: 0000013"], result.stdout


def test_two_students_who_swapped_ids_with_each_other_are_not_named(invoke, made):
    folder, answers, labels, _ = made
    rows = [("0000002", answers["0000004"]), ("0000004", answers["0000002"]),   # both here: neither paper absent
            ("0000013", answers["0000031"]), ("0000040", answers["0000040"])]
    result = _grade(invoke, folder, _wide(folder, "mutual.csv", rows, labels))
    assert [line.split("'s answers")[0] for line in _notes(result.stdout)] == ["Note: 0000013"], result.stdout


def test_roster_students_with_no_answers_and_those_it_left_out_count_as_absent(invoke, made):
    folder, answers, labels, _ = made
    rows = [("0000013", answers["0000031"]), ("0000002", answers["0000040"]), ("0000004", answers["0000004"])]
    path = _wide(folder, "roster-swap.csv", rows, labels)
    (folder / "short.csv").write_text("student_id,name\n0000002,A\n0000004,B\n0000013,C\n0000031,D\n",
                                      encoding="utf-8")   # 0000040 has a paper but is not on it: left out
    result = _grade(invoke, folder, path, "--roster", folder / "short.csv")
    notes = _notes(result.stdout)
    assert [line.split(", who")[0] for line in notes] == [   # in the answers' order
        "Note: 0000013's answers fit the paper of 0000031", "Note: 0000002's answers fit the paper of 0000040"]


def test_a_student_the_paper_code_note_names_is_not_named_again(invoke, made):
    folder, answers, labels, codes = made
    path = folder / "coded.csv"
    lines = ["student_id,paper,question_id,part,answer"]
    for sid, paper, code in (("0000013", "0000031", codes["0000031"]), ("0000002", "0000040", "")):
        lines += [f"{sid},{code if n < 6 else ''},{label[:-1]},{label[-1]},{answers[paper][label]}"
                  for n, label in enumerate(labels)]   # 0000013's code on their first 6 answers, then none
    lines += [f"0000004,{codes['0000004']},{label[:-1]},{label[-1]},{answers['0000004'][label]}" for label in labels]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for extra in ((), ("--paper-as-written",)):
        result = _grade(invoke, folder, path, *extra)
        assert ("Note: 0000013 was graded against 0000031's paper" if extra else
                "Note: 0000013 wrote the paper code of 0000031's paper") in result.stdout   # the paper-code note
        assert [line.split(", who")[0] for line in _notes(result.stdout)] == [
            "Note: 0000002's answers fit the paper of 0000040"], result.stdout


def test_a_class_papers_key_is_untouched(invoke, made):
    folder, answers, labels, _ = made
    rows = [("0000013", answers["0000031"]), ("0000002", answers["0000002"])]
    path = _wide(folder, "class.csv", rows, labels)
    assert _notes(_grade(invoke, folder, path).stdout)   # against the per-student papers: named
    result = _grade(invoke, folder, path, "--force-key", key="class")   # they are another key's answers
    assert _notes(result.stdout) == [] and "fit the paper" not in result.stdout


def test_the_limits_on_the_work_are_said(invoke, made, monkeypatch):
    from quizgen.grading import swapped_ids

    folder, answers, labels, _ = made
    monkeypatch.setattr(swapped_ids, "ABSENT_MOST", 2)   # 0000004 and 0000031, the key's first absent: still found
    monkeypatch.setattr(swapped_ids, "POOR_MOST", 1)
    weak = {**_weak(answers["0000002"]), **{label: answers["0000002"][label] for label in labels[:8]}}
    rows = [("0000013", answers["0000031"]), ("0000002", weak)]   # 0000013's fits their own paper least
    result = _grade(invoke, folder, _wide(folder, "limits.csv", rows, labels))
    assert len(_notes(result.stdout)) == 1 and "Note: 0000013's answers fit the paper of 0000031" in result.stdout
    assert ("Note: the answers of 1 of the 2 students whose answers fit their own paper poorly (those fitting it "
            "least) were compared with the papers of 2 of the 3 students with no answers here (a limit on the "
            "work): a mistyped id among the others goes unnoticed") in result.stdout
