"""What grade is given for its answers argument is one record, LmsInput, with
named fields (review 43d F9): before, lms_inputs filled seven lists the caller
passed by position, where two swapped lists would have put one finding under
another's name with no error."""

import shutil
from pathlib import Path

from quizgen.grading.lms_input import lms_inputs

MOODLE = Path(__file__).parent / "data" / "lms" / "moodle_responses.csv"


def test_a_moodle_download_comes_in_as_one_record_naming_what_it_found(tmp_path):
    path = tmp_path / "responses.csv"
    shutil.copy(MOODLE, path)   # Ada (s001) has two attempts; Alan has no ID number, only an email
    with lms_inputs(path, None, None, None, ()) as given:
        assert given.built
        assert (given.answers, given.key) == (tmp_path / "responses-answers.csv", tmp_path / "responses-key.json")
        assert given.out == tmp_path / "responses-graded.csv"   # the export's name, not responses-answers-graded
        assert given.unkeyed == ("alan@example.org",) and given.canvas_ids == ()
        assert given.found_key is None   # the tags hold seed labels: no export key needed
        assert [n for n in given.notes if "1 student(s) had more than one attempt (s001)" in n]
        assert [(download, kind) for download, kind, _ in given.untagged] == [("responses.csv", "moodle")]


def test_an_answers_file_comes_in_as_given(tmp_path):
    path = tmp_path / "answers.csv"
    path.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    with lms_inputs(path, "key.json", "out/", None, ()) as given:
        assert not given.built and given.answers is path and (given.key, given.out) == ("key.json", "out/")
        assert given.warnings == [] and given.notes == [] and given.unkeyed == ()
