"""Hostile inputs (session 29, hostile29a): YAML alias bombs and repeated
strings, control characters rendered by Jinja or given as a seed, a FIFO given
to validate, a key.json in UTF-16 or naming a key twice."""

from __future__ import annotations

import re

import pytest

from quizgen.errors import InputFileError
from quizgen.marking import policy


def _nested(levels: int) -> str:
    """A list of 10**(levels + 1) values, written with aliases in a few hundred bytes."""
    text = "&a0 [x,x,x,x,x,x,x,x,x,x]"
    for level in range(1, levels):
        text = f"&a{level} [{text}" + f", *a{level - 1}" * 9 + "]"
    return f"[{text}" + f", *a{levels - 1}" * 9 + "]"


def test_policy_alias_bomb_is_refused_in_one_line():
    """10**6 values from a few hundred bytes: refused by count, naming the setting
    (before, the value was checked and shown whole: 10**9 of them never ended)."""
    with pytest.raises(InputFileError) as caught:
        policy.parse_policy("ecf_credit: " + _nested(5) + "\n", "p.yaml")
    message = str(caught.value)
    assert message.startswith("p.yaml:1: ecf_credit: the number of values (each YAML alias counted as its copy) "
                              "exceeds the limit of 100,000"), message
    assert "\n" not in message


def test_policy_alias_bomb_under_points_and_traps():
    for key in ("points", "traps"):
        text = f"{key}:\n  C1: " + _nested(5) + "\n"
        with pytest.raises(InputFileError, match=rf"p.yaml:1: {key}: the number of values"):
            policy.parse_policy(text, "p.yaml")


class _Counted:
    """A value that counts how often it is shown."""

    shown = 0

    def __repr__(self):
        _Counted.shown += 1
        return "v"


def test_found_reads_a_few_items_of_a_shared_value():
    """A message shows a few items of a list, never each (aliased) copy."""
    _Counted.shown = 0
    item = _Counted()
    shown = policy._found([[item] * 1000] * 1000)
    assert _Counted.shown <= 20, _Counted.shown
    assert len(shown) <= 80



def test_a_text_repeated_by_aliases_is_checked_once(monkeypatch):
    """A template's text checks read one long text once, not once per alias
    (2,000 aliases of a 50,000-character title took 15 s to list the bank)."""
    from quizgen.bank import yamlfile
    from quizgen.safe_yaml import safe_load

    data = safe_load('title: [&s "' + "y" * 1000 + '"' + ", *s" * 2000 + "]\n")
    checked = []
    real = yamlfile._odd
    monkeypatch.setattr(yamlfile, "_odd", lambda value: checked.append(value) or real(value))
    assert yamlfile.odd_scalar(data) is None
    assert sum(1 for value in checked if value == "y" * 1000) == 1


def test_a_repeated_text_with_a_control_character_is_still_found():
    from quizgen.bank import yamlfile
    from quizgen.safe_yaml import safe_load

    data = safe_load('title: [ok, &s "a\\x1bb", *s]\n')
    assert yamlfile.odd_scalar(data)[:2] == (("title", 1), "text holds the control character U+001B, "
                                                       "which no paper can print")


@pytest.mark.parametrize("fmt", ["md", "tex", "text"])
@pytest.mark.parametrize("escape, shown", [("\\x1b]0;PWNED\\x07", "the control character U+001B"),
                                           ("ok\\x07", "the control character U+0007"),
                                           ("\\x85", "the control character U+0085"),
                                           ("\\ud800", "a lone surrogate U+D800")])
def test_a_jinja_escape_cannot_print_a_control_character(fmt, escape, shown):
    """A Jinja2 string's escape is refused as the same character in the YAML is."""
    from quizgen.errors import TemplateError
    from quizgen.text.render import render_many, render_string

    source = "A {{ '" + escape + "' }} model"
    with pytest.raises(TemplateError, match=re.escape(f"the filled text holds {shown}, which no paper can print")):
        render_string(source, {}, fmt)
    with pytest.raises(TemplateError, match=re.escape(f"the filled text holds {shown}")):
        render_many(["plain", source], {}, fmt)


