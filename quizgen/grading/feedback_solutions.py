"""The worked solutions a feedback sheet shows (``Solutions``): each question
regenerated from its template and the key's seed label, for the student's own
numbers, or a sentence saying why none is shown, the instructor told why in
one warning."""

from __future__ import annotations


from quizgen.wording import first_few
from quizgen.grading.feedback_comma import comma_view
from quizgen.grading.feedback_words import template_trap_names
from quizgen.text.answers import in_plain

NO_WORKED_SOLUTION = "No worked solution is available for this question."
"""What a sheet tells the student when its question's template cannot be regenerated (the
instructor is told why: Solutions.warning)."""
LOST_TAG_SOLUTION = ("No worked solution can be shown for this question: the record of which numbers you were "
                     "given was lost from the quiz's download, so your marker marks your answers by hand.")
"""What a sheet says of a question of unknown variant (quizgen.grading.lost_tag), whose numbers no one knows."""

NOT_IN_BANK, NO_SEED = "not in the bank", "the key has no seed label"
REDRAWN = "its seed label now draws other numbers than the key holds"
ADVICE = {NOT_IN_BANK: "grade again with the --bank the paper was made from",
          REDRAWN: "the template was edited since, or the key was made by another version of quizgen, which drew "
                   "that seed label otherwise (the marks are unaffected: they come from the key)",
          NO_SEED: "a key without seed labels cannot regenerate its questions"}
"""Why a template's questions show no worked solution, and what the instructor can do (a paper
made before the printed-number redraw is not told to pass the --bank it was made from, which cannot help)."""


class Solutions:
    """Worked solutions regenerated from (template, seed label), kept per pair;
    ``rounding_rule``: the stems' rounding sentence when not the paper's (a Canvas key's);
    ``lms``: the key was built from an LMS download, where a question with no
    seed label is one of unknown variant (LOST_TAG_SOLUTION, nothing to warn of)."""

    def __init__(self, banks, rounding_rule: str | None = None, lms: bool = False):
        self.banks, self.templates, self.done, self.rounding_rule = banks, None, {}, rounding_rule
        self.lms = lms
        self.unavailable = {}   # {template: why its sheets show no worked solution}, for the instructor
        self.drillable = None

    def warning(self) -> list:
        """One warning for the instructor naming the templates whose sheets
        show no worked solution and why (the sheets tell the students only
        that none is available); [] when every one was shown."""
        if not self.unavailable:
            return []
        by_reason = {}
        for template, why in sorted(self.unavailable.items()):
            by_reason.setdefault(why, []).append(template)
        said = "; ".join(f"{'template' if len(t) == 1 else 'templates'} {first_few(t)} ({why})"
                         for why, t in by_reason.items())
        advice = [ADVICE[why] for why in ADVICE if why in by_reason]
        return [f"feedback sheets: no worked solution for {said}: {'; '.join(advice)}"]

    def drill_classes(self) -> frozenset:
        """The classes a student's own ``quizgen drill`` knows: the built-in
        bank's (the instructor's --bank folders are not on their machine)."""
        from quizgen.bank.loader import shipped

        if self.drillable is None:
            self._load()
            self.drillable = frozenset(t.cls for t in self.templates.values() if shipped(t))
        return self.drillable

    def markdown(self, question, comma: bool = False, figure: str = "") -> str:
        """The worked solution of ``question`` (a KeyQuestion) as Markdown lines
        (decimal commas when ``comma``, the answers then split by ``;``), with
        ``figure`` (the Markdown image of its figure, feedback_md) after the stem."""
        view = self.view(question, "md", comma)
        if isinstance(view, str):
            return f"({view})"
        steps = [f"{i}. **{s['title']}.** *Why:* {s['why']}\n\n   {s['work']}" for i, s in enumerate(view["steps"], 1)]
        answers = ("; " if comma else ", ").join(f"({p['letter']}) {in_plain(p['answer'])}" for p in view["parts"])
        return "\n\n".join([view["stem"].strip(), *[figure] * bool(figure),
                            f"**Forecast.** {view['forecast'].strip()}", *steps,
                            f"**Check.** {view['verify'].strip()}", f"**Answers:** {answers}."])

    def known(self, question) -> bool:
        """Whether the key knows ``question``'s variant, its numbers and answers
        (not one of unknown variant: LOST_TAG_SOLUTION), for the sheet to show them."""
        return not self.lms or bool(question.seed)

    def worked(self, question) -> bool:
        """Whether the sheet shows a worked solution for ``question``."""
        return not isinstance(self.view(question, "md"), str)

    def trap_names(self, question) -> dict:
        """``{code: name}`` of ``question``'s traps: the key's names (those the paper
        was made with), and the bank's template's for a code the key leaves unnamed
        (a key written before names); {} when neither names any."""
        self._load()
        own = {trap.code: trap.name for part in question.parts for trap in part.traps if trap.name}
        return {**template_trap_names(self.templates.get(question.template)), **own}

    def _load(self) -> None:
        from quizgen.bank.loader import load_bank

        if self.templates is None:
            self.templates = {t.id: t for t in load_bank(self.banks)}

    def view(self, question, fmt: str, comma: bool = False):
        """The question view (generation.views) of ``question`` regenerated for
        ``fmt`` ("md" or "tex"), every decimal in its text with a comma when
        ``comma`` (comma_view), or a sentence saying why there is none."""
        wanted = (question.template, question.seed, fmt, comma)
        if wanted not in self.done:
            view = self.done.get(wanted[:3] + (False,)) or self._make(question, fmt)
            self.done[wanted[:3] + (False,)] = view
            self.done[wanted] = comma_view(view, fmt) if comma and not isinstance(view, str) else view
        return self.done[wanted]

    def _make(self, question, fmt: str):
        from quizgen.generation.quiz import Question
        from quizgen.generation.sampling import CANONICAL, canonical_instance, sample_instance
        from quizgen.generation.views import question_view
        from quizgen.key.entries import json_params

        self._load()
        template = self.templates.get(question.template)
        if self.lms and not question.seed:
            return LOST_TAG_SOLUTION
        if template is None or not question.seed:
            why = NOT_IN_BANK if template is None else NO_SEED
            self.unavailable.setdefault(question.template or "?", why)
            return NO_WORKED_SOLUTION
        instance = canonical_instance(template) if question.seed == CANONICAL else sample_instance(template, question.seed)
        if question.params and json_params(instance.params) != question.params:
            self.unavailable.setdefault(question.template, REDRAWN)
            return NO_WORKED_SOLUTION
        return question_view(Question(question.id, instance), fmt, self.rounding_rule)
