"""From quizgen to an LMS and back: Moodle XML and Canvas QTI export of
question variants (variants.py gathers them; moodle.py, canvas.py write them),
gradebook files (gradebook.py) and the LMS response exports read back as long
rows (responses.py). See docs/lms.md."""
