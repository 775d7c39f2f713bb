"""Feedback sheets of a real per-student class (generate --students, then
grade --feedback), read as the students would: each sheet agrees with
graded.csv and the students CSV, says in plain words why an answer earned
what it did (error carried forward, carried rounding, rounded too early, the
marker's override), shows answers as written, and uses decimal commas when
the class did."""

import csv
import json
import re

import pytest

import quizgen
from quizgen.generation.figures import LossPoint, shown_pair
from quizgen.generation.run import generate
from quizgen.grading.outputs import GradeOutputs

ROSTER = [("s01", "O'Brien, Ann"), ("a_b", "Under Score"), ("a/b", "Slash"), ("=cmd|' /C calc'!A0", "=HYPERLINK(1)"),
          ("CON", "Con Dev"), ("zoe", "Zoë Ñúñez")]


def values(key, student):
    """{(question, part): value} on ``student``'s own paper."""
    return {(q["id"], letter): p["value"] for q in key["students"][student]["questions"]
            for letter, p in zip("abc", q["parts"])}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A class of six on C7 (p, loss_y1, loss_y0): right, trap + ECF, blank +
    carried rounding + override, a formula, rounded too early, and no answers."""
    folder = tmp_path_factory.mktemp("class")
    with open(folder / "roster.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "name"), *ROSTER])
    generate(folder / "quiz", classes="C7", count=1, seed=11, students=folder / "roster.csv")
    key = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))
    rows = []
    for student, name in ROSTER[:5]:
        v = values(key, student)
        answers = {"s01": [f"{v['Q1', p]:#.4g}" for p in "abc"],
                   "a_b": [f"{1 - v['Q1', 'a']:#.3g}", f"{v['Q1', 'c']:#.3g}", f"{v['Q1', 'b']:#.3g}"],
                   "a/b": ["", f"{v['Q1', 'b']:#.4g}", "about 0.04 I think"],
                   "=cmd|' /C calc'!A0": [f"{v['Q1', 'a']:#.4g}", "=A1+1", f"{v['Q1', 'c']:#.4g}"],
                   "CON": [f"{v['Q1', 'a']:#.2g}", f"{v['Q1', 'b']:#.4g}", f"{v['Q1', 'c']:#.4g}"]}[student]
        rows += [(student, name, "Q1", part, answer) for part, answer in zip("abc", answers)]
    return folder, key, rows


def grade(folder, rows, sheets="sheets", delimiter=",", **options):
    """Grade ``rows`` (with a ``;`` delimiter: decimal commas) into folder ``sheets``."""
    answers = folder / f"answers-{sheets}.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=delimiter).writerows([("student_id", "name", "question_id", "part", "answer"),
                                                          *rows])
    (folder / "overrides.csv").write_text("student_id,question_id,part,score,comment\n"
                                          "a/b,Q1,c,50%,=see me: right idea\n", encoding="utf-8")
    quizgen.grade(answers, key=folder / "quiz" / "key.json", roster=folder / "roster.csv",
                  overrides=folder / "overrides.csv", outputs=GradeOutputs(feedback=str(folder / sheets)), **options)
    return answers.with_name(answers.stem + "-graded.csv")


def read(path, delimiter=","):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle, delimiter=delimiter))


def sheet_of(folder, sheets, student):
    """The text of ``student``'s sheet, found by its heading."""
    found = [p.read_text(encoding="utf-8") for p in (folder / sheets).glob("[!.]*")
             if p.read_text(encoding="utf-8").startswith(f"# Feedback for {student} (")]
    assert len(found) == 1, student
    return found[0]


def unmd(text):
    return re.sub(r"\\(.)", r"\1", text)


