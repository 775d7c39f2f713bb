"""The class report as a psychometrician reads it: a small class's figures
come with a caveat and the group size; a question's flag reason agrees with
its part's (a widespread trap explains a very hard question too); the
discrimination guide is Ebel's and the flag sits at its "poor" cut; an item
whose score does not vary says so; histogram bands have stated edges; the
corrected r has one name and the trap tables say whose count they show; long
names wrap in the page; bidi controls never reach a report."""

import csv
import io
import re

from quizgen.report import analyse, items_csv, markdown_sections, report_html
from quizgen.report import charts
from quizgen.report.formatting import md_cell
from quizgen.report.model import Part, Student, Trap, Verdict

R, W = Verdict("correct", 1.0), Verdict("incorrect", 0.0)


def _class(rows, parts=None):
    parts = parts or [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0), Part("Q3", "a", "C1", "t", 1.0)]
    return parts, [Student(f"s{k}", f"Student {k}", row) for k, row in enumerate(rows)]


def test_a_small_class_states_n_and_the_group_size_with_a_caveat():
    parts, students = _class([[R, R, R], [R, W, R], [W, W, W]])
    analysis = analyse(parts, students)
    md, html = markdown_sections(analysis), report_html(analysis)
    caveat = ("A small class: 3 students answered (fewer than 30), so each 27% group has 1 student. "
              "D and r are rough here (the standard error of r is about 1/√n = 0.58): "   # alpha: n/a (52c F7)
              "read the flags as hints, not verdicts.")
    assert caveat in md and caveat in html
    assert "| upper and lower groups (27%) | 1 student each |" in md
    assert "upper and lower groups (27%)</span><b>1 student each</b>" in html


def test_a_class_of_thirty_has_no_caveat_but_its_group_size():
    parts, students = _class([[R if (k + j) % 3 else W for j in range(3)] for k in range(30)])
    md = markdown_sections(analyse(parts, students))
    assert "A small class" not in md and "| upper and lower groups (27%) | 8 students each |" in md


def _single_part_trap_class():
    """Q3 has one part; 12 of 25 fell into its trap: the part's and the question's reasons must agree."""
    trap = Trap("sum_instead_of_mean", "Average, do not add.")
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0),
             Part("Q3", "a", "C1", "t", 1.0, (trap,))]
    rows = []
    for k in range(25):
        q3 = Verdict("incorrect", 0.0, "sum_instead_of_mean") if k < 12 else (R if k == 24 else W)
        rows.append([R if k % 2 else W, R if k % 3 else W, q3])
    return _class(rows, parts)


def test_a_questions_hard_reason_reads_its_parts_traps():
    analysis = analyse(*_single_part_trap_class())
    part, question = analysis.parts[2], analysis.questions[2]
    expected = "very hard: few students scored (facility below 0.20); 48% fell into sum_instead_of_mean, a widespread misconception"
    assert expected in part.reasons and expected in question.reasons
    assert not any("check that it was taught" in reason for reason in question.reasons)
    rows = list(csv.DictReader(io.StringIO(items_csv(analysis).lstrip("\ufeff"))))
    (q3,) = [r for r in rows if r["level"] == "question" and r["question_id"] == "Q3"]
    assert expected in q3["note"]


def test_weak_discrimination_flags_an_item_rest_r_below_020():
    """r = 0.15 was unflagged (the flag was at 0.10) though an item-rest r should exceed 0.20
    (Everitt and Skrondal); the flag says so in those words, not with Ebel's bands, which are D's."""
    from quizgen.report.analysis import reasons
    from quizgen.report.model import ItemStats

    item = ItemStats("Q1", "a", "C1", "t", 1.0, 40, facility=0.5, discrimination=0.2, point_biserial=0.15)
    assert reasons(item) == [
        "correlates weakly with the rest of the paper (item-rest r below 0.20); D can still look good, as it "
        "ranks students by totals that include the points of this part (most so on a short paper or a heavily "
        "weighted part), while r leaves the part out: read the part for a wording open to two readings, a key "
        "or tolerance that marks sound answers wrong, or a skill the rest of the paper does not test"]
    assert reasons(ItemStats("Q1", "a", "C1", "t", 1.0, 40, facility=0.5, discrimination=0.3,
                             point_biserial=0.2)) == []


def test_a_question_whose_score_does_not_vary_says_so_not_guessing():
    """Everyone scored 1 of Q1's 2 points: r and D are n/a (a D of 0 beside "cannot be measured"
    contradicted it); the reason is the missing variance, not 'near-zero discrimination ... guessing'."""
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q1", "b", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    rows = [[R, W, R], [W, R, W], [R, W, W], [W, R, R], [R, W, R], [W, R, W]]
    analysis = analyse(*_class(rows, parts))
    question = analysis.questions[0]
    assert question.point_biserial is None and question.discrimination is None and question.facility == 0.5
    assert question.reasons == ["every student scored the same; discrimination cannot be measured"]


def test_d_is_read_only_for_its_sign_where_r_is_na():
    """Where r is n/a, a D of 0.05 raised 'near-zero ... guessing' though the
    docs say D is used only for D < 0; a negative D still flags."""
    from quizgen.report.analysis import reasons
    from quizgen.report.model import ItemStats

    assert reasons(ItemStats("Q1", "a", "C1", "t", 1.0, 9, facility=0.5, discrimination=0.05)) == []
    assert reasons(ItemStats("Q1", "a", "C1", "t", 1.0, 9, facility=0.5, discrimination=-0.05))[0].startswith(
        "does not discriminate: its score does not rise with the rest of the paper (D < 0)")


