"""The command line: each command parses its options, makes one library call
and prints the result. Library errors become one line and an exit code."""

from __future__ import annotations

import sys

import click

from quizgen import __version__
from quizgen.cli_group import QuizgenGroup
from quizgen.cli_options import NamedPath, bank_option, bulk_jobs_option, jobs_option, refuse_lone_encoding
from quizgen.files import install_signal_cleanup
from quizgen.paper_formats import OUTPUT_FORMATS


@click.group(cls=QuizgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="quizgen")
def main():
    """Write and grade exam questions on the mathematics of BERT-style encoders.

    \b
    Example (a paper, then the class's answers graded against its quiz/key.json):
      quizgen generate --seed 1 --out quiz
      quizgen grade answers.csv

    Each command's --help gives its options and an example.
    """
    install_signal_cleanup()


@main.command("list", short_help="List the question templates: class, id, title and parts.")
@bank_option
@click.option("--paths", is_flag=True, help="Print the folders of the built-in bank and of the example user "
                                            "bank (templates to copy from) instead.")
def list_command(banks, paths):
    """List the question templates: class, id, title and parts (--paths: the folders of
    the built-in and example templates, to copy one from).

    \b
    Example: quizgen list
    Example: quizgen list --paths
    """
    from quizgen.bank.listing import listing

    click.echo("\n".join(listing(banks, paths)))


@main.command(short_help="Generate a randomised problem set, its worked solutions and key.")
@click.option("--classes", default="all", show_default=True,
              help="Comma-separated classes (C1,C4) or 'all'.")
@click.option("--count", default=1, show_default=True, type=int, help="Questions per template, of the built-in bank and of each --bank (the built-in bank has "
                   "one template a class), 1 to 10,000.")
@click.option("--seed", default=None, help="Seed for reproducible numbers (default: a fresh one, printed).")
@click.option("--format", "fmt", default="md", show_default=True,
              type=click.Choice(OUTPUT_FORMATS),   # quizgen/paper_formats.py, the one table
              help="Output format (pdf compiles the LaTeX with pdflatex and keeps the .tex).")
@click.option("--solutions/--no-solutions", default=True, show_default=True,
              help="Also write worked solutions.")
@click.option("--out", "out_dir", default="quiz", show_default=True, type=click.Path(),
              help="Folder to write into.")
@click.option("--worked-examples", is_flag=True,
              help="Use each template's canonical parameters: each template's own worked example (the reference's numbers where the reference works it).")
@click.option("--title", default=None, help="Title printed at the top of the paper.")
@click.option("--course", default=None, help="Course name printed in the paper's header.")
@click.option("--date", default=None, help="Date printed in the paper's header (any text).")
@click.option("--students", default=None, metavar="ROSTER.CSV", type=NamedPath(),
              help="Roster (a student id column; a name, or first and last name columns; an LMS export reads too): "
                   "one paper per student, each with its own numbers.")
@click.option("--students-encoding", default=None, help="The --students file's encoding (default: detected).")
@click.option("--split", is_flag=True, help="With --students: one file per student instead of one file.")
@click.option("--only", multiple=True, metavar="ID[,ID...]",
              help="With --students and --split, into the folder holding the paper: remake only these students' "
                   "files, as the full run writes them (--title, --course, --date, --paper and --layout, when "
                   "left out, as key.json records them); key.json (but for its list of the paper's files) and the other papers are left as they are. "
                   "Repeat it to name more; an id holding a comma is named whole by one --only.")
@click.option("--paper", "paper_size", default=None, type=click.Choice(["a4", "letter"]),
              help="Paper size of the tex and pdf papers (default: a4).")
@click.option("--layout", default=None, type=click.Choice(["exam", "compact"]),
              help="Layout of the tex and pdf problem papers: exam, the default (working space under each part, "
                   "a question kept on one page where it fits), or compact (no working space, questions running on from page 1, "
                   "a part never split; for take-home sheets, answer booklets, practice). Same numbers and key.")
@click.option("--force", is_flag=True,
              help="Write into a folder holding another paper's key.json, removing that paper's files.")
