"""Small hostile inputs of rev-hostile30 (r6): each refused in one line, nothing written."""


def test_an_empty_out_is_refused_not_read_as_the_default(three_question_folder, invoke, monkeypatch):
    folder = three_question_folder
    (folder / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\n", encoding="utf-8")
    monkeypatch.chdir(folder)
    result = invoke("grade", "answers.csv", "--out", "")
    assert result.exit_code == 2
    assert result.stderr == ("quizgen: error: --out '': the name is empty; expected the graded file's path or a "
                             "folder (leave --out out to write beside the answers)\n")
    assert sorted(p.name for p in folder.iterdir()) == ["answers.csv", "key.json"]
