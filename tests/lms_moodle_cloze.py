"""A small port of Moodle's Cloze parser (question/type/multianswer/questiontype.php:
ANSWER_REGEX, ANSWER_ALTERNATIVE_REGEX, NUMERICAL_ALTERNATIVE_REGEX and the loop
of qtype_multianswer_extract_question), for the LMS tests to read back what
quizgen exports exactly as Moodle's importer would."""

import html
import re

FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
# PCRE's (?<!\\|&|&amp;) as three fixed-width look-behinds (Python needs fixed widths).
ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
ALTERNATIVE = f"({FRACTION})?({ANSWER})(#({FEEDBACK}))?"
NUMBER = r"-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)"
NUMERICAL_ALTERNATIVE = f"^({NUMBER})(:{NUMBER})?$"
TYPES = r"(NUMERICAL|NM)|(SHORTANSWER|SA|MW)"
ANSWER_REGEX = r"\{([0-9]*):(" + TYPES + "):(" + ALTERNATIVE + "(~" + ALTERNATIVE + r")*)\}"


def parse_cloze(text: str) -> list:
    """The sub-questions of a Cloze question text, each as
    {"type", "weight", "answers": [(fraction, answer, tolerance, feedback)]},
    answers and feedback decoded as Moodle stores them."""
    subs = []
    while (match := re.search(ANSWER_REGEX, text, re.S)) is not None:
        numerical = bool(match.group(3))
        subs.append({"type": "numerical" if numerical else "shortanswer",
                     "weight": match.group(1) or "1",
                     "answers": _alternatives(match.group(5), numerical)})
        text = text.replace(match.group(0), "{#%d}" % len(subs), 1)
    return subs


def _alternatives(remaining: str, numerical: bool) -> list:
    answers = []
    while (alt := re.search("~?" + ALTERNATIVE, remaining, re.S)) is not None:
        fraction = 1.0 if alt.group(1) == "=" else (0.01 * float(alt.group(2).replace(",", ".")) if alt.group(2)
                                                    else 0.0)
        feedback = _decode(alt.group(5)) if alt.group(4) is not None else ""
        number = re.search(NUMERICAL_ALTERNATIVE, alt.group(3), re.S) if numerical else None
        if number:
            answers.append((fraction, number.group(1), number.group(6) or "0", feedback))
        else:
            answers.append((fraction, _decode(alt.group(3)), None, feedback))
        remaining = remaining.split(alt.group(0), 1)[1]
    return answers


def _decode(text: str) -> str:
    """html_entity_decode, then \\} -> } and \\# -> #, in Moodle's order."""
    return html.unescape(text).replace("\\}", "}").replace("\\#", "#")
