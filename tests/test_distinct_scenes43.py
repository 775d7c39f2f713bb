"""One paper's questions of a template take different scenes (rev43a F5).

With --count 3, seed 7 set "We read the [MASK] before bed." (true word story)
as Q1 and Q2 with other logits, which reads as a misprint. A template's
``distinct_on_paper: [scene]`` now has a paper's questions take scenes the
earlier ones did not while some remain, by redrawing from derived seed labels
(generation/distinct.py), so a paper still follows from its seed and --jobs."""

import re

import pytest

SENTENCE = re.compile(r'A masked language model reads "(.*?)" and')


def _sentences(path) -> list:
    return SENTENCE.findall(" ".join(path.read_text(encoding="utf-8").split()))


def _without_code(path) -> str:
    """The paper's text without its paper code line (a folder's own secret makes the code)."""
    return re.sub(r"(?m)^Paper \S+: write this code.*$", "", path.read_text(encoding="utf-8"))


def test_c1_questions_use_all_six_scenes_then_never_one_twice_in_a_row(invoke, tmp_path):
    for jobs in ("1", "2"):
        result = invoke("generate", "--classes", "C1", "--count", "20", "--seed", "7", "--jobs", jobs,
                        "--no-solutions", "--out", tmp_path / jobs)
        assert result.exit_code == 0, result.output
        assert "warning" not in result.output
    sentences = _sentences(tmp_path / "1" / "problems.md")
    assert len(sentences) == 20 and len(set(sentences[:6])) == 6
    assert all(before != after for before, after in zip(sentences, sentences[1:])), sentences
    assert _without_code(tmp_path / "1" / "problems.md") == _without_code(tmp_path / "2" / "problems.md")
    assert (tmp_path / "1" / "key.csv").read_text() == (tmp_path / "2" / "key.csv").read_text()


def test_the_reported_paper_no_longer_repeats_a_scene(invoke, tmp_path):
    assert invoke("generate", "--count", "3", "--seed", "7", "--no-solutions", "--out", tmp_path / "q").exit_code == 0
    text = " ".join((tmp_path / "q" / "problems.md").read_text(encoding="utf-8").split())
    for pattern in (SENTENCE, re.compile(r'is given the sentence "(.*?)" and')):   # C1, C2
        found = pattern.findall(text)
        assert len(found) == 3 and len(set(found)) == 3, found


def test_each_students_paper_spreads_its_own_scenes(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\n", encoding="utf-8")
    assert invoke("generate", "--classes", "C1", "--count", "4", "--seed", "3", "--students", roster, "--split",
                  "--no-solutions", "--out", tmp_path / "st").exit_code == 0
    papers = sorted((tmp_path / "st").glob("**/problems*.md"))
    papers = [p for p in papers if p.name != "problems.md"] or papers
    for paper in papers:
        for block in " ".join(paper.read_text(encoding="utf-8").split()).split("| Name | Student ID |")[1:]:
            found = SENTENCE.findall(block)
            assert len(found) == 4 and len(set(found)) == 4, (paper, found)


@pytest.mark.parametrize("written, message", [
    ("[scenes]", "distinct_on_paper.0: 'scenes' is not a choice parameter of this template (its choice "
                 "parameters: scene) (did you mean 'scene'?)"),
    ("[V]", "distinct_on_paper.0: 'V' is not a choice parameter of this template"),
    ("scene", "distinct_on_paper: expected a list of choice parameters (distinct_on_paper: [scene])"),
    ("[scene, scene]", "distinct_on_paper.1: 'scene' is named twice"),
])
def test_validate_refuses_a_name_that_is_no_choice(invoke, tmp_path, written, message):
    from pathlib import Path
    source = (Path(__file__).parents[1] / "question_bank" / "c1_confident_correct.yaml").read_text(encoding="utf-8")
    assert "distinct_on_paper: [scene]\n" in source
    bank = tmp_path / "c1.yaml"
    bank.write_text(source.replace("distinct_on_paper: [scene]\n", f"distinct_on_paper: {written}\n"), encoding="utf-8")
    line = source[:source.index("distinct_on_paper:")].count("\n") + 1
    result = invoke("validate", bank, "--samples", "5")
    assert result.exit_code == 1
    assert f"c1.yaml:{line}: {message}" in result.output + result.stderr


def test_a_scene_the_constraints_never_allow_stops_the_spreading_not_the_paper(bank, monkeypatch):
    """C1 with a seventh scene no draw can take: the first six take the six others,
    then no redraw finds a fresh one, and the rest are drawn as before (no 40 redraws each)."""
    from quizgen.generation import distinct
    from quizgen.generation.quiz import seed_label

    template = next(t for t in bank if t.cls == "C1")
    monkeypatch.setattr(distinct, "plan_for", lambda t: type("Plan", (), {"options": {"scene": list(range(7))}})())
    calls = []
    sample = distinct.sample_instance
    monkeypatch.setattr(distinct, "sample_instance", lambda *a, **k: calls.append(a[1]) or sample(*a, **k))
    instances, ran_out = distinct.distinct_instances(template, [seed_label(7, template.id, k) for k in range(12)])
    scenes = [inst.params["scene"]["sentence"] for inst in instances]
    assert not ran_out and len(set(scenes[:6])) == 6
    assert len(calls) < 12 + 40 + 6 * 12, len(calls)   # one futile search of 40, then none
