"""The one exception family: every error a user can cause is a QuizgenError,
which the CLI prints as one line and turns into an exit code: 1 for findings
or work that could not be finished (validate problems, LaTeX, an output that
cannot be written), 2 for bad input (files, keys, banks, options, limits hit).
docs/errors.md holds the table; tests/test_exit_codes.py keeps both in step."""

from quizgen.wording import printable


class Unfinished(str):
    """A warning that an output was not made as asked, though the run wrote all
    it could (``grade --feedback DIR --format pdf`` with no PDF sheet): printed
    like any warning, and the command then exits 1 (docs/errors.md)."""


class QuizgenError(Exception):
    """Base of all quizgen errors; ``exit_code`` is what the CLI exits with."""

    exit_code = 1


class UsageError(QuizgenError):
    """A bad option value or combination."""

    exit_code = 2


class ExpressionError(QuizgenError):
    """Text that the whitelist parser refuses, or that cannot be evaluated."""

    exit_code = 2


class TemplateError(QuizgenError):
    """A template that cannot be loaded or used; names the file and line when known.
    A bank is user input, so a bad template is bad input (exit 2)."""

    exit_code = 2

    def __init__(self, message: str, path=None, line=None, key=None):
        self.path, self.line, self.key, self.reason = path, line, key, message
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line else f"{path}: "
        prefix = printable(f"{key}: ") if key else ""   # keys are YAML text
        super().__init__(f"{where}{prefix}{message}")


class TemplateProblems(TemplateError):
    """Every problem found in one template: reads as the first, ``problems`` lists them all."""

    def __init__(self, problems):
        self.problems = list(problems)
        first, more = self.problems[0], len(self.problems) - 1
        note = f" (and {more} more problem{'s' * (more > 1)}; quizgen validate lists them all)" if more else ""
        super().__init__(first.reason + note, path=first.path, line=first.line, key=first.key)


class BankLimitError(TemplateError):
    """A template that exceeds a resource limit (draw time, expression size,
    number magnitude, rendered text size, ...): see docs/authoring.md."""


class ValidationFailed(QuizgenError):
    """``quizgen validate`` found problems in some templates (findings: exit 1)."""

    exit_code = 1


class SamplingError(QuizgenError):
    """Constraints or trap separation could not be met within the retry budget:
    a template that cannot make a question is a bad bank (exit 2)."""

    exit_code = 2


class OutputError(QuizgenError):
    """An output file or folder cannot be written."""


class InputFileError(QuizgenError):
    """An input file (answers, key, roster) is missing or not what was expected."""

    exit_code = 2


class TexNotFoundError(QuizgenError):
    """PDF output was asked for but no TeX installation (pdflatex) was found."""


class LatexError(QuizgenError):
    """LaTeX failed on a generated document; names the .tex line and the log's message
    (``template``: the id of the template whose question it failed in, when known)."""

    def __init__(self, message: str, document: str = "", log: str = "", template: str = ""):
        self.document, self.log, self.template = document, log, template
        super().__init__(message)
