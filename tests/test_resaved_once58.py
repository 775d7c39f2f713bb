"""fix58t: a re-saved Moodle download is graded once. The answers whose end zeros the save
dropped, accepted as correct, are counted from the pass's outcomes (their feedback in
ZEROS_UNSEEN's words), not by typing the built key again and grading each one-part answer a
second time before the grade; the warning is unchanged."""

import pytest

from test_lms57l import _dropped, _one_number_download, _verdicts


@pytest.mark.slow
def test_a_resaved_download_is_typed_and_graded_once(tmp_path, invoke, monkeypatch):
    from quizgen.key.model import Key

    _one_number_download(tmp_path, invoke, _dropped, "06.12.2026 09:07", grade="1")   # grades 1 for 1.00: a re-save
    typed, from_json = [], Key.from_json.__func__
    monkeypatch.setattr(Key, "from_json", classmethod(lambda cls, *a, **k: typed.append(1) or from_json(cls, *a, **k)))
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json", "--out", tmp_path / "out")
    assert run.exit_code == 0, run.output
    assert len(typed) == 1   # the built key, typed once, by grade itself
    verdicts = _verdicts(tmp_path)
    said = " ".join(run.stderr.split())
    shown = ", ".join(f"Q1 {verdicts[s][0]}" for s in ("s000", "s001", "s002"))
    assert (f"responses.csv: 3 answer(s) to one-number questions are the right answer with the zeros at its end left "
            f"off ({shown}): the download was saved again by a spreadsheet (") in said, said
    assert said.count("zeros at its end left off") == 1
