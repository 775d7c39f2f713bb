"""Grading hand-written answers against a generated paper, as a user would:
``quizgen generate`` once, then ``quizgen grade`` on each answers file."""

import csv
from itertools import count as numbers

from click.testing import CliRunner

from quizgen.cli import main


def paper_grader(folder, seed: int, count: int):
    """Generate the paper of ``seed`` (``count`` questions a class) in ``folder``;
    returns ``run(rows, delimiter=",")``, which grades ``rows`` (question, part,
    answer), one student each, or (student, question, part, answer), and gives
    {(question, part, answer): graded row}."""
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--seed", str(seed), "--count", str(count), "--out", str(folder / "paper")])
    assert made.exit_code == 0, made.output
    runs = numbers()

    def run(rows, delimiter=","):
        name = f"{'semicolon' if delimiter == ';' else 'comma'}-{next(runs)}"
        path = folder / f"answers-{name}.csv"
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle, delimiter=delimiter)
            writer.writerow(["student_id", "question_id", "part", "answer"])
            writer.writerows(row if len(row) == 4 else [f"s{n:03d}", *row] for n, row in enumerate(rows))
        out = folder / f"out-{name}"
        out.mkdir()
        result = runner.invoke(main, ["grade", str(path), "--key", str(folder / "paper" / "key.json"),
                                      "--out", str(out)])
        assert result.exit_code == 0, result.output
        with open(next(out.glob("*-graded.csv")), newline="", encoding="utf-8-sig") as handle:
            return {(row["question_id"], row["part"], row["answer"].removeprefix("'")): row
                    for row in csv.DictReader(handle, delimiter=delimiter)}
    return run


def graded_with_policy(folder, key, rows, policy: str) -> dict:
    """Grade ``rows`` (student, question, part, answer) against ``key`` with the
    policy file text ``policy`` in ``folder`` (none when ""): the graded rows by
    (student, question, part)."""
    import quizgen

    folder.mkdir(exist_ok=True)
    path = folder / "answers.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    options = {}
    if policy:
        (folder / "policy.yaml").write_text(policy, encoding="utf-8")
        options["policy"] = folder / "policy.yaml"
    quizgen.grade(path, key=key, **options)
    with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}


def graded_by_cli(folder, key, rows, *options) -> dict:
    """``quizgen grade`` (CliRunner) on ``rows`` (student, question, part, answer)
    against ``key`` with the further command-line ``options``: the graded rows
    by (student, question, part)."""
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    (folder / "out").mkdir()
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(key), "--out", str(folder / "out"),
                                       *map(str, options)])
    assert result.exit_code == 0, result.output
    with open(folder / "out" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}


def c7_bank_with_figure(folder, field: str, value: str, name: str = "evil"):
    """A bank folder ``folder/ub`` holding C7 copied as class C77 (id ``<name>-nsp``)
    with ``value`` (YAML) as its figure's ``field``: a user bank one figure field apart."""
    from pathlib import Path

    c7 = (Path(__file__).resolve().parent.parent / "question_bank" / "c7_nsp_head.yaml").read_text(encoding="utf-8")
    bank = folder / "ub"
    bank.mkdir()
    text = c7.replace("id: nsp-sigmoid-loss", f"id: {name}-nsp").replace("class: C7", "class: C77")
    start = text.index(f"\n  {field}:", text.index("\nfigure:"))
    end = text.index("\n", start + 1)
    (bank / f"{name}.yaml").write_text(text[:start] + f"\n  {field}: {value}" + text[end:], encoding="utf-8")
    return bank


def generated_key(tmp_path_factory, seed: int, count: int = 1, *options):
    """The key.json of ``quizgen generate --seed SEED --count COUNT`` (and ``options``) in a fresh folder."""
    runner = CliRunner()
    folder = tmp_path_factory.mktemp(f"seed{seed}")
    result = runner.invoke(main, ["generate", "--seed", str(seed), "--count", str(count), "--out", str(folder), *options])
    assert result.exit_code == 0, result.output
    return folder / "key.json"


def quizzes_and_class(made, rows: int, answers: str):
    """quiz1 (seed 1) and quiz2 (seed 2) generated in ``made``, and ``answers``
    there: ``rows`` of a class's answers to quiz1's paper, by student
    (benchmarks/workload.py), for the checks that answers belong to a key."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "workload_support", Path(__file__).resolve().parent.parent / "benchmarks" / "workload.py")
    workload = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(workload)
    for seed in ("1", "2"):
        result = CliRunner().invoke(main, ["generate", "--seed", seed, "--out", str(made / f"quiz{seed}")],
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.output
    workload.class_answers(made / "quiz1" / "key.json", rows, made / answers)
    return made


def own_paper_code(invoke, folder) -> str:
    """Per-student papers (seed 11, C1) for s001 and s002 made in ``folder``/quiz
    from ``folder``/roster.csv: s001's paper code as the paper prints it."""
    import json

    from quizgen.key.papercode import display_code

    (folder / "roster.csv").write_text("student_id,name\ns001,Ada\ns002,Alan\n", encoding="utf-8")
    made = invoke("generate", "--seed", "11", "--classes", "C1", "--students", folder / "roster.csv",
                  "--out", folder / "quiz")
    assert made.exit_code == 0, made.output
    key = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))
    return display_code(next(code for code, r in key["papers"].items() if r.get("student_id") == "s001"))


def one_part_statuses(folder, part: dict, rows: list, delimiter: str = ",") -> dict:
    """Grade ``rows`` (student, answer) against a key of one question Q1 whose one
    part is ``part`` (a key part's JSON), in a ``delimiter``-separated answers file,
    as a user would; returns {student: status} from graded.csv."""
    import json
    key = {"questions": [{"id": "Q1", "class": "C1", "template": "t", "points": 1, "parts": [part]}]}
    (folder / "key.json").write_text(json.dumps(key), encoding="utf-8")
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=delimiter).writerows(
            [["student_id", "question_id", "part", "answer"], *([who, "Q1", "a", said] for who, said in rows)])
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv"), "--key", str(folder / "key.json"),
                                       "--out", str(folder / "graded.csv")])
    assert result.exit_code == 0, result.output
    with open(folder / "graded.csv", newline="", encoding="utf-8-sig") as handle:
        return {row["student_id"]: row["status"] for row in csv.DictReader(handle, delimiter=delimiter)}