@pytest.mark.slow
def test_every_sheet_agrees_with_graded_csv_and_the_students_csv(graded):
    folder, _, rows = graded
    out = grade(folder, rows)
    final = read(out)
    students = read(out.with_name(out.stem + "-students.csv"))
    answered = [total for total in students if total["student_id"] != "zoe"]   # no answer: no sheet (instr30)
    assert len(list((folder / "sheets").glob("*.md"))) == len(answered) == len(ROSTER) - 1
    for total in answered:
        student = total["student_id"].removeprefix("'")
        sheet = sheet_of(folder, "sheets", re.sub(r"([|_<>*\\[\]`#])", r"\\\1", student))
        assert f"Score: **{total['score']} / {total['max_score']}** ({total['percent']}%)." in sheet
        table = [unmd(line).split(" | ") for line in sheet.splitlines() if re.match(r"\| [a-c] \|", line)]
        mine = {r["part"]: r for r in final if r["student_id"].removeprefix("'") == student}
        for letter, answer, status, score, expected in ((t[0][2:], *t[1:4], t[4][:-2]) for t in table):
            row = mine.get(letter, {"answer": "-", "status": "missing", "score": "0", "note": ""})
            given, points = (float(n) for n in score.split(" / "))   # a mark the marker set between 0 and full:
            verdict = "partly correct" if row["note"] == "override" and 0 < given < points else row["status"]
            assert (answer, status, score.split(" / ")[0]) == (row["answer"].removeprefix("'") or "-",
                                                               verdict, row["score"]), (student, letter)
        others = {r["answer"] for r in final if r["student_id"].removeprefix("'") != student and r["answer"]}
        assert not any(f"| {unmd(a)} |" in unmd(sheet) for a in others - {r["answer"] for r in mine.values()})


@pytest.mark.slow
def test_a_policys_points_are_the_points_each_sheet_shows(graded):
    """rev-fresh16: with `points:` in policy.yaml the questions CSV and the report used
    the new points, but every sheet still showed the key's ('1 / 0.5' for a part worth 1)."""
    folder, _, rows = graded
    (folder / "policy.yaml").write_text("points: {C7: {a: 3, b: 1, c: 1}}\n", encoding="utf-8")
    out = grade(folder, rows, sheets="sheets-points", policy=folder / "policy.yaml")
    students = {r["student_id"].removeprefix("'"): r for r in read(out.with_name(out.stem + "-students.csv"))}
    sheet = sheet_of(folder, "sheets-points", "s01")
    assert f"Score: **{students['s01']['score']} / 5**" in sheet
    points = [line.split(" | ")[3].split(" / ")[1] for line in sheet.splitlines() if re.match(r"\| [a-c] \|", line)]
    assert points == ["3", "1", "1"], sheet


@pytest.mark.slow
def test_feedback_says_why_in_plain_words(graded):
    folder, _, rows = graded
    grade(folder, rows)
    trap = sheet_of(folder, "sheets", "a\\_b")
    assert "- (a) misconception **the wrong sign inside the sigmoid**: " in trap   # the bank's name, not its code
    assert "sigmoid\\_sign\\_error" not in trap and "sigmoid_sign_error" not in trap
    assert "- (b) error carried forward: marked from your (a) = " in trap
    assert "- (c) error carried forward: marked from your (a) = " in trap
    early = sheet_of(folder, "sheets", "CON")
    assert "- (a) rounded too early: " in early and "give at least 3" in early
    assert "- (c) your marker's decision: =see me: right idea" in sheet_of(folder, "sheets", "a/b")


@pytest.mark.slow
def test_markdown_sheet_has_the_figure_and_the_labelled_parts_of_the_pdf_sheet(graded):
    folder, key, rows = graded
    grade(folder, rows)
    sheet = sheet_of(folder, "sheets", "s01")
    worked = sheet[sheet.index("### Worked solution"):]
    p_hat = key["students"]["s01"]["questions"][0]["parts"][0]["value"]
    figure = re.search(r"^!\[The loss \u2212ln p against p, the head's (?:IsNext|NotNext) probability; the dot marks "
                       rf"(?:p\u0302|1 \u2212 p\u0302) = {re.escape(shown_pair(LossPoint(p_hat))[0][:5])}\d* and \u2212ln(?: p\u0302|\(1 \u2212 p\u0302\)) = \d\.\d+\.\]\((s01-Q1-figure\.svg)\)$", worked, re.M)
    drawing = (folder / "sheets" / figure[1]).read_text(encoding="utf-8")
    assert re.search(rf"&#9679; (?:1 &#8722; )?p&#770; = {shown_pair(LossPoint(p_hat))[0]}", drawing)
    assert re.search(r"p</tspan> = (?:1 &#8722; )?p&#770;, the head's (?:Is|Not)Next probability</text>", drawing)
    assert "**Forecast.** " in worked and "**Check.** " in worked
    steps = re.findall(r"^\d\. \*\*[^*]+\.\*\* \*Why:\* ", worked, re.M)
    assert len(steps) == 3                                         # C7's three steps, titled as in the PDF

