"""Static checks run with the tests: ruff (lint and format) and mypy --strict on the rules,
the table, the LAN and the displayed view (``pyproject.toml`` ``[tool.mypy]`` names them)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*cmd):
    return subprocess.run([sys.executable, "-m", *cmd], cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint():
    p = _run("ruff", "check", ".")
    assert p.returncode == 0, p.stdout + p.stderr


def test_ruff_format():
    p = _run("ruff", "format", "--check", ".")
    assert p.returncode == 0, p.stdout + p.stderr


def test_mypy_strict_on_rules_table_and_net():
    p = _run("mypy")  # files and strictness come from pyproject.toml
    assert p.returncode == 0, p.stdout + p.stderr


def test_mypy_checks_the_named_packages():
    """The links and the codec stay checked: a narrower ``files`` would let them drift."""
    import tomllib

    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    for package in ("tarneeb_desktop/rules", "tarneeb_desktop/table", "tarneeb_desktop/net"):
        assert package in mypy["files"]
    strict = {m for o in mypy["overrides"] if o.get("strict") for m in o["module"]}
    assert {"tarneeb_desktop.table.*", "tarneeb_desktop.net.*"} <= strict
