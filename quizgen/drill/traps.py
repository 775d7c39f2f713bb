"""The names the drill gives misconceptions: each trap's ``name`` in the bank
(``zero_mask_is_infinite`` is "0/0 taken as infinite", not "zero mask is
infinite"), so a new scenario class names its own in its YAML; a code no
loaded template names is read as words."""

from __future__ import annotations

from quizgen.key.parts import code_in_words


def trap_names(templates) -> dict:
    """``{code: name}`` as the ``templates`` name their traps; a code two of them
    name takes the first one's name (pass the question's own template first)."""
    names = {}
    for template in templates:
        for part in template.parts:
            for trap in part.traps:
                if trap.name:
                    names.setdefault(trap.code, trap.name)
    return names


def trap_name(code: str, names) -> str:
    """How the drill names the misconception ``code`` to a learner (``names``:
    :func:`trap_names`; None: none named)."""
    return (names or {}).get(code) or code_in_words(code)
