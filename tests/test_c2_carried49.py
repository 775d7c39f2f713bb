"""C2's worked solution says when p carried to the stem's 4 figures gives another third figure
of the loss than the unrounded p, as C1, C7 and C8 say it (review 49c F5): seed 6's C2 question
with p = 0.006377 gives -ln 0.006377 = 5.0551, 5.06, beside the answer 5.05499, and a teacher
marking from the printed solution would otherwise refuse the 5.06 grade accepts."""

import math

from click.testing import CliRunner

from quizgen.cli import main


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_the_solution_names_the_4_figure_carrier_that_grade_accepts(tmp_path):
    assert invoke("generate", "--seed", 6, "--count", 30, "--classes", "C2", "--out", tmp_path / "c2").exit_code == 0
    assert round(-math.log(0.006377), 4) == 5.0551   # the sentence recomputes from the numbers it shows
    solutions = (tmp_path / "c2" / "solutions.md").read_text(encoding="utf-8")
    sentence = ("Carried to 4 figures, $p = 0.006377$ gives $-\\ln 0.006377 = 5.0551$, 5.06 to 3 figures; the "
                "unrounded $p$ gives 5.05, and both are marked correct (carried rounding)")
    assert solutions.count(sentence) == 1
    question = solutions[:solutions.index(sentence)].rsplit("## Q", 1)[1].split(".", 1)[0]
    (tmp_path / "a.csv").write_text(f"student_id,question_id,part,answer\ns1,Q{question},b,5.06\n", encoding="utf-8")
    graded = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "c2" / "key.json", "--out", tmp_path / "g/",
                    "--force-key")
    assert graded.exit_code == 0, graded.output
    row = (tmp_path / "g" / "a-graded.csv").read_text(encoding="utf-8").splitlines()[1]
    assert ",correct," in row and "carried_rounding" in row, row
