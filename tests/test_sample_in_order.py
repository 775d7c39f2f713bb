"""A ``sample`` parameter declared ``in_order: true`` keeps its items in its
list's order (masked positions drawn by position, so that every list of the
paper, its exact form included, runs by position); the draw is otherwise the
one the shuffled sample makes, and the canonical list is checked against it.
The shipped C4 and C9 keep their shuffled draws: papers made before keep
being remade, and graded, with the numbers they printed."""

from pathlib import Path

import pytest

from quizgen.bank.loader import builtin_bank_dir, build_template, read_yaml
from quizgen.generation.canonical_params import canonical_param_problems
from quizgen.generation.sampling import sample_instance
from quizgen.maths.printing import to_text

C9 = builtin_bank_dir() / "c9_exam_twist.yaml"
SHUFFLED = 'pos: {sample: {from: "range(1, n + 1)", size: m}}'
IN_ORDER = 'pos: {sample: {from: "range(1, n + 1)", size: m, in_order: true}}'


def c9_with(tmp_path: Path, old: str, new: str, text: str | None = None) -> Path:
    """The shipped C9 template (or ``text``) with ``old`` replaced by ``new``, written under ``tmp_path``."""
    text = C9.read_text(encoding="utf-8") if text is None else text
    assert old in text
    path = tmp_path / f"c9_{len(list(tmp_path.glob('c9_*')))}.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def loaded(path: Path):
    return build_template(read_yaml(path), path)


def in_order_c9(tmp_path: Path):
    return loaded(c9_with(tmp_path, SHUFFLED, IN_ORDER))


def answers(instance) -> list:
    """Each part's exact answer (as text) or accepted words, and its traps' values or words."""
    shown = lambda value: None if value is None else to_text(value)   # noqa: E731
    return [(shown(part.value), part.accept, [(t.code, shown(t.value), t.words) for t in part.traps])
            for part in instance.parts]


def test_the_shipped_c4_and_c9_keep_their_shuffled_positions():
    """A paper made before in_order existed is remade (--only, a late joiner) with the numbers it printed."""
    for name in ("c4_mean_over_masked.yaml", "c9_exam_twist.yaml"):
        template = loaded(builtin_bank_dir() / name)
        positions = [sample_instance(template, f"order/{k}").params["pos"] for k in range(40)]
        assert any(list(pos) != sorted(pos) for pos in positions), name


def test_in_order_sorts_the_shuffled_draw_and_changes_nothing_else(tmp_path):
    shuffled, in_order = loaded(C9), in_order_c9(tmp_path)
    unsorted = 0
    for k in range(40):
        before, after = sample_instance(shuffled, f"same/{k}"), sample_instance(in_order, f"same/{k}")
        assert after.params["pos"] == tuple(sorted(before.params["pos"]))
        assert {n: v for n, v in after.params.items() if n != "pos"} == \
               {n: v for n, v in before.params.items() if n != "pos"}
        assert answers(after) == answers(before)
        unsorted += list(before.params["pos"]) != sorted(before.params["pos"])
    assert unsorted > 10   # the shuffled sample would have listed them out of order


def test_in_order_lists_c9s_exact_form_by_position(tmp_path):
    """The stem lists each position with its p in order; the exact form then follows it."""
    template = in_order_c9(tmp_path)
    for k in range(20):
        instance = sample_instance(template, f"c9/{k}")
        p, pos = instance.params["p"], instance.params["pos"]
        by_position = [to_text(v) for _, v in sorted(zip(pos, p))]   # as the stem lists them
        exact = to_text(instance.parts[0].value)
        terms = exact[:exact.index("))/") + 1].replace("(-log(", "")[:-1].split(") - log(")
        assert terms == by_position, exact


@pytest.mark.parametrize("pos, message", [
    ("[3, 3]", "pos = [3, 3] is not 2 items of its list, each from a place of its own: the template could never "
               "draw it"),
    ("[3, 11]", "pos = [3, 11] is not 2 items of its list"),
    ("[3, 7, 8]", "pos has 3 items but its declared size is 2: the template could never draw it"),
])
def test_a_canonical_sample_the_template_could_never_draw_is_refused(tmp_path, pos, message):
    problems = canonical_param_problems(loaded(c9_with(tmp_path, "    pos: [3, 7]", f"    pos: {pos}")))
    assert [str(p) for p in problems if message in str(p)], [str(p) for p in problems]


