"""Template text that would print something with no printed form (issue 14):
``{{ {}.items }}`` printed a memory address, which broke byte-identical output."""

import pytest

from test_hostile_banks import bank


@pytest.mark.parametrize("stem, words", [
    ("{{ {}.items }}", "a function or method"),
    ("{{ {'a': 1} }}", "a whole record"),
])
@pytest.mark.slow
def test_printing_a_value_with_no_printed_form_is_named_not_printed(tmp_path, invoke, stem, words):
    folder = bank(tmp_path, stem=stem)
    where = f"{folder / 'c11.yaml'}:"
    made = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    lines = made.stderr.strip().splitlines()
    assert made.exit_code == 2 and len(lines) == 1 and "Traceback" not in made.output
    assert lines[0].startswith(f"quizgen: error: {where}") and words in lines[0]
    assert not (tmp_path / "out").exists()
    checked = invoke("validate", folder, "--samples", 3)
    assert checked.exit_code == 1 and "Traceback" not in checked.output
    assert any(line.startswith(where) and words in line for line in checked.output.splitlines())


def test_numbers_words_and_lists_still_print(tmp_path, invoke):
    folder = bank(tmp_path, stem="Sizes {{ [1, 2] }} and {{ 'word' }}.")
    result = invoke("generate", "--bank", folder, "--classes", "C11", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "Sizes 1, 2 and word." in (tmp_path / "out" / "problems.md").read_text()
