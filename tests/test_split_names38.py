"""``generate --split`` names each student's file with letters in ASCII
where a plain form exists, as feedback sheets do (review 38: ``Zoë`` gave
``-Zo_``, now ``-Zoe``); ids that would share a name are still refused."""

from types import SimpleNamespace

import pytest

from quizgen.errors import UsageError
from quizgen.generation.documents import split_suffixes


def _papers(*ids):
    return [SimpleNamespace(student_id=student_id) for student_id in ids]


def test_split_file_names_keep_letters_in_ascii():
    assert split_suffixes(_papers("Zoë Hopper", "s001", "Müller, Łukasz", "Straße")) == \
        ["-Zoe_Hopper", "-s001", "-Muller_Lukasz", "-Strasse"]


def test_two_ids_that_become_one_name_are_refused():
    with pytest.raises(UsageError, match="'Zoë' and 'Zoe' would both be written as Zoe"):
        split_suffixes(_papers("Zoë", "Zoe"))


def test_digits_of_any_script_are_ascii_and_a_long_id_is_cut():
    """rev38c: '٠٠١' (Arabic-Indic) became 'student'; 140 ß's made a name too long for the file system."""
    assert split_suffixes(_papers("\u0660\u0660\u0661", "ß" * 140)) == ["-001", "-" + "ss" * 40]
