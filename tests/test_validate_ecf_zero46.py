"""validate's failing ``tests:`` entry on a template with ``ecf_credit: 0``
(review 45e F6): an answer right from the entry's wrong ``earlier`` answers is
graded incorrect for that credit, and the failure says so, not the canonical
answer's window (irrelevant to it); the entry written as docs/templates.md
says (``status: incorrect``) passes."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from quizgen.cli import main

C7 = Path(__file__).resolve().parent.parent / "question_bank" / "c7_nsp_head.yaml"
# from (a) 0.900 the loss for y = 1 is -ln 0.900 = 0.10536: 0.105 is right given that (a)
ENTRY = '  - {part: loss_y1, earlier: {p: "0.900"}, answer: "0.105", status: %s}\n'


def _validate(folder: Path, status: str) -> tuple:
    """(exit code, output on one line) of validate on C7 copied with ``ecf_credit: 0`` and ENTRY first under tests."""
    bank = folder / status
    bank.mkdir()
    text = C7.read_text(encoding="utf-8").replace("id: nsp-sigmoid-loss", "id: none-nsp")
    text = text.replace("class: C7\n", "class: C77\necf_credit: 0\n").replace("tests:\n", "tests:\n" + ENTRY % status)
    (bank / "none.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(bank), "--samples", "0"])
    return result.exit_code, " ".join(result.output.split())


def test_the_failure_names_ecf_and_the_right_entry_passes(tmp_path):
    code, said = _validate(tmp_path, "correct")
    assert code != 0
    assert ("tests.0: answer '0.105' to part loss_y1 (after (a) 0.900) is graded incorrect, the test expects correct; "
            "it is right given the earlier answers (error carried forward), which the template's ecf_credit: 0 "
            "gives no marks: a test of such an answer expects status: incorrect, no misconception") in said
    assert "canonical answer" not in said
    code, said = _validate(tmp_path, "incorrect")
    assert code == 0, said
