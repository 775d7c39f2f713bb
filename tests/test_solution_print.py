"""How worked solutions print: one precision per quantity on a page, display-size
fractions in the working and the check, one rule for the key's written answer,
and a figure on its question's page."""

import re
import shutil
from fractions import Fraction

import pytest

from quizgen.bank.loader import builtin_templates_dir
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_summary, question_view
from quizgen.maths.numbers import key_answer
from quizgen.text.fractions import display_fractions

DRAWS = 40
MATH = re.compile(r"(?<!\\)\$(.+?)(?<!\\)\$", re.S)
CLOSED = re.compile(r"(\\ln\s*)?\d+(\.\d+)?(\s*/\s*\d+(\.\d+)?)?")   # \ln 3, 1/3: no symbol in it
NUMBER = re.compile(r"-?\d+(\.\d+)?")


_MADE = {}   # {(bank, fmt, draws): [(template, view)]}: several tests read the same draws' views


def views(bank, fmt, draws=DRAWS):
    """(template, view) for the first ``draws`` seed-7 draws of each template,
    made once per format and count (the tests only read them)."""
    key = (id(bank), fmt, draws)
    if key not in _MADE:
        _MADE[key] = [(template, question_view(Question("Q1", sample_instance(template, seed_label(7, template.id, k))),
                                               fmt))
                      for template in bank for k in range(draws)]
    return _MADE[key]


def worked_texts(view) -> list:
    return [view["forecast"], view["verify"]] + [step[key] for step in view["steps"] for key in ("why", "work")]


def printed_values(texts) -> dict:
    """{closed expression: {values it is set = or \\approx to}} over the maths of ``texts``."""
    found = {}
    for text in texts:
        for span in MATH.findall(text):
            segments = [s.strip() for s in re.split(r"=|\\approx|<|>|,", span)]
            for left, right in zip(segments, segments[1:]):
                if CLOSED.fullmatch(left) and not NUMBER.fullmatch(left) and NUMBER.fullmatch(right):
                    found.setdefault(re.sub(r"\s+", "", left), set()).add(right)
    return found


@pytest.mark.slow
def test_a_closed_quantity_prints_one_value_on_a_page(bank):
    """ln V was 1.099 in C1's forecast and 1.0986 in its check on the same page."""
    seen = 0
    for template, view in views(bank, "md"):
        for expression, values in printed_values(worked_texts(view)).items():
            seen += 1
            assert len(values) == 1, (template.cls, expression, values)
    assert seen >= DRAWS * 2


@pytest.mark.slow
def test_c10_forecast_bounds_are_the_losses_its_working_shows(templates_by_class):
    """The smallest and largest per-position loss, printed in the forecast and the
    check, are two of the losses step 2 shows, digit for digit."""
    template = templates_by_class["C10"]
    for k in range(DRAWS):
        view = question_view(Question("Q1", sample_instance(template, seed_label(7, template.id, k))), "md")
        shown = set(re.findall(r"= (\d+\.\d+)\$", view["steps"][1]["work"]))
        bounds = re.findall(r"costs the least, \$-\\ln [\d.]+ = (\d+\.\d+)\$.* the most, \$-\\ln [\d.]+ = (\d+\.\d+)\$",
                            view["forecast"], re.S)[0]
        assert set(bounds) <= shown, (bounds, shown)
        assert f"between {bounds[0]} and {bounds[1]}" in view["verify"]


