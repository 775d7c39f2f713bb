"""Fuzzing a user's bank with hypothesis: a template file with some of its
values replaced by random YAML loads, or is refused with one TemplateError
line naming the file; never another exception. The tests after the property
pin what the fuzzing found."""

import copy
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from fuzz_support import mutated
from property_sizes import many_copy, quick

from quizgen.bank.loader import load_template
from quizgen.errors import QuizgenError, TemplateError

SOURCE = Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml"
TEMPLATE = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
MANY = settings(deadline=None, max_examples=300,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 30, 10 ** 30) | st.floats() | st.text(max_size=10)
    | st.sampled_from(["p", "z", "a*b", "10**400", "exp(exp(exp(9)))", "{{ p }}", "C1", "numeric", "word"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


def load_or_refuse(folder: Path, data):
    path = folder / "t.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        return load_template(path)
    except QuizgenError as error:
        assert isinstance(error, TemplateError), repr(error)
        assert "\n" not in str(error) and str(error).startswith(str(path)), str(error)
        return None


TEMPLATES = given(data=mutated(TEMPLATE, VALUES))
REFUSED = copy.deepcopy(TEMPLATE)
REFUSED["parts"][0]["traps"] = True   # made TypeError once: refused now


def assert_is_the_files(template, data) -> None:
    """A template read is the file's: its id, class, points and parts, the parts' marks adding up."""
    assert (template.id, template.cls, template.points) == (data["id"], data["class"], data["points"])
    assert [part.name for part in template.parts] == [part["name"] for part in data["parts"]]
    assert sum(template.part_points()) == pytest.approx(template.points)


@quick(MANY)
@TEMPLATES
@example(data=TEMPLATE)   # read
@example(data=REFUSED)    # refused
@pytest.mark.slow
def test_a_mutated_template_loads_or_is_refused_in_one_line(tmp_path_factory, data):
    template = load_or_refuse(tmp_path_factory.mktemp("bank"), data)
    if template is not None:
        assert_is_the_files(template, data)


test_a_mutated_template_many = many_copy(test_a_mutated_template_loads_or_is_refused_in_one_line, TEMPLATES, MANY)


@pytest.mark.parametrize("where", ["parts", "tests"])
def test_a_part_named_by_a_list_is_refused(tmp_path, where):
    """A list where a part's name belongs (in ``parts`` or an example answer
    in ``tests``) made TypeError: unhashable type: 'list'."""
    data = copy.deepcopy(TEMPLATE)
    if where == "parts":
        data["parts"][0]["name"] = ["p"]
    else:
        data["tests"] = [{"part": ["p"], "answer": "0.5", "status": "correct"}]
    with pytest.raises(TemplateError) as caught:
        load_template_data(tmp_path, data)
    assert "\n" not in str(caught.value) and f"{where}.0" in str(caught.value)


@pytest.mark.parametrize("traps", [True, 5])
def test_traps_that_are_not_a_list_are_refused(tmp_path, traps):
    """``traps: true`` made TypeError: 'bool' object is not iterable."""
    data = copy.deepcopy(TEMPLATE)
    data["parts"][0]["traps"] = traps
    with pytest.raises(TemplateError) as caught:
        load_template_data(tmp_path, data)
    assert "\n" not in str(caught.value) and "parts.0.traps: expected a list of traps" in str(caught.value)


def load_template_data(folder: Path, data):
    path = folder / "t.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return load_template(path)


def test_the_propertys_examples_are_one_read_and_one_refused(tmp_path):
    template = load_or_refuse(tmp_path, TEMPLATE)
    assert template is not None and template.id == TEMPLATE["id"] == "softmax-temperature"
    assert_is_the_files(template, TEMPLATE)
    assert load_or_refuse(tmp_path, REFUSED) is None


def test_a_mapping_key_holding_a_line_break_is_shown_on_one_line(tmp_path):
    """A YAML key '\\x1f\\n' under ``id`` put a line break in the message's key path."""
    data = copy.deepcopy(TEMPLATE)
    data["id"] = {"\x1f\n": None}
    with pytest.raises(TemplateError) as caught:
        load_template_data(tmp_path, data)
    assert "\n" not in str(caught.value) and ": id.??: " in str(caught.value)
