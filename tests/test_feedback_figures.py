"""The Markdown feedback sheets show their loss-curve figures as SVG files
beside them (``quizgen grade --feedback DIR`` driven as a user would), not as
inline SVG, which GitHub, pandoc and plain-text readers drop or show as tags:
every sheet is free of ``<svg``, every image it references is a file in the
folder that parses as SVG, the image's alt text states the figure's numbers
in words, a figure the same for the whole class is written once, decimal
commas reach both, and a failed write leaves no sheet behind."""

import csv
import json
import math
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

SVG = "{http://www.w3.org/2000/svg}"
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)]+)\)")
ROSTER = [("s01", "Ann"), ("a/b", "Slash"), ("CON", "Con Dev")]


def label_p(p: float) -> str:
    """A pattern for p as the figure's label prints it, to 4 figures or more: the working's, or more
    where -ln of those would not round to the answer's loss (review 32), so not always p's own 4."""
    return f"{str(p)[:3]}\\d+" if p < 1 else "1"


@pytest.fixture(scope="module")
def quizzes(tmp_path_factory):
    """A C7 quiz twice: one paper per student, and one paper for the class."""
    folder = tmp_path_factory.mktemp("figures")
    with open(folder / "roster.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "name"), *ROSTER])
    generate(folder / "own", classes="C7", count=1, seed=11, students=folder / "roster.csv")
    generate(folder / "class", classes="C7", count=1, seed=11)
    return folder


def grade(folder, quiz, tmp_path, students=ROSTER, delimiter=",", comma=False):
    """Run ``quizgen grade`` on one answer per student into ``tmp_path/sheets``; the sheets' texts."""
    answers = tmp_path / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=delimiter).writerows(
            [("student_id", "name", "question_id", "part", "answer"),
             *((sid, name, "Q1", "a", "0,5" if comma else "0.5") for sid, name in students)])
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(folder / quiz / "key.json"),
                                       "--feedback", str(tmp_path / "sheets")])
    assert result.exit_code == 0, result.output
    return {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "sheets").glob("*.md")}


def p_of(folder, quiz, student=None) -> float:
    """The p the figure of ``student``'s Q1 marks: the probability given to the
    true label y, from C7's part (a), sigma(s)."""
    key = json.loads((folder / quiz / "key.json").read_text(encoding="utf-8"))
    question = (key["students"][student]["questions"] if student else key["questions"])[0]
    sigma = question["parts"][0]["value"]
    return sigma if question["params"]["y"] == 1 else 1 - sigma


def figures(sheets_dir, text) -> list:
    """``[(alt text, file name, parsed SVG root)]`` of every image the sheet shows."""
    found = []
    for alt, name in IMAGE.findall(text):
        assert "/" not in name and (sheets_dir / name).is_file(), name
        found.append((alt, name, ET.parse(sheets_dir / name).getroot()))
    return found


# what the label calls p: C7 names it as its stem does, p-hat or 1 - p-hat (review 23)
ALT_NAME, ALT_ARG = "(?:p|p\u0302|1 \u2212 p\u0302)", r"(?: p| p\u0302|\(1 \u2212 p\u0302\))"   # as the figure writes them (review 46)
NAME, ARG = "(?:p|p\u0302|1 \u2212 p\u0302)", "(?: p| p\u0302|\\(1 \u2212 p\u0302\\))"


def labels(root) -> list:
    """The text the drawing prints, label by label."""
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


@pytest.mark.slow
def test_each_students_sheet_shows_their_own_figure_as_an_svg_file_with_the_numbers_in_words(quizzes, tmp_path):
    sheets = grade(quizzes, "own", tmp_path)
    assert sorted(sheets) == ["CON_.md", "a_b.md", "s01.md"]
    names = set()
    for sheet_name, text in sheets.items():
        assert "<svg" not in text and "</text>" not in text
        (alt, name, root), = figures(tmp_path / "sheets", text)
        assert root.tag == f"{SVG}svg" and name.startswith(sheet_name[:-3] + "-") and name.endswith(".svg")
        student = {"s01.md": "s01", "a_b.md": "a/b", "CON_.md": "CON"}[sheet_name]
        p = p_of(quizzes, "own", student)
        loss = re.search(rf" and \u2212ln{ALT_ARG} = (\d+\.\d+)\.$", alt)
        assert re.search(rf"the dot marks {ALT_NAME} = {label_p(p)} and \u2212ln", alt) and loss, alt
        assert abs(float(loss[1]) + math.log(p)) < 5e-4                      # the loss of their own p
        printed = labels(root)
        assert any(re.fullmatch(rf"\u25cf {NAME} = {label_p(p)}", t) for t in printed)
        assert any(re.fullmatch(rf"\u2212ln{ARG} = {loss[1]}", t) for t in printed)
        names.add(name)
    assert len(names) == 3                                                  # one file each: their own numbers
    manifest = (tmp_path / "sheets" / ".quizgen-sheets").read_text(encoding="utf-8")
    listed = [line.split("\t")[0] for line in manifest.splitlines() if not line.startswith(".key\t")]   # name<TAB>digest
    assert sorted(listed) == sorted([*sheets, *names, "index.csv"])                      # the figures are listed with the sheets


