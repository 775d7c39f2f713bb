"""generate and export refuse ``--out ''``, a blank ``--out ' '`` and ``--out -``
as grade and review do (review 45e F9), by one function (quizgen/out_option.py):
they wrote into a new folder named ' ' or '-' (and generate read '' as ./)."""

import pytest

COMMANDS = {
    "generate": (["generate", "--classes", "C1", "--seed", "1"], "a folder (leave --out out to write into ./quiz)",
                 "generate writes files (the problems, the solutions and the key)"),
    "moodle": (["export", "moodle", "--classes", "C1", "--count", "1", "--seed", "1"],
               "a file or folder (leave --out out to write ./questions.xml)",
               "export moodle writes a file (the Moodle XML) and its key beside it"),
    "canvas": (["export", "canvas", "--classes", "C1", "--count", "1", "--seed", "1"],
               "a file or folder (leave --out out to write ./quiz.zip)",
               "export canvas writes a file (the Canvas zip) and its key beside it"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("out", ["", " ", "\t"])
def test_an_empty_out_is_refused(tmp_path, monkeypatch, invoke, command, out):
    monkeypatch.chdir(tmp_path)
    args, expected, _ = COMMANDS[command]
    result = invoke(*args, "--out", out)
    assert result.exit_code == 2
    assert result.stderr == f"quizgen: error: --out {out!r}: the name is empty; expected {expected}\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", COMMANDS)
def test_out_dash_is_refused(tmp_path, monkeypatch, invoke, command):
    monkeypatch.chdir(tmp_path)
    args, expected, writes = COMMANDS[command]
    result = invoke(*args, "--out", "-")
    assert result.exit_code == 2
    assert result.stderr == (f"quizgen: error: --out -: {writes}, never to standard output; "
                             f"expected {expected.split(' (')[0]}\n")
    assert list(tmp_path.iterdir()) == []