@pytest.mark.parametrize("text, expected", [
    (r"$p = \frac{1}{1 + 0.3012} = 0.7685$", r"$p = \dfrac{1}{1 + 0.3012} = 0.7685$"),
    (r"$e^{\frac{1}{2}}$ and $\frac{a}{b}$", r"$e^{\frac{1}{2}}$ and $\dfrac{a}{b}$"),
    (r"$\frac{\frac{1}{2}}{3}$", r"$\dfrac{\frac{1}{2}}{3}$"),
    (r"$\ln\left(\frac{e^{2}}{7}\right)$", r"$\ln\left(\dfrac{e^{2}}{7}\right)$"),
    (r"costs \$5 and \\frac{1}{2} is text", r"costs \$5 and \\frac{1}{2} is text"),
    (r"$\dfrac{1}{2}$, $\tfrac{1}{2}$", r"$\dfrac{1}{2}$, $\tfrac{1}{2}$"),
    # a sum beside a display fraction is display-size too (C4's why), limits still at its side
    (r"$L = -\frac{1}{|M|}\sum_{i \in M} \ln p_i$", r"$L = -\dfrac{1}{|M|}\displaystyle\sum\nolimits_{i \in M} \ln p_i$"),
    (r"$\prod_i x_i = \frac{a}{b}$", r"$\displaystyle\prod\nolimits_i x_i = \dfrac{a}{b}$"),
    (r"$\sum_j e^{z_j} = 17.15$, $\frac{1}{2}$", r"$\sum_j e^{z_j} = 17.15$, $\dfrac{1}{2}$"),   # no fraction beside it
    (r"$\frac{1}{n}\sum\limits_i x_i$", r"$\dfrac{1}{n}\sum\limits_i x_i$"),   # the author chose its limits
    (r"$e^{\frac{1}{n}\sum_i x_i}$", r"$e^{\frac{1}{n}\sum_i x_i}$"),   # inside braces: TeX's sizes
    (r"$\summary + \frac{1}{2}$", r"$\summary + \dfrac{1}{2}$"),
])
def test_outermost_fractions_are_display_size(text, expected):
    assert display_fractions(text) == expected


@pytest.mark.parametrize("fmt", [pytest.param("tex", marks=pytest.mark.slow), "md"])
def test_worked_solutions_print_no_text_size_fraction(bank, fmt):
    """Every outermost fraction of a forecast or a step is \\dfrac, in LaTeX and Markdown
    (the check keeps inline fractions, below)."""
    dfracs = 0
    for template, view in views(bank, fmt, draws=10):
        texts = worked_texts(view)
        for text in [view["forecast"]] + texts[2:]:   # [1]: the check
            assert display_fractions(text) == text, (template.cls, text)
            dfracs += text.count(r"\dfrac")
    assert dfracs > 0


@pytest.mark.parametrize("cls", ["C5", "C7"])
def test_the_check_sets_its_fractions_inline_in_latex_and_markdown(templates_by_class, cls):
    """The check is a sentence of running text: in LaTeX an inline \\dfrac made a line
    taller than its neighbours, and in Markdown (problems.md, solutions.md, the Moodle and
    Canvas exports) MathJax/KaTeX set it huge inline, so both keep \\frac (the steps keep
    their \\dfrac in both: above)."""
    question = Question("Q1", sample_instance(templates_by_class[cls], "7/check/0"))
    for fmt in ("tex", "md"):
        verify = question_view(question, fmt)["verify"]
        assert r"\frac" in verify and r"\dfrac" not in verify, (fmt, verify)


def test_the_stem_keeps_the_problem_papers_fractions(templates_by_class):
    """The stem is the question as printed on the problem paper: not rewritten."""
    view = question_view(Question("Q1", sample_instance(templates_by_class["C5"], "7/stem/0")), "tex")
    assert r"-\frac{1}{|M|}" in view["stem"] and r"\dfrac" not in view["stem"]


def test_solution_blocks_keep_working_with_its_steps_and_space_after_the_answers(templates_by_class):
    """The heading Working. ended pages 10 of seed 1 and 4 and 14 of seed 7 (C7,C9,C10,C1 x3) alone,
    and Forecast. touched the answers block's last line (a [t] minipage has the depth of the whole block)."""
    block = question_summary(Question("Q1", sample_instance(templates_by_class["C4"], "7/gap/0")), "tex")["solution_block"]
    assert "\\textbf{Working.}\\par\\nopagebreak\n\\begin{qzsteps}" in block
    assert "\\end{qzparts}\n\\end{qzanswers}\\qzendrow\n" in block   # qzanswers: a qzblock unless taller than a page
    preamble = (builtin_templates_dir() / "solutions.tex.j2").read_text(encoding="utf-8")
    assert r"\@beginparpenalty\@M" in preamble.split("{qzsteps}", 1)[1].split("\n", 1)[0]
    # a medium skip that never shrinks (a full page took 2 pt from it, under a display fraction)
    assert r"\newcommand{\qzendrow}{\par\prevdepth=\dp\strutbox\vskip\dimexpr\medskipamount\relax plus 2pt\relax}" in preamble


def test_markdown_exact_answers_are_display_style(templates_by_class):
    block = question_summary(Question("Q1", sample_instance(templates_by_class["C1"], "7/md/0")), "md")["solution_block"]
    assert r"(exactly $\displaystyle \frac{" in block


