"""A policy file or a bank template whose bytes are not UTF-8 text is one line
naming the file and the line of the first bad byte (not Python's codec message
with a byte position); a NUL, which YAML refuses with only its place, is named
with its line too; UTF-16 or UTF-32 with a byte-order mark reads as the answers
and overrides files do."""

from pathlib import Path

import pytest

from quizgen.bank.yamlfile import read_yaml
from quizgen.errors import InputFileError, TemplateError
from quizgen.marking.policy import read_policy
from quizgen.validation.problems import shown

USER_BANK = Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml"
POLICY = "# marking policy\ntraps:\n  halved: 0.5\necf_credit: 0.5\n"


def test_a_policy_with_a_bad_byte_names_its_line(tmp_path):
    path = tmp_path / "policy.yaml"
    path.write_bytes(POLICY.replace("halved", "hal\xffved").encode("latin-1"))
    with pytest.raises(InputFileError) as caught:
        read_policy(path)
    assert str(caught.value) == f"{path}:3: not UTF-8 text (byte 0xff: invalid start byte); save the file as UTF-8"


def test_a_policy_with_a_nul_names_its_line(tmp_path):
    path = tmp_path / "policy.yaml"
    path.write_bytes(POLICY.replace("0.5\n", "0.5\x00\n", 2).encode())
    with pytest.raises(InputFileError) as caught:
        read_policy(path)
    assert str(caught.value).startswith(f"{path}:3: not valid YAML (unacceptable character #x0000")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32", "utf-8-sig"])
def test_a_policy_with_a_byte_order_mark_is_read(tmp_path, encoding):
    path = tmp_path / "policy.yaml"
    path.write_bytes(POLICY.encode(encoding))
    assert read_policy(path).ecf_credit == 0.5


def test_a_template_with_a_bad_byte_names_its_line(tmp_path):
    path = tmp_path / "c11.yaml"
    text = USER_BANK.read_text()
    path.write_bytes(text.replace("softmax", "soft\xe9max", 1).encode("latin-1"))
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "softmax" in row)
    with pytest.raises(TemplateError) as caught:
        read_yaml(path)
    assert str(caught.value) == f"{path}:{line}: not UTF-8 text (byte 0xe9: invalid continuation byte); " \
                                "save the file as UTF-8"


def test_a_template_with_a_nul_names_its_line(invoke, tmp_path):
    folder = tmp_path / "bank"
    folder.mkdir()
    path = folder / "c11.yaml"
    text = USER_BANK.read_text()
    lines = text.splitlines(keepends=True)
    lines[3] = lines[3].replace(" ", "\x00", 1)   # points: 2
    path.write_text("".join(lines))
    result = invoke("validate", folder, "--samples", 0)
    assert result.exit_code == 1
    assert f"{shown(path)}:4: invalid YAML: unacceptable character #x0000: special characters are not allowed" \
        in result.stdout


@pytest.mark.slow
def test_a_utf16_template_validates_and_its_problems_have_lines(invoke, tmp_path):
    folder = tmp_path / "bank"
    folder.mkdir()
    path = folder / "c11.yaml"
    path.write_bytes(USER_BANK.read_text().encode("utf-16"))
    result = invoke("validate", folder, "--samples", 2)
    assert result.exit_code == 0, result.output
    text = USER_BANK.read_text().replace("{{ tau }}", "{{ nope }}", 1)
    path.write_bytes(text.encode("utf-16"))
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "{{ nope }}" in row)
    result = invoke("validate", folder, "--samples", 2)
    assert f"{shown(path)}:{line}: stem: undefined name 'nope'" in result.stdout
