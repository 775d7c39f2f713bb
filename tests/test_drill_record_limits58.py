"""Review 58a F11: a record at the 10,000-card limit was saved with 10,001 cards, and a record within every
per-entry limit took 7.4 MB, over the 4 MB read: both were then refused as damaged. A drill now writes only
what it reads back: each kind of card kept to MAX_CARDS (the most secure, latest due, left out) and the read
limit above the largest record it can write."""

from quizgen.drill.progress_json import MAX_CARDS, MAX_COUNT
from quizgen.drill.record import MAX_BYTES, Card, Progress

from drill_support import strict_parse


def _full(name_length=2):
    classes = {f"X{k}".ljust(name_length, "x"): Card(box=5, due=MAX_COUNT, seen=MAX_COUNT, right=MAX_COUNT)
               for k in range(MAX_CARDS)}
    misconceptions = {f"m{k}".ljust(name_length, "m"): Card(box=5, due=MAX_COUNT, seen=MAX_COUNT, right=MAX_COUNT)
                      for k in range(MAX_CARDS)}
    return Progress(clock=MAX_COUNT, sessions=MAX_COUNT, classes=classes, misconceptions=misconceptions)


def test_one_more_card_than_a_record_holds_is_written_as_one_it_reads_back():
    progress = _full()
    progress.record_question("C1", "missed")
    progress.record_traps(["new_slip"], set())
    back = strict_parse(progress.to_json())
    assert len(back.classes) == len(back.misconceptions) == MAX_CARDS
    assert "C1" in back.classes and "new_slip" in back.misconceptions   # what was just met is kept


def test_the_largest_record_a_drill_writes_is_read():
    assert len(_full(200).to_json().encode()) <= MAX_BYTES
