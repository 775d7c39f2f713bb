"""``grade``'s options resolved before any file is read, and those an LMS
download changes (grading/run.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from quizgen.background import resolve_jobs
from quizgen.grading.key_index import KeyIndex, key_shown, marking_policy, tolerance_override
from quizgen.grading.output_options import GradeOutputs


def forced_by(force: bool, given: bool, option: str) -> str:
    """The option that lets a check through, as its warning names it: ``option`` when
    ``given``, else ``--force`` (which means both) when ``force``, else "" (refused)."""
    return option if given else "--force" if force else ""


def run_options(outputs: GradeOutputs | None, jobs: int | None, rtol, atol, policy, ecf_credit) -> tuple:
    """(outputs, jobs, tolerance override, marking policy): the run's options checked and
    resolved before any file is read but the policy (a bad one stops the run here)."""
    outputs = outputs or GradeOutputs()
    outputs.check()
    jobs = resolve_jobs(jobs)
    return outputs, jobs, tolerance_override(rtol, atol), marking_policy(policy, ecf_credit)


def download_outputs(outputs: GradeOutputs, download: Path, unkeyed: tuple, maximum=None,
                     places=None) -> GradeOutputs:
    """A run's outputs for an LMS download: the gradebook names it, its item (unless given) is named
    after it, and it knows the students named by the other id column and the quiz's maximum grade in
    Moodle (``maximum``, its Grade/10.00 column; None for none) with the decimal places shown (``places``)."""
    outputs = replace(outputs, download=download.name, unkeyed=tuple(unkeyed), moodle_maximum=maximum,
                      moodle_places=places)
    return outputs if outputs.gradebook_item is not None else replace(outputs, gradebook_item=download.stem)


def key_outputs(outputs: GradeOutputs, key, key_path, download: bool) -> GradeOutputs:
    """A run's outputs for the answers built from a Moodle download graded again with the key built beside
    them (not ``download``): scaled to the quiz's maximum grade in Moodle that key keeps, as the download's
    own run was (unscaled they are the paper's points, a full mark 47 where the quiz's is 10); for a
    key that keeps none, named (``unscaled_key``) for the warning that its grades are points."""
    from quizgen.key.download_fields import maximum_and_places
    from quizgen.lms.papers import is_lms_key

    if download or outputs.gradebook != "moodle" or key.rounded_by == "canvas" or not is_lms_key(key):
        return outputs
    if not key.moodle_maximum:
        return replace(outputs, unscaled_key=key_path.name if key_path else "the key")
    most, places = maximum_and_places(key.moodle_maximum)
    return replace(outputs, moodle_maximum=most, moodle_places=places)


def key_named(index: KeyIndex, source, key_path: Path | None, found: bool, lms: bool) -> str:
    """How the checks of the answers' paper codes name the key: the download's, or its
    file beside the answers or its path (key_shown), ``found`` when no --key named it."""
    shown = index.name if lms or key_path is None else key_shown(key_path, source.path)
    return shown + " (found: no --key given)" if found else shown
