"""A feedback sheet's question whose seed label now draws other numbers than the key holds
(the template edited since, or the key made by another version of quizgen: round 48's
printed-number redraw changed seed 1's C4 Q3315) shows no worked solution, and the
instructor's warning says why without sending them for a --bank that cannot help (review 49a F6)."""

from click.testing import CliRunner

from bank_support import bank_with
from quizgen.cli import main
from quizgen.key.load import load_key_file


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_a_question_drawn_otherwise_since_the_key_gets_a_warning_that_says_why(tmp_path):
    bank = bank_with(tmp_path)
    assert invoke("generate", "--bank", bank, "--classes", "C14", "--count", 1, "--seed", 7,
                  "--out", tmp_path / "paper").exit_code == 0
    template = bank / "c14.yaml"
    template.write_text(template.read_text(encoding="utf-8").replace("eps: {decimal: [0.05, 0.3, 0.05]}",
                                                                     "eps: {decimal: [0.35, 0.45, 0.05]}"),
                        encoding="utf-8")   # every draw of the edited template has another eps
    question = load_key_file(tmp_path / "paper" / "key.json").questions[0]
    (tmp_path / "a.csv").write_text(f"student_id,question_id,part,answer\ns1,{question.id},"
                                    f"{question.parts[0].letter},{question.parts[0].answer}\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "paper" / "key.json", "--bank", bank,
                    "--feedback", tmp_path / "sheets", "--out", tmp_path / "g/")
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "no worked solution" in line]
    assert said == ["quizgen: warning: feedback sheets: no worked solution for template label-smoothing-cross-entropy "
                    "(its seed label now draws other numbers than the key holds): the template was edited since, "
                    "or the key was made by another version of quizgen, which drew that seed label otherwise (the "
                    "marks are unaffected: they come from the key)"], result.output
    assert "No worked solution is available" in (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8")