def figures(x: str) -> int:
    digits = x.lstrip("-").replace(".", "").lstrip("0")
    return len(digits)


def five_standing_for_more(answer: str) -> bool:
    """True when ``answer``'s fourth significant figure is a 4 or a 5: only then can its
    value to 4 figures be a tie at 3 (0.78747 is 0.7875), which is when the key writes more
    (paper43: a 5 further on no longer asks for more figures, 1.1114500051 is 1.1115)."""
    return answer.lstrip("-").replace(".", "").lstrip("0")[3:4] in ("4", "5")


@pytest.mark.slow
def test_key_answers_follow_one_rule_for_every_draw(bank):
    """4 significant figures, or the part's decimals where that shows more, or
    more figures where 4 would be a tie at the 3 asked; C5(c)'s exact
    decimals (0.43046721) are no longer written out for some draws only."""
    checked = longer = 0
    for template, view in views(bank, "md"):
        for part, spec in zip(view["parts"], template.parts):
            if part["kind"] != "numeric":
                continue
            answer = part["answer"]
            places = len(answer.split(".")[1]) if "." in answer else 0
            more = "." in answer and five_standing_for_more(answer)
            assert figures(answer) == 4 or places == spec.decimals or more, (template.cls, answer, spec.decimals)
            checked, longer = checked + 1, longer + more
    assert checked > DRAWS * 10 and longer


@pytest.mark.slow
def test_the_answers_note_says_when_an_answer_has_more_than_four_figures(bank):
    """The note under the answers said "4 significant figures" while every answer
    of 1 or more has 4 decimals (4.0474, 5 figures); it now says so, with the
    size from which the part's decimals show more."""
    more = 0
    for template, view in views(bank, "md"):
        for part, spec in zip(view["parts"], template.parts):
            if part["kind"] != "numeric":
                continue
            assert spec.decimals == 4, template.cls   # the shipped bank's one setting
            note = view["answers_note"]
            assert "4 significant figures, or to 4 decimal places where that shows more (an answer of 1 or more)" \
                in note
            if float(part["answer"]) >= 1:
                assert len(part["answer"].split(".")[1]) >= 4 and figures(part["answer"]) > 4, part["answer"]
                more += 1
    assert more


@pytest.mark.parametrize("value, expected", [
    (Fraction(43046721, 10 ** 8), "0.43047"),         # 0.9^8, C5(c): 0.4305 would round to 0.431
    (Fraction(93, 100) ** 10, "0.4840"),
    (Fraction(735091890625, 10 ** 12), "0.7351"),     # 0.95^6
    (Fraction(12345, 10 ** 5), "0.12345"),            # 0.1235 would round to 0.124, not 0.123
    (Fraction(1235, 10 ** 4), "0.1235"),              # a 5 that is the value itself stays
    (Fraction(1, 8), "0.1250"),
    (0.787468, "0.78747"),
    (0.9175, "0.9175"),                               # a float that reads back as 0.9175 is 0.9175
    (Fraction(7874999999, 10 ** 10), "0.7874999999"),  # as many figures as the 5 needs
    (Fraction(1, 3) + Fraction(5, 10 ** 13), "0.3333"),  # a last 3: 4 figures do ...
    (Fraction(787499999999995, 10 ** 15), "0.787500000000"),   # ... and never more than 12
])
def test_key_answer_of_exact_decimals(value, expected):
    assert key_answer(value, "numeric", 4) == expected


def test_a_solution_heading_cannot_be_left_without_its_figure(templates_by_class):
    """No page break between a figure question's heading and its stem-and-figure row."""
    view_q = Question("Q1", sample_instance(templates_by_class["C8"], "7/fig/0"))
    block = question_summary(view_q, "tex")["solution_block"]
    heading_end = block.index("points}") + len("points}")
    assert block[heading_end:block.index(r"\begin{qzblock}")].split() == [r"\nopagebreak"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
                    reason="needs pdflatex and pdftotext")
