"""A newcomer's journey through the CLI (review round 6): mistakes a first user
makes give one line and the documented exit code (docs/errors.md)."""

import pytest


@pytest.mark.parametrize("command", [["generate", "--seed", 1], ["export", "moodle", "--count", 1]])
@pytest.mark.slow
def test_an_out_folder_that_is_a_device_or_a_file_is_bad_input(invoke, tmp_path, command):
    """docs/errors.md names ``--out /dev/null`` as bad input (exit 2); it exited 1
    ("cannot create output folder /dev/null: File exists") after all the work."""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine")
    for out in ("/dev/null", blocker):
        target = out if command[0] == "generate" else f"{out}/q.xml"
        result = invoke(*command, "--out", target)
        assert result.exit_code == 2, result.output
        assert result.stderr.strip() == (f"quizgen: error: {out}: is not a folder, and the outputs go into a "
                                         "folder: choose another output folder")
    assert blocker.read_text() == "mine"


def test_generate_checks_its_out_folder_before_drawing_any_question(tmp_path):
    """The folder is checked when generate starts, not after the papers are built."""
    from quizgen.errors import UsageError
    from quizgen.generation.outdir import prepare_out_dir

    (tmp_path / "file").write_text("")
    with pytest.raises(UsageError, match="is not a folder"):
        prepare_out_dir(tmp_path / "file", None)
    assert prepare_out_dir(tmp_path / "new", None).secret and not (tmp_path / "new").exists()


@pytest.mark.slow
def test_a_template_no_draw_can_pass_names_the_key_that_failed(invoke, tmp_path):
    """"last reason: an expression failed" did not say which of the template's
    expressions; the key now leads the reason (the most frequent one, with its count)."""
    from pathlib import Path
    base = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text()
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(base.replace('  p: "exp(z[t] / tau) / sum(exp(z / tau))"', '  p: "exp(V * 300)"'))
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code == 2 and not (tmp_path / "out").exists()
    assert result.stderr.strip().endswith("were rejected at let.p: an expression failed: a value out of range: past "
                                          "1e300, or past what a float holds (exp of more than about 709, a power of a "
                                          "large number), so keep the parameters' ranges and the lists' lengths smaller")
    line = next(n for n, text in enumerate((folder / "c11.yaml").read_text().splitlines(), 1) if text.startswith("  p:"))
    assert f"c11.yaml:{line}): no parameters passed" in result.stderr   # the line of the let that failed


@pytest.mark.parametrize("fmt, out, classes, count, said", [
    ("moodle", "q.xml", "C4", 1, "Wrote 1 question in 1 category to"),
    ("canvas", "q.zip", "C4", 1, "Wrote 1 variant in 1 slot to"),
    ("moodle", "q.xml", "C1,C4", 2, "Wrote 4 questions in 2 categories to"),
    ("canvas", "q.zip", "C1,C4", 2, "Wrote 4 variants in 2 slots to")])
def test_export_counts_in_words_that_agree_with_their_number(invoke, tmp_path, fmt, out, classes, count, said):
    """One class, one variant: it said "1 questions in 1 categories"."""
    result = invoke("export", fmt, "--classes", classes, "--count", count, "--seed", 3, "--out", tmp_path / out)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(said)   # warnings go to stderr, before it


def test_an_out_folder_that_is_a_broken_link_says_so(invoke, tmp_path):
    """rev-hostile19: ``--out sl2/g.csv`` with sl2 a link to nothing said
    "cannot create output folder sl2: File exists" (exit 1)."""
    link = tmp_path / "sl2"
    link.symlink_to(tmp_path / "gone")
    assert invoke("generate", "--classes", "C1", "--out", tmp_path / "q").exit_code == 0
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n")
    for command in (["generate", "--classes", "C1", "--out", link],
                    ["grade", tmp_path / "a.csv", "--key", tmp_path / "q" / "key.json", "--out", link / "g.csv"]):
        result = invoke(*command)
        assert result.exit_code == 2, result.output
        assert result.stderr.strip() == (f"quizgen: error: {link}: is a broken symbolic link (to {tmp_path / 'gone'}), "
                                         "and the outputs go into a folder: remove the link or choose another "
                                         "output folder")
    assert not (tmp_path / "gone").exists()


def test_a_header_naming_the_id_or_the_answer_twice_is_refused(invoke, tmp_path):
    """rev-hostile19: ``student_id,student_id,Q1a`` graded the first column as
    the id, and ``...,answer,answer`` the first answer, without a word (two
    columns naming one part were already refused)."""
    assert invoke("generate", "--classes", "C1", "--out", tmp_path / "q").exit_code == 0
    cases = {"d1.csv": ("Student ID,student_id,Q1a\ns1,s2,0.789\n", "'Student ID' and 'student_id' both name the "
                                                                      "student id"),
             "d2.csv": ("student_id,question_id,part,answer,answer\ns1,Q1,a,0.789,0.5\n",
                        "'answer' and 'answer' both name the answer")}
    for name, (text, said) in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        result = invoke("grade", tmp_path / name, "--key", tmp_path / "q" / "key.json", "--out", tmp_path / name / "g")
        assert result.exit_code == 2, result.output
        assert result.stderr.strip() == (f"quizgen: error: {tmp_path / name}: line 1: columns {said}; "
                                         "expected one such column")
