"""Shared by the tests/test_fuzz_*.py files: random values replacing or
removing some of the values of a JSON or YAML document."""

import copy

from hypothesis import strategies as st


def value_paths(node, prefix=()):
    """Every path to a value inside ``node`` (mapping keys and list indexes)."""
    if prefix:
        yield prefix
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for step, child in children:
        yield from value_paths(child, prefix + (step,))


@st.composite
def mutated(draw, document, values, most: int = 3):
    """A copy of ``document`` with one to ``most`` values replaced by one drawn from ``values`` or removed."""
    data = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, most))):
        paths = list(value_paths(data))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if draw(st.booleans()):
            parent[path[-1]] = draw(values)
        else:
            del parent[path[-1]]
    return data
