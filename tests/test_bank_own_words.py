"""Every template in the tool's own words (session 21): the reference's numbers carry over,
its sentences do not. One check for the whole bank, so that a near-copy anywhere fails:
every text of all ten templates, and the rendered papers (seeds 1, 2, 5 and 11, and the
worked examples), are compared with /work/shared/reference/bert-worked-examples.txt by

- 5-word runs shared with the reference (in every text, the scenes' data included);
- 4-word runs with at least two content words shared with it;
- clauses that match a reference clause, in order, in most of their words.

Standard terms and names of things that any author would write (listed in ALLOWED, each
with its reason) may be shared; sentences may not. This module replaces the separate
checks of tests/test_bank21b.py (C4, C6, C9, C10) and tests/test_bank21c.py (C2, C3, C7),
which keep only their tests of the named sentences; their helpers live here."""

import dataclasses
import difflib
import functools
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.generation.views import question_view
from quizgen.key.entries import key_entry

REFERENCE = Path("/work/shared/reference/bert-worked-examples.txt")
BANK_DIR = Path(__file__).resolve().parents[1] / "question_bank"
FILES = sorted(p.name for p in BANK_DIR.glob("*.yaml"))
CLASSES = [f"C{k}" for k in range(1, 11)]

# Runs any author would write, shared with the reference by necessity, not by copying.
ALLOWED = {
    # notation: BERT's input layout and the masking rule's name
    "cls a sep b sep", "cls a sep b", "a sep b sep", "the 80 10 10 rule", "the 80 10 10 split",
    # names of things: the loss a question asks for, NSP's two labels
    "the total pretraining loss and", "total pretraining loss", "isnext", "notnext",
    # the reference's example sentence is a scene's data, as its numbers are
    "the cat sat on the", "cat sat on the mask", "cat sat on the", "sat on the mask", "the cat sat on",
    # standard terms: the position a masked-LM predicts at, the label a classifier is scored
    # on, the word a masked-LM must recover; rewording them ("the hidden position", "the
    # correct category") would only make the English stranger
    "the masked slot", "a masked slot", "the true class", "the true word",
    "the true label",
    # an idiom: "at least one masked position" says what BERT's pipeline guarantees
    "at least one",
}
# Fields no reader takes for the tool's prose: the maths, the canonical draw and its tests,
# and the answers a part accepts or a trap recognises, which are what students write (a
# student who learnt from the reference writes its phrases, and they must be recognised).
SKIPPED = ("constraints", "let", "canonical", "tests", "accept", "words")
# Words that carry no content: a 4-word run shared with the reference counts only when
# at least two of its words are not among these.
STOP = set("a an the of to and or in on at is are be it its this that with for by as from so if not "
           "no than then which what when how do does was were has have had each one every all only "
           "but into over up out more most very about many".split())
# Numbers carry over from the reference (its examples' values are the canonical draws'), so
# they count as no content either, in runs and in clauses.
NUMBER = re.compile(r"\d+%?")
needs_reference = pytest.mark.skipif(not REFERENCE.exists(), reason="the reference text is not on this machine")


_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")
_MATHS = re.compile(r"\$[^$]*\$")


def _words(text: str) -> list[str]:
    """Lower-case words and numbers of a text, its Jinja2 and its maths left out."""
    text = _JINJA.sub(" ", text.lower().replace("\u2019", "'"))
    return re.findall(r"[a-z][a-z'\-/]*|\d+%?", _MATHS.sub(" ", text))


def _texts(node, path=""):
    """(path, text) for every string a template prints: stem, asks, feedback, names, solution."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in SKIPPED:
                yield from _texts(value, f"{path}.{key}")
    elif isinstance(node, list):
        for k, value in enumerate(node):
            yield from _texts(value, f"{path}[{k}]")


def _flat(text: str) -> str:
    """The text on one line, runs of white space made one space."""
    return " ".join(text.split())


def _instance(template, **params):
    """The template's canonical draw, with some choices replaced."""
    canonical = {**template.canonical, "params": {**template.canonical["params"], **params}}
    return canonical_instance(dataclasses.replace(template, canonical=canonical))


def _view(template, **params):
    """The Markdown view of the template's canonical draw, with some choices replaced."""
    return question_view(Question("Q1", _instance(template, **params)), "md")


def _grams(words: list[str], n: int) -> set[str]:
    """Every run of n consecutive words."""
    return {" ".join(words[k:k + n]) for k in range(len(words) - n + 1)}


def _covered(words: list[str]) -> list[bool]:
    """Which of the words belong to an allowed term where it stands in the text."""
    covered = [False] * len(words)
    for term in map(str.split, ALLOWED):
        for k in range(len(words) - len(term) + 1):
            if words[k:k + len(term)] == term:
                covered[k:k + len(term)] = [True] * len(term)
    return covered


