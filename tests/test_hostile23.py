"""Hostile inputs found by rev-hostile23: a bank's figure name that built TeX
file commands out of Jinja2 output (and through LuaLaTeX wrote a file), the
final TeX guard's file commands, and the paper-code and nearby-key checks of
grade on hostile files."""

from pathlib import Path

import pytest

from grading_support import c7_bank_with_figure

from quizgen.generation.figure_words import unsafe_name
from quizgen.text.tex_commands import refused_tex

ROOT = Path(__file__).resolve().parent.parent
EVIL_NAME = (r'"Ж \\{{\"immediate\"}}\\{{\"openout\"}}15=x.tex \\{{\"immediate\"}}\\{{\"write\"}}15{\\{{\"string\"}}'
             r'\\{{\"d\"}} irectlua{io.open(\"PWNED\",\"w\"):write(\"owned\")}}\\{{\"immediate\"}}'
             r'\\{{\"closeout\"}}15 \\{{\"input\"}}{x}"')


def evil_bank(folder: Path, name: str) -> Path:
    """C7 copied as class C77 with ``name`` (YAML) as its figure's name."""
    return c7_bank_with_figure(folder, "name", name)


@pytest.mark.slow
def test_a_figure_name_building_file_commands_from_jinja_output_is_refused(invoke, tmp_path, monkeypatch):
    """Its text held only \\{ and Jinja2 tags, which the load-time check allows;
    filled in, it wrote a file through \\directlua. Now the filled name is checked."""
    monkeypatch.chdir(tmp_path)
    bank = evil_bank(tmp_path, EVIL_NAME)
    checked = invoke("validate", "--bank", bank, "--samples", 2)
    assert checked.exit_code == 1 and "figure.name: cannot fill in the figure's name: the filled text uses \\immediate" in checked.output
    made = invoke("generate", "--bank", bank, "--classes", "C77", "--format", "tex", "--seed", 1, "--out", "out")
    assert made.exit_code == 2 and "figure.name" in made.output and "read or write a file" in made.output
    assert not (tmp_path / "out").exists() and not (tmp_path / "PWNED").exists()


@pytest.mark.parametrize("command", [r"\input{x}", r"\include{x}", r"\openout15=x", r"\write15{x}",
                                     r"\immediate", r"\openin1=x", r"\read1 to\x", r"\string\d", r"\special{x}",
                                     r"\shipout\box0", r"\newwrite\f"])
def test_the_last_guard_refuses_the_commands_that_read_or_write_files(command):
    assert refused_tex(f"text {command} more") is not None
    assert refused_tex(f"a line break \\{command}") is None   # \\ then letters: no command


@pytest.mark.parametrize("name, why", [("p $ x", "$ % # &"), ("p } {", "braces"), ("{p", "braces"),
                                       (r"\hat{p} % x", "$ % # &"), ("1 - \\hat{p}", "")])
def test_a_filled_figure_name_must_stay_inside_its_maths(name, why):
    assert (why in unsafe_name(name)) if why else unsafe_name(name) == ""


@pytest.fixture(scope="module")
def two_keys(tmp_path_factory):
    """``(folder, q3/key.json, q4/key.json)``: class papers of seeds 3 and 4, and
    answers.csv carrying q3's paper code on 12 rows (to be graded against q4)."""
    import csv

    from click.testing import CliRunner

    from quizgen.cli import main
    from quizgen.key.load import load_key_file

    folder = tmp_path_factory.mktemp("codes")
    for seed in (3, 4):
        made = CliRunner().invoke(main, ["generate", "--seed", str(seed), "--out", str(folder / f"q{seed}")])
        assert made.exit_code == 0, made.output
    code = load_key_file(folder / "q3" / "key.json").codes_by_student()[""]
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer", "paper"])
        writer.writerows([f"s{n}", "Q1", "a", "0.5", code] for n in range(12))
    return folder


