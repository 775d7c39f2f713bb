"""C9's yes/no parts with the words they accept and their traps' words, for
both ways of asking each part (words28). ``draws`` is made once a session (200
draws of C9; the test modules that ask for it only read it); registered for the
whole suite by ``pytest_plugins`` in conftest.py."""

import pytest

from quizgen.generation.sampling import sample_instance

YES_NO_PARTS = ("left_to_right", "grows_with_masks")
"""C9's parts answered yes or no with a reason: BERT predicting the masked tokens
one after another, and the mean changing with |M|."""


@pytest.fixture(scope="session")
def draws(templates_by_class):
    """{(part, right answer): (accepted words, {trap code: words})} for both ways of asking each part."""
    found = {}
    for k in range(200):
        for pv in sample_instance(templates_by_class["C9"], f"words28/{k}").parts:
            if pv.part.name in YES_NO_PARTS:
                found[(pv.part.name, pv.accept[0])] = (pv.accept, {t.code: t.words for t in pv.traps})
    assert set(found) == {(part, right) for part in YES_NO_PARTS for right in ("yes", "no")}
    return found
