"""The packaged game: crash logs, the Linux desktop entry, and a real PyInstaller build.

The ``test_frozen_*`` tests (select them with ``-k frozen``) build the one-folder app with PyInstaller (about 30 s, once:
the build is cached under ``build/packaging-test/`` by a hash of everything that goes
into it) and run the frozen executable headless. They are skipped off Linux, when
PyInstaller is not installed (``pip install ".[build]"``), or with TARNEEB_BUILD_TESTS=0.
TARNEEB_FROZEN_APP=DIR tests an existing build (a folder holding ``Tarneeb``) instead.
"""

from __future__ import annotations

import configparser
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import threading
from pathlib import Path

import pytest

from tarneeb_desktop import __version__, crashlog

ROOT = Path(__file__).resolve().parent.parent
BUILD_CACHE = ROOT / "build" / "packaging-test"
RUN_TIMEOUT = 300  # a guard against a hung game, not a speed requirement
FOLDER_BUDGET_MB = 80

# --- crash logs (in process) -----------------------------------------------------------


@pytest.fixture
def user_home(tmp_path, monkeypatch):
    home = tmp_path / "user"
    monkeypatch.setenv("TARNEEB_HOME", str(home))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(crashlog, "_installed", False)
    return home


def _raise_and_catch(message: str) -> BaseException:
    try:
        raise ValueError(message)
    except ValueError as exc:
        return exc


