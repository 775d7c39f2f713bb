"""ECF's unrounded earlier answer stands for what its written figures allow (the round's hostile
check of fix47f): (a) 0.8808, written to 4 figures, stands for 0.88075 to 0.88085, not for the part's
3-figure window 0.8803 to 0.8813, which let (b) 0.1256 (0.126 at the 3 figures asked; -ln 0.8808 =
0.12693 is 0.127) through as ECF, over the named trap it was on the 54,000-row benchmark."""

import csv


def test_a_four_figure_earlier_answer_stands_for_four_figures(invoke, tmp_path):
    made = invoke("generate", "--seed", 1, "--classes", "C1", "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       "s1,Q1,a,0.8808\ns1,Q1,b,0.1256\n"     # 0.126 at 3 figures: no (a) written 0.8808 gives it
                       "s2,Q1,a,0.8808\ns2,Q1,b,0.1269\n"     # -ln 0.8808 = 0.12693: ECF
                       "s3,Q1,a,0.881\ns3,Q1,b,0.1264\n",     # (a) to 3 figures stands for 0.8805 to 0.8815: ECF
                       encoding="utf-8")
    graded = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "g.csv")
    assert graded.exit_code == 0, graded.output
    rows = {(r["student_id"], r["part"]): r for r in csv.DictReader(
        (tmp_path / "g.csv").read_text(encoding="utf-8-sig").splitlines())}
    assert rows["s1", "b"]["note"] != "ecf" and rows["s1", "b"]["status"] != "correct"
    assert (rows["s2", "b"]["status"], rows["s2", "b"]["note"]) == ("correct", "ecf")
    assert (rows["s3", "b"]["status"], rows["s3", "b"]["note"]) == ("correct", "ecf")
