"""An id and a name typed into each other's cells (review 38): the row's id
``Zoë Hopper`` has no paper, and its name cell holds 0000012, an id of the
key; the hint now names that id first ("did you mean 0000012?")."""

from quizgen.generation.run import generate


def test_a_name_cell_holding_a_key_id_is_offered_first(invoke, tmp_path):
    (tmp_path / "roster.csv").write_text("student_id,name\n0000011,Ann Lee\n0000012,Zoë Hopper\n0000013,Bo Chan\n",
                                         encoding="utf-8")
    generate(tmp_path / "q", classes="C1", count=1, seed=2, students=tmp_path / "roster.csv")
    (tmp_path / "answers.csv").write_text("student_id,name,question_id,part,answer\n0000011,Ann Lee,Q1,a,0.5\n"
                                          "Zoë Hopper,0000012,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "q" / "key.json")
    assert result.exit_code == 0, result.output
    assert "have no paper in key.json (unknown_student, not graded): Zoë Hopper (did you mean 0000012?)" \
        in result.output