@jobs_option
@bank_option
def generate(jobs, classes, count, seed, fmt, solutions, out_dir, worked_examples, title, course, date,
             students, students_encoding, split, only, paper_size, layout, force, banks):
    """Generate a randomised problem set with solutions and an answer key.

    \b
    Example: quizgen generate --classes C1,C7 --count 2 --seed 42 --out c1-c7
    Example: quizgen generate --format pdf --seed 48613092775301 --students roster.csv --split --course "NLP 101" --out papers
    Example: quizgen generate --format pdf --paper letter --force --out quiz
    Example: quizgen generate --format pdf --students roster.csv --layout compact --out booklets
    Example: quizgen generate --format pdf --seed 48613092775301 --students roster.csv --split --only s002 --out papers

    --only takes ids separated by commas (--only s001,s002) or one id a time, repeated (--only s001 --only
    "Smith, J"): a value that is a key id whole, commas and all, names that student.
    """
    from quizgen.generation.run import generate as generate_quiz, summary_line

    refuse_lone_encoding("--students-encoding", students_encoding, "--students", students)
    quiz = generate_quiz(out_dir, classes=classes, count=count, seed=seed, fmt=fmt,
                         solutions=solutions, worked_examples=worked_examples, banks=banks,
                         title=title, course=course, date=date, students=students, split=split,
                         progress=True, jobs=jobs, paper=paper_size, force=force,
                         layout=layout, only=only or None, students_encoding=students_encoding)
    for warning in quiz.warnings:
        click.echo(f"quizgen: warning: {warning}", err=True)
    click.echo(summary_line(quiz, out_dir, remade=bool(only)))


@main.command(short_help="Practise: fresh questions part by part, hints, instant feedback.")
@click.option("--classes", default="all", show_default=True,
              help="Comma-separated classes to practise (C1,C4) or 'all'.")
@click.option("--count", default=None, type=int,
              help="Stop after this many questions (default: until q or end of input).")
@click.option("--seed", default=None, help="Seed for reproducible numbers (default: a fresh one, printed).")
@click.option("--state", "state_path", default=None, type=NamedPath(), envvar="QUIZGEN_PROGRESS",   # a folder: the drill's own message, unless --no-save
              help="The progress file, the learner's record; a folder, or a path ending in '/', is refused "
                   "(default: $QUIZGEN_PROGRESS if set, else "
                   "$XDG_DATA_HOME/quizgen/progress.json, else ~/.local/share/quizgen/progress.json).")
@click.option("--no-save", is_flag=True, help="Practice run: read and write no progress file.")
@click.option("--stats", is_flag=True, help="Show the learner's record and what to practise, then stop.")
@click.option("--decimal-comma", is_flag=True, help="Read a comma between digits as a decimal point, as grade --decimal-comma does: also in "
                   "log(0,71), and a count's 1,000 is 1 (its 1,440 and 1.950 are 1440 and 1950 either way).")
@bank_option
def drill(classes, count, seed, state_path, no_save, stats, decimal_comma, banks):
    """Self-study: answer fresh questions part by part with instant feedback.

    Type h for a hint, s to skip, ? for help, q to quit. Missed classes and
    misconceptions come back sooner (see docs/drill.md).

    Your record is kept between drills in ~/.local/share/quizgen/progress.json
    (or where --state, $QUIZGEN_PROGRESS or $XDG_DATA_HOME puts it); --no-save
    reads and writes none.

    \b
    Example: printf '0.716\\n0.145\\nq\\n' | quizgen drill --seed 1 --classes C1 --no-save
    """
    from quizgen.drill.entry import drill as drill_or_stats

    drill_or_stats(sys.stdin, sys.stdout, sys.stderr, stats=stats, save=not no_save, state=state_path, banks=banks,
                   classes=classes, count=count, seed=seed, decimal_comma=decimal_comma)


@main.command("grade", short_help="Grade a class's answers (CSV or LMS download) against a key.")
@click.argument("answers", type=NamedPath(dir_okay=False))
@click.option("--key", "key_path", default=None, type=NamedPath(dir_okay=False, file_in_folder="key.json"),
              help="The key.json to grade against (default: beside the answers, else in the working folder, else in quiz/); "
                   "for a Moodle/Canvas responses export, the key file quizgen export wrote (default: found "
                   "likewise under export's default name).")
@click.option("--out", default=None, type=click.Path(),
              help="The graded file's path, or a folder (one that exists, ends in '/', or a new name with no .csv, "
                   ".tsv, .txt or .tab extension, such as results; default: <answers>-graded.csv beside the answers); "
                   "the reports are written beside it.")
