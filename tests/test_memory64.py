"""Per-student generate's memory: the memos keyed by expression node (sizes, printed
texts) are emptied after each chunk a worker makes, since every draw makes new nodes
(docs/performance.md, "The sixty-fourth round")."""

from fractions import Fraction

from quizgen.bank import budget
from quizgen.bank.loader import select
from quizgen.generation import make
from quizgen.maths import printing
from quizgen.maths.tree import Bin, Const, Num

from test_memory56 import _chunk_from_a_worker


def _memo_sizes() -> tuple:
    return len(budget._SIZES), len(printing._TEXT._printed), len(printing._LATEX._printed)


def test_a_chunk_leaves_no_node_in_the_memos_it_filled(bank, monkeypatch):
    filled, forget = [], make.forget_nodes
    monkeypatch.setattr(make, "forget_nodes", lambda: (filled.append(_memo_sizes()), forget()))
    _chunk_from_a_worker(select(bank, "C1,C7"), "s1")
    assert len(filled) == 1 and all(size > 0 for size in filled[0]), filled   # the chunk used all three
    assert _memo_sizes() == (0, 0, 0)


def test_a_chunk_made_after_the_memos_were_emptied_is_the_same(bank):
    templates = select(bank, "C1,C7")
    first = _chunk_from_a_worker(templates, "s1")
    budget.expression_size(Bin("+", Num(Fraction(2)), Const("E")), 10)   # something left in a memo, then emptied
    again = _chunk_from_a_worker(templates, "s1")
    assert [q.summaries for q in first] == [q.summaries for q in again]
    assert [q.key for q in first] == [q.key for q in again]


def test_a_printer_forgets_what_it_printed_and_prints_it_the_same():
    value = Bin("/", Num(Fraction(3)), Bin("+", Const("E"), Num(Fraction(1))))
    text, latex = printing.to_text(value), printing.to_latex(value)
    printing.forget_printed()
    assert _memo_sizes()[1:] == (0, 0)
    assert (printing.to_text(value), printing.to_latex(value)) == (text, latex) == ("3/(E + 1)", "\\frac{3}{e + 1}")
