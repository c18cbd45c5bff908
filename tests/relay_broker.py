"""A real MQTT broker for the relay's tests and benches: Debian's Mosquitto on 127.0.0.1 and
a free port (``.ci/run`` installs it), never a public one. It can be killed and started again
on the same port (the broker restarting mid-hand)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tarneeb_desktop.net.relay import RelayURL, relay_urls


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Broker:
    """``mosquitto -c FILE`` listening on 127.0.0.1 only."""

    def __init__(self) -> None:
        exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        if not Path(exe).exists():
            raise RuntimeError("the relay tests need Mosquitto: apt-get install mosquitto")
        self.exe = exe
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="tarneeb-broker-"))
        self.conf = self.folder / "mosquitto.conf"
        self.conf.write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\n"
            "max_packet_size 2000000\npersistence false\nset_tcp_nodelay true\n"
        )
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    @property
    def urls(self) -> list[RelayURL]:
        return relay_urls(self.url)

    def start(self) -> Broker:
        log = open(self.folder / "log.txt", "ab")  # noqa: SIM115 - the broker's own
        self.proc = subprocess.Popen([self.exe, "-c", str(self.conf)], stdout=log, stderr=log)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError((self.folder / "log.txt").read_text()) from None
                time.sleep(0.02)
        raise RuntimeError("the broker did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self.proc = None

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)
