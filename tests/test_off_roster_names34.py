"""A graded id the roster lacks is hinted by the roster ids of the same name
first: a Canvas row with no SIS id is graded under Canvas's own number (710),
and the note named it with no clue that it is the roster's Margaret Hamilton,
whom it called absent (rev-teacher34)."""

from click.testing import CliRunner

from quizgen.cli import main

ROSTER = "student_id,name\ns001,Ada Lovelace\ns002,Alan Turing\ns011,Margaret Hamilton\ns013,Grace Hopper\n"
ANSWERS = ("student_id,name,question_id,part,answer\ns001,Ada Lovelace,Q1,a,0.5\ns002,Alan Turing,Q1,a,0.5\n"
           "710,margaret  HAMILTON,Q1,a,0.5\n")


def _summary(tmp_path, answers: str) -> str:
    runner = CliRunner()
    assert runner.invoke(main, ["generate", "--seed", "1", "--out", str(tmp_path / "k")]).exit_code == 0
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    (tmp_path / "a.csv").write_text(answers, encoding="utf-8")
    result = runner.invoke(main, ["grade", str(tmp_path / "a.csv"), "--key", str(tmp_path / "k" / "key.json"),
                                  "--roster", str(tmp_path / "roster.csv"), "--out", str(tmp_path / "o" / "g.csv")])
    assert result.exit_code == 0, result.output
    return result.output


def test_an_id_off_the_roster_is_hinted_by_its_name(tmp_path):
    assert "1 graded student id(s) are not on the roster: 710 (did you mean s011?)" in _summary(tmp_path, ANSWERS)


def test_with_no_name_the_nearest_ids_are_hinted_as_before(tmp_path):
    said = _summary(tmp_path, ANSWERS.replace("margaret  HAMILTON", ""))
    assert "are not on the roster: 710" in said and "did you mean s011?" not in said
