"""Crash logs: an uncaught exception is written to a readable file in the user's folder."""

from __future__ import annotations

import datetime as _dt
import os
import platform
import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType
from typing import TextIO

__all__ = [
    "NO_DIALOG_ENV",
    "TEST_CRASH_ENV",
    "crash_if_asked",
    "install",
    "report",
    "write_crash_log",
]

TEST_CRASH_ENV = "TARNEEB_TEST_CRASH"
"""Set to 1 and :func:`crash_if_asked` raises: how the packaging tests crash a frozen app."""

NO_DIALOG_ENV = "TARNEEB_NO_CRASH_DIALOG"
"""Set to 1 to never show the crash message box (automation that watches stderr instead)."""

_installed = False
_reporting = threading.local()


def logs_dir() -> Path:
    from tarneeb_desktop.paths import user_data_dir

    path = user_data_dir() / "logs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _describe_environment() -> list[str]:
    try:
        from tarneeb_desktop import __version__ as version
    except Exception:  # a broken install must still get its log written
        version = "unknown"
    frozen = getattr(sys, "frozen", False)
    return [
        f"Tarneeb Desktop {version}",
        f"time: {_dt.datetime.now().astimezone().isoformat(timespec='seconds')}",
        f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
        f"system: {platform.platform()}",
        f"frozen: {'yes (' + str(getattr(sys, '_MEIPASS', '')) + ')' if frozen else 'no'}",
        f"executable: {sys.executable}",
        f"arguments: {sys.argv[1:]!r}",
    ]


def write_crash_log(
    exc_type: type[BaseException],
    exc: BaseException | None,
    tb: TracebackType | None,
    thread_name: str | None = None,
) -> Path:
    """Write one crash log and return its path (raises OSError if nothing can be written)."""
    now = _dt.datetime.now()
    directory = logs_dir()
    stem = f"crash-{now:%Y%m%d-%H%M%S}"
    path = directory / f"{stem}.log"
    n = 1
    while path.exists():  # two crashes in one second (a thread and the main loop) keep both
        n += 1
        path = directory / f"{stem}-{n}.log"
    lines = ["Tarneeb Desktop stopped because of an error it did not expect.", ""]
    lines += _describe_environment()
    if thread_name:
        lines.append(f"thread: {thread_name}")
    lines += ["", "What went wrong (most recent call last):", ""]
    text = "\n".join(lines) + "\n"
    text += "".join(traceback.format_exception(exc_type, exc, tb))
    path.write_text(text, encoding="utf-8")
    return path


def _stderr() -> TextIO | None:
    # A windowed frozen app (Windows, macOS) has no stderr at all: sys.stderr is None.
    stream = sys.stderr or sys.__stderr__
    return stream if stream is not None and hasattr(stream, "write") else None


def _say(text: str) -> None:
    stream = _stderr()
    if stream is None:
        return
    try:
        stream.write(text + "\n")
        stream.flush()
    except Exception:
        pass


def _should_show_dialog() -> bool:
    if os.environ.get(NO_DIALOG_ENV) == "1":
        return False
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False  # headless (tests, CI): a dialog would wait for a click forever
    if not getattr(sys, "frozen", False):
        return False  # run from a terminal or an IDE: the traceback on stderr is enough
    stream = _stderr()
    try:
        # Started from a terminal the stderr message is seen; from a launcher icon it is not.
        return stream is None or not stream.isatty()
    except Exception:
        return True


def _show_dialog(message: str) -> None:
    """A native message box; any failure is ignored (the log is already written)."""
    try:
        if sys.platform == "win32":
            import ctypes

            # MB_OK | MB_ICONERROR; works without pygame or a window.
            ctypes.windll.user32.MessageBoxW(None, message, "Tarneeb", 0x10)
            return
        import pygame

        pygame.display.message_box("Tarneeb", message, message_type="error")
    except Exception:
        pass


def _report(
    exc_type: type[BaseException],
    exc: BaseException | None,
    tb: TracebackType | None,
    thread_name: str | None,
    dialog: bool,
) -> None:
    if getattr(_reporting, "active", False):
        return  # an error while reporting an error: give up quietly rather than loop
    _reporting.active = True
    try:
        try:
            path: Path | None = write_crash_log(exc_type, exc, tb, thread_name)
        except Exception as write_error:
            path = None
            _say(f"tarneeb: could not write a crash log: {write_error}")
        try:
            _say("".join(traceback.format_exception(exc_type, exc, tb)).rstrip())
        except Exception:
            pass
        if path is None:
            return
        message = (
            "Tarneeb stopped because of an unexpected error.\n"
            f"A report was saved to:\n{path}\n"
            "Please attach it when you report the problem."
        )
        _say(f"tarneeb: crash log written to {path}")
        if dialog and _should_show_dialog():
            _show_dialog(message)
    finally:
        _reporting.active = False


def report(exc: BaseException) -> None:
    """Log a caught exception as a crash, tell the user where the log is; never raises.

    For entry points that catch everything themselves (the frozen launcher does, so
    that PyInstaller's own "unhandled exception" dialog does not appear as well).
    """
    _report(type(exc), exc, exc.__traceback__, None, dialog=True)


def _excepthook(
    exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> None:
    if issubclass(exc_type, KeyboardInterrupt):  # Ctrl+C is the user's choice, not a crash
        sys.__excepthook__(exc_type, exc, tb)
        return
    _report(exc_type, exc, tb, None, dialog=True)


def _thread_excepthook(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else None
    # The window keeps running after a worker thread dies, so no dialog: log and stderr only.
    _report(args.exc_type, args.exc_value, args.exc_traceback, name, dialog=False)


def install() -> None:
    """Route uncaught exceptions (main thread and other threads) to a crash log.

    Safe to call more than once. Call it first thing in the program's entry point.
    """
    global _installed
    if _installed:
        return
    _installed = True
    sys.excepthook = _excepthook
    threading.excepthook = _thread_excepthook


def crash_if_asked() -> None:
    """Raise a deliberate error when TARNEEB_TEST_CRASH=1 (tests of the frozen app)."""
    if os.environ.get(TEST_CRASH_ENV) == "1":
        raise RuntimeError(f"deliberate crash asked for by {TEST_CRASH_ENV}=1")
