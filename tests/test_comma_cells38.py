"""An unquoted decimal comma in a comma-separated wide file (review 38):
``0,357`` split into ``0`` and ``357`` moves every later answer one column on,
and a row that keeps the header's cell count was graded with no word. One
warning now names such rows; the marks stay as graded."""

import pytest

from quizgen.generation.run import generate

HEADER = "Student ID,Name,Q1a,Q1b,Q2a,Q3a\n"
HONEST = "".join(f"s{n},N{n},0.6999,0.3568,0.8311,2580\n" for n in range(5, 10))


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("comma")
    generate(folder / "q", classes="C1,C4,C6", count=1, seed=3)   # Q1 (a) 0.6999, (b) 0.3568; Q2 0.8311; Q3 (a) 2580
    return folder / "q" / "key.json"


def _warnings(invoke, tmp_path, key, text: str, *options) -> list:
    (tmp_path / "answers.csv").write_text(text, encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", key, *options)
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if "decimal comma" in line]


def test_rows_with_0_then_digits_side_by_side_are_named(invoke, tmp_path, key):
    split = "s3,Cy,0.6999,0,357,0.831\ns4,Di,0,700,0.357,0.831\n"
    warned = _warnings(invoke, tmp_path, key, HEADER + split + HONEST)
    assert warned == ["quizgen: warning: answers.csv: 2 row(s) hold 0 and then digits in two answer columns side by "
                      "side (line 2: '0' and '357'; lines 2, 3): each may be one answer written with a decimal comma "
                      "(0,357) and split by the file's commas, which moves every later answer one column on; check "
                      "those rows, and quote such answers or separate the cells with ';'"]


@pytest.mark.parametrize("text", [HEADER + "s3,Cy,0,0.3568,0.8311,2580\n" + HONEST,      # a 0 beside a decimal
                                  HEADER + "s3,Cy,0.6999,\"0,357\",0.831,2580\n" + HONEST,  # quoted: one cell
                                  HEADER.replace(",", ";") + "s3;Cy;0,6999;0;357;0,831\n"
                                  + HONEST.replace(",", ";")])                            # ';' between cells
def test_other_files_get_no_such_warning(invoke, tmp_path, key, text):
    assert _warnings(invoke, tmp_path, key, text, "--force-key") == []