@pytest.mark.slow
def test_answers_are_shown_as_the_student_wrote_them_not_spreadsheet_guarded(graded):
    folder, _, rows = graded
    grade(folder, rows)
    sheet = sheet_of(folder, "sheets", "=cmd\\|' /C calc'!A0")
    assert "| b | =A1+1 | invalid |" in sheet and "'=A1+1 |" not in sheet


@pytest.mark.slow
def test_a_decimal_comma_class_gets_comma_numbers_on_its_sheets(graded):
    folder, _, rows = graded
    comma_rows = [r[:4] + (r[4].replace(".", ","),) for r in rows]
    (folder / "policy.yaml").write_text("imprecise_credit: 0.25\n", encoding="utf-8")
    out = grade(folder, comma_rows, "komma", ";", policy=folder / "policy.yaml")
    sheet = sheet_of(folder, "komma", "CON")
    total = [r for r in read(out.with_name(out.stem + "-students.csv"), ";") if r["student_id"] == "CON"][0]
    assert "," in total["score"] and f"Score: **{total['score']} / 6** ({total['percent']}%)." in sheet
    table = [line for line in sheet.splitlines() if re.match(r"\| [a-c] \|", line)]
    assert "| 0,5 / 2 |" in table[0] and all(re.search(r"\| \d+,\d+ \|$", line) for line in table)
    assert not re.search(r"\d\.\d", "\n".join(table))
    worked = sheet[sheet.index("### Worked solution"):]
    drawing = (folder / "komma" / re.search(r"\]\((CON_-Q1-figure\.svg)\)", worked)[1]).read_text(encoding="utf-8")
    assert re.search(r"&#9679; (?:p|(?:1 &#8722; )?p&#770;) = \d+,\d+</text>", drawing)     # the figure's labels too
    assert re.search(r"the dot marks (?:p|p\u0302|1 \u2212 p\u0302) = \d+,\d+ and \u2212ln(?: p| p\u0302|\(1 \u2212 p\u0302\)) = \d+,\d+\.\]", worked)
    worked = re.sub(r"<[^>]*>", "", worked)                        # (not its coordinates)
    assert not re.search(r"\d\.\d", worked) and re.search(r"\$[^$]*\d\{,\}\d[^$]*\$", worked)
    assert re.search(r"\*\*Answers:\*\* \(a\) \d+,\d+; \(b\) \d+,\d+; \(c\) \d+,\d+\.\n", worked)
    assert "**About the answers.** The questions asked for decimal answers to 3 significant figures." in sheet
    about = next(line for line in sheet.splitlines() if line.startswith("**About the answers.**"))
    assert re.search(r"\(\d,\d{4} is \d,\d{3} to 3\)", about) and not re.search(r"\d\.\d", about)


@pytest.fixture
def tex_sources(monkeypatch):
    """Grade into PDF sheets with TeX stubbed out: {sheet name: LaTeX source}."""
    from quizgen.grading import feedback_pdf

    made = {}

    def fake_compile(documents, progress=False):
        made.update(documents)
        return {name[:-4] + ".pdf": b"" for name in documents}

    monkeypatch.setattr(feedback_pdf, "check_tex", lambda: None)
    monkeypatch.setattr(feedback_pdf, "compile_sheets", fake_compile)
    return made