@click.option("--delimiter", default=None, help="Cell separator: ',', ';', 'tab' or '|' (default: detected).")
@click.option("--decimal-comma", is_flag=True, default=None,
              help="Read every comma between digits as a decimal point (default: in ';' and tab files).")
@click.option("--decimal-mark", type=click.Choice(["auto", "point", "comma"]), default="auto", show_default=True,
              help="The decimal mark of every number grade writes (CSVs, reports, feedback sheets, summary): "
                   "auto, the one the answers are read with; point or comma, that one.")
@click.option("--rtol", type=float, default=None, help="Relative tolerance for every numeric part (0.01 is 1%).")
@click.option("--atol", type=float, default=None, help="Absolute tolerance for every numeric part.")
@click.option("--encoding", default=None, help="The answers file's encoding (default: detected).")
@click.option("--policy", default=None, type=NamedPath(dir_okay=False),
              help="policy.yaml: ECF credit, imprecise credit, per-trap credit, per-part points.")
@click.option("--ecf-credit", default=None,
              help="Credit (0 to 1, or 0% to 100%) for a part right given the student's own wrong earlier answer, "
                   "for every template (default: the policy's, else each template's own ecf_credit, else 1).")
@click.option("--overrides", default=None, type=NamedPath(dir_okay=False),
              help="overrides.csv: student_id, question_id, part, score (status, comment), applied every run.")
@click.option("--roster", default=None, type=NamedPath(dir_okay=False),
              help="The class roster CSV (a student id column, optional name): students with no answer are "
                   "listed as missing.")
@click.option("--roster-encoding", default=None, help="The --roster file's encoding (default: detected).")
@click.option("--force-key", is_flag=True,
              help="Grade with this key even when most answers (or their paper codes, or an older LMS "
                   "download's seed labels) look written for another seed or key.")
@click.option("--replace-outputs", is_flag=True,
              help="Replace the outputs an earlier run made in the same place from another answers file.")
@click.option("--force", is_flag=True, help="Both --force-key and --replace-outputs (the older option).")
@click.option("--zero-absent", is_flag=True,
              help="Give students with no answer in the answers file (--roster's, or the key's own papers) 0 in a "
                   "Moodle or Canvas gradebook (default: no grade, leaving one they have in the LMS).")
@click.option("--paper-as-written", is_flag=True,
              help="Per-student papers: grade a student whose answers all carry another paper's code against "
                   "that paper (the one they sat), saying so in the notes, report and their feedback sheet.")
@click.option("--attempt", type=click.Choice(["highest", "last", "first"]), default=None,
              help="A Moodle/Canvas download: which attempt of a student with several is graded (default highest: "
                   "the one quizgen scores highest, ties the later, as both LMSs' default).")
@click.option("--saved-by", type=click.Choice(["auto", "moodle", "spreadsheet"]), default="auto", show_default=True,
              help="A Moodle download: what saved it last. auto, what its cells show; moodle, Moodle's own file (a "
                   "one-number answer's end zeros are the student's: 2.1 for 2.10 is rounded too early); "
                   "spreadsheet, opened and saved again in one (the zeros it dropped are past checking).")
@click.option("--no-html", is_flag=True, help="Skip the HTML class report (<stem>-report.html).")
@click.option("--gradebook", type=click.Choice(["moodle", "canvas", "plain"]), default=None,
              help="Also write a gradebook file the LMS imports (<stem>-gradebook-<lms>.csv).")
@click.option("--gradebook-template", default=None, type=NamedPath(dir_okay=False),
              help="Canvas: the gradebook CSV exported from Canvas, to fill. Moodle (optional): its grade export "
                   "or an earlier run's gradebook file, whose grades students with no answer keep.")
@click.option("--gradebook-item", default=None,
              help="The assignment (Canvas) or grade item (Moodle) column (default: the answers file's name).")
@click.option("--gradebook-key", type=click.Choice(["idnumber", "email"]), default="idnumber", show_default=True,
              help="Moodle: students' ids are Moodle ID numbers or email addresses.")
@click.option("--feedback", "feedback_dir", default=None, type=click.Path(file_okay=False),
              help="Write one feedback sheet per student into this folder.")
@click.option("--format", "feedback_format", type=click.Choice(["md", "pdf"]), default="md", show_default=True,
              help="For --feedback only: the feedback sheets as Markdown (each figure an .svg file beside its "
                   "sheet), or PDF (compiled with pdflatex/lualatex).")
