"""A file in UTF-16 with no byte-order mark is read by no quizgen reader (every one goes by
the mark), so its refusal names UTF-16 and gives advice the user can follow where the file
is given: the file's own encoding option (``--encoding`` for the answers file, ``--roster-encoding``,
``--students-encoding`` for a roster), saving it again for overrides, a key or a graded file (review 50a F5, F8)."""

import csv
import io

import pytest

ROSTER = "student_id,name\ns001,Zoë\ns002,Ünal\n"
SAVE_AGAIN = ("(it looks like UTF-16 without a byte-order mark: save it as UTF-8, or as UTF-16 with its "
              "byte-order mark, as Excel's \"Unicode text\" does)")


def test_a_roster_for_generate_is_told_of_its_own_encoding_option(invoke, tmp_path):
    roster = tmp_path / "r16le.csv"
    roster.write_bytes(ROSTER.encode("utf-16-le"))
    refused = invoke("generate", "--seed", "123456789012345", "--students", roster, "--out", tmp_path / "rs")
    assert refused.exit_code == 2
    assert refused.stderr == (f"quizgen: error: {roster}: the roster file is not text; save it as CSV (it looks like "
                              "UTF-16 without a byte-order mark: save it as UTF-8, or give --students-encoding "
                              "utf-16-le)\n")
    made = invoke("generate", "--seed", "123456789012345", "--students", roster, "--students-encoding", "utf-16-le",
                  "--out", tmp_path / "rs")
    assert made.exit_code == 0, made.output


def test_grade_advises_a_roster_its_own_encoding_option(invoke, tmp_path, seed3_key):
    answers, roster = tmp_path / "a.csv", tmp_path / "small.csv"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\n", encoding="utf-8")
    roster.write_bytes(ROSTER.encode("utf-16-be"))
    refused = invoke("grade", answers, "--key", seed3_key, "--roster", roster, "--out", tmp_path / "g")
    assert refused.exit_code == 2
    assert refused.stderr.endswith("save it as UTF-8, or give --roster-encoding utf-16-be)\n"), refused.stderr


@pytest.mark.parametrize("option, name", [("--overrides", "overrides")])
def test_grade_advises_saving_again_not_an_encoding_it_gives_the_answers(invoke, tmp_path, seed3_key, option, name):
    answers, small = tmp_path / "a.csv", tmp_path / "small.csv"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\n", encoding="utf-8")
    small.write_bytes("student_id,question_id,part,share\ns001,Q1,a,1\n".encode("utf-16-be"))
    refused = invoke("grade", answers, "--key", seed3_key, option, small, "--out", tmp_path / "g")
    assert refused.exit_code == 2
    assert refused.stderr.endswith(f"the {name} file is not text; save it as CSV {SAVE_AGAIN}\n"), refused.stderr
    assert "--encoding" not in refused.stderr


def test_all_nuls_are_not_called_utf16(invoke, tmp_path, seed3_key):
    zeros = tmp_path / "zeros.csv"
    zeros.write_bytes(bytes(3000))
    refused = invoke("grade", zeros, "--key", seed3_key, "--out", tmp_path / "g")
    assert refused.exit_code == 2
    assert "found binary data (NUL bytes), not text" in refused.stderr and "UTF-16" not in refused.stderr


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_key_in_utf16_without_its_mark_is_named_so(invoke, tmp_path, seed3_key, encoding):
    key, answers = tmp_path / "key.json", tmp_path / "a.csv"
    key.write_bytes(seed3_key.read_text(encoding="utf-8").encode(encoding))
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\n", encoding="utf-8")
    refused = invoke("grade", answers, "--key", key, "--out", tmp_path / "g")
    assert refused.exit_code == 2
    assert refused.stderr == (f"quizgen: error: {key}: cannot read the key: it looks like UTF-16 without a "
                              "byte-order mark; save key.json as UTF-8, as quizgen generate writes it, or as "
                              "UTF-16 with its byte-order mark\n")
    key.write_bytes(seed3_key.read_text(encoding="utf-8").encode("utf-16"))   # with its mark: read
    assert invoke("grade", answers, "--key", key, "--out", tmp_path / "g").exit_code == 0


def test_review_reads_a_utf16_graded_file_by_its_mark_and_names_one_without(invoke, tmp_path, seed3_key):
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,maybe 3\n", encoding="utf-8")
    assert invoke("grade", answers, "--key", seed3_key, "--out", tmp_path / "g").exit_code == 0
    graded = (tmp_path / "g" / "a-graded.csv").read_text(encoding="utf-8-sig")
    marked, unmarked = tmp_path / "marked.csv", tmp_path / "unmarked.csv"
    tabbed = io.StringIO()
    csv.writer(tabbed, delimiter="\t", lineterminator="\r\n").writerows(csv.reader(io.StringIO(graded)))
    marked.write_bytes(tabbed.getvalue().encode("utf-16"))   # Excel's "Unicode text": tabs, UTF-16, a mark
    unmarked.write_bytes(graded.encode("utf-16-le"))
    read = invoke("review", marked, "--out", tmp_path / "r" / "m.csv")
    assert read.exit_code == 0, read.stderr
    assert "1 answer(s) to decide (1 needs_review)" in read.stdout
    assert "s001\t\tQ1\ta\tmaybe 3\tneeds_review\t" in (tmp_path / "r" / "m.csv").read_text(encoding="utf-8-sig")
    refused = invoke("review", unmarked, "--out", tmp_path / "r" / "u.csv")
    assert refused.exit_code == 2
    assert refused.stderr == (f"quizgen: error: {unmarked}: line 1: it looks like UTF-16 without a byte-order "
                              "mark; save it as UTF-8, as grade writes it, or as UTF-16 with its byte-order mark\n")
