"""report34b: names33 named each misconception by its name beside its code in
the class report's tables; the flag of a very hard part still said "...% fell
into sigmoid_sign_error", the code alone. It now says the name too, escaped as
every text from a key is, and the code alone for a key without names (2). The
heat map's drawn labels and grade's printed summary name it too, cut short (3)."""

import copy
import csv
import json
import math
import re

from click.testing import CliRunner

import quizgen
import test_names33 as names33
from quizgen.cli import main
from quizgen.report import charts
from quizgen.report.formatting import counted_name, cut_at_word

SIGN, TEMPLATE = names33.SIGN, names33.TEMPLATE
HOSTILE = "<b>x</b> | *y*"


def _named(data: dict, name) -> dict:
    data = copy.deepcopy(data)
    for trap in data["templates"][TEMPLATE]["parts"][0]["traps"]:
        if name is None:
            trap.pop("name", None)
        elif trap["code"] == "sigmoid_sign_error":
            trap["name"] = name
    return data


def _answers(folder, data: dict):
    """Five of six students fell into sigmoid_sign_error on Q1 (a): very hard, the trap widespread."""
    part = data["questions"][0]["parts"][0]
    folder.mkdir()
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"),
                                      *((f"s{i}", "Q1", "a", f"{part['trap_values'][0] if i else part['value']:.3g}")
                                        for i in range(6))])
    return answers


def _report(folder, data: dict) -> dict:
    quizgen.grade(_answers(folder, data), key=data)
    return {kind: (folder / f"answers-graded-{kind}").read_text(encoding="utf-8-sig")
            for kind in ("report.md", "report.html", "items.csv")}


def test_the_very_hard_flag_names_the_widespread_misconception(c7_key, tmp_path):
    out = _report(tmp_path / "named", c7_key)
    assert f"83% fell into {SIGN} (sigmoid\\_sign\\_error), a widespread misconception" in out["report.md"]
    assert f"83% fell into {SIGN} (sigmoid_sign_error), a widespread misconception" in out["report.html"]
    assert f"83% fell into {SIGN} (sigmoid_sign_error), a widespread misconception" in out["items.csv"]


def test_a_key_without_names_flags_the_code_alone(c7_key, tmp_path):
    out = _report(tmp_path / "unnamed", _named(c7_key, None))
    assert "83% fell into sigmoid_sign_error, a widespread misconception" in out["report.html"]
    assert SIGN not in out["report.html"]


def test_a_hostile_name_in_the_flag_is_escaped(c7_key, tmp_path):
    out = _report(tmp_path / "hostile", _named(c7_key, HOSTILE))
    assert "fell into &lt;b&gt;x&lt;/b&gt; | *y* (sigmoid_sign_error)" in out["report.html"]
    assert "<b>x</b>" not in out["report.html"]
    assert "fell into \\<b\\>x\\</b\\> \\| \\*y\\* (sigmoid\\_sign\\_error)" in out["report.md"]


# ------------------------------------------------------------------ the heat map's labels and the summary
# report34b (3): the heat map's drawn row labels and grade's printed summary kept codes for width;
# they now show the name, cut short at a word with an ellipsis where it does not fit, the whole
# name and code in the label's tooltip (the page), and the code for a trap without a name.


LONG = "the probability of the predicted class, not the true one"


def _labels(svg) -> list:
    return re.findall(r'<g><title>([^<]*)</title><text [^>]*text-anchor="end"[^>]*>([^<]*)</text></g>', str(svg))


def test_a_heat_map_row_is_drawn_by_its_name_cut_short_its_whole_name_in_a_tooltip():
    names = {"predicted_class_probability": LONG, "sigmoid_sign_error": SIGN}
    codes = ["predicted_class_probability", "sigmoid_sign_error", "no_name_trap"]
    heat = {code: {"Q1": 0.5} for code in codes}
    for svg in (charts.heat_map(codes, ["Q1"], heat, names), charts.heat_labels(codes, names)):
        assert _labels(svg) == [(f"{LONG} (predicted_class_probability)", "the probability of the predicted class\u2026"),
                                (f"{SIGN} (sigmoid_sign_error)", SIGN), ("no_name_trap", "no_name_trap")]


def test_names_that_cut_alike_are_drawn_by_their_codes():
    names = {"a_trap": "x" * 8 + " the same long beginning of two names, then one", "b_trap":
             "x" * 8 + " the same long beginning of two names, then two"}
    drawn = [label for _, label in _labels(charts.heat_labels(["a_trap", "b_trap"], names))]
    assert drawn == ["a_trap", "b_trap"]


def test_the_label_column_is_as_wide_as_its_longest_drawn_label():
    svg = str(charts.heat_labels(["predicted_class_probability"], {"predicted_class_probability": LONG}))
    assert f'width="{math.ceil(charts.text_width("the probability of the predicted class…") + 16)}"' in svg


def test_a_hostile_name_on_a_heat_map_label_is_escaped():
    svg = str(charts.heat_labels(["t"], {"t": HOSTILE}))
    assert "<b>" not in svg and "&lt;b&gt;x&lt;/b&gt; | *y* (t)" in svg


def test_cut_at_word_cuts_at_a_word_within_its_limit():
    assert cut_at_word(SIGN, 40) == SIGN
    assert cut_at_word(LONG, 40) == "the probability of the predicted class\u2026"
    assert cut_at_word("a" * 50, 10, "...") == "a" * 7 + "..."   # no word to cut at: cut in it
    assert all(len(cut_at_word(LONG, n)) <= n for n in range(12, 60))


def test_the_summary_names_the_most_common_misconception_within_80_columns(c7_key, tmp_path):
    out = _summary(tmp_path / "summary", c7_key)
    line = next(line for line in out.splitlines() if line.startswith("  Q1        a"))
    assert line.endswith(f"  {SIGN} (5)") and len(line) <= 80
    long = _summary(tmp_path / "long", _named(c7_key, "w" * 79))
    line = next(line for line in long.splitlines() if line.startswith("  Q1        a"))
    assert line.endswith("w... (5)") and len(line) == 80
    assert counted_name("sigmoid_sign_error", 5, {}, 50) == "sigmoid_sign_error (5)"   # a key without names


def _summary(folder, data) -> str:
    answers = _answers(folder, data)
    key = folder / "key.json"
    key.write_text(json.dumps(data), encoding="utf-8")
    ran = CliRunner().invoke(main, ["grade", str(answers), "--key", str(key)])
    assert ran.exit_code == 0, ran.output
    return ran.output
