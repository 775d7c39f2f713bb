"""A ``--policy`` setting's key with no value is refused naming its line, ``ecf_credit:`` as
every other (review 50a F8: ``ecf_credit:`` alone was read as not given, silently)."""

import pytest


@pytest.mark.parametrize("setting, shown", [("ecf_credit:", "ecf_credit"), ("ecf_credit: ~", "ecf_credit"),
                                            ("ecf_credit: {C7: }", "ecf_credit.C7"),
                                            ("imprecise_credit:", "imprecise_credit")])
def test_a_setting_with_no_value_is_refused_at_its_line(invoke, tmp_path, seed3_key, setting, shown):
    policy, answers = tmp_path / "policy.yaml", tmp_path / "a.csv"
    policy.write_text(f"# the course's marking\n{setting}\n", encoding="utf-8")
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    refused = invoke("grade", answers, "--key", seed3_key, "--policy", policy, "--out", tmp_path / "g")
    assert refused.exit_code == 2
    assert refused.stderr == (f"quizgen: error: {policy}:2: {shown}: expected a number from 0 to 1 or a percentage "
                              "from 0% to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least "
                              "0.0001), found no value\n")
    assert not (tmp_path / "g").exists()
