"""Fixes from an instructor's review (instr29), one section each.

1. Answers none of whose ids has a paper in a per-student key (a form's
   ``Email address`` read as the id) stop grading in one line, exit 2, nothing
   written, with or without --roster, as a roster matching nobody does; ids on
   the roster with no paper (generate theirs) are graded as before.
"""

from __future__ import annotations

import json

import pytest

from grading_support import own_paper_code
from quizgen.errors import ExpressionError


def paper(name):
    """A one-part paper of a per-student key (and the class paper's question)."""
    q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 2,
          "parts": [{"part": "a", "name": "a", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
                     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}
    return {"name": name, "seed": name, "questions": [q1]}, q1


def own_papers(folder, ids=("s0001", "s0002", "s0003")):
    """key.json with a paper for each of ``ids``, and roster.csv listing them."""
    key = {"questions": [paper("class")[1]], "students": {sid: paper(f"N {sid}")[0] for sid in ids}}
    (folder / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (folder / "roster.csv").write_text("student_id,name\n" + "".join(f"{sid},N {sid}\n" for sid in ids),
                                       encoding="utf-8")


# ---------------------------------------------------------------- 1. ids matching no paper

@pytest.mark.parametrize("with_roster", [False, True])
def test_answers_whose_ids_match_no_paper_stop_grading(tmp_path, invoke, with_roster):
    own_papers(tmp_path)
    (tmp_path / "em.csv").write_text("Email address,Q1a\n" + "".join(f"s000{n}@uni.edu,0.5\n" for n in (1, 2, 3)),
                                     encoding="utf-8")
    roster = ["--roster", tmp_path / "roster.csv"] if with_roster else []
    result = invoke("grade", tmp_path / "em.csv", "--feedback", tmp_path / "fb", "--out", tmp_path / "out", *roster)
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    if with_roster:   # the roster lists the papers' ids: the answers' ids are what is wrong (fixb29)
        assert ("em.csv: none of its student ids has a paper in key.json nor is on " in said
                and "roster.csv, which lists the papers' ids (first: s0001@uni.edu); give answers whose student id "
                    "column holds the ids the papers were made for" in said), said
    else:             # the key's papers are the roster
        assert "em.csv: none of its student ids has a paper in key.json (first: s0001@uni.edu)" in said, said
    assert not (tmp_path / "out").exists() and not (tmp_path / "fb").exists()


def test_a_mistyped_id_near_a_paper_is_graded_and_hinted(tmp_path, invoke):
    own_papers(tmp_path, ids=("2300142",))
    (tmp_path / "a.csv").write_text("student_id,Q1a\n2300124,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv")
    assert result.exit_code == 0, result.output
    assert "2300124 (did you mean 2300142?)" in result.output


# ---------------------------------------------------------------- 2. a second section's feedback sheets

def sheet(folder, sid):
    return (folder / "fb" / f"{sid}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("roster", [False, True])
@pytest.mark.slow
def test_a_second_sections_run_keeps_the_first_sections_sheets_and_says_so(tmp_path, invoke, roster):
    own_papers(tmp_path)
    (tmp_path / "secA.csv").write_text("student_id,Q1a\ns0001,0.5\n", encoding="utf-8")
    (tmp_path / "secB.csv").write_text("student_id,Q1a\ns0002,0.5\n", encoding="utf-8")
    (tmp_path / "rosterB.csv").write_text("student_id\ns0002\ns0003\n", encoding="utf-8")
    assert invoke("grade", tmp_path / "secA.csv", "--feedback", tmp_path / "fb").exit_code == 0
    first = sheet(tmp_path, "s0001")
    assert "**2 / 2**" in first
    more = ["--roster", tmp_path / "rosterB.csv"] if roster else []
    result = invoke("grade", tmp_path / "secB.csv", "--feedback", tmp_path / "fb", *more)
    assert result.exit_code == 0, result.output
    assert "**2 / 2**" in sheet(tmp_path, "s0002")
    assert sheet(tmp_path, "s0001") == first   # with no roster too (instr30): no answer here, no new sheet
    said = " ".join(result.output.split())
    if roster:   # s0001 is not in this run's class: a note
        assert ("Note: 1 feedback sheet(s) an earlier run wrote in the feedback folder are kept, for students this run "
                "has no answers for (another section's, graded before?): s0001.md") in said
    else:   # the key's papers are the class, s0001 missing in it (scored 0): a warning (review 43b F6)
        assert ("warning: 1 feedback sheet(s) an earlier run wrote in the feedback folder are kept for students this "
                "run has on its key or roster but no answer from (missing, scored 0 in its reports): s0001.md; each "
                "shows that earlier run's score: keep them if that run graded these students (another batch)") in said
    assert "s0001.md" in (tmp_path / "fb" / ".quizgen-sheets").read_text(encoding="utf-8")   # still ours next run


def test_a_kept_sheets_figure_stays_and_a_replaced_kind_goes(tmp_path):
    from quizgen.grading.feedback_files import write_sheet_files

    notes = []
    write_sheet_files(tmp_path, {"a.md": "# Feedback for a\n![f](a-Q1-figure.svg)\n", "a-Q1-figure.svg": "<svg/>",
                                 "b.md": "# Feedback for b\n"})
    write_sheet_files(tmp_path, {"b.pdf": b"%PDF-1.5"}, notes=notes)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".quizgen-sheets", "a-Q1-figure.svg", "a.md", "b.pdf"]
    assert notes == ["1 feedback sheet(s) an earlier run wrote in the feedback folder are kept, for students this "
                     "run has no answers for (another section's, graded before?): a.md; delete them by hand if they "
                     "are stale"]


# ---------------------------------------------------------------- 3. an override that keeps a misconception

TRAP_KEY = {"questions": [{"id": "Q1", "parts": [{
    "part": "a", "type": "numeric", "points": 2.0, "value": 0.408, "answer": "0.408", "abs_tolerance": 0.0005,
    "misconceptions": [{"code": "sign_error", "value": -0.408, "feedback": "The sign flips inside the log."}]}]}]}


@pytest.mark.parametrize("comment, said", [
    ("checked: sign error", ["- (a) misconception **sign error**: The sign flips inside the log.",
                             "- (a) your marker's decision: checked: sign error"]),
    ("", ["- (a) misconception **sign error**: The sign flips inside the log."])])
def test_an_override_keeping_a_trap_explains_the_trap_and_then_gives_the_comment(tmp_path, invoke, comment, said):
    (tmp_path / "key.json").write_text(json.dumps(TRAP_KEY), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,Q1a\ns1,-0.408\n", encoding="utf-8")
    (tmp_path / "ov.csv").write_text(f"student_id,question_id,part,score,comment\ns1,Q1,a,0,{comment}\n",
                                     encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--overrides", tmp_path / "ov.csv", "--feedback", tmp_path / "fb")
    assert result.exit_code == 0, result.output
    lines = [line for line in sheet(tmp_path, "s1").splitlines() if line.startswith("- (a)")]
    assert lines == said


# ---------------------------------------------------------------- 4. a slip of the pen in one's own paper code

def test_code_slip_names_one_slip_of_the_pen_only():
    from quizgen.key.papercode import code_slip

    assert code_slip("R09M-RYJ8", "R09M-RYJB") == "8 for B, which look alike"
    assert code_slip("r09m ryja", "R09M-RYJB") == "A for B"
    assert code_slip("R09M-RJYB", "R09M-RYJB") == "two neighbours swapped"
    assert code_slip("R09M-RJB", "R09M-RYJB") == "a character left out"
    assert code_slip("R09M-RYJBB", "R09M-RYJB") == "a character too many"
    assert code_slip("X09M-RYJ8", "R09M-RYJB") == "" and code_slip("R0OM-RYJB", "R09M-RYJB") != ""
    assert code_slip("ROPM-RYJB", "R09M-RYJB") == "P for 9" and code_slip("R09M-RYJB", "R09M-RYJB") == ""


@pytest.mark.slow
def test_a_slip_in_ones_own_paper_code_is_named_so_and_the_sheet_has_no_instructor_advice(invoke, tmp_path):
    own = own_paper_code(invoke, tmp_path)
    slipped = own[:-1] + ("A" if own[-1] != "A" else "C")
    (tmp_path / "a.csv").write_text(f"student_id,paper,Q1a,Q1b\ns001,{slipped},0.1,0.2\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "quiz" / "key.json", "--feedback", tmp_path / "fb")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert (f"Note: s001 wrote paper code {slipped} on all 2 of their coded answers, one slip from their own paper's "
            f"code {own} ({slipped[-1]} for {own[-1]}): probably their own paper") in said, said
    sheet_text = (tmp_path / "fb" / "s001.md").read_text(encoding="utf-8")
    assert f"is one slip from your own paper's code ({own}); your marker will check" in sheet_text   # words33
    assert "this student" not in sheet_text and "a person checks" not in sheet_text
    assert "generate" not in sheet_text and "key.json" not in sheet_text
    far = "ZZZZ-ZZZZ" if own != "ZZZZ-ZZZZ" else "YYYY-YYYY"   # no slip: no paper of this key
    (tmp_path / "a.csv").write_text(f"student_id,paper,Q1a,Q1b\ns001,{far},0.1,0.2\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "quiz" / "key.json", "--feedback", tmp_path / "fb")
    said = " ".join(result.output.split())
    assert f"s001 wrote paper code(s) not their own ({far}; their own paper is {own})" in said, said
    assert "another run of generate?" in said
    sheet_text = (tmp_path / "fb" / "s001.md").read_text(encoding="utf-8")
    assert f"is the code of no paper of this exam (yours is {own})" in sheet_text and "generate" not in sheet_text


# ---------------------------------------------------------------- 6. the HTML page's percentages

def test_the_html_page_rounds_a_percentage_tie_as_the_other_outputs_do(tmp_path, invoke):
    key = {"questions": [{"id": "Q1", "parts": [dict(TRAP_KEY["questions"][0]["parts"][0], points=16.0)]}]}
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,Q1a\ns1,0.408\ns2,0.1\n", encoding="utf-8")
    (tmp_path / "ov.csv").write_text("student_id,question_id,part,points\ns1,Q1,a,13\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--overrides", tmp_path / "ov.csv")
    assert result.exit_code == 0, result.output
    assert "81.3" in (tmp_path / "a-graded-students.csv").read_text(encoding="utf-8-sig")
    page = (tmp_path / "a-graded-report.html").read_text(encoding="utf-8")
    assert '<td class="num">81.3</td>' in page and '"s1","",' in page
    data = page[page.index('"s1","",'):]
    assert data.split(",")[4] == "81.3", data[:80]   # the script's data: [id, name, score, max, percent, ...]
    assert "81.2" not in page


# ---------------------------------------------------------------- 7. a repeated override differing only in its comment

def test_a_repeated_override_says_when_only_its_comment_differs():
    from quizgen.grading.override_warnings import describe_repeat
    from quizgen.marking.overrides import Override

    first = Override("s0013", "Q3", "a", 0.5, line=6)
    said = describe_repeat(first, Override("s0013", "Q3", "a", 0.5, comment="same as trap credit", line=7),
                           "s0013 Q3 (a)", "ov2.csv")
    assert said == ("ov2.csv: line 7 decides s0013 Q3 (a) again (line 6 gave the same marks; only the comment "
                    "differs); line 7 is used")
    assert "(line 6 did the same)" in describe_repeat(first, Override("s0013", "Q3", "a", 0.5, line=7), "p", "f")
    assert "decided it otherwise" in describe_repeat(first, Override("s0013", "Q3", "a", 1.0, line=7), "p", "f")


# ---------------------------------------------------------------- 5. a key's value edited by hand

def edited_key(folder, value):
    key = json.loads(json.dumps(TRAP_KEY))
    key["questions"][0]["parts"][0].update(exact="exp(4)/(E + exp(4) + exp(2.5))", value=value)
    (folder / "key.json").write_text(json.dumps(key), encoding="utf-8")


def test_a_value_that_is_not_its_exact_forms_is_refused_naming_its_path(tmp_path, invoke):
    edited_key(tmp_path, 0.5)
    (tmp_path / "a.csv").write_text("student_id,Q1a\ns1,0.786\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--out", tmp_path / "out" / "g.csv")
    assert result.exit_code == 2, result.output
    assert ("key.json: questions[0].parts[0].value: 0.5 is not the value of its exact form "
            '"exp(4)/(E + exp(4) + exp(2.5))", which is 0.7855970346: was it edited by hand?') in result.output
    assert not (tmp_path / "out").exists()
    edited_key(tmp_path, 0.7855970345892758)
    assert invoke("grade", tmp_path / "a.csv", "--out", tmp_path / "out" / "g.csv").exit_code == 0


def test_the_exact_check_values_each_text_once_and_leaves_what_has_no_float_form():
    from quizgen.key import exact_check

    assert exact_check.disagreement("1/(1 + exp(2.7))", 0.06297335605699649) is None
    assert exact_check.disagreement("1/(1 + exp(2.7))", 0.06) == pytest.approx(0.0629733560)
    assert exact_check.disagreement("1/(1 + exp(3.7))", 0.5) is not None
    assert "_n/(_n + exp(_n))" in exact_check._SHAPES   # one shape for both texts
    assert exact_check.disagreement("max(list(1, 2))", 0.5) is None   # no float form: not checked
    with pytest.raises(ExpressionError, match="is not an expression quizgen reads"):   # no key writes it
        exact_check.disagreement("Piecewise((1, x > 0))", 0.5)
    assert exact_check.disagreement("0", 1e-13) is None and exact_check.disagreement(None, 0.5) is None