def test_uncaught_exception_writes_a_readable_log_and_says_where(user_home, capsys):
    crashlog.install()
    assert sys.excepthook is crashlog._excepthook
    exc = _raise_and_catch("the trick pile is upside down")
    sys.excepthook(type(exc), exc, exc.__traceback__)

    logs = list((user_home / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    assert logs[0].name[len("crash-") :][:15].replace("-", "").isdigit()
    text = logs[0].read_text(encoding="utf-8")
    assert f"Tarneeb Desktop {__version__}" in text
    assert "ValueError: the trick pile is upside down" in text
    assert "_raise_and_catch" in text  # the traceback, not just the message
    err = capsys.readouterr().err
    assert f"crash log written to {logs[0]}" in err
    assert "ValueError: the trick pile is upside down" in err


def test_install_is_idempotent_and_keyboard_interrupt_is_not_a_crash(user_home, capsys):
    crashlog.install()
    crashlog.install()
    assert sys.excepthook is crashlog._excepthook
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt as exc:
        sys.excepthook(KeyboardInterrupt, exc, exc.__traceback__)
    assert not (user_home / "logs").exists()
    assert "KeyboardInterrupt" in capsys.readouterr().err


def test_a_dying_worker_thread_is_logged_with_its_name(user_home, capsys):
    crashlog.install()

    def work() -> None:
        raise RuntimeError("the AI lost count of trumps")

    t = threading.Thread(target=work, name="ai-worker-2")
    t.start()
    t.join()
    (log,) = (user_home / "logs").glob("crash-*.log")
    text = log.read_text(encoding="utf-8")
    assert "thread: ai-worker-2" in text
    assert "RuntimeError: the AI lost count of trumps" in text
    assert str(log) in capsys.readouterr().err


def test_two_crashes_in_the_same_second_keep_both_logs(user_home):
    exc = _raise_and_catch("first")
    a = crashlog.write_crash_log(type(exc), exc, exc.__traceback__)
    b = crashlog.write_crash_log(type(exc), exc, exc.__traceback__)
    assert a != b and a.is_file() and b.is_file()


def test_reporting_never_raises_when_the_log_cannot_be_written(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the user folder should be")
    monkeypatch.setenv("TARNEEB_HOME", str(blocker))
    exc = _raise_and_catch("disk trouble")
    crashlog.report(exc)  # must not raise
    err = capsys.readouterr().err
    assert "could not write a crash log" in err
    assert "ValueError: disk trouble" in err


def test_reporting_survives_a_missing_stderr(user_home, monkeypatch):
    # A windowed Windows build has sys.stderr = None.
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "__stderr__", None)
    crashlog.report(_raise_and_catch("no console"))
    assert len(list((user_home / "logs").glob("crash-*.log"))) == 1


def test_the_crash_dialog_shows_only_for_a_frozen_app_with_a_real_display(monkeypatch):
    shown: list[str] = []
    monkeypatch.setattr(crashlog, "_show_dialog", shown.append)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delenv(crashlog.NO_DIALOG_ENV, raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not crashlog._should_show_dialog()
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(sys, "stderr", None)  # started from an icon: nobody sees stderr
    assert crashlog._should_show_dialog()
    monkeypatch.setenv(crashlog.NO_DIALOG_ENV, "1")
    assert not crashlog._should_show_dialog()
    monkeypatch.delenv(crashlog.NO_DIALOG_ENV)
    monkeypatch.setattr(sys, "frozen", False)
    assert not crashlog._should_show_dialog()


def test_crash_if_asked_only_with_the_variable(monkeypatch):
    monkeypatch.delenv(crashlog.TEST_CRASH_ENV, raising=False)
    crashlog.crash_if_asked()
    monkeypatch.setenv(crashlog.TEST_CRASH_ENV, "0")
    crashlog.crash_if_asked()
    monkeypatch.setenv(crashlog.TEST_CRASH_ENV, "1")
    with pytest.raises(RuntimeError, match="deliberate crash"):
        crashlog.crash_if_asked()


# --- Linux desktop entry and the launcher, unfrozen ------------------------------------


def test_desktop_entry_launches_the_installed_command():
    path = ROOT / "packaging" / "linux" / "tarneeb.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "tarneeb"  # /usr/bin/tarneeb from the .deb
    assert entry["Icon"] == "tarneeb"  # hicolor/256x256/apps/tarneeb.png from the .deb
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(
            ["desktop-file-validate", str(path)], capture_output=True, text=True
        )
        assert result.returncode == 0, result.stdout + result.stderr


def _launcher_env(home: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("TARNEEB_HOME", None)
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        TARNEEB_NO_CRASH_DIALOG="1",
    )
    env.update(extra)
    return env


def test_launcher_self_check_passes_from_the_source_tree(tmp_path):
    env = _launcher_env(tmp_path, TARNEEB_SELF_CHECK="1", PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "launcher.py")],
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["problems"] == []
    assert report["frozen"] is False
    assert Path(report["settings"]).is_file()


def test_launcher_runs_a_subcommand_with_no_standard_streams(tmp_path):
    # As a windowed Windows build starts: sys.stdin, sys.stdout and sys.stderr are None.
    # The arena writes its table and flushes sys.stdout; without stand-ins it would stop.
    code = tmp_path / "exit-code"
    script = (
        "import runpy, sys\n"
        "sys.stdin = sys.stdout = sys.stderr = None\n"
        f"sys.argv = ['Tarneeb', 'arena', '--deals', '1', '--team0', 'easy', '--team1', 'easy']\n"
        "try:\n"
        f"    runpy.run_path({str(ROOT / 'packaging' / 'launcher.py')!r}, run_name='__main__')\n"
        "    rc = 0\n"
        "except SystemExit as exc:\n"
        "    rc = exc.code\n"
        f"open({str(code)!r}, 'w').write(str(rc))\n"
    )
    env = _launcher_env(tmp_path, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        cwd=tmp_path,
    )
    assert code.read_text() == "0", result.stdout + result.stderr
    assert result.stdout == ""  # everything went to the stand-ins
    assert not list((tmp_path / ".local" / "share").rglob("crash-*.log"))


# --- the frozen app ---------------------------------------------------------------------


def _build_inputs() -> list[Path]:
    files = [ROOT / "build.spec", ROOT / "packaging" / "launcher.py"]
    for top in (ROOT / "tarneeb_desktop", ROOT / "assets"):
        for dirpath, dirnames, filenames in os.walk(top):  # follows no symlinks
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and d[0] != ".")
            files += [Path(dirpath) / f for f in sorted(filenames) if f[0] != "."]
    return files


def _build_key() -> str:
    h = hashlib.sha256()
    for tool in ("PyInstaller", "pygame", "endplay"):
        spec = importlib.util.find_spec(tool)
        h.update(f"{tool}={spec.origin if spec else None}\n".encode())
    from importlib.metadata import version

    h.update(f"{sys.version} {version('pyinstaller')} {version('pygame-ce')}\n".encode())
    for f in _build_inputs():
        try:
            data = f.read_bytes()
        except OSError:  # a file another process is replacing right now
            continue
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()[:16]


def _build_frozen_app() -> Path:
    """PyInstaller-build the app once per content hash (a lock keeps parallel runs apart)."""
    import fcntl

    BUILD_CACHE.mkdir(parents=True, exist_ok=True)
    with open(BUILD_CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        key = _build_key()
        target = BUILD_CACHE / key
        app = target / "dist" / "Tarneeb"
        if (app / "Tarneeb").is_file() and (target / "ok").is_file():
            return app
        for old in BUILD_CACHE.iterdir():
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
        target.mkdir()
        log = target / "pyinstaller.log"
        with open(log, "w") as out:
            result = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "PyInstaller",
                    "--noconfirm",
                    "--log-level",
                    "WARN",
                    "--distpath",
                    str(target / "dist"),
                    "--workpath",
                    str(target / "work"),
                    str(ROOT / "build.spec"),
                ],
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                timeout=900,
            )
        if result.returncode != 0:
            pytest.fail("PyInstaller failed:\n" + log.read_text()[-3000:])
        shutil.rmtree(target / "work", ignore_errors=True)
        (target / "ok").write_text(key)
        return app


@pytest.fixture(scope="module")
def frozen_app() -> Path:
    given = os.environ.get("TARNEEB_FROZEN_APP")
    if given:
        return Path(given)
    if not sys.platform.startswith("linux"):
        pytest.skip("the frozen build is tested on Linux (release.yml tests the others)")
    if os.environ.get("TARNEEB_BUILD_TESTS") == "0":
        pytest.skip("TARNEEB_BUILD_TESTS=0")
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip('PyInstaller is not installed: pip install ".[build]"')
    return _build_frozen_app()


