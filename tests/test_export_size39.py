"""Round 39 (LMS review F7): an export's size is said, and one too big for a
usual site's upload limit is warned of (--count allows 10,000 variants a
template: about 1.5 GB of Moodle XML for all ten classes)."""

from quizgen.lms import export


def test_the_summary_says_how_big_the_export_is(tmp_path, invoke):
    seed = "48613092775301"   # long: a short one is warned of (test_guessable_seed47)
    result = invoke("export", "moodle", "--classes", "C1", "--count", "2", "--seed", seed, "--out", tmp_path / "q.xml")
    assert result.exit_code == 0, result.output
    size = (tmp_path / "q.xml").stat().st_size
    assert size < 10 ** 6 and f"(seed {seed}, {size / 1000:,.0f} KB)" in result.output and "warning" not in result.output


def test_sizes_read_as_people_write_them():
    assert [export.file_size(n) for n in (0, 15_400, 999_999, 14_600_000, 1_500_000_000)] == [
        "0 KB", "15 KB", "1,000 KB", "14.6 MB", "1,500.0 MB"]


def test_an_export_over_the_usual_upload_limit_is_warned_of(tmp_path, invoke, monkeypatch):
    monkeypatch.setattr(export, "LARGE_EXPORT", 1000)
    for lms, name in (("moodle", "q.xml"), ("canvas", "c.zip")):
        result = invoke("export", lms, "--classes", "C1", "--count", "2", "--seed", "1", "--out", tmp_path / name)
        assert result.exit_code == 0, result.output
        said = " ".join(result.output.split())
        assert f"quizgen: warning: {name} is " in said and "maximum upload size" in said and "--count" in said
