"""Defaults and help texts a first-time user meets: each says what the docs advise."""


def test_export_canvas_exports_one_variant_a_slot_by_default_with_no_warning(tmp_path, invoke):
    """Canvas draws each part's variant on its own, so more than one variant a slot splits a student's parts
    over variants (and export warns to use --count 1): the default is that advice, Moodle's stays 10."""
    result = invoke("export", "canvas", "--classes", "C1,C7", "--seed", 4861309277301, "--out", tmp_path / "q.zip")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output and "Wrote 2 variants" in result.output, result.output
    result = invoke("export", "moodle", "--classes", "C1", "--seed", 4861309277301, "--out", tmp_path / "m.xml")
    assert result.exit_code == 0 and "Wrote 10 questions" in result.output, result.output
    help_text = " ".join(invoke("export", "canvas", "--help").output.split())
    assert "[default: 1]" in help_text and "Moodle's default is 10" in help_text


def test_help_says_grades_format_and_paper_are_for_feedback_sheets_and_drills_classes_default(invoke):
    """grade's --format and --paper are refused without --feedback: their help says so, as generate's same
    names mean the papers' format; drill's --classes shows its default as generate's and export's do."""
    grade = " ".join(invoke("grade", "--help").output.split())
    assert "--format [md|pdf] For --feedback only: the feedback sheets as Markdown" in grade, grade
    assert "--paper [a4|letter] For --feedback --format pdf only: the paper size" in grade, grade
    drill = " ".join(invoke("drill", "--help").output.split())
    assert "--classes TEXT Comma-separated classes to practise (C1,C4) or 'all'. [default: all]" in drill
