"""validate on a template's draws as a whole (review 46): an expression that fails on
some draws is named with the share thrown away (F4); a seed that runs out of a small
max_tries names max_tries and the share kept, not a trap "in most draws" (F13); an ask
asking for per cent of a share is warned of (F19)."""

from quizgen.bank.loader import builtin_bank_dir

ASK = 'ask: "What probability does the softmax give to the true token, whichever token that is?"'


def _bank(folder, *swaps):
    """C3's template under a class of its own, with each (old, new) of ``swaps`` made."""
    source = (builtin_bank_dir() / "c3_uniform_logits.yaml").read_text(encoding="utf-8")
    source = source.replace("id: mlm-uniform-logits", "id: uniform-draws").replace("class: C3", "class: C14")
    for old, new in swaps:
        assert old in source
        source = source.replace(old, new, 1)
    folder.mkdir()
    (folder / "c14.yaml").write_text(source, encoding="utf-8")
    return folder


def test_a_let_that_divides_by_zero_on_some_draws_is_warned_of(invoke, tmp_path):
    """c = 1 on 1 draw in 15 (-3 to 4 by 0.5), so 1/(c - 1) fails there: about 7% of draws are lost."""
    bank = _bank(tmp_path / "bank", ('let:\n  p: "1 / V"', 'let:\n  flip: "1 / (c - 1)"\n  p: "1 / V"'))
    result = invoke("validate", bank, "--samples", "100")
    assert result.exit_code == 0, result.output
    warning = next(line for line in result.output.splitlines() if "let.flip" in line and "never read" not in line)
    share = int(warning.split("warning: ", 1)[1].split("%", 1)[0])
    assert 3 <= share <= 12, warning
    assert "this expression failed (division by zero)" in warning


def test_a_small_max_tries_is_named_with_the_share_of_draws_kept(invoke, tmp_path):
    """A constraint c > -2 keeps 12 of 15 logits: with max_tries 2 one seed in 25 runs out, max_tries's doing."""
    bank = _bank(tmp_path / "bank", ("distinct_on_paper:", "max_tries: 2\n\ndistinct_on_paper:"),
                 ("constraints:\n", 'constraints:\n  - "c > -2"\n'))
    result = invoke("validate", bank, "--samples", "200")
    assert result.exit_code != 0
    assert "max_tries: no draw passed in 2 tries" in result.output
    assert "raise max_tries or loosen the constraints" in result.output
    assert "in most draws" not in result.output


def test_a_percentage_ask_on_a_share_is_warned_of(invoke, tmp_path):
    bank = _bank(tmp_path / "bank", (ASK, ASK.replace('that is?"', 'that is, in %?"')))
    result = invoke("validate", bank, "--samples", "20")
    assert result.exit_code == 0, result.output
    assert "parts.0.ask: warning: the ask's words 'in %' make this a percentage part" in result.output