LONG = [("s01", "Maximiliana Wilhelmina Konstantinopoulou-Featherstonehaugh de la Cruz y Villanueva Oppenheimer III",
         "Q1", "a", "0.0911000000000000000000000000000000000000001"),
        ("s01", "", "Q1", "b", "thisisaverylonganswerwithoutanyspacesthatgoesonandonforever"),
        ("=cmd|' /C calc'!A0", "=HYPERLINK(\"http://example.com/averylongpath\")", "Q1", "a", "0.5")]


@pytest.mark.slow
def test_pdf_sheets_carry_the_same_plain_words_and_decimal_commas(graded, tex_sources):
    folder, _, rows = graded
    comma_rows = [r[:4] + (r[4].replace(".", ","),) for r in rows]
    answers = folder / "komma-pdf.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=";").writerows([("student_id", "name", "question_id", "part", "answer"),
                                                    *comma_rows])
    quizgen.grade(answers, key=folder / "quiz" / "key.json",
                  outputs=GradeOutputs(feedback=str(folder / "pdf"), feedback_format="pdf"))
    tex = tex_sources["a_b.tex"].replace(r"\penalty5000{}", "")
    assert "(c) 3,1920.\n" in tex and tex.count("The questions asked for decimal answers to 3 significant") == 1
    assert re.search(r"\(\d,\d{4} is \d,\d{3} to 3\)", tex)
    assert r"\item (c) error carried forward: marked from your (a) = 0,0" in tex
    assert re.search(r"Score: \\textbf\{4 / 6\} \(66,7\\%\)", tex)
    assert re.search(r"\na & 0,0\d+ & incorrect & 0 / 2 & 0,9\d+ \\\\", tex)
    worked = tex[tex.index("Worked solution"):]
    assert "node[below] {0{,}25};" in worked and re.search(r"\(\d\.\d+,\d\.\d+\)", worked)   # labels, not coordinates
    after = worked.split(r"\end{tikzpicture}")[-1]   # the steps, the check and the answers
    assert "tikzpicture" in worked and "0{,}" in after and not re.search(r"\d\.\d+(?![\d.]|em|pt)", after)


@pytest.mark.slow
def test_pdf_sheets_with_long_names_and_answers_have_no_overfull_lines(graded, tex_sources, tmp_path):
    import shutil
    import subprocess

    folder, _, _ = graded
    answers = folder / "long.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "name", "question_id", "part", "answer"), *LONG])
    quizgen.grade(answers, key=folder / "quiz" / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "pdf"), feedback_format="pdf"))
    assert sorted(tex_sources) == ["cmd_C_calc_A0.tex", "s01.tex"]   # a sheet for each student answering
    assert LONG[1][4] in tex_sources["s01.tex"].replace(r"\penalty5000{}", "")   # the long answer is in its table
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed")
    for name, source in tex_sources.items():
        (tmp_path / name).write_text(source, encoding="utf-8")
        subprocess.run(["pdflatex", "-interaction=nonstopmode", "-no-shell-escape", name], cwd=tmp_path,
                       capture_output=True, timeout=120)
        log = (tmp_path / name).with_suffix(".log").read_text(encoding="utf-8", errors="replace")
        assert "Overfull \\hbox" not in log, (name, log[log.find("Overfull"):][:300])


