"""Static checks run with the tests: ruff (lint and format) and mypy --strict on the whole
program but the computer players (``pyproject.toml`` ``[tool.mypy]`` names the files)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: What mypy checks (strictly): every layer, the computer players' ``ai/`` included.
CHECKED = (
    "tarneeb_desktop/rules",
    "tarneeb_desktop/ai",
    "tarneeb_desktop/paths.py",
    "tarneeb_desktop/seeds.py",
    "tarneeb_desktop/record.py",
    "tarneeb_desktop/storage.py",
    "tarneeb_desktop/crashlog.py",
    "tarneeb_desktop/table",
    "tarneeb_desktop/net",
    "tarneeb_desktop/settings.py",
    "tarneeb_desktop/stats.py",
    "tarneeb_desktop/session",
    "tarneeb_desktop/ui",
    "tarneeb_desktop/cli",
)


def _run(*cmd):
    return subprocess.run([sys.executable, "-m", *cmd], cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint():
    p = _run("ruff", "check", ".")
    assert p.returncode == 0, p.stdout + p.stderr


def test_ruff_format():
    p = _run("ruff", "format", "--check", ".")
    assert p.returncode == 0, p.stdout + p.stderr


def test_mypy_strict():
    p = _run("mypy")  # files and strictness come from pyproject.toml
    assert p.returncode == 0, p.stdout + p.stderr


def test_mypy_checks_the_named_packages():
    """The links, the codec, the session and the window stay checked, strictly: a narrower
    ``files``, or an override that turns a check off, would let them drift."""
    import tomllib

    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    for package in CHECKED:
        assert package in mypy["files"], package
    assert mypy.get("strict") is True  # mypy's strict flags hold for the whole run anyway
    for o in mypy.get("overrides", []):
        modules = [o["module"]] if isinstance(o["module"], str) else o["module"]
        ours = [m for m in modules if m.startswith("tarneeb_desktop")]
        assert ours == [], ours  # no module of ours checked less (ai/ included, issue 35)


def test_no_type_ignore_in_the_window_and_the_command_line():
    """ui/ and cli/ type-check without silencing: a type: ignore there is a type to fix."""
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for package in ("ui", "cli")
        for path in sorted((ROOT / "tarneeb_desktop" / package).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert found == []
