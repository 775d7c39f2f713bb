"""quizgen: writes and grades exam questions on the mathematics of BERT-style encoders."""

__version__ = "0.1.0"
