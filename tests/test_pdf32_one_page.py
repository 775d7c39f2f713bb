"""In the exam layout every question of the built-in bank is printed on one page, its
data beside every part: a question taller than a page has its working spaces cut by
one share until it fits (Q7-Q10 of --seed 7 broke between their parts, leaving Q8 (c)
alone on a page with its logits on the page before). Class and per-student papers,
A4 and letter. The PDF tests skip, with the reason shown, when pdflatex or pdftotext
is missing."""

import re
import subprocess

import pytest

ROSTER = "student_id,name\ns001,Ann One\ns002,Bob Two\ns003,Cy Three\n"
_HEADING = re.compile(r"^\s*Q\d+\.\s", re.M)


def pages(pdf) -> list:
    """The text of each page of ``pdf``."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    return text.split("\f")


def parts_without_their_question(pdf) -> list:
    """Page numbers (from 1) holding a part's answer box above any question heading of that page,
    or saying that a question continues: a part printed away from its question's stem."""
    found = []
    for number, page in enumerate(pages(pdf), 1):
        heading = _HEADING.search(page)
        before = page[:heading.start()] if heading else page
        if "Answer:" in before or "continues on the next page" in page or "(continued)" in page:
            found.append(number)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_question_of_the_bank_is_on_one_page(invoke, tmp_path, tex, paper):
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    runs = {"class": ("--seed", 7, "--title", "Midterm", "--course", "NLP 101", "--date", "3 March 2026"),
            "students": ("--seed", 1, "--students", tmp_path / "roster.csv")}
    for name, options in runs.items():
        out = tmp_path / name
        result = invoke("generate", "--format", "pdf", "--paper", paper, *options, "--out", out)
        assert result.exit_code == 0, result.stderr
        text = "\f".join(pages(out / "problems.pdf"))
        assert len(_HEADING.findall(text)) == (10 if name == "class" else 30)
        assert parts_without_their_question(out / "problems.pdf") == [], (name, paper)
