"""Ctrl-C tests run in a process of their own: a SIGINT a test sends itself
inside pytest's process could land in a garbage-collector callback (hypothesis
keeps one) and print "Exception ignored in ... gc_callback ... KeyboardInterrupt"
in a passing run (round 52's review, F5). The child has no such callback, and
takes Python's own SIGINT handler even when pytest was started in the background
(which would ignore SIGINT)."""

import subprocess
import sys

PRELUDE = ("import os, signal, sys\n"
           "signal.signal(signal.SIGINT, signal.default_int_handler)\n")


def run_interrupted(script: str, *args) -> subprocess.CompletedProcess:
    """Run ``script`` (after PRELUDE: os, signal and sys imported) in a fresh Python with ``args``."""
    return subprocess.run([sys.executable, "-c", PRELUDE + script, *map(str, args)],
                          capture_output=True, text=True, timeout=300)