def _snapshot(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


def _run_frozen(app: Path, args: list[str], home: Path, cwd: Path, **env: str):
    return subprocess.run(
        [str(app / "Tarneeb"), *args],
        env=_launcher_env(home, **env),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
    )


@pytest.fixture
def sandbox(tmp_path):
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    home.mkdir()
    cwd.mkdir()
    return home, cwd, home / ".local" / "share" / "Tarneeb"


def test_frozen_autoplay_finishes_a_game_and_writes_only_to_the_user_folder(frozen_app, sandbox):
    home, cwd, user_dir = sandbox
    before = _snapshot(frozen_app)
    record = cwd / "game.json"
    result = _run_frozen(
        frozen_app,
        ["--autoplay", "--fast", "--seed", "3", "--save-record", str(record)],
        home,
        cwd,
    )
    assert result.returncode == 0, result.stdout + result.stderr

    replay = _run_frozen(frozen_app, ["replay", "--json", str(record)], home, cwd)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    summary = json.loads(replay.stdout)
    assert summary["complete"] is True and summary["winner"] in (0, 1)

    check = _run_frozen(frozen_app, [], home, cwd, TARNEEB_SELF_CHECK="1")
    assert check.returncode == 0, check.stdout + check.stderr
    assert json.loads(check.stdout)["user_data_dir"] == str(user_dir)
    assert (user_dir / "settings.json").is_file()

    # Everything written went to the user folder (or where we asked): never the bundle.
    assert _snapshot(frozen_app) == before
    assert sorted(p.name for p in cwd.iterdir()) == ["game.json"]
    written = [p for p in home.rglob("*") if p.is_file()]
    assert written and all(user_dir in p.parents for p in written), written


def test_frozen_app_has_its_dds_solver_assets_and_pygame(frozen_app, sandbox):
    home, cwd, _ = sandbox
    result = _run_frozen(frozen_app, [], home, cwd, TARNEEB_SELF_CHECK="1")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["problems"] == []
    assert report["frozen"] is True
    bundle = Path(report["bundle"])
    assert frozen_app in bundle.parents or bundle == frozen_app
    assert Path(report["dds"]).parent == bundle / "endplay" / "_dds"
    assert Path(report["assets"]) == bundle / "assets"


def test_frozen_crash_leaves_a_log_in_the_user_folder(frozen_app, sandbox):
    home, cwd, user_dir = sandbox
    result = _run_frozen(frozen_app, ["--version"], home, cwd, TARNEEB_TEST_CRASH="1")
    assert result.returncode == 1
    (log,) = (user_dir / "logs").glob("crash-*.log")
    text = log.read_text(encoding="utf-8")
    assert "RuntimeError: deliberate crash" in text
    assert "frozen: yes" in text
    assert str(log) in result.stderr
    # The launcher reports the crash itself, so PyInstaller adds no second report.
    assert "Failed to execute script" not in result.stderr


def test_frozen_folder_leaves_out_endplay_python_code_and_stays_small(frozen_app):
    internal = frozen_app / "_internal"
    endplay = internal / "endplay"
    assert sorted(p.relative_to(endplay).as_posix() for p in endplay.rglob("*")) == [
        "_dds",
        "_dds/libdds.so",
    ]
    for heavy in ("matplotlib", "numpy", "tkinter", "PIL"):
        assert not (internal / heavy).exists(), heavy
    size = sum(p.stat().st_size for p in frozen_app.rglob("*") if p.is_file())
    assert size <= FOLDER_BUDGET_MB * 1_000_000, f"{size / 1e6:.1f} MB"


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="needs dpkg-deb")
def test_linux_script_packs_a_tarball_and_a_deb(frozen_app, tmp_path):
    out = tmp_path / "out"
    result = subprocess.run(
        ["bash", str(ROOT / "packaging" / "linux" / "build.sh"), "--app-dir", str(frozen_app)]
        + ["--out", str(out)],
        env=dict(os.environ, TARNEEB_FAST_PACK="1"),
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (tarball,) = out.glob(f"Tarneeb-{__version__}-linux-*.tar.gz")
    with tarfile.open(tarball) as tar:
        names = set(tar.getnames())
        top = tarball.name[: -len(".tar.gz")]
        for member in ("Tarneeb/Tarneeb", "tarneeb.desktop", "tarneeb.png"):
            assert f"{top}/{member}" in names
        installer = tar.getmember(f"{top}/install-desktop-entry.sh")
        assert installer.mode & 0o111

    (deb,) = out.glob(f"tarneeb_{__version__}_*.deb")
    fields = subprocess.run(
        ["dpkg-deb", "--field", str(deb), "Package", "Version"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Package: tarneeb" in fields and f"Version: {__version__}" in fields
    listing = subprocess.run(
        ["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, check=True
    ).stdout
    assert "./opt/tarneeb/Tarneeb" in listing
    assert "./usr/bin/tarneeb -> /opt/tarneeb/Tarneeb" in listing
    assert "./usr/share/applications/tarneeb.desktop" in listing
    assert "./usr/share/icons/hicolor/256x256/apps/tarneeb.png" in listing
