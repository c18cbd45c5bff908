"""The tests are grouped by screen and concept (issue 47): no file is named after the issue
or the round that asked for it."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_test_file_is_named_after_an_issue_or_a_round() -> None:
    named = sorted(
        p.name
        for p in TESTS.glob("test_*.py")
        if "issue" in p.stem or "round" in p.stem.replace("around", "")
    )
    assert named == []