@pytest.mark.slow
def test_a_deeply_nested_key_json_near_the_answers_is_passed_over_not_a_traceback(two_keys, invoke, monkeypatch):
    """rev-hostile23: looking for the key.json that printed the codes read
    evil/key.json (200,000 nested lists): a RecursionError traceback, exit 1."""
    monkeypatch.chdir(two_keys)
    evil = two_keys / "evil"
    evil.mkdir(exist_ok=True)
    (evil / "key.json").write_text('{"papers":' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    result = invoke("grade", "answers.csv", "--key", "q4/key.json", "--out", "o1/")
    assert result.exit_code == 2, result.output
    assert "grade them with --key q3/key.json" in result.output and "Traceback" not in result.output


def test_a_key_json_near_the_answers_too_big_for_a_hint_is_not_read(two_keys, invoke, monkeypatch):
    """A 270 MB neighbour took 53 s and 3.5 GB to word a hint: over
    NEARBY_KEY_BYTES a neighbour is passed over (here the cap made tiny)."""
    import quizgen.grading.belong as belong

    monkeypatch.chdir(two_keys)
    monkeypatch.setattr(belong, "NEARBY_KEY_BYTES", 1000)
    result = invoke("grade", "answers.csv", "--key", "q4/key.json", "--out", "o2/")
    assert result.exit_code == 2 and "--key q3/key.json" not in result.output
    assert "the key.json written beside the papers they answered" in result.output


@pytest.mark.slow
def test_a_megabyte_paper_cell_is_no_code_and_the_message_stays_short(two_keys, invoke, monkeypatch):
    """300 rows whose paper cell was a million 7s: the one-line error held the
    whole cell. A cell longer than any code is no code: each row says so."""
    monkeypatch.chdir(two_keys)
    rows = "student_id,question_id,part,answer,paper\n" + "".join(f"s{n},Q1,a,0.5,{'7' * 100_000}\n" for n in range(30))
    (two_keys / "long.csv").write_text(rows, encoding="utf-8")
    result = invoke("grade", "long.csv", "--key", "q4/key.json", "--out", "o3/", "--force")
    assert result.exit_code == 0 and max(map(len, result.output.splitlines())) < 1000



def test_a_link_loop_beside_the_answers_is_passed_over_by_the_key_checks(two_keys, invoke, monkeypatch):
    """rev-hostile23b: lk/key.json, a link to itself, crashed the nearby-key
    look-up (Path.resolve raises RuntimeError on a loop in Python 3.11)."""
    monkeypatch.chdir(two_keys)
    loop = two_keys / "lk"
    loop.mkdir(exist_ok=True)
    if not (loop / "key.json").is_symlink():
        (loop / "key.json").symlink_to("key.json")
    result = invoke("grade", "answers.csv", "--key", "q4/key.json", "--out", "o4/")
    assert result.exit_code == 2 and "grade them with --key q3/key.json" in result.output, result.output


def test_the_key_json_files_near_the_answers_are_read_within_one_budget(two_keys, monkeypatch):
    """30 per-student keys of 61 MB each beside a weak class took 72 s and 5.4 GB:
    now each at most NEARBY_KEY_BYTES and NEARBY_BYTES in all are read."""
    import quizgen.grading.belong as belong

    monkeypatch.chdir(two_keys)
    size = (two_keys / "q3" / "key.json").stat().st_size
    monkeypatch.setattr(belong, "NEARBY_BYTES", size + 1)   # room for one of the two class keys
    read = belong.readable_keys(two_keys / "answers.csv")
    assert len(read) == 1 and read[0][1] == size
    assert sum(s for _, s in read) <= belong.NEARBY_BYTES


@pytest.mark.slow
def test_validate_bank_reports_a_link_to_a_built_in_template_and_survives_a_link_loop(invoke, tmp_path):
    """rev-hostile23b: a user bank's link to a built-in file passed validate
    (its resolved path was the built-in one) while generate refused the clash;
    a link loop in a bank gave a traceback after its "cannot read" line."""
    linked = tmp_path / "sl"
    linked.mkdir()
    (linked / "mine.yaml").symlink_to(ROOT / "question_bank" / "c1_confident_correct.yaml")
    result = invoke("validate", "--bank", linked, "--samples", 2)
    assert result.exit_code == 1 and "template id 'mlm-confident-correct' is also used by" in result.output
    loop = tmp_path / "loop"
    loop.mkdir()
    (loop / "a.yaml").symlink_to("a.yaml")
    looped = invoke("validate", "--bank", loop, "--samples", 2)
    assert looped.exit_code != 0 and "cannot read" in looped.output, looped.output
    assert looped.exception is None or isinstance(looped.exception, SystemExit), looped.exception


def test_a_chain_to_a_number_beyond_a_float_is_for_a_person_in_the_drill_too(invoke):
    """rev-hostile23b: `0.7157 = 1e309` crashed the drill (half a unit of 1e309
    overflowed a float); grade caught it but said "not a number: OverflowError"."""
    result = invoke("drill", "--seed", 1, "--classes", "C1", "--no-save", input="0.7157 = 1e309\nq\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "I cannot mark '0.7157 = 1e309':" in result.output


def test_an_answer_the_reader_fails_on_is_invalid_with_a_sentence_not_an_exception_name():
    from quizgen.grading.outcome import verdict_outcome

    class Overflowing:
        """A checker whose number reader overflows."""
        expected, decimal_comma, writes_comma = "0.7", False, False

        def __call__(self, text):
            raise OverflowError("(34, 'Numerical result out of range')")

    outcome = verdict_outcome(Overflowing(), "1e309")
    assert outcome.status.value == "invalid" and "OverflowError" not in " ".join(outcome.cells)
    assert "not a number quizgen can read (too large or too small to hold)" in " ".join(outcome.cells)


def test_folders_with_no_key_do_not_use_up_the_places_of_one_that_has_one(tmp_path, monkeypatch):
    """rev-final23: week01..week35, the key in week35: the folders were cut to
    30 before looking for key.json in them, so the real key was never found."""
    from quizgen.grading.belong import nearby_keys

    monkeypatch.chdir(tmp_path)
    for week in range(1, 36):
        (tmp_path / f"week{week:02d}").mkdir()
    (tmp_path / "week35" / "key.json").write_text("{}", encoding="utf-8")
    assert [p.parent.name for p in nearby_keys(Path("answers.csv"))] == ["week35"]
