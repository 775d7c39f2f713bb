"""Review 58a F5: the drill printed grade's near-one feedback's σ(s) as it is, though its maths is promised in
plain ASCII (a terminal in ASCII showed ?(s)); it now writes sigma(s), as its own worked solution does."""

from test_drill_hints import drill


def test_the_near_one_feedback_writes_sigma_in_ascii():
    output, _ = drill("0.934\n0.0686\n2.71\n", classes="C7", seed=1, save=False, count=1)
    assert "sigma(s) as 0.9337" in " ".join(output.split()), output
    assert "\u03c3" not in output
