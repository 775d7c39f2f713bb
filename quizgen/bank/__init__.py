"""The question bank: YAML templates read, checked and turned into ``Template`` objects."""

from quizgen.bank.loader import builtin_bank_dir, builtin_templates_dir, load_bank, select

__all__ = ["builtin_bank_dir", "builtin_templates_dir", "load_bank", "select"]
