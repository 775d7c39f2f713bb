"""report.md shows the score distribution as text and lists the lowest scorers, lowest first,
so that an instructor sees who may need help without the page (its students table is in roster order)."""

from quizgen.report import analyse, markdown_sections
from quizgen.report.model import Part, Student, Verdict

R, W, MISSING = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("missing", 0.0)
PARTS = [Part("Q1", x, "C1", "t", 1.0) for x in "abcd"]


def _class(extra=()):
    """12 students s00..s11 scoring k % 5 of 4 parts (so 0%, 25% ... 100%, 0% ...), then ``extra``."""
    students = [Student(f"s{k:02}", f"N{k}", [R if j < k % 5 else W for j in range(4)]) for k in range(12)]
    return analyse(PARTS, students + list(extra))


def test_the_distribution_is_a_text_histogram_of_the_bands():
    md = markdown_sections(_class())
    assert ("| score band | students | |\n| --- | --- | --- |\n| 0 to under 10% | 3 | ############################## |\n"
            "| 10 to under 20% | 0 |  |\n| 20 to under 30% | 3 | ############################## |\n") in md
    assert "| 90 to 100% | 2 | #################### |" in md


def test_the_lowest_scorers_come_lowest_first_with_ties_at_the_cut_and_no_absentee():
    md = markdown_sections(_class([Student("gone", "", [MISSING] * 4)]))
    section = md[md.index("### Lowest scorers"):md.index("### Parts and questions")]
    assert ("The 10 students with the lowest percentages of the 12 who answered, lowest first (those tied "
            "with the last included)") in section
    ids = [line.split(" | ")[0][2:] for line in section.splitlines() if line.startswith("| s") and not line.startswith("| student")]
    assert ids == ["s00", "s05", "s10", "s01", "s06", "s11", "s02", "s07", "s03", "s08"]
    assert "| s00 | N0 | 0.0 |" in section and "gone" not in section
    tied = markdown_sections(_class([Student("s12", "", [R, R, R, W])]))   # a third on 75%: tied with the 10th
    assert "The 11 students with the lowest percentages of the 13 who answered" in tied
    assert "of the 12 students who answered" in md   # the distribution leaves the absent out


def test_a_tie_of_many_lists_at_most_30():
    analysis = analyse(PARTS, [Student(f"t{k:03}", "", [W] * 4) for k in range(50)] + [Student("top", "", [R] * 4)])
    md = markdown_sections(analysis)
    assert ("The first 30 of the 50 students with the lowest percentages of the 51 who answered, lowest first"
            in md)
    section = md[md.index("### Lowest scorers"):md.index("### Parts and questions")]
    assert sum(line.startswith("| t") for line in section.splitlines()) == 30


def _lowest(analysis) -> str:
    """The "### Lowest scorers" section of report.md, "" when there is none."""
    md = markdown_sections(analysis)
    return md[md.index("### Lowest scorers"):md.index("### Parts and questions")] if "### Lowest scorers" in md else ""


def test_no_lowest_scorers_when_nobody_is_below_the_highest_score():
    assert _lowest(analyse(PARTS, [Student(f"t{k}", "", [R, R, R, W]) for k in range(2)])) == ""   # two, tied
    tied = [Student(f"t{k:02}", "", [R, R, W, W]) for k in range(20)]
    assert _lowest(analyse(PARTS, tied)) == ""   # all on 50%: nobody below the highest score
    assert "The 20 students with the lowest percentages of the 21 who answered" in _lowest(
        analyse(PARTS, tied + [Student("top", "", [R] * 4)]))   # one above the tie: the list says something


def _ids(section: str) -> list:
    return [line.split(" | ")[0][2:] for line in section.splitlines()
            if line.startswith("| ") and not line.startswith(("| student", "| ---"))]


def test_when_the_cut_reaches_the_highest_score_those_below_it_are_listed():
    few = [Student(f"s{k}", "", [R if j < k % 5 else W for j in range(4)]) for k in range(10)]
    section = _lowest(analyse(PARTS, few))   # ten students: the lowest ten reach the two on 100%
    assert ("The 8 students below the class's highest percentage, of the 10 who answered, lowest first: whom to "
            "check on first.") in section
    assert _ids(section) == ["s0", "s5", "s1", "s6", "s2", "s7", "s3", "s8"]
    one = _lowest(analyse(PARTS, [Student("weak", "", [W] * 4)] + [Student(f"t{k:02}", "", [R] * 4) for k in range(19)]))
    assert "The 1 student below the class's highest percentage, of the 20 who answered: whom" in one
    assert _ids(one) == ["weak"]
    easy = [Student(f"f{k}", "", [R] * 4) for k in range(8)] + [Student(f"w{k}", "", [R] + [W] * 3) for k in range(3)]
    easy += [Student(f"h{k}", "", [R, R, W, W]) for k in range(4)]   # 15 students, 8 on full marks, 7 below
    assert _ids(_lowest(analyse(PARTS, easy))) == ["w0", "w1", "w2", "h0", "h1", "h2", "h3"]


def test_the_lowest_scorers_show_their_section_when_the_roster_gives_some():
    from quizgen.report.sections import add_sections
    students = [Student(f"s{k:02}", f"N{k}", [R if j < k % 5 else W for j in range(4)], section="AB"[k % 2])
                for k in range(12)]
    analysis = analyse(PARTS, students)
    add_sections(analysis, PARTS, students)
    section = _lowest(analysis)
    assert "| student | name | section | % |" in section and "| s00 | N0 | A | 0.0 |" in section
