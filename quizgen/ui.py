"""What a person sees while a long run works: a progress bar on stderr when it is a terminal."""

from __future__ import annotations

import sys

import click


def progress_bar(show: bool, length: int, label: str):
    """click's progress bar on stderr for a long run, when ``show`` and stderr
    is a terminal; otherwise a stand-in that prints nothing."""
    if show and sys.stderr.isatty():
        return click.progressbar(length=length, label=label, file=sys.stderr)
    return _SilentBar()


class _SilentBar:
    """A progress bar that shows nothing (pipes, logs, tests)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n: int, current_item=None) -> None:
        """Nothing to show."""
