"""A Moodle download whose [quizgen:...] tag was edited is refused in one line
naming the download and the line of the tag: a seed label of 5,000 digits was
refused as "the key: questions[0].seed: ..." (a key the user never gave), a
template not in the bank without naming any file."""

from __future__ import annotations

from pathlib import Path

import pytest

DOWNLOAD = (Path(__file__).parent / "data" / "lms" / "moodle_responses.csv").read_text(encoding="utf-8")
TAG = "[quizgen:mlm-mean-over-masked:1/mlm-mean-over-masked/1]"


def _line_of_tag(text: str) -> int:
    return text[:text.index(TAG)].count("\n") + 1


@pytest.mark.parametrize("tag, words", [
    ("[quizgen:mlm-mean-over-masked:1/mlm-mean-over-masked/" + "9" * 5_000 + "]",
     "the [quizgen:...] tag's seed label '1/mlm-mean-over-masked/" + "9" * 17 + "'... (5,023 characters) is longer "
     "than the 200 characters "
     "a quizgen export writes: the tag was edited; restore it from the quiz as exported"),
    ("[quizgen:../../etc/passwd:1/x/0]",
     "template '../../etc/passwd' of the LMS answers is not in the bank; pass the --bank the quiz was exported from"),
], ids=["long_seed_label", "template_not_in_bank"])
def test_an_edited_tag_names_the_download_and_its_line(invoke, tmp_path, tag, words):
    assert TAG in DOWNLOAD
    download = tmp_path / "responses.csv"
    download.write_text(DOWNLOAD.replace(TAG, tag, 1), encoding="utf-8")
    result = invoke("grade", download, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().splitlines() == [
        f"quizgen: error: {download}: line {_line_of_tag(DOWNLOAD)}: {words}"]
    assert not (tmp_path / "out").exists()
