"""C2, C3 and C7 in the tool's own words (session 21): the reference's numbers carry
over, its sentences do not. A domain expert found C2's check ("the model is about 91%
sure of a wrong word"), C7's stem ("with a learned weight vector w", "y = 1 means IsNext
and y = 0 means NotNext") and C7's forecast ("small for y = 1 and large for y = 0")
following the reference's; a search of every text field and of rendered papers found
more (C2's and C3's step titles and reasons, C2's stem and forecast, C3's check, C7's
first step, check and opening line). The near-copy checks, for these and every other
template and their rendered papers, are tests/test_bank_own_words.py's; this module
keeps the test of the sentences the expert named."""

import pytest
import re

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from test_bank_own_words import _flat, _view


@pytest.mark.slow
def test_the_named_sentences_are_the_tools_own(templates_by_class):
    """The four the expert named, in every branch they have."""
    for k in range(20):
        verify = _flat(question_view(Question("Q1", sample_instance(templates_by_class["C2"], f"b21c/{k}")), "md")["verify"])
        assert "sure of" not in verify and re.search(r"roughly \d+% of the probability sits on \w+", verify), verify
    for y, s in ((1, 1.2), (0, 1.2), (1, -0.85), (0, -0.85)):
        view = _view(templates_by_class["C7"], y=y, s=s)
        stem, forecast = _flat(view["stem"]), _flat(view["forecast"])
        assert "learned weight" not in stem and "means IsNext" not in stem and "means NotNext" not in stem, stem
        assert "is trained with" not in stem and "BERT reads" not in stem
        assert not re.search(r"(small|large) for \$y", forecast), forecast
        cheap, dear = (1, 0) if s > 0 else (0, 1)
        assert f"making $y = {cheap}$ the cheaper label and $y = {dear}$ the costlier one" in forecast, forecast
        assert ("pays the smaller loss" in forecast) == ((s > 0) == (y == 1)), forecast
