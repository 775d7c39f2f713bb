"""A made quiz's key.json as a dict, without writing it: the text generate writes
(``key.writer.key_streams``), read back."""

import json

from quizgen.key.writer import key_streams


def key_data(quiz) -> dict:
    """The whole key as key.json holds it."""
    return json.loads("".join(key_streams(quiz)["key.json"]))
