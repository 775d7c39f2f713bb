"""key.csv's exact column writes C5 (c)'s power as the solutions do, (1 - 0.07)**6, not as the
long fraction 646990183449/1000000000000 exact arithmetic folds it to (review 58b F7): the column
is the key to check by eye. key.json keeps its own exact text; both read as the same number."""

import csv
import json
import re
from fractions import Fraction

from quizgen.grading.key_recipes import exact_text_value


def test_c5_c_exact_is_the_power_in_the_draws_numbers(invoke, tmp_path):
    result = invoke("generate", "--classes", "C5", "--count", "30", "--seed", "11", "--no-solutions",
                    "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "q" / "key.csv", encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["part"] == "c"]
    key = json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8"))
    assert len(rows) == 30
    for row in rows:   # the power, or where the answer written is the value itself (0.84^2 = 0.7056), that
        assert re.fullmatch(r"\(1 - 0\.\d+\)\*\*\d+", row["exact"]) or \
            Fraction(row["exact"]) == Fraction(row["answer"]), row
    assert any(row["exact"] == "(1 - 0.07)**6" for row in rows)
    assert not any(re.fullmatch(r"\d+/\d+", row["exact"]) for row in rows)
    assert '"exact": "646990183449/1000000000000"' in json.dumps(key)
    assert exact_text_value("(1 - 0.07)**6") == Fraction(646990183449, 10 ** 12)   # the same number
