"""Review 48a F3: generate with an empty --bank folder told the user to pass
--bank, which they had; now it names the folder and says it holds no templates."""

from click.testing import CliRunner

from quizgen.cli import main


def test_an_empty_bank_folder_is_named_not_a_missing_bank_option(tmp_path):
    (tmp_path / "my_bank").mkdir()
    result = CliRunner().invoke(main, ["generate", "--bank", str(tmp_path / "my_bank"), "--classes", "C11",
                                       "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"unknown class C11 (--bank {tmp_path / 'my_bank'}: no templates there, *.yaml or *.yml)" in result.output
    assert "needs --bank" not in result.output
    assert not (tmp_path / "x").exists()


def test_without_bank_the_hint_still_asks_for_one(tmp_path):
    result = CliRunner().invoke(main, ["generate", "--classes", "C11", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert "unknown class C11 (a class of a bank of your own needs --bank and its folder)" in result.output


def test_the_drill_names_an_empty_bank_folder_too(tmp_path):
    (tmp_path / "my_bank").mkdir()
    result = CliRunner().invoke(main, ["drill", "--bank", str(tmp_path / "my_bank"), "--classes", "C11",
                                       "--no-save"], input="")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"unknown class C11 (--bank {tmp_path / 'my_bank'}: no templates there, *.yaml or *.yml)" in result.output
