"""The options several commands share, and the path type that refuses an empty name:
kept apart from cli.py, whose commands use them."""

from __future__ import annotations

import os

import click


class NamedPath(click.Path):
    """A click.Path that refuses an empty or blank name in one line naming its
    option: click passes ``''`` on, and it was read as the working folder (``--bank ''``
    loaded the YAML files there, ``--key ''`` was named ``.``)."""

    def __init__(self, *args, file_in_folder: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.file_in_folder = file_in_folder

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail(f"{value!r}: the name is empty; expected {'a file' if self.file_okay else 'a folder'}",
                      param, ctx)
        self._refuse_folder_holding_file(value, param, ctx)
        return super().convert(value, param, ctx)

    def _refuse_folder_holding_file(self, value, param, ctx) -> None:
        """A folder given where a file is expected, when it holds the file meant
        (``--key quiz``, quiz/key.json): one line naming that file."""
        if self.file_in_folder and isinstance(value, (str, os.PathLike)) and os.path.isdir(value):
            inside = os.path.join(value, self.file_in_folder)
            if os.path.isfile(inside):
                self.fail(f"{click.format_filename(value)} is a folder; pass the {self.file_in_folder} in it: "
                          f"{param.opts[0] if param and param.opts else ''} {click.format_filename(inside)}".rstrip(),
                          param, ctx)


bank_option = click.option(
    "--bank", "banks", multiple=True, type=NamedPath(file_okay=False),
    help="Also load the templates in this folder (repeatable).")


jobs_option = click.option(
    "--jobs", default=0, type=int,
    help="Processes to use, and PDFs compiled at once with --format pdf (default 0: one per CPU); "
         "the output is the same for any number.")
"""generate's and grade's --jobs (both may compile PDFs)."""
bulk_jobs_option = click.option(
    "--jobs", default=0, type=int,
    help="Processes to use (default 0: one per CPU); the output is the same for any number.")
"""validate's and export's --jobs: the same processes (generation/workers.py), no PDFs."""


def refuse_lone_encoding(encoding_option: str, encoding, file_option: str, path) -> None:
    """Refuse an encoding option (``--roster-encoding``) given without the file whose encoding it names."""
    if encoding is not None and path is None:
        raise click.UsageError(f"{encoding_option} needs {file_option}: it names that file's encoding")
