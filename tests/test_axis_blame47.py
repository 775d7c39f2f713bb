"""Review 46c F12: axis words that read a parameter were checked after Markdown escaped the
value, so a value's ``_`` was blamed as a ``\\`` the author never wrote, and a ``*`` the
template may write itself was refused when a parameter brought it."""

import pytest

from grading_support import c7_bank_with_figure


def _bank(tmp_path, value: str):
    """C7 as a user bank whose axis words read a parameter ``tag`` that is always ``value``."""
    bank = c7_bank_with_figure(tmp_path, "axis", '"the {{ tag }} probability"')
    path = bank / "evil.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("params:\n", f"params:\n  tag: {{choice: [{value!r}]}}\n", 1)
    path.write_text(text.replace("    pair: 0\n", f"    pair: 0\n    tag: {value!r}\n", 1), encoding="utf-8")
    return bank


@pytest.mark.parametrize("value, said", [("a_b", "holds '_', which tag's value 'a_b' brings: "),
                                         ("x<y", "holds '<', which tag's value 'x<y' brings: ")])
def test_the_character_and_the_parameter_are_named(invoke, tmp_path, value, said):
    checked = invoke("validate", "--bank", _bank(tmp_path, value), "--samples", 2)
    assert checked.exit_code == 1 and said in checked.output and "'\\\\'" not in checked.output, checked.output


def test_a_value_may_hold_what_the_template_may(invoke, tmp_path):
    """A ``*`` (Markdown's escape made it ``\\*``) passes from a value as from the template's own words."""
    checked = invoke("validate", "--bank", _bank(tmp_path, "x*y"), "--samples", 2)
    assert checked.exit_code == 0, checked.output
