"""The names the drill gives misconceptions: a short label in plain English for
each trap code of the shipped bank (``library_nan`` is "the library's NaN, not
the formula's undefined 0/0", not "library nan"); a code from another bank is read as words."""

from __future__ import annotations

from quizgen.key.parts import code_in_words

NAMES = {
    "all_tokens_graded": "grading every position, not only the picked ones",
    "at_least_one_masked": "the chance that some token is picked, not that none is",
    "bidirectional_context": "context from both sides in a left-to-right model",
    "favoured_word_loss": "the loss of the favoured word, not the true one",
    "favoured_word_probability": "the probability of the favoured word, not the true one",
    "first_token_predicted": "counting the first word as a prediction",
    "left_to_right": "BERT predicting masked tokens one by one, left to right",
    "library_nan": "the library's NaN, not the formula's undefined 0/0",
    "log10_instead_of_ln": "log base 10 instead of ln",
    "logit_as_probability": "dividing logits without exponentiating them",
    "masked_positions_only": "scoring only the masked positions in a causal model",
    "mean_over_all_tokens": "dividing by all tokens, not the masked ones",
    "mean_over_sequence_length": "dividing by the sequence length, not the masked count",
    "missing_minus_sign": "missing minus sign",
    "missing_nsp_term": "leaving out the next-sentence loss",
    "only_mask_tokens_graded": "grading only the [MASK] positions, not all picked ones",
    "probability_as_loss": "the probability given as the loss",
    "rate_as_probability": "the chance that every token is picked, not that none is",
    "sigmoid_instead_of_softmax": "sigmoid instead of softmax",
    "sigmoid_sign_error": "the wrong sign inside the sigmoid",
    "split_applied_to_all_tokens": "the 80/10/10 split applied to all tokens",
    "sum_instead_of_mean": "sum instead of mean",
    "true_class_as_prediction": "the true class taken as the prediction",
    "unnormalised_weight": "a weight not normalised into a probability",
    "used_bert_15_percent": "BERT's 15% instead of the stated masking rate",
    "wrong_label_branch": "the loss term of the other label",
    "zero_mask_is_infinite": "0/0 taken as infinite",
    "zero_mask_is_zero": "0/0 taken as 0",
}


def trap_name(code: str) -> str:
    """How the drill names the misconception ``code`` to a learner."""
    return NAMES.get(code) or code_in_words(code)
