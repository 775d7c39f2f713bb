"""Review 58a F3: --no-save was refused when --state or $QUIZGEN_PROGRESS named an existing folder, in
click's words naming --state (which the learner never typed). With --no-save no path is looked at;
without it an existing folder gets the drill's own folder message."""

from click.testing import CliRunner

from quizgen.cli import main


def _run(args, env=None):
    return CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C1", *args], input="q\n", env=env)


def test_no_save_runs_whatever_folder_quizgen_progress_names(tmp_path):
    done = _run(["--no-save"], env={"QUIZGEN_PROGRESS": str(tmp_path)})
    assert done.exit_code == 0 and "Practice run" in done.output, done.output
    done = _run(["--no-save", "--state", str(tmp_path)])
    assert done.exit_code == 0 and "Practice run" in done.output, done.output


def test_an_existing_folder_gets_the_drills_own_message(tmp_path):
    for args, env in (([], {"QUIZGEN_PROGRESS": str(tmp_path)}), (["--state", str(tmp_path)], None),
                      (["--stats", "--state", str(tmp_path)], None)):
        done = _run(args, env=env)
        assert done.exit_code == 2, done.output
        assert done.output.strip() == (f"quizgen: error: progress file {tmp_path} is a folder, not a file; pass the "
                                       f"file itself with --state FILE (one in that folder: --state "
                                       f"{tmp_path}/progress.json), or --no-save"), done.output
    assert list(tmp_path.iterdir()) == []   # nothing made in it
