"""Marking like a careful human marker (issue 12): error carried forward,
carried rounding, answers as people write them, policy, overrides and the
students of a roster. Every module is pure: plain values in, plain values out."""
