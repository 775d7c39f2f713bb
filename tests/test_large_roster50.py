"""generate --students with a roster of over 10,000 students says so as it starts, so a whole
university's export given by mistake is not taken for a hang (review 50a F8: 200,000
students ran for over an hour with nothing shown off a terminal)."""

LONG = ("quizgen: warning: {} lists {:,} students: making a paper for each takes a long time (a progress bar "
        "shows it on a terminal); if it is not the class's roster, stop with Ctrl-C\n")


def roster(path, count):
    """A roster of ``count`` students at ``path``."""
    path.write_text("student_id,name\n" + "".join(f"s{n:06d},\n" for n in range(count)), encoding="utf-8")
    return path


def test_a_huge_roster_is_said_before_the_work_starts(invoke, tmp_path):
    # the folder holds another paper's key, so the run stops before making any paper: the warning came first
    assert invoke("generate", "--seed", "42", "--classes", "C1", "--out", tmp_path / "q").exit_code == 0
    big = roster(tmp_path / "big.csv", 10_001)
    run = invoke("generate", "--seed", "1", "--students", big, "--out", tmp_path / "q")
    assert run.exit_code == 2
    warning, error = run.stderr.splitlines(keepends=True)
    assert warning == LONG.format(big, 10_001)
    assert error.startswith("quizgen: error: ") and "key of another paper" in error


def test_a_class_roster_gets_no_such_word(invoke, tmp_path):
    small = roster(tmp_path / "small.csv", 3)
    run = invoke("generate", "--seed", "48613092775301", "--classes", "C1", "--students", small, "--out", tmp_path / "p")
    assert run.exit_code == 0 and "warning" not in run.stderr