def _neutral(word: str) -> bool:
    """A stop word or a number: no content of its own."""
    return word in STOP or bool(NUMBER.fullmatch(word))


def _reference_words() -> list[str]:
    """The reference's words, its 'Why?' labels left out as the papers' 'Why:' labels are."""
    return _words(re.sub(r"Why( this step)?\?", " ", REFERENCE.read_text(encoding="utf-8")))


def _reference_clauses() -> list[list[str]]:
    """The reference's clauses (split at punctuation, tabs, lines and its 'Why?' labels) as words."""
    text = _MATHS.sub(" ", REFERENCE.read_text(encoding="utf-8"))
    parts = re.split(r"(?<=[.;:?!,])\s+|[()]|\n|\t|\s[\u2014\u2013]\s|Why\?|Step \d+[ab]? \u2014", text)
    return [words for words in map(_words, parts) if len(words) >= 4]


def _clauses(text: str) -> list[list[str]]:
    """A paper's or template's clauses as words: split at punctuation, paragraphs and list items."""
    text = _MATHS.sub(" ", _JINJA.sub(" ", text.replace("[CLS] A [SEP] B [SEP]", " ")))
    parts = re.split(r"(?<=[.;:?!,])\s+|[()]|\n\s*\n|\n\s*(?:[-*]|\d+\.)\s", text)
    return [words for words in map(_words, parts) if len(words) >= 4]


def _near_clauses(text: str, reference: list[list[str]]) -> list[tuple[str, str]]:
    """Clauses whose words match a reference clause's, in order, in 4 of 4 to 5 or 6 of 12,
    numbers aside, with at least 3 of those words outside the allowed terms."""
    index = _clause_index(tuple(map(tuple, reference)))
    near = []
    for words in _clauses(text):
        covered = _covered(words)
        hits = Counter(j for k, w in enumerate(words) if not (covered[k] or NUMBER.fullmatch(w))
                       for j in index.get(w, ()))
        for j in (j for j, n in hits.items() if n >= 3):   # fewer could not make 3 own words
            ref = reference[j]
            matcher = difflib.SequenceMatcher(None, words, ref, autojunk=False)
            same = [k for b in matcher.get_matching_blocks() for k in range(b.a, b.a + b.size)
                    if not NUMBER.fullmatch(words[k])]
            matched, own = len(same), sum(not covered[k] for k in same)
            if own >= 3 and ((matched >= 4 and matched >= 0.7 * len(words))
                             or (matched >= 6 and matched >= 0.5 * len(words))):
                near.append((" ".join(words), " ".join(ref)))
    return near


@functools.lru_cache(maxsize=4)
def _clause_index(reference: tuple) -> dict[str, set[int]]:
    """For each word, the reference clauses that hold it."""
    index = {}
    for j, ref in enumerate(reference):
        for w in ref:
            index.setdefault(w, set()).add(j)
    return index


def _shared_runs(text: str, reference_words: list[str]) -> list[str]:
    """Runs the text shares with the reference, its allowed terms aside: 5 words with a content
    word outside the terms, or 4 words with two content words outside them."""
    words = _words(text)
    covered, ref = _covered(words), {n: _grams(reference_words, n) for n in (4, 5)}
    found = set()
    for n, least in ((4, 2), (5, 1)):
        for k in range(len(words) - n + 1):
            gram = " ".join(words[k:k + n])
            free = [w for w, c in zip(words[k:k + n], covered[k:k + n]) if not (c or _neutral(w))]
            if gram in ref[n] and len(free) >= least:
                found.add(gram)
    return sorted(found)


def _near_copies(text: str, ref: list[str], clauses: list[list[str]]) -> list:
    """Every shared run and near clause of one text."""
    return _shared_runs(text, ref) + _near_clauses(text, clauses)


@pytest.fixture(scope="module")
def reference():
    """The reference's words and clauses, read once."""
    return _reference_words(), _reference_clauses()


def _sections(paper: Path) -> list[str]:
    """A Markdown paper's question sections, figures and quoted sentences (the scenes' data) left out."""
    sections = re.split(r"(?m)^## ", paper.read_text(encoding="utf-8").replace("*Why:*", "\n\n"))[1:]
    return [re.sub(r'"[^"\n]*"', " ", re.sub(r"<svg.*?</svg>", " ", s, flags=re.S)) for s in sections]


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    """Problems and solutions for seeds 1, 2, 5 and 11 (two draws a class) and the worked examples."""
    from click.testing import CliRunner

    from quizgen.cli import main
    root = tmp_path_factory.mktemp("own_words")
    runs = {f"seed {s}": ["--seed", str(s), "--count", "2"] for s in (1, 2, 5, 11)}
    runs["worked examples"] = ["--worked-examples"]
    for name, args in runs.items():
        result = CliRunner().invoke(main, ["generate", "--classes", "all", *args, "--out", str(root / name)])
        assert result.exit_code == 0, result.output
    return [root / name / paper for name in runs for paper in ("problems.md", "solutions.md")]