@pytest.mark.slow
def test_a_rerun_replaces_its_own_stale_sheets_and_nothing_else(graded, tex_sources, tmp_path):
    folder, _, rows = graded
    sheets = tmp_path / "sheets"
    sheets.mkdir()
    (sheets / "notes.md").write_text("the instructor's own file\n", encoding="utf-8")
    (tmp_path / "outside.md").write_text("not a sheet\n", encoding="utf-8")
    key = folder / "quiz" / "key.json"

    def run(answer_rows, fmt="md", name="answers.csv"):
        with open(tmp_path / name, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([("student_id", "name", "question_id", "part", "answer"), *answer_rows])
        quizgen.grade(tmp_path / name, key=key, outputs=GradeOutputs(feedback=str(sheets), feedback_format=fmt))
        assert (sheets / "index.csv").is_file()   # every run's: which sheet is whose (index-2.csv beside an index
        #                                           the hand-written list below does not vouch for)
        return sorted(p.name for p in sheets.iterdir()
                      if p.name != ".quizgen-sheets" and not re.fullmatch(r"index(-\d+)?\.csv", p.name))

    sheets_md = ["CON_.md", "a_b-2.md", "a_b.md", "cmd_C_calc_A0.md", "notes.md", "s01.md"]   # zoe: no answer, no sheet
    everyone = sorted(sheets_md + [n.replace(".md", "-Q1-figure.svg") for n in sheets_md if n != "notes.md"])
    assert run(rows) == everyone
    listed = "".join(f"{n}\n" for n in everyone + ["gone.md"] if n != "notes.md")
    (sheets / ".quizgen-sheets").write_text(listed, encoding="utf-8")    # as if an earlier run wrote gone.md
    (sheets / "gone.md").write_text("# Feedback for a student no longer in the class\n", encoding="utf-8")
    assert run(rows) == sorted(everyone + ["gone.md"])   # no answers of theirs: kept, and a note says so (instr29)
    (sheets / "gone.md").unlink()
    (sheets / ".quizgen-sheets").write_text("S01.md\n../outside.md\nnotes.txt\n.hidden.md\n", encoding="utf-8")
    assert run(rows) == everyone and (tmp_path / "outside.md").exists()   # S01.md is s01.md ignoring case
    assert run(rows, "pdf") == sorted([n.replace(".md", ".pdf") for n in sheets_md if n != "notes.md"] + ["notes.md"])


def test_the_summary_names_the_feedback_folder_where_it_is(graded, tmp_path):
    from click.testing import CliRunner
    from quizgen.cli import main

    folder, _, rows = graded
    answers = tmp_path / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "name", "question_id", "part", "answer"), *rows])
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(folder / "quiz" / "key.json"),
                                       "--out", str(tmp_path / "out") + "/", "--feedback", str(tmp_path / "sheets")])
    assert result.exit_code == 0, result.output
    assert f"answers-graded-report.html in {tmp_path / 'out'}/\n" in result.output
    assert f"Wrote the feedback sheets in {tmp_path / 'sheets'}/ (index.csv says which sheet is whose)\n" in result.output


def test_sheet_names_do_not_depend_on_the_order_of_the_answers():
    from quizgen.grading.feedback import safe_file_names

    ids = ["a/b", "a_b", "A\\B", "CON", "con_", "s01", "../s01"]
    names = dict(zip(ids, safe_file_names(ids)))
    assert names == {"a_b": "a_b", "con_": "con_", "s01": "s01", "A\\B": "A_B-2", "a/b": "a_b-3", "CON": "CON_-2",
                     "../s01": "s01-2"}
    for shuffled in (ids[::-1], ids[2:] + ids[:2]):
        assert dict(zip(shuffled, safe_file_names(shuffled))) == names


@pytest.mark.slow
def test_a_sheet_never_replaces_another_file_in_its_folder(graded, tmp_path):
    folder, _, rows = graded
    sheets = tmp_path / "sheets"
    sheets.mkdir()
    (sheets / "S01.md").write_text("the instructor's notes on s01\n", encoding="utf-8")
    (sheets / "CON_.md").write_text("# Feedback for CON (an older quizgen's sheet)\n", encoding="utf-8")
    answers = tmp_path / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "name", "question_id", "part", "answer"), *rows])
    quizgen.grade(answers, key=folder / "quiz" / "key.json", outputs=GradeOutputs(feedback=str(sheets)))
    assert (sheets / "S01.md").read_text(encoding="utf-8") == "the instructor's notes on s01\n"
    assert (sheets / "s01-2.md").read_text(encoding="utf-8").startswith("# Feedback for s01 (O'Brien, Ann)")
    assert (sheets / "CON_.md").read_text(encoding="utf-8").startswith("# Feedback for CON (Con Dev)")
    quizgen.grade(answers, key=folder / "quiz" / "key.json", outputs=GradeOutputs(feedback=str(sheets)))
    assert sorted(p.name for p in sheets.glob("s01*")) == ["s01-2-Q1-figure.svg", "s01-2.md"]   # a rerun keeps the names


