"""``generated_key``: a paper made by ``quizgen generate`` as a user runs it, for the
fixtures that grade, export or read its key."""

from pathlib import Path

from click.testing import CliRunner

from quizgen.cli import main


def generated_key(folder, *args: str) -> Path:
    """Run ``quizgen generate *args --out folder`` through click's runner and return the
    key.json it wrote; a failed run fails the calling test with generate's own output."""
    folder = Path(folder)
    result = CliRunner().invoke(main, ["generate", *args, "--out", str(folder)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder / "key.json"
