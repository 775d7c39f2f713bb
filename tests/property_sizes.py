"""Property tests in two sizes. The quick suite (``-m "not slow"``) tries each
property on a few examples; a slow copy, which CI runs as well, tries the many
the test always tried. Both run one body, so the copy cannot drift from it:

    MANY = settings(deadline=None, max_examples=200)
    ROWS = given(st.lists(st.integers()))

    @quick(MANY)
    @ROWS
    def test_rows_are_kept(rows): ...

    test_rows_are_kept_many = many_copy(test_rows_are_kept, ROWS, MANY)
"""

import pytest
from hypothesis import settings

QUICK_EXAMPLES = 10


def quick(many: settings) -> settings:
    """``many`` with at most :data:`QUICK_EXAMPLES` examples."""
    return settings(many, max_examples=min(QUICK_EXAMPLES, many.max_examples))


def many_copy(test, strategies, many: settings):
    """A ``slow`` copy of the property test ``test`` (already ``@given``), given
    the same ``strategies`` again and run with the ``many`` settings."""
    return pytest.mark.slow(many(strategies(test.hypothesis.inner_test)))
