"""A drill progress file read strictly, for the tests of its rules: drill itself
keeps the entries that make sense and warns of the rest (``record.parse_kept``);
a test of one bad entry wants it refused, with the line drill would warn with."""

from quizgen.drill.record import BadProgressFile, Progress, parse_kept


def strict_parse(text: str) -> Progress:
    """A progress file's text as Progress; BadProgressFile says what is wrong with
    the file, or with its first entry that makes no sense."""
    progress, dropped = parse_kept(text)
    if dropped:
        raise BadProgressFile(dropped[0])
    return progress
