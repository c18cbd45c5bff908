"""End to end: the real program in a real X window (Xvfb), driven with xdotool; and autoplay."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.xvfb_screen import Screen

ROOT = Path(__file__).resolve().parent.parent


def test_autoplay_fast_finishes_and_its_record_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    env = {
        **os.environ,
        "TARNEEB_HOME": str(tmp_path / "home"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    code = "import sys; from tarneeb_desktop.cli import main; sys.exit(main(sys.argv[1:]))"
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "--autoplay",
            "--fast",
            "--seed",
            "17",
            "--level",
            "random",
            "--save-record",
            str(record),
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    doc = json.loads(record.read_text())
    assert doc["format"] == "tarneeb-record/1"
    check = subprocess.run(
        [sys.executable, "-c", code, "replay", "--json", str(record)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert check.returncode == 0, check.stderr
    summary = json.loads(check.stdout)
    assert summary["ok"] and summary["complete"] and summary["winner"] in (0, 1)


class Lines:
    """The program's stdout, read line by line in a thread."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._read, args=(proc,), daemon=True)
        self.thread.start()

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            with self.cond:
                self.lines.append(line.rstrip("\n"))
                self.cond.notify_all()

    def wait_for(self, pred, start: int, timeout: float) -> tuple[int, str] | None:  # type: ignore[no-untyped-def]
        """The first line from index ``start`` matching ``pred`` (waits on the pipe, not a clock)."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for i in range(start, len(self.lines)):
                    if pred(self.lines[i]):
                        return i, self.lines[i]
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)


def _positions(line: str) -> dict[str, tuple[int, int]]:
    field = next(p for p in line.split(" ") if p.startswith("at="))[3:]
    out = {}
    for item in field.split(";"):
        if ":" in item:
            name, xy = item.rsplit(":", 1)
            x, y = xy.split(",")
            out[name] = (int(x), int(y))
    return out


def _field(line: str, name: str) -> str:
    return next(p for p in line.split(" ") if p.startswith(name + "="))[len(name) + 1 :]


@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "xdotool")),
    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool imagemagick; .ci/run does)",
)
def test_dragging_a_card_in_a_real_window(tmp_path: Path) -> None:
    screen = Screen("1280x720")
    display = screen.display
    home = tmp_path / "home"
    home.mkdir()
    # fast animations keep the test short; the settings file is the player's own mechanism
    (home / "settings.json").write_text(
        json.dumps(
            {
                "animation_speed": "fast",
                "sound": False,
                "levels": ["random"] * 4,
                "tutorial_offered": True,  # straight to the menu (the offer has its own tests)
            }
        )
    )
    env = {
        **os.environ,
        "DISPLAY": display,
        "SDL_VIDEODRIVER": "x11",
        "SDL_AUDIODRIVER": "dummy",
        "TARNEEB_HOME": str(home),
        "TARNEEB_TEST_SEED": "4",
        "TARNEEB_TEST_LOG": "1",
    }
    app = None
    try:
        app = subprocess.Popen(
            [sys.executable, "-m", "tarneeb_desktop", "--size", "1280x720"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        out = Lines(app)
        xenv = {**os.environ, "DISPLAY": display}

        def xdo(*args: str) -> str:
            return subprocess.run(
                ["xdotool", *args], env=xenv, capture_output=True, text=True, timeout=30
            ).stdout

        wid = xdo("search", "--sync", "--pid", str(app.pid)).split()[0]
        xdo("windowactivate", "--sync", wid)
        # the main menu: Enter starts a new game (a real key press through the menu). The
        # pointer rests where Xvfb put it, the screen's middle, and the item under a pointer
        # has the focus: it is moved onto New game first, as a player's hand would be.
        menu = out.wait_for(lambda s: s.startswith("TEST screen MenuScene"), 0, 30)
        assert menu, "no menu:\n" + "\n".join(out.lines[-20:])
        at = dict(part.split(":") for part in menu[1].split("at=")[1].split(";"))
        x, y = at["new"].split(",")
        xdo("mousemove", "--window", wid, x, y)
        time.sleep(0.3)
        xdo("key", "--window", wid, "Return")
        played = None
        start = 0
        for _ in range(60):
            hit = out.wait_for(lambda s: s.startswith("TEST your_turn"), start, 60)
            assert hit, "the table never asked me to move:\n" + "\n".join(out.lines[-20:])
            start, line = hit[0] + 1, hit[1]
            phase = _field(line, "phase")
            legal = _field(line, "legal").split(",")
            pos = _positions(line)
            if phase == "play":
                card = legal[0]
                x, y = pos[card]
                cx, cy = (int(v) for v in _field(line, "centre").split(","))
                xdo("mousemove", "--window", wid, str(x), str(y))
                xdo("mousedown", "1")
                for i in range(1, 9):
                    xdo(
                        "mousemove",
                        "--window",
                        wid,
                        str(x + (cx - x) * i // 8),
                        str(y + (cy - y) * i // 8),
                    )
                xdo("mouseup", "1")
                played = card
                break
            # the auction: click the pass button (or the first legal button)
            choice = "pass" if "pass" in pos else legal[0]
            x, y = pos[choice]
            xdo("mousemove", "--window", wid, str(x), str(y))
            xdo("click", "1")
        assert played, "never reached a card play"
        hit = out.wait_for(lambda s: s == f"TEST action seat=0 {played}", start, 30)
        assert hit, "the game did not play the dragged card:\n" + "\n".join(out.lines[-20:])
        # the trick ends and the game saves itself; the saved record holds the card I played
        saved = out.wait_for(lambda s: s == "TEST saved", hit[0], 30)
        assert saved
        from tarneeb_desktop.record import load_record

        rep = load_record(home / "savegame.json")  # a legal record of the game so far
        assert not rep.state.is_over()
        last_hand = json.loads((home / "savegame.json").read_text())["hands"][-1]
        assert played in last_hand.get("plays", [])
        if shutil.which("import"):
            shot = tmp_path / "e2e-drag-1280x720.png"
            subprocess.run(["import", "-window", "root", str(shot)], env=xenv, timeout=30)
            assert shot.stat().st_size > 0
            keep = os.environ.get("TARNEEB_SCREENSHOT_DIR")  # set it to keep the picture
            if keep:
                Path(keep).mkdir(parents=True, exist_ok=True)
                shutil.copy(shot, Path(keep) / shot.name)
    finally:
        if app is not None:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
        screen.stop()


@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "xdotool")),
    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool imagemagick; .ci/run does)",
)
def test_a_window_hosts_over_the_internet_and_another_joins_by_code(tmp_path: Path) -> None:
    """Issue 46: two real windows on Xvfb, driven with xdotool, through a Mosquitto on
    127.0.0.1: the first hosts Over the internet and shows its code; the second types the
    code on the Join screen, sits down, and both reach the table once the host starts."""
    from tests.relay_broker import Broker

    broker = Broker().start()
    apps: list[subprocess.Popen[str]] = []
    screens: list[Screen] = []
    displays: dict[str, str] = {}  # a window's name -> its own screen (no window manager)

    def xdo(display: str, *args: str) -> str:
        env = {**os.environ, "DISPLAY": display}
        return subprocess.run(
            ["xdotool", *args], env=env, capture_output=True, text=True, timeout=30
        ).stdout

    def window(name: str) -> tuple[str, Lines]:
        """A window of its own on a screen of its own; (its name, its TEST lines)."""
        screen = Screen("1280x720")
        screens.append(screen)
        display = screen.display
        xenv = {**os.environ, "DISPLAY": display}
        home = tmp_path / name
        home.mkdir()
        (home / "settings.json").write_text(
            json.dumps(
                {
                    "sound": False,
                    "tutorial_offered": True,
                    "relay": broker.url,
                    "names": [name, "West", "North", "East"],
                }
            )
        )
        env = {
            **xenv,
            "SDL_VIDEODRIVER": "x11",
            "SDL_AUDIODRIVER": "dummy",
            "TARNEEB_HOME": str(home),
            "TARNEEB_TEST_LOG": "1",
            "TARNEEB_LAN_BIND": "127.0.0.1",  # the LAN side stays on this computer
        }
        app = subprocess.Popen(
            [sys.executable, "-m", "tarneeb_desktop", "--size", "1280x720"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        apps.append(app)
        displays[name] = display
        displays[name + "/wid"] = xdo(display, "search", "--sync", "--pid", str(app.pid)).split()[0]
        return name, Lines(app)

    def screen(out: Lines, name: str, start: int = 0) -> tuple[int, str]:
        hit = out.wait_for(lambda s: s.startswith(f"TEST screen {name} "), start, 60)
        assert hit, f"no {name}:\n" + "\n".join(out.lines[-20:])
        return hit

    def click(wid: str, line: str, action: str) -> None:
        x, y = _positions(line)[action]
        xdo(displays[wid], "mousemove", "--window", displays[wid + "/wid"], str(x), str(y))
        xdo(displays[wid], "click", "1")

    try:
        host_wid, host = window("Layla")
        i, line = screen(host, "MenuScene")
        click(host_wid, line, "lan_host")
        i, line = screen(host, "HostScene", i)
        click(host_wid, line, "where")  # On this network -> Over the internet
        i, line = screen(host, "HostScene", i + 1)
        click(host_wid, line, "open")
        i, line = screen(host, "LobbyScene", i)
        code = _field(line, "code")
        assert len(code) == 14, line
        guest_wid, guest = window("Rami")
        j, line = screen(guest, "MenuScene")
        click(guest_wid, line, "lan_join")
        j, line = screen(guest, "JoinScene", j)
        xdo(displays[guest_wid], "type", "--delay", "30", code.lower())
        xdo(displays[guest_wid], "key", "Return")
        j, line = screen(guest, "SeatScene", j)
        xdo(displays[guest_wid], "key", "Return")  # the first free seat
        j, line = screen(guest, "LobbyScene", j)
        assert _field(line, "code") == code
        # the host's lobby shows Rami (its Start comes back with every lobby it is built for)
        time.sleep(1.0)
        i, line = screen(host, "LobbyScene", i)
        lobby = [ln for ln in host.lines if ln.startswith("TEST screen LobbyScene")][-1]
        click(host_wid, lobby, "start")
        for out in (host, guest):  # both windows show the table, at a seat over the wire
            seen = out.wait_for(lambda s: s.startswith("TEST screen TableScene "), 0, 60)
            assert seen and "remote=1" in seen[1], "\n".join(out.lines[-20:])
        assert "seat=0" in host.lines[-1] or any("seat=0" in ln for ln in host.lines)
        assert any(ln.startswith("TEST screen TableScene seat=1") for ln in guest.lines)
        keep = os.environ.get("TARNEEB_SCREENSHOT_DIR")  # set it to keep the pictures
        if keep and shutil.which("import"):
            for wid, name in ((host_wid, "host"), (guest_wid, "guest")):
                shot = Path(keep) / f"relay-{name}.png"
                env = {**os.environ, "DISPLAY": displays[wid]}
                subprocess.run(["import", "-window", "root", str(shot)], env=env, timeout=30)
    finally:
        for app in apps:
            app.kill()
            app.wait(10)
        for screen in screens:
            screen.stop()
        broker.stop()
