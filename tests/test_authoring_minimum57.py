"""docs/authoring.md opens with a minimum template (review 57a's docs note: a first-time
author wanted one page before the reference). It must validate as it stands, with no warning,
so that a reader who copies it starts from a template that works."""

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "docs" / "authoring.md"
MARK = "<!-- minimum template: validated as it stands by tests/test_authoring_minimum57.py -->"


def minimum_template() -> str:
    """The YAML block that follows the page's minimum-template marker."""
    found = re.search(re.escape(MARK) + r"\n```yaml\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)
    assert found, "docs/authoring.md lost its minimum template"
    return found.group(1)


def test_the_minimum_template_is_on_the_first_page():
    text = PAGE.read_text(encoding="utf-8")
    assert text.index(MARK) < text.index("## 0. A bank folder of your own")
    assert len(minimum_template().splitlines()) <= 60


def test_the_minimum_template_validates_without_a_warning(invoke, tmp_path):
    bank = tmp_path / "my_bank"
    bank.mkdir()
    (bank / "c50_temperature.yaml").write_text(minimum_template(), encoding="utf-8")
    result = invoke("validate", bank, "--samples", "100")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok C50 two-label-temperature") and "warning" not in result.output, result.output
    assert "1 part, 1 trap, 1 canonical number matched, 2 tests passed" in result.output


def test_the_minimum_template_has_every_required_key():
    from quizgen.bank.schema import REQUIRED_TOP

    keys = {line.split(":")[0] for line in minimum_template().splitlines() if re.match(r"[a-z_]+:", line)}
    assert set(REQUIRED_TOP) <= keys