def test_histogram_bands_state_their_edges():
    svg = str(charts.histogram([0, 1] + [0] * 8))
    assert "<title>10 to under 20%: 1 student</title>" in svg and "90 to 100%: 0" in svg
    assert "10-20%" not in svg
    parts, students = _class([[R, W, W, W, W, W, W, W, W, W]] * 2,
                             [Part("Q1", p, "C1", "t", 1.0) for p in "abcdefghij"])
    html = report_html(analyse(parts, students))
    assert "<tr><th scope=\"row\">10 to under 20%</th><td class=\"num\">2</td></tr>" in html


def test_the_corrected_r_has_one_name_and_the_trap_count_says_whose():
    analysis = analyse(*_single_part_trap_class())
    md, html = markdown_sections(analysis), report_html(analysis)
    assert "r (corrected item-rest)" in md and "<th scope=\"col\" class=\"num\">r (corrected item-rest)</th>" in html
    assert "point-biserial</th>" not in html and "r (corrected) |" not in md
    assert "| part | trap | students in the trap | share |" in md
    assert "<th scope=\"col\">trap</th><th scope=\"col\" class=\"num\">students in the trap</th>" in html


def test_long_names_wrap_in_the_page():
    """A long name wraps between words, and breaks inside one only when that word alone overflows
    (the classes table's misconceptions alone may break anywhere, to fit a phone)."""
    css = re.search(r"<style>(.*?)</style>", report_html(analyse(*_class([[R, W, R], [W, R, W]]))), re.S).group(1)
    assert "td:not(.num){overflow-wrap:break-word}" in css and "td.num{white-space:nowrap}" in css
    pinned = "#class-table td:last-child{overflow-wrap:anywhere}"   # its codes, which have no break point
    assert "anywhere" not in css.replace(pinned, "") and "break-all" not in css


BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def test_bidi_controls_never_reach_a_report_or_a_name_cell():
    assert md_cell(f"Ada{BIDI}Lovelace") == "AdaLovelace"
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    students = [Student(f"s{k}\u202e", f"\u202eName{k}\u2067", [R if k % 2 else W, W if k % 3 else R])
                for k in range(4)]
    html = report_html(analyse(parts, students))
    assert not any(char in html for char in BIDI)
    assert '"s1","Name1"' in html


def test_every_sheet_and_page_removes_the_same_direction_controls():
    # the Markdown cell, the HTML page and the PDF sheet's text all drop them
    # (the PDF sheet turned them into spaces: "Ada Lovelace" there, "AdaLovelace"
    # on the Markdown sheet); other invisible characters still become a space
    from quizgen.grading.feedback_pdf import plain
    from quizgen.report.formatting import display_text, without_direction_controls
    name = f"Ada{BIDI}Lovelace"
    assert md_cell(name) == display_text(name) == plain(name) == without_direction_controls(name) == "AdaLovelace"
    assert plain("Ada\u200bLove\tlace\n") == "Ada Love lace"


def test_an_r_just_below_zero_shown_as_000_says_why_it_is_not_flagged_r_below_0():
    """An item-rest r of -0.003 is 0.00 to 2 decimals: weak, not "r < 0"; the items CSV's
    note said why only for the 0.20 and facility cuts, so a reader saw a negative r unflagged."""
    from quizgen.report.flags import reasons, rounding_notes
    from quizgen.report.model import ItemStats

    item = ItemStats("Q1", "a", "C1", "t", 1.0, 100, facility=0.43, discrimination=0.211, point_biserial=-0.003)
    item.dr_students = 100_000   # the 5% critical value of r 0.0062, compared unrounded (review 50b F6, 51a F1)
    assert [r.split(" (")[0] for r in reasons(item)] == ["correlates weakly with the rest of the paper"]
    assert rounding_notes(item) == ["not r < 0: point_biserial (item-rest r) -0.003 is 0.00 to 2 decimals, the "
                                    "figure the flags compare, so not below 0.00"]
    item.point_biserial = -0.0065   # -0.01 shown, beyond 0.0062: flagged, no note
    assert rounding_notes(item) == [] and reasons(item)[0].startswith("does not discriminate")
    item.point_biserial = -0.006   # -0.01 shown, but within 0.0062: weak, not a key to check (review 51a F1)
    assert rounding_notes(item) == [] and reasons(item)[0].startswith("correlates weakly")


def test_in_a_small_class_the_critical_value_not_rounding_keeps_r_below_0_unflagged():
    """rev43e F6: below 30 students "r < 0" is flagged only beyond the 5% critical value, so the
    rounding note "not r < 0 ... 0.00 to 2 decimals" gave a false reason for an r of -0.003."""
    from quizgen.report.flags import rounding_notes
    from quizgen.report.model import ItemStats

    item = ItemStats("Q1", "a", "C1", "t", 1.0, 10, facility=0.5, discrimination=0.3, point_biserial=-0.003)
    item.dr_students = 10
    assert rounding_notes(item) == []