def test_a_worked_examples_paper_gets_the_worked_solution_of_its_own_numbers(tmp_path):
    """The reference's example 6 (C7, s = 1.2): the sheet's worked solution is
    the canonical one, not a random draw of the seed label "canonical"."""
    generate(tmp_path / "quiz", classes="C7", worked_examples=True)
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.769\ns1,Q1,b,0.263\ns1,Q1,c,1.47\n",
                       encoding="utf-8")
    quizgen.grade(answers, key=tmp_path / "quiz" / "key.json", outputs=GradeOutputs(feedback=str(tmp_path / "fb")))
    sheet = (tmp_path / "fb" / "s1.md").read_text(encoding="utf-8")
    solution = sheet.split("Worked solution")[1]
    assert "0.7685" in solution and "1.2" in solution and "-1.6" not in solution


def test_a_paper_whose_template_now_draws_other_numbers_says_so(tmp_path):
    from quizgen.grading.feedback import Solutions
    from quizgen.key.model import KeyQuestion

    question = KeyQuestion("Q1", "nsp-sigmoid-loss", seed="canonical", params={"s": 9.99, "y": 1, "pair": 0})
    solutions = Solutions(())
    assert solutions.view(question, "md") == "No worked solution is available for this question."
    assert solutions.warning() == ["feedback sheets: no worked solution for template nsp-sigmoid-loss (its seed "
                                   "label now draws other numbers than the key holds): the template was edited "
                                   "since, or the key was made by another version of quizgen, which drew that seed "
                                   "label otherwise (the marks are unaffected: they come from the key)"]


def test_an_override_that_changes_the_status_drops_the_graders_feedback(tmp_path):
    """An ECF answer overridden to 0 with no comment no longer says it was
    correct given the student's (a); one whose status stays keeps its words."""
    generate(tmp_path / "quiz", classes="C7", worked_examples=True)
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       "s1,Q1,a,0.850\ns1,Q1,b,0.163\ns2,Q1,a,0.850\ns2,Q1,b,0.163\ns3,Q1,a,0.2315\n",
                       encoding="utf-8")
    overrides = tmp_path / "overrides.csv"
    overrides.write_text("student_id,question_id,part,score\ns1,Q1,b,0\ns2,Q1,b,1\ns3,Q1,a,1\n", encoding="utf-8")
    result = quizgen.grade(answers, key=tmp_path / "quiz" / "key.json", overrides=overrides)
    with open(result.paths["graded"], newline="", encoding="utf-8-sig") as handle:
        rows = {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}
    assert (rows["s1", "b"]["status"], rows["s1", "b"]["note"], rows["s1", "b"]["feedback"]) == \
        ("incorrect", "override", "")
    assert rows["s2", "b"]["status"] == "correct" and "error carried forward" in rows["s2", "b"]["feedback"]
    # the sigmoid-sign trap answer given full marks is no longer that misconception
    assert (rows["s3", "a"]["status"], rows["s3", "a"]["misconception"], rows["s3", "a"]["feedback"]) == \
        ("correct", "", "")


def test_rounded_too_early_after_an_earlier_mistake_is_said_once():
    """The label and the grader's feedback both said 'rounded too early'."""
    from quizgen.grading.feedback import PartLine, part_notes

    line = PartLine("b", "0,26", "imprecise", "0", "2", "0,2609", "",
                    "marked from your (a) = 0,77: rounded too early: right to 2 significant figures, give at least 3 "
                    "(expected 0,261)", "", "rounded_too_early")
    (note,) = part_notes(line)
    assert (note.label, note.text) == ("rounded too early", "marked from your (a) = 0,77: right to 2 significant "
                                                            "figures, give at least 3 (expected 0,261)")
