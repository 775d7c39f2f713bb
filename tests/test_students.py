"""Per-student papers: the roster, each student's own regenerable variant in
key.json, one document or one file each, and escaping of names."""

import csv
import json

import pytest

from quizgen.bank.loader import select
from quizgen.generation.documents import document_streams
from quizgen.generation.make import make_quiz
from quizgen.grading.part_checker import check_answer
from key_support import key_data
from quizgen.text.render import escape_md, escape_tex
from quizgen.roster import Student, parse_roster, read_roster
from quizgen.generation.sampling import sample_instance
from quizgen.key.model import Key

HOSTILE = r"}\immediate\write18{id}"
ROSTER = f'student_id,name\ns001,Ada Lovelace\ns002,"{HOSTILE}"\ns/3,\\input{{/etc/passwd}}\n'


def documents(quiz, fmt, **options) -> dict:
    """The documents generate writes for ``quiz``, each as one text."""
    return {name: "".join(pieces) for name, pieces in document_streams(quiz, fmt, **options).items()}


@pytest.fixture
def roster(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text(ROSTER, encoding="utf-8")
    return path


def read_key(folder):
    """key.json as checked by the key model, every question record whole."""
    data = json.loads((folder / "key.json").read_text(encoding="utf-8"))
    return Key.from_json(data, "key.json").to_json(compact=False)


def test_roster_rows_are_read_in_order_with_extra_columns_ignored():
    text = "\ufeffName , Student_ID, email\n  Ann  Lee ,s1,a@x\n\nBob,s2,b@x\n"
    assert parse_roster(text) == [Student("s1", "Ann Lee"), Student("s2", "Bob")]


NO_ID = "expected a student id column (student_id, Student ID, Matrikelnummer, email, ...; optionally name, or first and last name)"


@pytest.mark.parametrize("text, message", [
    ("name,city\nAnn,Oslo\n", f"line 1: {NO_ID}; found name, city"),
    ("", f"line 1: {NO_ID}; found nothing"),
    ("sep=;\nname;city\nAnn;Oslo\n", f"line 2: {NO_ID}; found name, city"),
    ("student_id,name\n", "the roster lists no students"),
    ("name,student_id\nAnn,s1\nBob\n", "line 3: expected at least 2 fields, found 1"),
    ("student_id,name\ns1,Ann\n ,Bob\n", "line 3: student_id is empty"),
    ("student_id,name\ns1,Ann\ns2,Bob\ns1,Cy\n", "line 4: student_id 's1' repeats line 2"),
    ("student_id,name\nS010,Ann\ns 010 ,Bob\n",
     "line 3: student_id 's 010' repeats line 2 ('S010': ids are compared ignoring case and spaces)"),
    ("student_id,name\ns1,A\x01nn\n", "line 2: name contains a control character"),
    ("student_id,name\ns\x7f1,Ann\n", "line 2: student_id contains a control character"),
    (f"student_id\n{'x' * 256}\n", f"line 2: {'x' * 40!r}... is not a student id (over 255 characters)"),   # an LMS's 255 (51b F3)
    ("student_id,name\ns1,A\x00nn\n", "line 2: name contains a control character"),   # a stray NUL: one bad cell
    ("student_id,n\x00ame\ns1,Ann\n", "the roster file is not text; save it as CSV"),   # as the answers file: csv_text
])
def test_bad_rosters_name_the_row_in_one_line_exit_2(invoke, tmp_path, text, message):
    path = tmp_path / "class.csv"
    path.write_text(text, encoding="utf-8")
    result = invoke("generate", "--students", path, "--classes", "C1", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"quizgen: error: {path}: {message}"
    assert not (tmp_path / "out").exists()


def test_missing_roster_file_is_one_line(tmp_path):
    with pytest.raises(Exception, match="roster file not found"):
        read_roster(tmp_path / "nope.csv")


@pytest.mark.slow
def test_each_student_gets_a_regenerable_variant_in_the_key(invoke, roster, tmp_path, bank):
    result = invoke("generate", "--seed", 9, "--classes", "C1,C6", "--students", roster, "--out", tmp_path)
    assert result.exit_code == 0 and "for each of 3 students" in result.stdout
    key = read_key(tmp_path)
    assert list(key["students"]) == ["s001", "s002", "s/3"]
    assert key["students"]["s002"]["name"] == HOSTILE
    by_id = {t.id: t for t in bank}
    for student_id, entry in key["students"].items():
        assert entry["seed"] == f"9/{student_id}"
        assert [q["id"] for q in entry["questions"]] == [q["id"] for q in key["questions"]]
        for question, top in zip(entry["questions"], key["questions"]):
            assert set(question) == set(top)
            assert question["seed"] == f"9/{student_id}/{question['template']}/0"
            again = sample_instance(by_id[question["template"]], question["seed"])
            assert question["params"] == json.loads(json.dumps(key_params(again)))
    params = {json.dumps([q["params"] for q in e["questions"]]) for e in key["students"].values()}
    assert len(params) == 3


def key_params(instance):
    from quizgen.key.entries import json_params
    return json_params(instance.params)


def test_a_students_variant_does_not_depend_on_the_rest_of_the_roster(bank):
    templates = select(bank, "C1,C2")
    alone = make_quiz(templates, seed=5, students=[Student("s2", "Bo")])
    crowd = make_quiz(templates, seed=5, students=[Student("s1", "Al"), Student("s2", "Bo")])
    assert key_data(alone)["students"]["s2"] == key_data(crowd)["students"]["s2"]
    assert key_data(alone)["questions"] == key_data(crowd)["questions"]


def test_each_student_is_graded_right_against_their_own_part(bank):
    quiz = make_quiz(select(bank, "C1"), seed=1, students=[Student("a", "A"), Student("b", "B")])
    students = Key.from_json(key_data(quiz)).to_json(compact=False)["students"]
    part_a, part_b = (students[s]["questions"][0]["parts"][1] for s in ("a", "b"))
    assert check_answer(part_a, part_a["answer"]).status == "correct"
    assert check_answer(part_b, part_a["answer"]).status != "correct"


def test_one_markdown_document_has_every_student_with_page_breaks(invoke, roster, tmp_path):
    out = tmp_path / "out"
    invoke("generate", "--seed", 2, "--classes", "C1", "--students", roster, "--out", out)
    assert sorted(p.name for p in out.iterdir()) == ["key.csv", "key.json", "problems.md", "solutions.md"]
    key = read_key(out)
    for name in ("problems.md", "solutions.md"):
        text = (out / name).read_text(encoding="utf-8")
        papers = text.split('<div style="page-break-before: always"></div>')
        assert len(papers) == 3
        assert "Ada Lovelace" in papers[0] and "s001" in papers[0]
        assert escape_md(HOSTILE) in papers[1] and HOSTILE not in papers[1]      # shown literally
        for paper, entry in zip(papers, key["students"].values()):
            logits = entry["questions"][0]["params"]["z"]
            assert all(f"$z = {z:.1f}$" in paper for z in logits)
            if name == "solutions.md":
                assert all(f"**{part['answer']}**" in paper for part in entry["questions"][0]["parts"])


def test_split_writes_one_file_per_student_with_safe_names(invoke, roster, tmp_path):
    out = tmp_path / "out"
    result = invoke("generate", "--seed", 2, "--classes", "C6", "--students", roster, "--split",
                    "--no-solutions", "--format", "tex", "--out", out)
    assert result.exit_code == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["key.csv", "key.json", "problems-s001.tex", "problems-s002.tex", "problems-s_3.tex"]
    hostile = (out / "problems-s002.tex").read_text(encoding="utf-8")
    assert escape_tex(HOSTILE) in hostile
    assert "\\immediate" not in hostile.replace(r"\textbackslash{}immediate", "")
    assert "Ada Lovelace" not in hostile
    passwd = (out / "problems-s_3.tex").read_text(encoding="utf-8")
    assert r"\input" not in passwd.replace(r"\textbackslash{}input", "")


def test_split_ids_that_collide_as_file_names_are_an_error(invoke, tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("student_id,name\na/b,Ann\na_b,Bob\n", encoding="utf-8")
    result = invoke("generate", "--students", path, "--split", "--classes", "C1", "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert "'a/b' and 'a_b' would both be written as a_b" in result.stderr


@pytest.mark.parametrize("args, message", [
    (("--split",), "--split needs --students"),
    (("--students", "ROSTER", "--worked-examples"), "--students and --worked-examples do not combine"),
])
def test_option_combinations_that_make_no_sense(invoke, roster, tmp_path, args, message):
    args = [roster if a == "ROSTER" else a for a in args]
    result = invoke("generate", "--classes", "C1", "--out", tmp_path / "o", *args)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_layouts_without_students_keep_the_old_single_paper(bank):
    quiz = make_quiz(select(bank, "C1"), seed=3)
    docs = documents(quiz, "md")
    assert list(docs) == ["problems.md", "solutions.md"]
    assert "page-break" not in docs["problems.md"] and "Seed" not in docs["problems.md"]
    assert "students" not in key_data(quiz)


@pytest.mark.slow
def test_key_csv_lists_each_students_own_answers(invoke, roster, tmp_path):
    out = tmp_path / "out"
    invoke("generate", "--seed", 2, "--classes", "C1,C6", "--students", roster, "--out", out)
    key = read_key(out)
    with open(out / "key.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    expected = [(student, question["id"], part["part"], part["answer"])
                for student, paper in key["students"].items()
                for question in paper["questions"] for part in question["parts"]]
    shown = [(row["student_id"], row["question_id"], row["part"], row["answer"]) for row in rows]
    assert shown == expected
    assert len({row["answer"] for row in rows if (row["question_id"], row["part"]) == ("Q1", "b")}) == 3
