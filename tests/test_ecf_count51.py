"""Review 51a F11: the count of answers marked by error carried forward (review 50b F5) reached the CSVs
and report.md's status table, but not the summary on stdout, nor the item tables of report.md and the
page, where a part whose facility ECF props up should show it. Both item tables now have a "correct by
ECF" column when some answer is so marked, and stdout's status table says it beside correct."""


from lxml import html as lxml_html

from test_review50b import read_csv, run, write


def _graded(tmp_path, rows):
    from quizgen.generation.run import generate

    generate(tmp_path / "paper", count=1, seed=11)
    write(tmp_path / "ans.csv", [["student_id", "question_id", "part", "answer"], *rows])
    return run(["grade", "ans.csv", "--key", "paper/key.json", "--force-key"], tmp_path)


def test_ecf_answers_are_counted_in_the_summary_and_both_item_tables(tmp_path):
    from test_carried_ecf42 import ROWS

    said = _graded(tmp_path, ROWS)
    assert any(line.split() == ["correct", "4", "(2", "of", "them", "by", "error", "carried", "forward)"]
               for line in said.splitlines()), said
    md = (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")
    section = md.split("### Parts and questions", 1)[1].split("\n\n|", 1)[1]
    table = ("|" + section).split("\n\n", 1)[0].splitlines()   # the item table, up to the blank line after it
    header = [cell.strip() for cell in table[0].strip("|").split("|")]
    ecf = header.index("correct by ECF")
    by_item = {cells[0]: cells[ecf] for cells in ([c.strip() for c in line.strip("|").split("|")] for line in table[2:])}
    assert (by_item["Q1a"], by_item["Q1b"], by_item["Q1"]) == ("0", "2", "2")
    assert "correct by ECF: " in md
    page = lxml_html.fromstring((tmp_path / "ans-graded-report.html").read_text(encoding="utf-8"))
    heads = [th.text_content() for th in page.xpath('//table[@id="item-table"]/thead/tr/th')]
    column = heads.index("correct by ECF")
    rows = {tr[0].text_content(): tr[column].text_content() for tr in page.xpath('//table[@id="item-table"]/tbody/tr')}
    assert (rows["Q1a"], rows["Q1b"], rows["Q1"]) == ("0", "2", "2")
    items = {(r["level"], r["question_id"], r["part"]): r["ecf"] for r in read_csv(tmp_path / "ans-graded-items.csv")}
    assert items[("part", "Q1", "b")] == "2"


def test_a_class_with_no_ecf_answer_has_no_such_column(tmp_path):
    from test_carried_ecf42 import ROWS

    said = _graded(tmp_path, [row for row in ROWS if row[2] == "a"])
    assert "carried forward" not in said
    md = (tmp_path / "ans-graded-report.md").read_text(encoding="utf-8")
    assert "correct by ECF" not in md
    assert "correct by ECF" not in (tmp_path / "ans-graded-report.html").read_text(encoding="utf-8")
