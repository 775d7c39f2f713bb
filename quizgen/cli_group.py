"""The command line's click group: every QuizgenError, and click's own usage
errors, become one line on stderr and an exit code (docs/errors.md); the
commands themselves are in cli.py."""

from __future__ import annotations

import errno
import os
import sys

import click

from quizgen.errors import OutputError, QuizgenError
from quizgen.wording import printable
from quizgen.ui import tolerant_console


class QuizgenGroup(click.Group):
    """A click group that turns any QuizgenError, and click's own usage errors
    (an unknown option, a missing argument), into one line on stderr."""

    def make_context(self, info_name, args, parent=None, **extra):
        tolerant_console()
        guard_stdout()
        try:
            refuse_closed_stdout()   # here too: the group's --help and --version run before invoke
            refuse_gone_folder()
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:   # the group's own options: quizgen --bogus
            _say_usage_error(exc, info_name)
            raise SystemExit(exc.exit_code) from None
        except OutputError as exc:   # quizgen --help > /dev/full, or >&-
            click.echo(f"quizgen: error: {exc}", err=True)
            raise SystemExit(exc.exit_code) from None

    def invoke(self, ctx):
        words = [*_protected_args(ctx), *ctx.args]   # click clears them before it calls the command
        try:
            refuse_closed_stdout()
            done = super().invoke(ctx)
            sys.stdout.flush()   # what is still buffered fails here, in one line, not at exit
            return done
        except QuizgenError as exc:
            click.echo(f"quizgen: error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except click.UsageError as exc:   # a command's options and arguments, or no such command
            _say_usage_error(exc, self._command_named(ctx, words))
            ctx.exit(exc.exit_code)

    def _command_named(self, ctx, words: list) -> str:
        """``quizgen grade`` (or ``quizgen export moodle``) when the command line
        ``words`` name one of ours, else ``quizgen``."""
        path, group = [ctx.command_path], self
        for word in words:
            command = group.commands.get(word) if isinstance(group, click.Group) else None
            if command is not None:
                path.append(word)
                group = command
        return " ".join(path)


def refuse_closed_stdout() -> None:
    """OutputError when the process was started with standard output closed (``quizgen drill >&-``):
    Python then has no ``sys.stdout`` at all, and every command writes its results there."""
    if sys.stdout is None:
        raise OutputError("standard output is closed, and quizgen writes its results there; nothing was done: "
                          "send it to a file or to /dev/null instead (> out.txt)")


def refuse_gone_folder() -> None:
    """OutputError when the working folder was deleted after the shell entered it: every
    relative path, and the absolute paths made of them, then fails deep inside a command as a traceback."""
    try:
        os.getcwd()
    except FileNotFoundError:
        raise OutputError("the current folder no longer exists (it was deleted or moved after the shell "
                          "entered it); nothing was done: cd to a folder that exists and run the command "
                          "again") from None


class GuardedStdout:
    """Standard output whose failed write or flush (a full disk, ``> /dev/full``, a device error) raises
    OutputError, one line: the user's surroundings, not a bug in quizgen. A broken pipe
    (``| head``) is left to click, which ends quietly with exit 1, as a command whose reader has gone should.
    Everything else is the stream's own (``isatty``, ``fileno``, ``encoding``)."""

    def __init__(self, stream):
        self.stream = stream

    def __getattr__(self, name):
        return getattr(self.stream, name)

    def write(self, text):
        if not text:   # click's probe of what the stream takes (write(b""), write("")): its errors are its own
            return self.stream.write(text)
        return self._guarded(self.stream.write, text)

    def writelines(self, lines):
        return self._guarded(self.stream.writelines, lines)

    def flush(self):
        return self._guarded(self.stream.flush)

    def _guarded(self, call, *args):
        try:
            return call(*args)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise
            _silence(self.stream)
            raise OutputError(f"cannot write to standard output: {exc.strerror or exc}; "
                              "what was not written there is lost") from None


def guard_stdout() -> None:
    """Put :class:`GuardedStdout` in ``sys.stdout``'s place, once."""
    if sys.stdout is not None and not isinstance(sys.stdout, GuardedStdout):
        sys.stdout = GuardedStdout(sys.stdout)


def _silence(stream) -> None:
    """Point ``stream``'s descriptor at the null device (as Python's documentation advises for a broken
    pipe), so that bytes left in its buffer are dropped, not failed on again, when Python flushes it at exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):   # no descriptor (a test's stream): nothing is flushed at exit
        pass


def _protected_args(ctx) -> list:
    """The command name and its arguments click holds back (``_protected_args``
    since click 8.2; the public ``protected_args`` now warns that it is going)."""
    return list(ctx._protected_args)


def _say_usage_error(exc: click.UsageError, caught_in: str) -> None:
    """click's usage error as one line, as docs/errors.md promises:
    ``quizgen: error: <what> (see 'quizgen grade --help')`` (the command the
    error names, else the one it was caught in), the message cut to 300
    characters; a bare ``quizgen`` shows the help and exits 2, as click does."""
    if isinstance(exc, click.exceptions.NoArgsIsHelpError) and exc.ctx is not None:   # a bare ``quizgen``
        click.echo(exc.ctx.get_help())
        return
    command = exc.ctx.command_path if exc.ctx is not None else caught_in
    message = printable(exc.format_message())
    message = message if len(message) <= 300 else message[:297] + "..."
    click.echo(f"quizgen: error: {message} (see '{command} --help')", err=True)
