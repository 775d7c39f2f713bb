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
