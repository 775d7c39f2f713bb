"""The command line's click group: every QuizgenError, and click's own usage
errors, become one line on stderr and an exit code (docs/errors.md); the
commands themselves are in cli.py."""

from __future__ import annotations

import click

from quizgen.errors import QuizgenError
from quizgen.wording import printable
from quizgen.ui import tolerant_console


class QuizgenGroup(click.Group):
    """A click group that turns any QuizgenError, and click's own usage errors
    (an unknown option, a missing argument), into one line on stderr."""

    def make_context(self, info_name, args, parent=None, **extra):
        tolerant_console()
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:   # the group's own options: quizgen --bogus
            _say_usage_error(exc, info_name)
            raise SystemExit(exc.exit_code) from None

    def invoke(self, ctx):
        words = [*_protected_args(ctx), *ctx.args]   # click clears them before it calls the command
        try:
            return super().invoke(ctx)
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