@pytest.mark.slow
def test_every_template_is_checked():
    """FILES is read from the folder: all ten built-in classes are in it."""
    assert {yaml.safe_load((BANK_DIR / f).read_text(encoding="utf-8"))["class"] for f in FILES} >= set(CLASSES)


@needs_reference
@pytest.mark.parametrize("name", FILES)
@pytest.mark.slow
def test_no_text_shares_a_word_run_or_a_clause_with_the_reference(name, reference):
    """Every printed string: stem, asks, trap names and feedback, forecast, steps, check, scenes."""
    ref, clauses = reference
    doc = yaml.safe_load((BANK_DIR / name).read_text(encoding="utf-8"))
    found = [(path, near) for path, text in _texts(doc) for near in _near_copies(text, ref, clauses)]
    assert found == []


@needs_reference
@pytest.mark.slow
def test_rendered_papers_share_no_phrase_or_clause_with_the_reference(papers, reference):
    """What the templates print once rendered, with every branch the seeds reach."""
    ref, clauses = reference
    found = [(paper.parent.name, paper.name, near) for paper in papers
             for section in _sections(paper) for near in _near_copies(section, ref, clauses)]
    assert len(papers) == 10 and found == []


@needs_reference
def test_the_check_finds_a_near_copy(reference):
    """The check itself: the reference's own sentences, lightly reworded, are caught."""
    ref, clauses = reference
    assert _near_copies("Forecast: the true word has the largest score, so guess a small loss.", ref, clauses)
    assert _near_copies("If nothing is masked, the sum over M has no terms and the divisor is 0.", ref, clauses)
    assert _near_copies("Why? The loss is a mean, not a sum.", ref, clauses)
    assert _near_copies("Forecast: the true class has the largest logit.", ref, clauses)
    assert _near_copies("That is the probability of the true word.", ref, clauses)
    assert not _near_copies("The prediction is read at the masked slot.", ref, clauses)


@pytest.mark.parametrize("cls", CLASSES)
@pytest.mark.slow
def test_no_step_is_titled_as_the_references(templates_by_class, cls):
    """The reference's step titles: exponentiate each logit, sum them, probability of the true
    word, cross-entropy on the true class, count the masked positions, sigmoid."""
    titles = [step["title"].lower() for step in _view(templates_by_class[cls])["steps"]]
    assert not any(t.startswith(("exponentiate each", "sum them", "probability of the", "squash", "loss for",
                                 "cross-entropy on the true", "count the masked positions", "count the chosen"))
                   for t in titles), titles


@pytest.mark.slow
def test_the_sentences_named_in_session_21_are_the_tools_own(templates_by_class):
    """C1's trap feedback, C5's forecast and third step, C8's forecast and loss step."""
    c1 = [t.feedback for p in templates_by_class["C1"].parts for t in p.traps if t.code == "probability_as_loss"]
    assert c1 and "probability of the true word" not in c1[0], c1
    c5 = _view(templates_by_class["C5"])
    assert "the divisor is 0" not in _flat(c5["forecast"]) and "is a mean" not in c5["steps"][2]["why"], c5
    for y in (0, 1):   # the true class predicted, and not
        c8 = _view(templates_by_class["C8"], y=y)
        assert "has the largest logit" not in _flat(c8["forecast"]), c8["forecast"]
        assert not any(s["title"].lower().startswith("cross-entropy on") or "at a masked slot" in s["why"]
                       for s in c8["steps"]), c8["steps"]


@pytest.mark.parametrize("task", range(6))
@pytest.mark.slow
def test_c8_says_both_where_there_are_two_classes(templates_by_class, task):
    """'the softmax over all 2 logits' reads 'both logits'; three classes or more stay 'all K'."""
    template = templates_by_class["C8"]
    size = len(next(p.spec for p in template.params if p.name == "task")[task]["labels"])
    instance = _instance(template, task=task, z=[0.5 * k - 1 for k in range(size)], y=0)
    view = question_view(Question("Q1", instance), "md")
    feedback = [t.feedback for part in key_entry(Question("Q1", instance)).parts for t in part.spec.traps]
    text = _flat(" ".join([view["stem"], *(part["ask"] for part in view["parts"]), *feedback]))
    sigmoid = [f for f in feedback if "sigmoid" in f or "sigma" in f]
    assert len(sigmoid) == 2, feedback
    if size == 2:
        assert "all 2 " not in text and "the 2 classes" not in text, text
        assert all("both logits" in f for f in sigmoid) and "softmax over both classes" in text, sigmoid
    else:
        assert all(f"all {size} logits" in f or "all the logits" in f for f in sigmoid), sigmoid
        assert f"softmax over all {size} classes" in text, text
