"""Review 42b, the messages of quizgen validate for a bank author: an unknown
function gets a did-you-mean as an unknown name does (F3); every independent
problem of a template's tests, traps and parts is listed in one run (F4); the
leak check reads past a whole-number exponent (F8); the draw-time limit names
the key that rejects, and a long literal says its limit (F9); a yes/no part
whose answer never changes is warned of (F7)."""

from pathlib import Path

import pytest

from quizgen.bank import budget
from quizgen.bank.loader import load_template
from quizgen.errors import BankLimitError, ExpressionError, TemplateProblems
from quizgen.generation.sampling import sample_instance
from quizgen.maths.parser import ANSWER_POLICY, parse, template_policy
from quizgen.validation.leaks import Target, text_leaks
from quizgen.validation.run import validate


@pytest.mark.parametrize("text, hint", [
    ("sqrtt(x)", "function 'sqrtt' is not allowed (did you mean 'sqrt'?)"),
    ("x - average(x)", "function 'average' is not allowed (for 'average' write mean(...); see the function list "
                       "in docs/templates.md, \"Expressions\")"),
    ("zzzq(x)", "function 'zzzq' is not allowed (see the function list in docs/templates.md, \"Expressions\")"),
    ("Sigdec(x, 2)", "(did you mean 'sigdec'?)"),
])
def test_an_unknown_function_in_a_template_gets_a_hint(text, hint):
    with pytest.raises(ExpressionError) as caught:
        parse(text, template_policy({"x"}))
    assert hint in str(caught.value)


def test_a_students_unknown_function_is_told_what_quizgen_reads():
    with pytest.raises(ExpressionError, match=r"'sqrtt' is not a function quizgen reads \(it reads abs, "):
        parse("sqrtt(2)", ANSWER_POLICY)


# F4: every independent problem of a template's tests, traps and parts in one run

BANK = Path(__file__).parent / "data" / "units42"


def _problems_of(tmp_path, name: str, *edits) -> list:
    text = (BANK / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TemplateProblems) as caught:
        load_template(path)
    return [f"{p.line}: {p.key}: {p.reason}" for p in caught.value.problems]


def test_every_bad_tests_entry_is_listed_in_one_run(tmp_path):
    found = _problems_of(
        tmp_path, "c21_embedding_params.yaml",
        ('{part: tokens, answer: "23440896", status: correct}', '{part: token, answer: "23440896", status: corect}'),
        ("misconception: vocab_plus_hidden}", "misconception: vocab_plus_hiden}"),
        ('{part: share, answer: "0.98", status: imprecise}',
         '{part: share, answer: "0.98", status: imprecise, earlier: {length: "no", tokns: "1"}}'))
    assert [line.split(": ", 2)[1] for line in found] == [
        "tests.0.part", "tests.0.status", "tests.4.misconception", "tests.12.earlier.length", "tests.12.earlier.tokns"]
    assert "no part named 'token' (did you mean 'tokens'?)" in found[0]
    assert "status must be one of correct, " in found[1] and "(did you mean 'correct'?)" in found[1]
    assert "part tokens has no trap 'vocab_plus_hiden' (did you mean 'vocab_plus_hidden'?)" in found[2]
    assert "part length does not come before part share: earlier answers are those to tokens, total" in found[3]


def test_a_schema_error_hides_no_tests_error(tmp_path):
    found = _problems_of(tmp_path, "c21_embedding_params.yaml",
                         ("    range: [0, 1]\n", "    range: [0, 1]\n    tolerence: {sigfigs: 3}\n"),
                         ("misconception: vocab_plus_hidden}", "misconception: vocab_plus_hiden}"))
    assert [line.split(": ", 2)[1] for line in found] == ["parts.2.tolerence", "tests.4.misconception"]


def test_a_bad_when_tolerance_and_credit_are_listed_together(tmp_path):
    found = _problems_of(tmp_path, "c22_perplexity_bits.yaml",
                         ('        value: "sum(l)"\n', '        value: "sum(l)"\n        credit: 1.5\n        when: "TT > 3"\n'),
                         ("    range: [1, null]\n    decimals: 4\n", "    range: [1, null]\n    decimals: 4\n"
                                                                      "    tolerance: {sigfigs: 0}\n"))
    keys = sorted(line.split(": ", 2)[1] for line in found)
    assert keys == ["parts.0.traps.0.credit", "parts.0.traps.0.when", "parts.1.tolerance.sigfigs"]
    assert any("a trap's credit is a share of the part's points from 0 to 1, found 1.5" in line for line in found)


# F8: a whole-number exponent is notation, not a number the problem text prints

@pytest.mark.parametrize("text, leaks", [
    (r"where $\mu$ and $\sigma^2$ are", 0), (r"$x^{2}$ and $e^{ -2 }$", 0), (r"$x^22$", 1),   # x^22 is x² then 2
    (r"$e^{2.002}$", 1), (r"$y_{2}$", 1), (r"x = (1, 2, 0.5)", 1),
])
def test_the_leak_check_reads_past_a_whole_exponent_only(text, leaks):
    target = Target("(c) answer", 2.00222, 0.005, True)
    assert len(text_leaks(text, [target])) == leaks


# F9: the draw-time limit names the key where the draws were rejected; a long literal says its limit

