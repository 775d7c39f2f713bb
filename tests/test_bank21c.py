"""C2, C3 and C7 in the tool's own words (session 21): the reference's numbers carry
over, its sentences do not. A domain expert found C2's check ("the model is about 91%
sure of a wrong word"), C7's stem ("with a learned weight vector w", "y = 1 means IsNext
and y = 0 means NotNext") and C7's forecast ("small for y = 1 and large for y = 0")
following the reference's; a search of every text field and of rendered papers found
more (C2's and C3's step titles and reasons, C2's stem and forecast, C3's check, C7's
first step, check and opening line). The checks extend tests/test_bank21b.py's to
these three templates and to their rendered papers, by shared word runs and by clauses
that match the reference's word for word in most of their words."""

import difflib
import re
from pathlib import Path

import pytest
import yaml

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from test_bank21b import BANK_DIR, REFERENCE, TERMS, _flat, _texts, _view, _words

MINE = ("c2_confident_wrong.yaml", "c3_uniform_logits.yaml", "c7_nsp_head.yaml")
# The reference's example sentence is a scene's data, as its numbers are (the worked
# examples reproduce it); [CLS] A [SEP] B [SEP] is BERT's input notation.
DATA = TERMS | {"the cat sat on the", "cat sat on the mask"}
NOTATION = {"cls a sep b", "a sep b sep", "cat sat on the", "sat on the mask", "the cat sat on"}
# Words that carry no content: a 4-word run shared with the reference counts only when
# at least two of its words are not among these.
STOP = set("a an the of to and or in on at is are be it its this that with for by as from so if not "
           "no than then which what when how do does was were has have had each one every all only "
           "but into over up out more most very about".split())
needs_reference = pytest.mark.skipif(not REFERENCE.exists(), reason="the reference text is not on this machine")


def _grams(words: list[str], n: int) -> set[str]:
    """Every run of n consecutive words."""
    return {" ".join(words[k:k + n]) for k in range(len(words) - n + 1)}


def _reference_clauses() -> list[list[str]]:
    """The reference's clauses (split at punctuation, tabs, lines and its 'Why?' labels) as words."""
    text = REFERENCE.read_text(encoding="utf-8")
    parts = re.split(r"(?<=[.;:?!,])\s+|[()]|\n|\t|\s[\u2014\u2013]\s|Why\?|Step \d+[ab]? \u2014", text)
    return [words for words in map(_words, parts) if len(words) >= 4]


def _clauses(text: str) -> list[list[str]]:
    """A paper's or template's clauses as words: split at punctuation, paragraphs and list items."""
    text = text.replace("[CLS] A [SEP] B [SEP]", " ")
    parts = re.split(r"(?<=[.;:?!,])\s+|[()]|\n\s*\n|\n\s*(?:[-*]|\d+\.)\s", text)
    return [words for words in map(_words, parts) if len(words) >= 4]


def _near_clauses(text: str, reference: list[list[str]]) -> list[tuple[str, str]]:
    """Clauses whose words match a reference clause's, in order, in 4 of 4 to 5 or 6 of 12."""
    near = []
    for words in _clauses(text):
        for ref in reference:
            matched = sum(b.size for b in difflib.SequenceMatcher(None, words, ref, autojunk=False).get_matching_blocks())
            if (matched >= 4 and matched >= 0.7 * len(words)) or (matched >= 6 and matched >= 0.5 * len(words)):
                near.append((" ".join(words), " ".join(ref)))
    return near


def _shared_runs(text: str, reference_words: list[str]) -> list[str]:
    """4-word runs with two content words that the text shares with the reference."""
    shared = _grams(_words(text), 4) & _grams(reference_words, 4)
    return sorted(g for g in shared - NOTATION if sum(w not in STOP for w in g.split()) >= 2)