@click.option("--paper", "paper_size", default="a4", show_default=True, type=click.Choice(["a4", "letter"]),
              help="For --feedback --format pdf only: the paper size of the feedback sheets.")
@bank_option
@jobs_option
def grade_command(answers, key_path, out, delimiter, decimal_comma, decimal_mark, rtol, atol, encoding, policy,
                  ecf_credit, overrides, roster, roster_encoding, force_key, replace_outputs, force, zero_absent,
                  paper_as_written, attempt, saved_by, no_html, gradebook, gradebook_template, gradebook_item, gradebook_key, feedback_dir,
                  feedback_format, paper_size, banks, jobs):
    """Grade a class's answers (CSV, or a Moodle/Canvas responses export) against the key:
    <answers>-graded.csv, per-student, per-question and item-analysis CSVs, a Markdown report
    and an HTML class report; optionally a gradebook file and feedback sheets.

    The answers CSV holds one answer a row (columns student_id, question_id, part,
    answer: long form) or one student a row with a column per part (student_id, Q1a,
    Q1b, ...: wide form); see docs/grading.md.

    Numbers are written with the decimal mark the answers are read with (commas for a ';' or
    tab file unless its numbers show points only, or with --decimal-comma); --decimal-mark point
    or comma chooses the outputs' mark whatever the answers wrote.

    \b
    Example: quizgen grade answers.csv --key quiz/key.json --gradebook plain --feedback sheets/
    """
    from quizgen.grading.command import grade_command as graded

    refuse_lone_encoding("--roster-encoding", roster_encoding, "--roster", roster)
    done = graded(answers, html=not no_html, gradebook=gradebook, gradebook_template=gradebook_template,
                  gradebook_item=gradebook_item, gradebook_key=gradebook_key, feedback=feedback_dir,
                  feedback_format=feedback_format, paper=paper_size, banks=banks, zero_absent=zero_absent,
                  key=key_path, out=out, delimiter=delimiter, decimal_comma=decimal_comma, decimal_mark=decimal_mark,
                  rtol=rtol, atol=atol, encoding=encoding, progress=True, policy=policy, ecf_credit=ecf_credit,
                  overrides=overrides, roster=roster, roster_encoding=roster_encoding, force=force, jobs=jobs,
                  paper_as_written=paper_as_written, attempt=attempt, force_key=force_key,
                  replace_outputs=replace_outputs, saved_by=saved_by)
    for line in done.warnings:
        click.echo(f"quizgen: warning: {line}", err=True)
    click.echo(done.summary)
    if done.exit_code:
        click.get_current_context().exit(done.exit_code)   # e.g. --format pdf made no PDF sheet: every output is written


@main.command("review", short_help="An overrides file to fill in: the answers a person must decide.")
@click.argument("graded", type=NamedPath(dir_okay=False))
@click.option("--out", default=None, type=click.Path(),
              help="The file to write, or a folder (one that exists, ends in '/', or a new name with no .csv, .tsv, "
                   ".txt or .tab extension; default: <graded stem>-review.csv beside GRADED); never replaced: "
                   "run again onto it, the answers it does not list yet are added below its lines.")
@click.option("--also", multiple=True, type=click.Choice(["invalid", "imprecise", "ecf"]),
              help="Also list these answers besides needs_review: unreadable, right to too few figures, or marked by "
                   "error carried forward (repeatable).")
def review_command(graded, out, also):
    """From the graded.csv grade wrote, write an overrides file listing each answer a person
    must decide (needs_review): student, question, part, the answer, why, the expected answer,
    and an empty share column. Fill in the shares (1, 0.5, 50%; lines left empty decide
    nothing) and grade again with --overrides that file. Run again onto that file, it keeps
    every line and adds the answers it does not list yet.

    \b
    Example: quizgen review answers-graded.csv --also imprecise
    then, the shares filled in:
      quizgen grade answers.csv --overrides answers-graded-review.csv
    """
    from quizgen.grading.review import write_review

    click.echo(write_review(graded, out=out, also=also).summary(graded))


@main.command("validate", short_help="Check templates (a file, a folder, the bank) before class.")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--samples", default=200, show_default=True, type=int,
              help="Seeds to sample each template over, SymPy refereeing every exact value of every draw; 0 "
                   "skips sampling (no random draws, SymPy referee or variant count; the schema, text, tests "
                   "and canonical example are still checked).")
