"""The drill's help says what a word part takes (review 38: at C5 (b), which
asks for a word, '?' described numbers alone)."""


def test_the_help_names_word_answers_as_well_as_numbers(invoke):
    output = " ".join(invoke("drill", "--seed", "1", "--classes", "C5", "--no-save", input="?\nq\n").output.split())
    assert "a number (a decimal 14.3, a fraction 100/7 or an expression exp(2)/(exp(2)+e+1);" in output
    assert "or the word a part asks for (yes, no, a term). Or type a command:" in output