def _my_sections(paper: Path) -> list[str]:
    """The C2, C3 and C7 sections of a Markdown paper, figures and quoted sentences left out."""
    sections = re.split(r"(?m)^## ", paper.read_text(encoding="utf-8"))
    mine = [s for s in sections if re.search(r"\((?:\d+ points, )?C[237]\)\s*$", s.split("\n", 1)[0])]
    return [re.sub(r'"[^"\n]*"', " ", re.sub(r"<svg.*?</svg>", " ", s, flags=re.S)) for s in mine]


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """Problems and solutions for seeds 1, 2, 5 and 11 (three draws a class) and the worked examples."""
    from click.testing import CliRunner

    from quizgen.cli import main
    root = tmp_path_factory.mktemp("bank21c")
    runs = {f"seed {s}": ["--seed", str(s), "--count", "3"] for s in (1, 2, 5, 11)}
    runs["worked examples"] = ["--worked-examples"]
    for name, args in runs.items():
        result = CliRunner().invoke(main, ["generate", "--classes", "C2,C3,C7", *args, "--out", str(root / name)])
        assert result.exit_code == 0, result.output
    return [root / name / paper for name in runs for paper in ("problems.md", "solutions.md")]


@needs_reference
@pytest.mark.parametrize("name", MINE)
def test_no_text_shares_a_word_run_or_a_clause_with_the_reference(name):
    """test_bank21b's check (5 words running, the scenes' data included), then 4-word phrases and clauses."""
    ref, clauses = _words(REFERENCE.read_text(encoding="utf-8")), _reference_clauses()
    doc = yaml.safe_load((BANK_DIR / name).read_text(encoding="utf-8"))
    assert [(path, g) for path, text in _texts(doc) for g in _grams(_words(text), 5) & _grams(ref, 5) - DATA] == []
    texts = [(path, text) for path, text in _texts(doc) if not path.startswith(".params")]
    assert [(path, g) for path, text in texts for g in _shared_runs(text, ref)] == []
    assert [(path, near) for path, text in texts for near in _near_clauses(text, clauses)] == []


@needs_reference
def test_rendered_papers_share_no_phrase_or_clause_with_the_reference(papers):
    ref, clauses = _words(REFERENCE.read_text(encoding="utf-8")), _reference_clauses()
    found = []
    for paper in papers:
        for section in _my_sections(paper):
            found += [(paper.parent.name, paper.name, g) for g in _shared_runs(section, ref)]
            found += [(paper.parent.name, paper.name, near) for near in _near_clauses(section, clauses)]
    assert len(papers) == 10 and found == []


def test_the_named_sentences_are_the_tools_own(templates_by_class):
    """The four the expert named, in every branch they have."""
    for k in range(20):
        verify = _flat(question_view(Question("Q1", sample_instance(templates_by_class["C2"], f"b21c/{k}")), "md")["verify"])
        assert "sure of" not in verify and re.search(r"roughly \d+% of the probability sits on \w+", verify), verify
    for y, s in ((1, 1.2), (0, 1.2), (1, -0.85), (0, -0.85)):
        view = _view(templates_by_class["C7"], y=y, s=s)
        stem, forecast = _flat(view["stem"]), _flat(view["forecast"])
        assert "learned weight" not in stem and "means IsNext" not in stem and "means NotNext" not in stem, stem
        assert "is trained with" not in stem and "BERT reads" not in stem
        assert not re.search(r"(small|large) for \$y", forecast), forecast
        cheap, dear = (1, 0) if s > 0 else (0, 1)
        assert f"making $y = {cheap}$ the cheaper label and $y = {dear}$ the costlier one" in forecast, forecast
        assert ("pays the smaller loss" in forecast) == ((s > 0) == (y == 1)), forecast


@pytest.mark.parametrize("cls", ["C2", "C3", "C7"])
def test_no_step_is_titled_as_the_references(templates_by_class, cls):
    """The reference's step titles: exponentiate each logit, sum them, probability of the true word, sigmoid."""
    titles = [step["title"].lower() for step in _view(templates_by_class[cls])["steps"]]
    assert not any(t.startswith(("exponentiate", "probability of the", "squash", "loss for")) for t in titles), titles
