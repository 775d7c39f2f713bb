"""The package layering docs/architecture.md states, checked on every import
(imports inside functions count, ``from quizgen import x`` and relative imports
too) and through every chain of them: a module of a layered package reaches,
however indirectly, only modules of packages at or below its own layer. The
unlayered modules (the top-level ones such as ``roster_ids``, and ``key/``) are
passed through, so a package cannot reach up by way of one of them; the only
crossings allowed are the documented ones (EXCEPTIONS). ``structure_check``
finds module cycles; this finds a package reaching up (grading and report
imported each other's modules without a module cycle)."""

import pytest

from test_module_structure import imports, modules

LAYERS = [{"wording"}, {"errors"}, {"maths"}, {"text"}, {"bank"}, {"generation"}, {"marking"}, {"report", "lms"}, {"grading"},
          {"validation"}, {"drill"}, {"cli"}]
LEVEL = {name: level for level, names in enumerate(LAYERS) for name in names}
EXCEPTIONS = {
    "generation": {
        "quizgen.marking.student_ids",   # the id rule, through roster_ids.py (a per-student key's ids)
        "quizgen.marking.recipes",       # the ECF recipes the key makers (key/entries.py) derive
        "quizgen.marking.percent",       # the percentages those recipes read
    },
}
"""Modules above a layer that its packages may still reach, as docs/architecture.md says;
what they import is held to the layer in turn."""


def owner(name: str) -> str:
    """The package of a dotted module name (``quizgen.grading.run``: grading), or the
    top-level module's own name (``quizgen.roster_ids``: roster_ids)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "quizgen"


def reaching_up(graph: dict) -> list:
    """One line for each module of a layered package that reaches, through any chain of
    ``graph``'s imports, a module of a package above its layer (EXCEPTIONS aside)."""
    found = []
    for name in sorted(graph):
        package = owner(name)
        if package not in LEVEL:
            continue
        allowed = EXCEPTIONS.get(package, set())
        seen, trail, todo = {name}, {name: None}, [name]
        while todo:
            current = todo.pop()
            for target in sorted(graph.get(current, ())):
                if target in seen:
                    continue
                seen.add(target)
                trail[target] = current
                if LEVEL.get(owner(target), -1) > LEVEL[package] and target not in allowed:
                    found.append(f"{name} reaches {target} by {' -> '.join(_chain(trail, target))}")
                    continue
                todo.append(target)
    return found


def _chain(trail: dict, target: str) -> list:
    """The imports from the checked module to ``target``, first to last."""
    chain = [target]
    while trail[chain[-1]] is not None:
        chain.append(trail[chain[-1]])
    return chain[::-1]


def import_graph() -> dict:
    known = modules()
    return {name: imports(path, name, known) for name, path in known.items()}


@pytest.mark.slow
def test_no_module_reaches_a_package_above_its_own_layer():
    graph = import_graph()
    assert "quizgen.marking.student_ids" in graph["quizgen.roster_ids"]   # the documented crossing is still read
    assert reaching_up(graph) == []


@pytest.mark.slow
def test_wording_the_bottom_layer_imports_nothing_of_quizgen_and_errors_only_it():
    """Round 39: errors.py imported quizgen.text.words (named_first) below the layer it sits at;
    round 50 moved the message pieces out of errors.py into wording.py (rev49b F7), beneath it."""
    graph = import_graph()
    assert graph["quizgen.wording"] == set()
    assert graph["quizgen.errors"] == {"quizgen.wording"}


def test_the_check_sees_every_form_of_import(tmp_path):
    """Inside functions, ``from quizgen import x``, ``import quizgen.x.y`` and relative imports."""
    module = tmp_path / "m.py"
    module.write_text("import quizgen.drill.session\nfrom quizgen import roster_ids\n"
                      "def f():\n    from quizgen.grading.report import summary_text\n    from ..report import tables\n",
                      encoding="utf-8")
    known = dict.fromkeys(["quizgen", "quizgen.roster_ids", "quizgen.grading.report", "quizgen.report.tables",
                           "quizgen.drill.session", "quizgen.maths.m"])
    assert imports(module, "quizgen.maths.m", known) == {
        "quizgen.roster_ids", "quizgen.grading.report", "quizgen.report.tables", "quizgen.drill.session"}


