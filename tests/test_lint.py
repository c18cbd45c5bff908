"""Static checks run with the tests: ruff (lint and format) and mypy --strict on the rules."""

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


def test_mypy_strict_on_rules():
    p = _run("mypy")  # files and strictness come from pyproject.toml
    assert p.returncode == 0, p.stdout + p.stderr
