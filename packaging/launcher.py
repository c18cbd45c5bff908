"""Entry point of the frozen (PyInstaller) game: crash logs first, then the ``tarneeb`` command."""

import os
import sys

# The support banner pygame prints on import is noise in a packaged game.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def ensure_streams() -> None:
    """Give a program started with no standard streams stand-ins that swallow its output.

    A windowed Windows build (and a macOS app) starts with none: sys.stdout, sys.stderr and
    sys.stdin are None, and a subcommand that writes or flushes them would stop with an
    error. (Wine adds a case Windows does not have: a Unix file as a standard stream stops
    CPython before any of this runs; packaging/windows/build-wine.sh's header says more.)
    """
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115


ensure_streams()

from tarneeb_desktop import crashlog  # noqa: E402

crashlog.install()  # covers other threads, and anything raised outside run() below

SELF_CHECK_ENV = "TARNEEB_SELF_CHECK"


def self_check() -> int:
    """Print one JSON line saying whether the bundle has what the game needs; 0 if all is there.

    Run by the packaging test and the release workflow (``TARNEEB_SELF_CHECK=1``): a
    missing DDS library or C++ runtime only shows otherwise as computer players that
    quietly fall back to an easier level.
    """
    import json

    from tarneeb_desktop import __version__, paths
    from tarneeb_desktop.ai import dds

    report: dict[str, object] = {
        "version": __version__,
        "frozen": bool(getattr(sys, "frozen", False)),
        "bundle": getattr(sys, "_MEIPASS", None),
    }
    problems: list[str] = []
    try:
        report["assets"] = str(paths.assets_dir())
        for part in (("cards", "classic", "AS.png"), ("fonts", "NotoSans-Regular.ttf")):
            if not paths.asset(*part).is_file():
                problems.append("missing asset " + "/".join(part))
    except FileNotFoundError as exc:
        problems.append(str(exc))
    report["dds"] = dds.library_path() if dds.available() else None
    if dds.available():
        best = dds.solve([["AS"], ["2S"], ["3S"], ["4S"]], "NT", 0, [])
        if best != {"AS": 1}:
            problems.append(f"DDS gave a wrong answer: {best}")
    else:
        problems.append(f"DDS not loaded: {dds.load_error()}")
    try:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame

        pygame.display.init()
        pygame.display.set_mode((8, 8))
        pygame.image.load(str(paths.asset("cards", "classic", "AS.png")))
        pygame.font.init()
        pygame.font.Font(str(paths.asset("fonts", "NotoSans-Regular.ttf")), 12).render(
            "Tarneeb", True, (0, 0, 0)
        )
        report["pygame"] = pygame.version.ver
        # Arabic goes through arabic-reshaper and python-bidi (a compiled extension).
        import arabic_reshaper
        from bidi import get_display

        if not get_display(arabic_reshaper.reshape("طرنيب")):
            problems.append("Arabic shaping returned nothing")
        pygame.quit()
    except Exception as exc:
        problems.append(f"pygame or text shaping: {exc!r}")
    report["user_data_dir"] = str(paths.user_data_dir())
    try:
        # The settings round trip a first start makes: defaults written to the user's
        # folder (never the bundle, which may be read-only), then read back.
        from tarneeb_desktop import settings as settings_mod

        settings_path = paths.user_data_dir() / settings_mod.SETTINGS_FILE
        if not settings_path.exists():
            settings_mod.Settings().save()
        settings_mod.Settings.load(settings_path)
        report["settings"] = str(settings_path)
    except Exception as exc:
        problems.append(f"settings: {exc}")
    try:
        # The relay (tables by a code): paho-mqtt, PyNaCl's libsodium (nacl._sodium, loaded
        # through cffi's _cffi_backend), ssl and certifi's authorities for mqtts:// brokers.
        import certifi
        import paho.mqtt.client  # noqa: F401
        from nacl.public import PrivateKey

        from tarneeb_desktop.net import relay, relay_crypto
        from tarneeb_desktop.net.relay_crypto import Channel

        keys = relay_crypto.table_keys("0000-0000-0000")  # Argon2id: the same everywhere
        if keys.topic != "tarneeb/1/0bb90ce075a7287c0424e11ad37dd2d5":
            problems.append(f"relay: the table code derives {keys.topic}")
        host, guest = PrivateKey.generate(), PrivateKey.generate()
        frame = Channel(guest, host.public_key, host_side=False).seal(relay_crypto.DATA, b"hi")
        if Channel(host, guest.public_key, host_side=True).open(frame) != (b"D", b"hi"):
            problems.append("relay: a sealed frame did not open")
        if not os.path.isfile(certifi.where()):
            problems.append(f"relay: no certificates at {certifi.where()}")
        relay.tls_context()
        report["relay"] = certifi.where()
    except Exception as exc:
        problems.append(f"relay: {exc!r}")
    report["problems"] = problems
    print(json.dumps(report), flush=True)
    return 1 if problems else 0


def run() -> int:
    if "--multiprocessing-fork" in sys.argv:
        # A worker process started by multiprocessing in the frozen app: run the worker,
        # not the game. (Checked first so the game's start-up does not pay for the import.)
        import multiprocessing

        multiprocessing.freeze_support()
    crashlog.crash_if_asked()
    # Older macOS Finder launches add a process serial number argument that argparse
    # would reject, so the app would not open at all.
    sys.argv[1:] = [a for a in sys.argv[1:] if not a.startswith("-psn_")]
    if os.environ.get(SELF_CHECK_ENV) == "1":
        return self_check()
    from tarneeb_desktop.cli import main

    return main()


if __name__ == "__main__":
    try:
        code = run()
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:
        # Reported here rather than left to sys.excepthook so that the windowed Windows
        # build does not show PyInstaller's raw traceback dialog on top of ours.
        crashlog.report(exc)
        code = 1
    sys.exit(code)