def test_the_draw_time_limit_names_the_constraint_that_rejects(tmp_path, monkeypatch):
    text = (BANK / "c22_perplexity_bits.yaml").read_text(encoding="utf-8")
    text = text.replace("constraints:\n", "max_tries: 10000\nconstraints:\n  - \"T > 100\"\n", 1)
    path = tmp_path / "slow.yaml"
    path.write_text(text, encoding="utf-8")
    template = load_template(path)
    monkeypatch.setattr(budget, "DRAW_SECONDS", 0.02)
    with pytest.raises(BankLimitError) as caught:
        sample_instance(template, "slow")
    error = caught.value
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row == '  - "T > 100"')
    assert (error.line, error.key) == (line, "constraints.0")
    assert "time to draw one instance exceeds the limit of 0.02 s (see docs/authoring.md); " in str(error)
    assert "tries were rejected here: constraint 'T > 100' failed" in str(error)


def test_a_too_long_literal_says_the_limit_to_an_author_only():
    with pytest.raises(ExpressionError, match=r"a whole number of 39 digits exceeds the limit of 30 digits in an "
                                              r"expression \(see docs/authoring.md\)"):
        parse("1" + "0" * 38, template_policy({"x"}))
    with pytest.raises(ExpressionError, match="^number too large$"):
        parse("1" + "0" * 38, ANSWER_POLICY)


# F7.5: a yes/no part whose answer never changes gets a warning

def test_a_yes_no_part_with_one_answer_in_every_draw_is_warned_of(tmp_path):
    text = (BANK / "c22_perplexity_bits.yaml").read_text(encoding="utf-8")
    path = tmp_path / "c22.yaml"
    path.write_text(text.replace('right: "yes"\n        wrong: "no"', 'right: "no"\n        wrong: "yes"'),
                    encoding="utf-8")
    fixed = " ".join(str(p) for r in validate([path], samples=25) for p in r.lines())
    assert "parts.3.accept: warning: this yes/no part's answer is 'no' in all 25 draws" in fixed
    drawn = " ".join(str(p) for r in validate([BANK / "c22_perplexity_bits.yaml"], samples=25) for p in r.lines())
    assert "yes/no part's answer" not in drawn


def test_a_part_without_a_name_beside_tests_is_refused_in_one_line(tmp_path):
    found = _problems_of(tmp_path, "c22_perplexity_bits.yaml", ("  - name: mean_loss\n", "  - namee: mean_loss\n"))
    assert "parts.0.namee: unknown key 'namee' (did you mean 'name'?): 'name' is required" in " ".join(found)


def test_a_tests_answer_that_no_student_writes_is_refused_with_the_others(tmp_path):
    """rev42d F3: a list or mapping as a test's answer loaded, then failed as "answer [0.3] ... graded
    invalid", a Python repr, and was missing from the list of bad entries."""
    found = _problems_of(
        tmp_path, "c21_embedding_params.yaml",
        ('{part: tokens, answer: "23440896", status: correct}', '{part: tokens, answer: [23440896], status: correct}'),
        ('{part: share, answer: "0.98", status: imprecise}', '{part: share, answer: {a: 1}, status: imprecise}'))
    assert [line.split(": ", 2)[1:] for line in found] == [
        ["tests.0.answer", "expected an answer as a student writes it (text or a number; quote a yes or no)"],
        ["tests.12.answer", "expected an answer as a student writes it (text or a number; quote a yes or no)"]]


def test_validate_prints_at_most_a_hundred_problems_of_a_file(tmp_path, invoke):
    """rev42d F4: 10,000 bad tests entries printed 10,001 lines."""
    text = (Path(__file__).parent / "data" / "c31_two_counts.yaml").read_text(encoding="utf-8")
    text += "".join("  - {part: first, answer: '300', status: nope}\n" for _ in range(150))
    (tmp_path / "many.yaml").write_text(text, encoding="utf-8")
    result = invoke("validate", tmp_path / "many.yaml", "--samples", 20)
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.startswith(str(tmp_path / "many.yaml"))]
    assert len(lines) == 101, result.output
    assert lines[-1] == f"{tmp_path / 'many.yaml'}: and 50 more problems after these, in file order: mend these " \
                        "and run validate again", lines[-1]


def test_a_part_without_a_name_sends_no_entry_naming_it_to_be_mended(tmp_path):
    """rev42d F5: the canonical expect and every test naming the part were each told "no part named
    'mean_loss'", pointing the author at lines that are right."""
    found = _problems_of(tmp_path, "c22_perplexity_bits.yaml", ("  - name: mean_loss\n", "  - namee: mean_loss\n"))
    assert not [line for line in found if "no part named" in line], found


def test_a_repeated_trap_code_is_told_beside_the_traps_other_problem(tmp_path):
    """rev42d F6: a second trap with the first's code and no feedback was told only its missing
    feedback; the repeated code came on the next run."""
    found = _problems_of(tmp_path, "c22_perplexity_bits.yaml",
                         ("      - code: ppl_of_sum\n", "      - code: base2_with_nats\n"),
                         ('        feedback: "Perplexity exponentiates the mean loss per token."\n', ""))
    keys = [line.split(": ", 2)[1] for line in found]
    assert "parts.1.traps.1" in keys and "parts.1.traps.1.code" in keys, found
    assert any("trap code 'base2_with_nats' is also the code of parts.1.traps.0" in line for line in found), found