@click.option("--bank", "banks", multiple=True, type=NamedPath(file_okay=False),
              help="Check the templates in this folder, and their clashes with the built-in bank (repeatable).")
@bulk_jobs_option
def validate_command(paths, samples, banks, jobs):
    """Check templates (files or folders; default: the built-in bank) before
    they reach a class: one line per problem as file:line: key: what is wrong,
    else one summary line per template (and a warning under 100 distinct
    variants). --bank DIR checks DIR's templates and their clashes with the
    built-in bank (ids, classes, misconception codes), not the built-in bank
    itself. SymPy referees every sampled draw. Exits 1 if any template
    fails.

    \b
    Example: quizgen validate --bank my_bank/ --samples 500
    """
    from quizgen.validation.run import report_validation

    report_validation(paths, samples=samples, banks=banks, echo=click.echo, jobs=jobs)


@main.group("export", short_help="Export question variants as Moodle XML or Canvas QTI.")
def export_group():
    """Export question variants to an LMS (Moodle XML, Canvas QTI); see docs/lms.md.

    \b
    Example: quizgen export moodle --classes C1,C7 --count 20 --seed 48613092775301 --out questions.xml
    """


MOODLE_COUNT_HELP = ("Variants per slot, 1 to 10,000 (each student gets one at random, every part of a question "
                     "from that one variant, so errors are carried forward).")
CANVAS_COUNT_HELP = ("Variants per slot, 1 to 10,000. Canvas draws each part's variant on its own, so with more "
                     "than 1 a student's parts mostly come from different variants and no error is carried "
                     "forward: hence 1 (the same numbers for everyone), where Moodle's default is 10.")


def _export_options(count: int, count_help: str):
    """The options every export command shares (what to sample, like generate), with the command's own
    default --count: Moodle keeps a question's parts on one variant, Canvas does not (docs/lms.md)."""
    return lambda command: _with_export_options(command, click.option(
        "--count", default=count, show_default=True, type=int, help=count_help))


def _with_export_options(command, count_option):
    """``command`` with the shared export options, ``count_option`` among them."""
    for option in reversed([
            click.option("--classes", default="all", show_default=True,
                         help="Comma-separated classes (C1,C7) or 'all': one question slot each."),
            count_option,
            click.option("--seed", default=None,
                         help="Seed (default: a fresh one, printed): the k-th variant of a slot is generate's "
                              "k-th question with it."),
            click.option("--force", is_flag=True,
                         help="Replace the key file of another export beside --out."),
            bank_option, bulk_jobs_option]):
        command = option(command)
    return command


@export_group.command("moodle")
@click.option("--out", default="questions.xml", show_default=True, type=click.Path(),
              help="The Moodle XML file to write, or a folder (written there as questions.xml).")
@_export_options(10, MOODLE_COUNT_HELP)
def export_moodle(out, classes, count, seed, force, banks, jobs):
    """Moodle XML for the question bank: one category per slot holding its variants.

    \b
    Example: quizgen export moodle --classes C1,C7 --count 20 --seed 48613092775301 --out questions.xml
    """
    from quizgen.lms.export import write_moodle

    done = write_moodle(out, classes=classes, count=count, seed=seed, banks=banks, force=force, jobs=jobs)
    for warning in done.warnings:
        click.echo(f"quizgen: warning: {warning}", err=True)
    click.echo(done.summary(out, "question", "category"))
    click.echo(done.slot_marks())


@export_group.command("canvas")
@click.option("--out", default="quiz.zip", show_default=True, type=click.Path(),
              help="The Canvas QTI zip to write, or a folder (written there as quiz.zip).")
@click.option("--title", default="quizgen quiz", show_default=True, help="The quiz title in Canvas.")
@_export_options(1, CANVAS_COUNT_HELP)
def export_canvas(out, title, classes, count, seed, force, banks, jobs):
    """A Canvas QTI 1.2 zip: a question group per slot (and part) picking one variant.

    \b
    Example: quizgen export canvas --classes C1,C7 --count 1 --seed 48613092775301 --out quiz.zip
    """
    from quizgen.lms.export import write_canvas

    done = write_canvas(out, title=title, classes=classes, count=count, seed=seed, banks=banks,
                        force=force, jobs=jobs)
    for warning in done.warnings:
        click.echo(f"quizgen: warning: {warning}", err=True)
    click.echo(done.summary(out, "variant", "slot"))