def test_a_canonical_in_order_sample_out_of_order_is_refused(tmp_path):
    text = c9_with(tmp_path, SHUFFLED, IN_ORDER).read_text(encoding="utf-8")
    problems = canonical_param_problems(loaded(c9_with(tmp_path, "    pos: [3, 7]", "    pos: [7, 3]", text)))
    assert [str(p) for p in problems] and all("pos = [7, 3] is declared in_order: true: give its items in the "
                                              "list's order" in str(p) for p in problems)
    assert canonical_param_problems(loaded(c9_with(tmp_path, "    pos: [3, 7]", "    pos: [3, 7]", text))) == []


@pytest.mark.parametrize("pool, canonical, in_order, refused", [
    ("[1, 1, 2, 3]", "[1, 1]", False, False),   # each 1 from a place of its own
    ("[3, 1, 2, 1]", "[2, 1]", True, False),    # places 2 and 3, in order
    ("[3, 1, 2, 1]", "[1, 3]", True, True),
    ("[1, 2, 3]", "[1, 1]", False, True),
])
def test_a_list_that_repeats_an_item_gives_each_canonical_item_a_place_of_its_own(tmp_path, pool, canonical,
                                                                                 in_order, refused):
    """Review 41c F1: the check placed each item at its first place, so [1, 1] from [1, 1, 2, 3] was refused."""
    sample = f'pos: {{sample: {{from: {pool}, size: m{", in_order: true" if in_order else ""}}}}}'
    text = c9_with(tmp_path, SHUFFLED, sample).read_text(encoding="utf-8")
    text = text.replace("    pos: [3, 7]", f"    pos: {canonical}")
    problems = canonical_param_problems(loaded(c9_with(tmp_path, "    m: 2", "    m: 2", text)))
    assert bool([p for p in problems if "canonical.params.pos" in str(p)]) is refused, [str(p) for p in problems]


def test_the_shipped_canonical_positions_pass():
    assert canonical_param_problems(loaded(C9)) == []


def test_in_order_must_be_true_or_false(tmp_path, invoke):
    path = c9_with(tmp_path, SHUFFLED, IN_ORDER.replace("in_order: true", 'in_order: "yes"'))
    result = invoke("validate", "--samples", "0", path)
    assert result.exit_code != 0
    assert 'params.pos.sample.in_order: expected true or false, got "yes"' in result.output + result.stderr


def test_a_sample_of_a_records_list_does_not_stop_the_checks_of_later_parameters(tmp_path):
    """Review 41c F11: C1's ``others`` samples ``scene.distractors``, which the canonical scene (an option's
    place) cannot give here; that stopped the check, so a later parameter's value off its range passed."""
    c1 = (builtin_bank_dir() / "c1_confident_correct.yaml").read_text(encoding="utf-8")
    text = c1.replace("  words: {insert:", "  extra: {integer: [1, 3]}\n  words: {insert:") \
             .replace("    others: [car, sky]\n", "    others: [car, sky]\n    extra: 9\n")
    path = tmp_path / "c1.yaml"
    path.write_text(text, encoding="utf-8")
    problems = [str(p) for p in canonical_param_problems(loaded(path))]
    assert len(problems) == 1 and "canonical.params.extra: extra = 9 is outside its declared range" in problems[0]


def test_a_sample_of_thousands_is_checked_at_once(tmp_path):
    """Review 41c F7: the check was quadratic, 1 min 46 s for 20,000 items (8,000 here: a list's limit is 10,000)."""
    import time

    sample = 'pos: {sample: {from: "range(1, 16001)", size: m}}'
    text = C9.read_text(encoding="utf-8").replace(SHUFFLED, sample).replace("    m: 2\n", "    m: 8000\n") \
        .replace("  m: {integer: [2, 4]}", "  m: {integer: [2, 8000]}")
    text = text.replace("    pos: [3, 7]", f"    pos: {list(range(16000, 0, -2))}")
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    template = loaded(path)
    start = time.process_time()
    problems = canonical_param_problems(template)
    assert time.process_time() - start < 2
    assert not [p for p in problems if "canonical.params.pos" in str(p)], [str(p) for p in problems][:3]
    ordered = path.read_text(encoding="utf-8").replace(sample, sample.replace("size: m", "size: m, in_order: true"))
    path.write_text(ordered, encoding="utf-8")
    start = time.process_time()
    problems = canonical_param_problems(loaded(path))
    assert time.process_time() - start < 2
    assert [p for p in problems if "is declared in_order: true" in str(p)]