def test_in_the_pdf_every_figure_is_on_its_questions_page(invoke, tmp_path):
    """Seed 11 with these classes put Q13's heading at the foot of page 13 and its
    stem and figure on page 14 before the fix."""
    import subprocess

    out = tmp_path / "quiz"
    result = invoke("generate", "--seed", "11", "--classes", "C4,C1,C2,C7,C8", "--count", "3",
                    "--format", "pdf", "--jobs", "1", "--out", out)
    assert result.exit_code == 0, result.output
    text = subprocess.run(["pdftotext", out / "solutions.pdf", "-"], capture_output=True, text=True).stdout
    heading_page, captions = None, 0
    for number, page in enumerate(text.split("\f"), 1):
        for m in re.finditer(r"^(Q\d+)\.|against p", page, re.M):
            if m.group(1):
                heading_page = number
            else:
                captions += 1
                assert heading_page == number, f"a figure on page {number}, its heading on page {heading_page}"
    assert captions == 12


def word_boxes(pdf) -> list:
    """[(page, word, top, bottom)] of every word of ``pdf``, in points from the page's top."""
    import html
    import subprocess

    xml = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    return [(page, html.unescape(word), float(top), float(bottom))
            for page, body in enumerate(re.findall(r"<page .*?</page>", xml, re.S), 1)
            for top, bottom, word in re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>', body)]


def gaps_above(boxes, word) -> list:
    """The white space (points) between each ``word`` and the nearest ink above it on its page."""
    gaps = []
    for page, text, top, _ in boxes:
        above = [bottom for p, _, t, bottom in boxes if p == page and t < top - 2 and bottom <= top + 0.5]
        if text == word and above:
            gaps.append(top - max(above))
    return gaps


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
                    reason="needs pdflatex and pdftotext")
def test_in_the_pdf_working_starts_with_its_steps_and_forecast_clears_the_block_above(invoke, tmp_path):
    """Seed 1 left Working. alone at the foot of page 10, and Forecast. sat 4 to 6 pt under the answers
    block on the solutions and under the stem-and-figure row on a feedback sheet (a paragraph gap is 9 pt)."""
    out = tmp_path / "quiz"
    assert invoke("generate", "--seed", "1", "--format", "pdf", "--jobs", "1", "--out", out).exit_code == 0
    boxes = word_boxes(out / "solutions.pdf")
    last_words = {}
    for page, word, _, _ in boxes:
        if word not in ("Page", "of") and not word.isdigit():   # the footer "Page 10 of 11"
            last_words[page] = word
    assert "Working." not in last_words.values()
    solutions = gaps_above(boxes, "Forecast.")
    assert len(solutions) == 10 and min(solutions) > 8, solutions
    (tmp_path / "answers.csv").write_text("student_id,Q1a,Q2a,Q3a,Q7a\ns1,0.29,0.0175,0.5,0.934\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", out / "key.json", "--feedback", tmp_path / "sheets",
                    "--format", "pdf", "--out", tmp_path / "graded")
    assert result.exit_code == 0, result.output
    boxes = word_boxes(tmp_path / "sheets" / "s1.pdf")
    sheet = gaps_above(boxes, "Forecast.")   # a Forecast. that opens a page has no ink above it
    assert sum(word == "Forecast." for _, word, _, _ in boxes) == 10 and len(sheet) >= 9 and min(sheet) > 8, sheet


EXPONENTIAL = re.compile(r"(?:^|,\s*)e\^\{\s*(-?\d+(?:\.\d+)?)\s*\}\s*=\s*(\d+(?:\.\d+)?)")   # e^{z} = value, opening a span


@pytest.mark.slow
def test_an_exponential_prints_one_value_across_templates(bank):
    """e^{0.5} printed 1.6487 in C1's working and 1.649 in C3's on the same paper:
    every template shows e^z with the same figures (sigdec(4))."""
    shown = {}
    for template, view in views(bank, "md", draws=20):
        for span in (span for text in worked_texts(view) for span in MATH.findall(text)):
            for exponent, value in EXPONENTIAL.findall(span.strip()):
                shown.setdefault(float(exponent), {}).setdefault(value, template.cls)
    mixed = {x: values for x, values in shown.items() if len(values) > 1}
    assert len(shown) >= 10
    assert not mixed, mixed


@pytest.mark.parametrize("value, expected", [(1234.6, "1234.6"), (2849.6, "2850"), (1250.0, "1250"),
                                             (Fraction(1235), "1235"), (12345.6, "12346")])
def test_a_whole_looking_key_answer_ending_in_5_gets_its_next_figure(value, expected):
    """1234.6 to 4 figures is 1235, which a marker rounds to 1240 at 3: the true 1230 needs 1234.6.
    2849.6 is 2850, which is 2850 at 3 figures too: its 5 is the third figure (paper43)."""
    assert key_answer(value, "numeric", 0) == expected
