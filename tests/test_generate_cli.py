"""`quizgen generate` and `quizgen list` driven like a user."""

import csv
import json
import os
import re
import subprocess
import sys

import pytest

from quizgen import __version__
from quizgen.key.model import Key, KeyPart
from quizgen.text.render import escape_tex, render_string


def read_key(folder):
    """key.json as checked by the key model, every question record whole."""
    data = json.loads((folder / "key.json").read_text(encoding="utf-8"))
    return Key.from_json(data, "key.json").to_json(compact=False)


@pytest.mark.slow
def test_version_and_module_entry_point():
    result = subprocess.run([sys.executable, "-m", "quizgen", "--version"], capture_output=True, text=True)
    assert result.returncode == 0
    assert result.stdout.strip() == f"quizgen, version {__version__}"


def test_list_shows_every_template_with_class_and_parts(invoke, bank):
    result = invoke("list")
    assert result.exit_code == 0
    lines = result.stdout.strip().splitlines()
    assert len(lines) == len(bank)
    for template, line in zip(bank, lines):
        assert line.split()[:2] == [template.cls, template.id]
        assert all(part.name in line for part in template.parts)


@pytest.mark.slow
def test_bare_generate_writes_all_classes_with_a_printed_seed(invoke, bank, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("generate")
    assert result.exit_code == 0
    assert "seed" in result.stdout
    folder = tmp_path / "quiz"
    assert sorted(p.name for p in folder.iterdir()) == ["key.csv", "key.json", "problems.md", "solutions.md"]
    key = read_key(folder)
    assert [q["class"] for q in key["questions"]] == [t.cls for t in bank]
    assert [q["id"] for q in key["questions"]] == [f"Q{i + 1}" for i in range(len(bank))]
    assert str(key["seed"]) in result.stdout


@pytest.mark.slow
def test_count_and_classes_select_questions(invoke, tmp_path):
    result = invoke("generate", "--classes", "c1", "--count", 3, "--seed", 7, "--out", tmp_path)
    assert result.exit_code == 0
    key = read_key(tmp_path)
    assert [q["class"] for q in key["questions"]] == ["C1"] * 3
    assert len({json.dumps(q["params"]) for q in key["questions"]}) == 3


@pytest.mark.slow
def test_key_csv_has_one_row_per_part_with_student_style_answers(invoke, tmp_path):
    invoke("generate", "--seed", 3, "--out", tmp_path)
    key = read_key(tmp_path)
    with open(tmp_path / "key.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {"question_id", "part", "class", "answer"} <= set(rows[0])
    assert len(rows) == sum(len(q["parts"]) for q in key["questions"])
    for row in rows:
        part = next(p for q in key["questions"] if q["id"] == row["question_id"]
                    for p in q["parts"] if p["part"] == row["part"])
        if part.get("exact"):   # text, not a formula, in a spreadsheet: -log(0.7) gets a leading quote
            # e written exp(1) there, as key.csv writes it (key.json keeps SymPy's E)
            exact = re.sub(r"(?<![\w.])E(?![\w(])", "exp(1)", part["exact"])
            if row["exact"] != ("'" if exact[0] in "-+=@" else "") + exact:   # C5 (c)'s (1 - 0.11)**8, as the
                from quizgen.grading.key_recipes import exact_text_value     # solutions print it (review 58b F7)
                assert row["class"] == "C5" and exact_text_value(row["exact"]) == exact_text_value(exact), row
        if part["type"] == "numeric":
            digits = row["answer"].lstrip("-0.").replace(".", "")
            assert len(digits) >= 4, row
            assert float(row["answer"]) == pytest.approx(part["value"], abs=KeyPart.from_json(part).half_width())
        elif part["type"] == "integer":
            assert int(row["answer"]) == part["value"]
        else:
            assert row["answer"] in part["accept"]


@pytest.mark.slow
def test_key_json_records_exact_value_tolerance_and_misconceptions(invoke, tmp_path):
    invoke("generate", "--seed", 11, "--out", tmp_path)
    raw = json.loads((tmp_path / "key.json").read_text(encoding="utf-8"))
    assert (raw["format"], raw["version"]) == ("quizgen-key", 4)
    assert set(raw["templates"]) == {q["template"] for q in raw["questions"]}
    for question in read_key(tmp_path)["questions"]:
        assert {"id", "template", "class", "params", "parts", "seed"} <= set(question)
        for part in question["parts"]:
            if part["type"] != "word":
                assert {"exact", "value", "tolerance"} <= set(part)
            for trap in part["traps"]:
                assert trap["code"] and trap["feedback"]


@pytest.mark.slow
def test_same_seed_gives_byte_identical_files_and_other_seeds_differ(invoke, tmp_path):
    for name, seed in (("a", 42), ("b", 42), ("c", 43)):
        if name == "b":   # the same paper keeps its secret (and so its code) from the key it replaces
            keep_secret(tmp_path / "a", tmp_path / "b")
        assert invoke("generate", "--seed", seed, "--format", "tex", "--out", tmp_path / name).exit_code == 0
    for file in ("problems.tex", "solutions.tex", "key.json", "key.csv"):
        assert (tmp_path / "a" / file).read_bytes() == (tmp_path / "b" / file).read_bytes()
    assert (tmp_path / "a" / "key.json").read_bytes() != (tmp_path / "c" / "key.json").read_bytes()


def keep_secret(earlier, folder):
    """Put ``earlier``'s key.json into ``folder``: generating the same seed there keeps its secret."""
    folder.mkdir()
    (folder / "key.json").write_bytes((earlier / "key.json").read_bytes())


@pytest.mark.slow
def test_seed_is_stable_across_processes(tmp_path):
    outputs = []
    for name in ("x", "y"):
        if name == "y":
            keep_secret(tmp_path / "x", tmp_path / "y")
        env = dict(os.environ, PYTHONHASHSEED=name == "x" and "1" or "2")
        subprocess.run([sys.executable, "-m", "quizgen", "generate", "--seed", "5", "--out",
                        str(tmp_path / name)], check=True, env=env, capture_output=True)
        outputs.append((tmp_path / name / "key.json").read_bytes())
    assert outputs[0] == outputs[1]


@pytest.mark.slow
def test_no_solutions_writes_no_solutions_file(invoke, tmp_path):
    invoke("generate", "--seed", 1, "--no-solutions", "--out", tmp_path)
    assert not (tmp_path / "solutions.md").exists()
    assert (tmp_path / "problems.md").exists()


def test_worked_examples_reproduce_the_reference_numbers(invoke, tmp_path):
    result = invoke("generate", "--worked-examples", "--classes", "C1", "--out", tmp_path)
    assert result.exit_code == 0
    key = read_key(tmp_path)
    assert key["seed"] == "canonical"
    loss = key["questions"][0]["parts"][1]
    assert loss["exact"] == "-log(exp(2)/(exp(2) + E + 1))"
    assert round(loss["value"], 3) == 0.408
    solutions = (tmp_path / "solutions.md").read_text(encoding="utf-8")
    assert "7.389" in solutions and "11.107" in solutions and "0.4076" in solutions


def test_latex_output_is_a_complete_document(invoke, tmp_path):
    invoke("generate", "--seed", 2, "--format", "tex", "--out", tmp_path)
    for name in ("problems.tex", "solutions.tex"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert text.lstrip().startswith("\\documentclass")
        assert text.rstrip().endswith("\\end{document}")
        assert "{{" not in text and "<<" not in text


@pytest.mark.parametrize("args, message", [
    (("--classes", "C99"), "unknown class C99"),
    (("--classes", "C1,bogus"), "unknown class bogus;"),   # as typed
    (("--classes", "1,7"), "unknown classes 1, 7;"),
    (("--classes", "all,C1"), "--classes 'all,C1': 'all' stands alone (every class)"),
    (("--count", "0"), "--count must be from 1 to 10,000"),
    (("--count", "-2"), "--count must be from 1 to 10,000"),
    (("--count", "100000000"), "--count must be from 1 to 10,000 (questions per template), got 100000000"),
])
def test_bad_options_give_one_line_and_exit_2(invoke, tmp_path, args, message):
    result = invoke("generate", "--out", tmp_path / "out", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_unwritable_output_folder_is_one_line_and_nothing_written(invoke, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = invoke("generate", "--seed", 1, "--out", blocker / "quiz")
    assert result.exit_code == 1
    assert result.stderr.startswith("quizgen: error: cannot create output folder")
    assert len(result.stderr.strip().splitlines()) == 1


def test_parameter_strings_are_escaped_for_latex():
    hostile = r"}\immediate\write18{id} & 50% #1 $x$ _ ~ ^ \input{/etc/passwd}"
    out = render_string("Word: {{ w }}", {"w": hostile}, "tex")
    assert "\\immediate" not in out.replace(r"\textbackslash{}immediate", "")
    assert out == "Word: " + escape_tex(hostile)
    for special in "&%$#_{}":
        assert ("\\" + special) in out


def test_parameter_strings_are_escaped_for_markdown():
    out = render_string("Name: {{ w }}", {"w": "[click](http://evil.example) *x* <b>"}, "md")
    assert out == r"Name: \[click\](http://evil.example) \*x\* \<b\>"


@pytest.mark.slow
def test_library_call_matches_the_cli(invoke, tmp_path):
    import quizgen

    quiz = quizgen.generate(tmp_path / "lib", classes="C1,C7", count=2, seed=42)
    keep_secret(tmp_path / "lib", tmp_path / "cli")
    invoke("generate", "--classes", "C1,C7", "--count", 2, "--seed", 42, "--out", tmp_path / "cli")
    assert [q.id for q in quiz.questions] == ["Q1", "Q2", "Q3", "Q4"]
    for name in ("problems.md", "solutions.md", "key.json", "key.csv"):
        assert (tmp_path / "lib" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()


@pytest.mark.slow
def test_a_layout_failing_mid_document_leaves_earlier_output_untouched(invoke, tmp_path, monkeypatch):
    """Documents are written as they are made; a failure part-way through
    (here the last line of the solutions layout) must still leave no partial file."""
    import shutil

    from quizgen.generation import documents
    from quizgen.bank.loader import builtin_templates_dir

    out = tmp_path / "quiz"
    assert invoke("generate", "--seed", 3, "--out", out).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    layouts = tmp_path / "layouts"
    shutil.copytree(builtin_templates_dir(), layouts)
    with open(layouts / "solutions.md.j2", "a", encoding="utf-8") as handle:
        handle.write("{{ no_such_name }}\n")
    monkeypatch.setattr(documents, "builtin_templates_dir", lambda: layouts)
    result = invoke("generate", "--seed", 4, "--force", "--out", out)
    assert result.exit_code == 1
    assert result.stderr.startswith("quizgen: error: layout solutions.md.j2 failed")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


@pytest.mark.parametrize("command", [["generate"], ["drill", "--no-save", "--count", "1"], ["export", "moodle"]])
def test_an_empty_seed_is_refused_in_one_line(invoke, tmp_path, command):
    extra = ["--out", str(tmp_path / "out")] if command[0] != "drill" else []
    result = invoke(*command, "--seed", " ", *extra)
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == (
        "quizgen: error: --seed is empty: give a whole number or a word, or leave --seed out for a fresh one")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("given, seed", [("--5", "--5"), ("\u00b2", "\u00b2"), ("\u0663", "\u0663"), (" 7", 7),
                                         ("-12", -12), ("9" * 101, "9" * 101), ("exam-2026", "exam-2026")])
@pytest.mark.slow
def test_a_seed_is_a_whole_number_only_in_ascii_digits_and_never_a_traceback(given, seed):
    """``--seed=--5`` and ``--seed=²`` were int() tracebacks ('²'.isdigit() is True)."""
    from quizgen.generation.quiz import read_seed
    assert read_seed(given) == seed


def test_generate_with_a_seed_that_only_looks_numeric_writes_its_paper(invoke, tmp_path):
    result = invoke("generate", "--seed=--5", "--classes", "C1", "--out", str(tmp_path / "q"))
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8"))["seed"] == "--5"


def test_the_top_level_help_shows_every_commands_summary_whole(invoke):
    """click cut the docstrings' first lines short ('with instant...'): each command has its own short help."""
    result = invoke("--help")
    commands = result.output.split("Commands:", 1)[1].strip().splitlines()
    assert len(commands) == 7 and not any(line.rstrip().endswith("...") for line in commands), commands


def test_a_pdf_runs_summary_names_the_pdfs_first():
    """rev-fresh17: '--format pdf --students' named only .tex files before 'and 20 more'."""
    from quizgen.generation.quiz import Quiz
    from quizgen.generation.run import summary_line
    quiz = Quiz(seed=7, questions=[])
    quiz.files = [f"{kind}-s{n}.{ext}" for n in range(4) for kind in ("problems", "solutions") for ext in ("tex", "pdf")]
    line = summary_line(quiz, "papers")
    assert line.startswith("Wrote 0 questions (seed 7) to papers/: problems-s0.pdf, solutions-s0.pdf, problems-s1.pdf")
    assert line.endswith("and 10 more")


def test_a_bad_count_is_named_before_the_folder_holding_another_paper(invoke, tmp_path):
    """rev-fresh22: `generate --count 0` into the default folder of an earlier paper reported
    the folder (pass --force) first, so fixing that led to a second error."""
    assert invoke("generate", "--seed", 1, "--classes", "C1", "--out", tmp_path / "quiz").exit_code == 0
    result = invoke("generate", "--count", 0, "--out", tmp_path / "quiz")
    assert result.exit_code == 2 and "--count must be from 1 to 10,000" in result.stderr


@pytest.mark.parametrize("again, said", [
    (["--classes", "C1"], "10 templates (bert-total-loss-twist, causal-lm-next-token-loss, cls-classifier-head "
                          "and 7 more), where this run has 1 (mlm-confident-correct)"),
    (["--count", "2"], "10 questions, where this run makes 20"),
    ([], "papers of their own for 2 students, where this run makes them for 0")])
@pytest.mark.slow
def test_the_same_seed_over_another_paper_is_refused_and_its_files_kept(invoke, tmp_path, again, said):
    """rev-docs24: a folder of per-student papers (seed 42) was replaced without a
    word by `generate --seed 42` (its papers and codes gone): the same seed is not
    the same paper when the templates, the questions or the students differ."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\n", encoding="utf-8")
    out = tmp_path / "each"
    first = ["generate", "--seed", 42, "--out", out]
    assert invoke(*first, *(["--students", roster, "--split"] if not again else [])).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    result = invoke(*first, *again)
    assert result.exit_code == 2, result.output
    assert f"is the key of another paper ({said}), which may already be handed out" in result.stderr, result.stderr
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert invoke(*first, *again, "--force").exit_code == 0


@pytest.mark.slow
def test_the_same_paper_again_keeps_its_codes_whatever_the_roster_s_order_or_names(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\n", encoding="utf-8")
    out = tmp_path / "each"
    assert invoke("generate", "--seed", 42, "--students", roster, "--out", out).exit_code == 0
    key = (out / "key.json").read_bytes()
    roster.write_text("student_id,name\ns2,Bo\ns1,Anna\n", encoding="utf-8")
    assert invoke("generate", "--seed", 42, "--students", roster, "--out", out).exit_code == 0
    assert json.loads((out / "key.json").read_bytes())["papers"] == json.loads(key)["papers"]
