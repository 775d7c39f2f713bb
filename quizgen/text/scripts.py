"""Unicode's superscript and subscript characters, one table of each, for the
text that sets a script without markup: an LMS trap's feedback and grade's
feedback sheets (lms/html.py, every character Unicode has a script of) and a
figure's name as plain text (generation/figure_names.py, those common fonts
have: ``FONT_SUBSCRIPTS``, ``FONT_SUPERSCRIPTS``). Imports nothing."""

SUPERSCRIPTS = dict(zip("0123456789+\u2212=()abcdefghijklmnoprstuvwxyz",
                        "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207c\u207d\u207e"
                        "\u1d43\u1d47\u1d9c\u1d48\u1d49\u1da0\u1d4d\u02b0\u2071\u02b2\u1d4f\u02e1\u1d50\u207f"
                        "\u1d52\u1d56\u02b3\u02e2\u1d57\u1d58\u1d5b\u02b7\u02e3\u02b8\u1dbb"))
SUBSCRIPTS = dict(zip("0123456789+\u2212=()aehijklmnoprstuvx",
                      "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208c\u208d\u208e"
                      "\u2090\u2091\u2095\u1d62\u2c7c\u2096\u2097\u2098\u2099\u2092\u209a\u1d63\u209b\u209c\u1d64"
                      "\u1d65\u2093"))
"""``{character: its superscript}`` and ``{character: its subscript}``, for every character Unicode has one of."""

FONT_SUBSCRIPTS = {c: SUBSCRIPTS[c] for c in "0123456789+\u2212=()"}
FONT_SUPERSCRIPTS = {c: SUPERSCRIPTS[c] for c in "0123456789+\u2212=()ni"}
"""The scripts of the characters common fonts have (a figure's SVG title and alt text use only these)."""
