"""rev-hostile20/ids20: "did you mean" hints went to the first 200 unknown ids each part of a split
file met, so --jobs 2 hinted ids that --jobs 1 did not (graded.csv changed with --jobs). Hints are
now given once the file is read: the first 200 unknown ids in file order, in every row of theirs."""

import pytest
import csv

from quizgen.grading import file_slice
from quizgen.grading.students import HINT_LIMIT


def _rows(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.slow
def test_unknown_id_hints_are_the_same_for_any_jobs(invoke, tmp_path, monkeypatch):
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\n" + "".join(f"s{n:03d},N{n}\n" for n in range(20)), encoding="utf-8")
    assert invoke("generate", "--seed", 1, "--classes", "C1", "--students", roster, "--out", tmp_path / "q").exit_code == 0
    unknown = [f"s{n:03d}x" for n in range(HINT_LIMIT + 60)]   # one letter from s000 ... s019 (and beyond)
    lines = [f"{sid},Q1,a,0.5" for sid in unknown] + [f"{unknown[-1]},Q1,b,1", f"{unknown[0]},Q1,b,1"]
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n" + "\n".join(lines) + "\n", encoding="utf-8")
    outputs = {}
    for jobs in (1, 2):
        result = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--force", "--jobs", jobs,
                        "--out", tmp_path / f"j{jobs}" / "g.csv")
        assert result.exit_code == 0, result.output
        outputs[jobs] = (tmp_path / f"j{jobs}" / "g.csv").read_bytes()
    assert outputs[1] == outputs[2]
    rows = _rows(tmp_path / "j1" / "g.csv")
    hinted = [r["student_id"] for r in rows if "did you mean" in r["reason"]]
    assert "s000x" in hinted and hinted.count("s000x") == 2   # both its rows, the last one in the second part
    assert f"s{HINT_LIMIT + 59:03d}x" not in hinted   # beyond the first HINT_LIMIT unknown ids
    assert rows[0]["feedback"].startswith("did you mean") and rows[0]["reason"].endswith(rows[0]["feedback"])


def test_past_the_unknown_ids_kept_the_note_says_at_least(invoke, tmp_path, monkeypatch):
    """rev-hostile20b: 30,000 unknown ids were noted as "10000 student id(s) have no paper"."""
    from quizgen.grading import students

    monkeypatch.setattr(students, "UNKNOWN_LIMIT", 3)
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns001,A\ns002,B\n", encoding="utf-8")
    assert invoke("generate", "--seed", 1, "--classes", "C1", "--students", roster, "--out", tmp_path / "q").exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n" + "".join(f"x{n},Q1,a,0.5\n" for n in range(5))
                       + "s001,Q1,a,0.5\n",   # one id with a paper: answers matching none stop (instr29)
                       encoding="utf-8")
    result = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--force", "--out", tmp_path / "o" / "g.csv")
    assert result.exit_code == 0, result.output
    assert "at least 3 student id(s) have no paper in key.json" in result.output
