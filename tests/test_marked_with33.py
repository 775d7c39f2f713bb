"""report.md and the HTML page say what a grade was marked with besides the
answers and the key (grading/run_settings.py), so that an archived report
tells which policy, overrides and roster made its marks."""

import hashlib

from test_instr32 import CLASS, LONG

from quizgen.grading.run_settings import marked_with


def test_a_run_with_nothing_given_says_the_defaults(course, invoke):
    (course / "answers.csv").write_text(LONG + CLASS, encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0
    report = (course / "answers-graded-report.md").read_text(encoding="utf-8").splitlines()
    assert report[4] == ("Marked with: the key's tolerances and the default marking policy; no overrides, no "
                         "roster (docs/grading.md).")
    page = (course / "answers-graded-report.html").read_text(encoding="utf-8")
    assert '<p class="muted" id="marked-with">Marked with: the key&#39;s tolerances' in page


def test_each_option_and_file_is_named_with_its_digest(course, invoke):
    (course / "answers.csv").write_text(LONG + CLASS, encoding="utf-8")
    (course / "pol.yaml").write_text("imprecise_credit: 0.5\n", encoding="utf-8")
    (course / "ov.csv").write_text("student_id,question_id,part,share\ns001,Q1,a,1\n", encoding="utf-8")
    result = invoke("grade", "answers.csv", "--policy", "pol.yaml", "--ecf-credit", "0.5", "--rtol", "0.02",
                    "--overrides", "ov.csv")
    assert result.exit_code == 0, result.output
    digest = {name: hashlib.sha256((course / name).read_bytes()).hexdigest()[:12] for name in ("pol.yaml", "ov.csv")}
    said = (f"Marked with: --rtol 0.02; --policy pol.yaml (sha256 {digest['pol.yaml']}); --ecf-credit 0.5; "
            f"--overrides ov.csv (sha256 {digest['ov.csv']}): 1 override applied, 1 of them changing a part's points; "
            "anything not named is the default (docs/grading.md).")
    assert said in (course / "answers-graded-report.md").read_text(encoding="utf-8").splitlines()
    assert said.replace("'", "&#39;") in (course / "answers-graded-report.html").read_text(encoding="utf-8")
    # the overrides file edited: the same command's report says another digest
    (course / "ov.csv").write_text("student_id,question_id,part,share\ns001,Q1,a,0.5\n", encoding="utf-8")
    assert invoke("grade", "answers.csv", "--policy", "pol.yaml", "--ecf-credit", "0.5", "--rtol", "0.02",
                  "--overrides", "ov.csv").exit_code == 0
    assert said not in (course / "answers-graded-report.md").read_text(encoding="utf-8")


def test_a_file_name_is_escaped_on_the_page_and_options_keep_their_order(tmp_path):
    hostile = tmp_path / "<b>x|y.csv"
    hostile.write_text("student_id\n", encoding="utf-8")
    line = marked_with(roster=hostile, attempt="last", paper_as_written=True, forced="--force-key")
    assert line.startswith("Marked with: --roster <b>x|y.csv (sha256 ")
    assert line.endswith("; --paper-as-written; --attempt last; --force-key; anything not named is the default "
                         "(docs/grading.md).")