def test_a_figure_the_same_for_the_whole_class_is_written_once(quizzes, tmp_path):
    sheets = grade(quizzes, "class", tmp_path)
    shown = {name for text in sheets.values() for _, name, _ in figures(tmp_path / "sheets", text)}
    assert shown == {"Q1-figure.svg"} and len(sheets) == 3
    assert sorted(p.name for p in (tmp_path / "sheets").glob("*.svg")) == ["Q1-figure.svg"]
    alt, _, root = figures(tmp_path / "sheets", sheets["s01.md"])[0]
    assert re.search(f" = {label_p(p_of(quizzes, 'class'))} ", alt) and "<svg" not in sheets["s01.md"]


def test_a_decimal_comma_class_gets_commas_in_the_alt_text_and_the_drawing(quizzes, tmp_path):
    sheets = grade(quizzes, "own", tmp_path, delimiter=";", comma=True)
    (alt, _, root), = figures(tmp_path / "sheets", sheets["s01.md"])
    p = label_p(p_of(quizzes, 'own', 's01')).replace(r"\.", ",")
    assert re.search(rf"the dot marks {ALT_NAME} = {p} and \u2212ln{ALT_ARG} = \d+,\d+\.$", alt), alt
    printed = labels(root)
    assert any(re.fullmatch(rf"\u25cf {NAME} = {p}", t) for t in printed) and not any(re.search(r"\d\.\d", t) for t in printed)
    assert re.search(r"\d\.\d", root.find(f"{SVG}circle").get("cx"))      # coordinates keep their points


def test_a_figure_never_replaces_a_file_of_the_same_name_in_the_folder(quizzes, tmp_path):
    (tmp_path / "sheets").mkdir()
    (tmp_path / "sheets" / "q1-FIGURE.svg").write_text("<svg>the instructor's own</svg>\n", encoding="utf-8")
    sheets = grade(quizzes, "class", tmp_path)
    assert (tmp_path / "sheets" / "q1-FIGURE.svg").read_text(encoding="utf-8") == "<svg>the instructor's own</svg>\n"
    (_, name, root), = figures(tmp_path / "sheets", sheets["s01.md"])
    assert name == "Q1-figure-2.svg" and root.tag == f"{SVG}svg"


@pytest.mark.slow
def test_a_rerun_removes_the_figures_it_no_longer_shows(quizzes, tmp_path):
    grade(quizzes, "own", tmp_path)
    assert len(list((tmp_path / "sheets").glob("*.svg"))) == 3
    sheets = grade(quizzes, "class", tmp_path)                  # the class paper now: one shared figure
    assert sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*")) == sorted([*sheets, "Q1-figure.svg", "index.csv"])


@pytest.mark.slow
def test_a_failed_figure_write_leaves_no_sheet_half_written(quizzes, tmp_path, monkeypatch):
    from quizgen import files

    real_stage = files._stage

    def failing(temp, content):
        if str(content).startswith("<svg"):   # a figure file, staged with the sheets
            raise OSError(28, "No space left on device")
        real_stage(temp, content)

    monkeypatch.setattr(files, "_stage", failing)
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns01,Q1,a,0.5\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(quizzes / "own" / "key.json"),
                                       "--feedback", str(tmp_path / "sheets")])
    assert result.exit_code != 0 and "no space left" in result.output
    assert not (tmp_path / "sheets").exists()   # the folder the run made is removed with its temporary files


@pytest.mark.slow
def test_a_long_student_ids_figures_keep_their_question_in_the_name(tmp_path):
    """The sheet's stem is cut, not the ``-<question>-figure`` after it: two
    ids alike in their first 100 characters get figures told apart by -2."""
    ids = ["L" * 100, "L" * 99 + "M"]
    with open(tmp_path / "roster.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "name"), *((sid, "Long") for sid in ids)])
    generate(tmp_path / "own", classes="C7", count=3, seed=11, students=tmp_path / "roster.csv")
    sheets = grade(tmp_path, "own", tmp_path, students=[(sid, "Long") for sid in ids])
    stem = "L" * (80 - len("-Q1-figure"))   # feedback_names.NAME_LIMIT in all
    assert set(sheets) == {"L" * 80 + ".md", "L" * 80 + "-2.md"}
    shown = {sheet: [name for _, name, _ in figures(tmp_path / "sheets", text)] for sheet, text in sheets.items()}
    assert shown == {"L" * 80 + ".md": [f"{stem}-Q{k}-figure.svg" for k in (1, 2, 3)],
                     "L" * 80 + "-2.md": [f"{stem}-Q{k}-figure-2.svg" for k in (1, 2, 3)]}
