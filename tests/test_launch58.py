"""Review 58a F12: a Ctrl-C while the command's modules are imported (click, Jinja2, the package)
printed a traceback; it now ends in click's own line, "Aborted!", exit 1, as a moment later."""

import sys
from pathlib import Path

import pytest

from quizgen import launch


class _CtrlC:
    """An import finder that stands for a Ctrl-C landing while quizgen.cli is imported."""

    def find_spec(self, name, path=None, target=None):
        if name == "quizgen.cli":
            raise KeyboardInterrupt
        return None


def test_ctrl_c_while_the_command_line_is_imported_is_one_line(monkeypatch, capsys):
    monkeypatch.delitem(sys.modules, "quizgen.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_CtrlC(), *sys.meta_path])
    with pytest.raises(SystemExit) as stopped:
        launch.main()
    assert stopped.value.code == 1
    assert capsys.readouterr().err == "\nAborted!\n"


def test_the_console_script_and_python_m_run_the_launcher():
    package = Path(launch.__file__).resolve().parent
    assert 'quizgen = "quizgen.launch:main"' in (package.parent / "pyproject.toml").read_text(encoding="utf-8")
    main = (package / "__main__.py").read_text(encoding="utf-8")
    assert "from quizgen.launch import main" in main
