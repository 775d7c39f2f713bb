"""A decimal-comma class's report writes the flags' cuts with a comma (``facility
below 0,20``), but only in the words the flags write: a trap's name that an
item's own words quote ("45% fell into ...") stays as the key has it. Before,
tables.cut_mark replaced the cut's phrase anywhere in a flag's text, so a trap
named "facility below 0.20 ..." was shown "facility below 0,20 ..."."""

import csv
import json
from types import SimpleNamespace

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.report.flags import HARD_REASON
from quizgen.report.html import flag_tags as html_flag_tags
from quizgen.report.flagged import flag_legend, flag_tags, why
import test_names33 as names33

TEMPLATE = names33.TEMPLATE
NAME = "facility below 0.20 read as p"
OWN = f"83% fell into {NAME} (sigmoid_sign_error), a widespread misconception"


def _graded(folder, data: dict) -> dict:
    """Five of six students fall into sigmoid_sign_error on Q1 (a), named NAME, graded with --decimal-comma."""
    data = json.loads(json.dumps(data))
    for trap in data["templates"][TEMPLATE]["parts"][0]["traps"]:
        if trap["code"] == "sigmoid_sign_error":
            trap["name"] = NAME
    folder.mkdir()
    (folder / "key.json").write_text(json.dumps(data), encoding="utf-8")
    part = data["questions"][0]["parts"][0]
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"),
                                      *((f"s{i}", "Q1", "a", f"{part['trap_values'][0] if i else part['value']:.3g}"
                                         .replace(".", ",")) for i in range(6))])
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv"), "--key", str(folder / "key.json"),
                                       "--decimal-comma"])
    assert result.exit_code == 0, result.output
    return {kind: (folder / f"answers-graded-{kind}").read_text(encoding="utf-8-sig")
            for kind in ("report.md", "report.html", "items.csv")}


def test_a_comma_class_report_keeps_a_trap_name_as_written(c7_key, tmp_path):
    out = _graded(tmp_path / "comma", c7_key)
    assert "facility below 0,20" in out["report.md"] and "facility below 0,20" in out["report.html"]   # the cut
    assert OWN.replace("_", "\\_") in out["report.md"]
    assert OWN in out["report.html"]
    assert "0,20 read as p" not in out["report.md"] + out["report.html"]
    note = next(row for row in csv.DictReader(out["items.csv"].splitlines()) if row["level"] == "part")["note"]
    assert "facility below 0,20" in note and NAME in note   # the items CSV's note too (review 47b F8)


def test_only_the_flags_own_words_are_marked():
    item = SimpleNamespace(reasons=[f"{HARD_REASON}; 45% fell into {NAME}, a widespread misconception"])
    assert why(item, comma=True) == ("very hard: few students scored (facility below 0,20); 45% fell into "
                                     f"{NAME}, a widespread misconception")
    assert flag_tags(item) == f"very hard: 45% fell into {NAME}, a widespread misconception"
    assert f"45% fell into {NAME}" in str(html_flag_tags(item))
    assert dict(flag_legend([item], comma=True))["very hard"] == "few students scored (facility below 0,20)"
