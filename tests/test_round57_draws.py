"""Round 57 (review 57a): what drawing tells an author (F6: the work-budget stop names the key
and line where most draws were rejected; F4: generate warns of an expression that fails on some
draws)."""

from __future__ import annotations

from quizgen.bank import budget
from tests.round57_support import round57_bank as _bank

# Each try draws a 10,000-item vector, and the second constraint almost never holds.
COSTLY = ('  T: {decimal: [1.5, 6, 0.5]}\n',
          '  T: {decimal: [1.5, 6, 0.5]}\n  w: {vector: {size: 10000, min: 0, max: 1000, step: 1}}\n')
RARE = ('  - "diff / T <= 2"\n', '  - "diff / T <= 2"\n  - "sum(w) < 10"\n')


def test_the_work_budget_stop_names_where_the_draws_were_rejected(invoke, tmp_path, monkeypatch):
    """Review 57a F6: the line named the file only; now the key and line where most were rejected.
    The wall-clock backstop is lifted, so that on a loaded host the work budget, not the time, stops it."""
    monkeypatch.setattr(budget, "DRAW_SECONDS", 600.0)
    bank = _bank(tmp_path, COSTLY, RARE, ("points: 2\n", "points: 2\nmax_tries: 10000\n"))
    out = tmp_path / "out"
    result = invoke("generate", "--bank", bank, "--classes", "C41", "--seed", "1", "--out", out)
    assert result.exit_code == 2 and not out.exists(), result.output
    line = result.stderr.strip()
    assert line.startswith(f"quizgen: error: {bank / 'c41.yaml'}:16: constraints.1: drawing two-label-temperature "
                           "stopped after 0 instances: too many rejected draws ("), line
    assert "all of them here: constraint 'sum(w) < 10' failed), over the budget" in line, line
    assert line.endswith("loosen the constraints, lower max_tries or shrink the vectors"), line


# A let undefined where z2 = -1 (one value of z2's 31): the draws there are thrown away.
DIVIDES = ('  diff: "z1 - z2"\n', '  diff: "z1 - z2"\n  boom: "1 / (z2 + 1)"\n')


def _warnings(result) -> list:
    return [line for line in result.stderr.splitlines() if line.startswith("quizgen: warning:")]


def test_generate_warns_once_of_an_expression_that_failed_on_its_draws(invoke, tmp_path):
    """Review 57a F4: validate warned, generate said nothing, so an author who never ran validate did
    not learn that part of the range never reaches a paper. Now one warning per key, at its line,
    counting the draws this run made; the same with any --jobs."""
    bank = _bank(tmp_path, DIVIDES)
    students = tmp_path / "roster.csv"
    students.write_text("id,name\n" + "".join(f"s{k:03d},Student {k}\n" for k in range(60)), encoding="utf-8")
    said = []
    for jobs in (1, 2):
        out = tmp_path / f"out{jobs}"
        result = invoke("generate", "--bank", bank, "--classes", "C41", "--seed", "round57-fix57v-seed", "--students", students,
                        "--jobs", jobs, "--out", out)
        assert result.exit_code == 0 and (out / "key.json").exists(), result.output
        said.append(_warnings(result))
    assert said[0] == said[1] and len(said[0]) == 1, said
    warning = said[0][0]
    assert warning.startswith(f"quizgen: warning: {bank / 'c41.yaml'}:17: let.boom: "), warning
    assert "draws made for these papers were thrown away because this expression failed (division by zero)" \
        in warning, warning


def test_generate_says_nothing_when_no_draw_failed(invoke, tmp_path):
    bank = _bank(tmp_path)
    result = invoke("generate", "--bank", bank, "--classes", "C41", "--seed", "round57-fix57v-seed", "--count", "3",
                    "--out", tmp_path / "out")
    assert result.exit_code == 0 and _warnings(result) == [], result.output
