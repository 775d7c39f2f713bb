"""The log-2 trap's feedback names what the paper says (review 58b F5): it told students "the losses
on this paper are in nats", a word no stem or header prints. Every stem with that trap says "Use
natural logarithms", so the feedback says the paper asks for natural logarithms, which give the loss
in nats (the unit kept, taught where it is first needed), and no longer claims the paper says nats."""

from pathlib import Path

import yaml

BANK = Path(__file__).resolve().parent.parent / "question_bank"


def _log2_traps():
    for path in sorted(BANK.glob("c*.yaml")):
        template = yaml.safe_load(path.read_text(encoding="utf-8"))
        for part in template["parts"]:
            for trap in part.get("traps", []):
                if trap["code"] == "log2_instead_of_ln":
                    yield path.name, template["stem"], trap["feedback"]


def test_the_log2_feedback_says_what_the_paper_prints():
    traps = list(_log2_traps())
    assert len(traps) == 9
    for name, stem, feedback in traps:
        assert "Use natural logarithms" in stem, name
        assert "on this paper are in nats" not in feedback, name
        assert "the paper asks for natural logarithms (base e), which give" in feedback and " in nats" in feedback, name