def test_a_package_reaching_up_through_an_unlayered_module_is_caught():
    """rev49b F3: the check read direct imports only, so text -> roster_ids -> marking passed."""
    graph = {"quizgen.text.words": {"quizgen.roster_ids"}, "quizgen.roster_ids": {"quizgen.marking.student_ids"},
             "quizgen.generation.run": {"quizgen.roster_ids", "quizgen.key.entries"},
             "quizgen.key.entries": {"quizgen.marking.recipes"}, "quizgen.marking.recipes": {"quizgen.maths.tree"},
             "quizgen.marking.student_ids": {"quizgen.errors"}}
    assert reaching_up(graph) == ["quizgen.text.words reaches quizgen.marking.student_ids by "
                                  "quizgen.text.words -> quizgen.roster_ids -> quizgen.marking.student_ids"]
    graph["quizgen.marking.recipes"] = {"quizgen.grading.run"}   # an allowed module is held to the layer in turn
    assert ("quizgen.generation.run reaches quizgen.grading.run by quizgen.generation.run -> quizgen.key.entries"
            " -> quizgen.marking.recipes -> quizgen.grading.run") in reaching_up(graph)


KEY_MAKERS = ("quizgen.key.entries", "quizgen.key.writer", "quizgen.marking.recipes", "quizgen.marking.percent")
"""The modules that make keys from generated instances, and the two marking modules they use:
generation/make.py calls them, so they sit at the generation layer (docs/architecture.md)."""


@pytest.mark.slow
def test_the_key_makers_sit_at_the_generation_layer():
    """rev43d F3: generation reaches marking through key/entries.py, which the package
    check passed over (key/ is in no layer); only these two marking modules may be used."""
    graph = import_graph()
    graph.update({f"quizgen.generation.{name}": {name} for name in KEY_MAKERS})
    assert reaching_up(graph) == []
    for name in ("quizgen.marking.recipes", "quizgen.marking.percent"):   # maths and errors only: the layer stays sound
        assert {owner(m) for m in graph[name]} <= {"wording", "errors", "maths"}, name


KEY_MODEL = tuple(f"quizgen.key.{name}" for name in ("model", "parts", "choices", "checks", "compact", "status",
                                                      "load", "recipes"))
"""The key's model: every layer reads keys through it (docs/architecture.md)."""


@pytest.mark.slow
def test_the_key_model_reaches_only_wording_errors_input_files_byte_order_json_names_paper_formats_maths_and_itself():
    """Through every chain of imports (rev49b F3: load.py's byte_order was missing from the doc's
    list, and the old check read direct imports of part of the model only). paper_formats (a key's
    listed files, review 54b F3), like byte_order, imports nothing of quizgen."""
    graph = import_graph()
    assert graph["quizgen.paper_formats"] == set()
    assert graph["quizgen.json_names"] == set()   # key.json's name given twice, as the progress file's
    seen, todo = set(KEY_MODEL), list(KEY_MODEL)
    while todo:
        todo += [target for target in graph[todo.pop()] - seen if not seen.add(target)]
    assert "quizgen.key.exact_check" in seen and "quizgen.byte_order" in seen   # the chains were followed
    assert sorted(m for m in seen if owner(m) not in ("wording", "errors", "input_files", "byte_order", "paper_formats",
                                                      "json_names", "maths", "key")
                  or m in ("quizgen.key.entries", "quizgen.key.writer")) == []


def test_the_message_pieces_have_one_home():
    """rev49b F7: the run's thousands grouping and the note helpers lived in errors.py; they are
    wording.py's alone now, so a newcomer looking for how 1 200 is written finds one place."""
    import quizgen.errors
    import quizgen.wording

    for name in ("thousands", "commas_written", "thousands_kept", "named_few", "shortened", "did_you_mean"):
        assert callable(getattr(quizgen.wording, name))
        assert not hasattr(quizgen.errors, name), name
