"""rev44e N3: a ``.quizgen-sheets`` line with a bare name (no digest) let a
later run remove any PDF of that name in the sheets folder (a look at its
start, ``%PDF-``, was all it took). A bare name now licenses no removal: the
file is kept, and a note says so."""

PDF = b"%PDF-1.5 the instructor's own notes, not a sheet\n"


def test_a_bare_listed_pdf_is_kept_and_said(invoke, tmp_path, monkeypatch, seed3_key):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\nnotes,Q1,a,0.5\n", encoding="utf-8")
    sheets = tmp_path / "fb"
    sheets.mkdir()
    (sheets / "notes.pdf").write_bytes(PDF)
    (sheets / ".quizgen-sheets").write_text("notes.pdf\n", encoding="utf-8")
    graded = invoke("grade", "answers.csv", "--key", seed3_key, "--out", "g/", "--feedback", "fb/")
    assert graded.exit_code == 0, graded.output
    assert (sheets / "notes.pdf").read_bytes() == PDF and (sheets / "notes.md").is_file()   # the run's sheet is .md
    said = " ".join(graded.output.split())
    assert ("1 file(s) the feedback folder's list of sheets (.quizgen-sheets) names without a digest are kept, "
            "as quizgen cannot tell they are still as it wrote them: notes.pdf; delete them by hand if they are stale"
            in said), graded.output
    listed = (sheets / ".quizgen-sheets").read_text(encoding="utf-8").splitlines()
    assert "notes.pdf\t" in listed   # still listed bare: the next run keeps it and says so again