def test_filled_text_keeps_tabs_line_breaks_and_other_characters():
    from quizgen.text.render import render_string

    assert render_string("{{ 'a\\tb\\u202fc' }}", {}, "text") == "a\tb\u202fc"


@pytest.mark.parametrize("command", [("generate", "--classes", "C1", "--count", "1", "--out", "s2"),
                                     ("export", "moodle", "--classes", "C1", "--count", "1", "--out", "m.xml")])
@pytest.mark.parametrize("seed, code", [("a\x1b]0;pwned\x07b", "U+001B"), ("a\u202eb", "U+202E")])
def test_a_seed_a_terminal_cannot_print_is_refused(invoke, tmp_path, monkeypatch, command, seed, code):
    """A seed is echoed on the last line: an escape in it would reach the terminal."""
    monkeypatch.chdir(tmp_path)
    result = invoke(*command, "--seed", seed)
    assert result.exit_code == 2, result.output
    assert f"holds the character {code}, which a terminal does not print as itself" in result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output
    assert not list(tmp_path.iterdir())


def test_check_labels_refuses_a_seed_a_terminal_cannot_print():
    from quizgen.errors import UsageError
    from quizgen.generation.quiz import check_labels

    with pytest.raises(UsageError, match="U\\+0007"):
        check_labels("a\x07", ["t"], 1)
    check_labels("exam 2026 ²b", ["t"], 1)   # a tab is refused since (fixb29)


def test_validate_names_a_fifo_or_device_as_no_regular_file(invoke, tmp_path, monkeypatch):
    import os

    monkeypatch.chdir(tmp_path)
    os.mkfifo("ff.yaml")
    for given in ("ff.yaml", os.devnull):
        result = invoke("validate", given)
        assert result.exit_code == 2
        assert result.output.strip() == (f"quizgen: error: {given} is not a regular file: give a template file "
                                         "(*.yaml, *.yml) or a folder of them")
    assert "no such template file or folder: gone.yaml" in invoke("validate", "gone.yaml").output


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-8-sig"])
def test_a_key_saved_with_a_byte_order_mark_is_read(three_question_folder, encoding):
    """A key.json an editor saved as UTF-16 (or UTF-32) with its mark reads as the UTF-8 one."""
    from quizgen.key.load import load_key_file

    utf8 = three_question_folder / "key.json"
    other = three_question_folder / "key16.json"
    text = utf8.read_text(encoding="utf-8")
    other.write_bytes((("\ufeff" if encoding == "utf-16-be" else "") + text).encode(encoding))
    assert load_key_file(other) == load_key_file(utf8)


def test_a_key_in_no_encoding_is_one_line_naming_utf8(tmp_path):
    from quizgen.key.load import load_key_file

    (tmp_path / "key.json").write_bytes(b'{"a": "\xff"}')
    with pytest.raises(InputFileError) as caught:
        load_key_file(tmp_path / "key.json")
    assert str(caught.value) == (f"{tmp_path / 'key.json'}: cannot read the key: not UTF-8 text (byte 7: invalid "
                                 "start byte); save key.json as UTF-8, as quizgen generate writes it")


def test_a_key_naming_a_field_twice_is_said_so(seed3_key, tmp_path):
    """JSON keeps the second of two names; the check it then fails blamed what followed from it."""
    from quizgen.key.load import load_key_file

    path = tmp_path / "key.json"
    text = seed3_key.read_text(encoding="utf-8")
    path.write_text(text.rstrip()[:-1] + ', "version": 99}', encoding="utf-8")
    with pytest.raises(InputFileError) as caught:
        load_key_file(path)
    assert str(caught.value) == (f"{path}: line 1: the name 'version' is given twice in one object (JSON keeps the "
                                 "second); "
                                 "quizgen generate never writes that: regenerate the key (the same --seed and options)")


def test_a_key_failing_its_checks_without_a_name_twice_keeps_its_message(seed3_key, tmp_path):
    from quizgen.key.load import load_key_file

    path = tmp_path / "key.json"
    text = seed3_key.read_text(encoding="utf-8")
    path.write_text(text.replace('"version": ', '"version": 9', 1), encoding="utf-8")
    with pytest.raises(InputFileError) as caught:
        load_key_file(path)
    assert "twice" not in str(caught.value)
