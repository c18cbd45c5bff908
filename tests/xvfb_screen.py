"""A screen of its own for a test that needs a real X window: Xvfb picks a free display itself.

Xvfb's ``-displayfd`` chooses a display number nobody holds (a lock left by a killed server is
recognised as stale and taken over) and writes it once the server accepts connections, so the
test neither guesses a number nor waits on a clock. ``stop`` ends the server with SIGTERM so it
removes its own lock file; a server killed with SIGKILL leaves ``/tmp/.X<n>-lock`` behind.
"""

from __future__ import annotations

import os
import select
import subprocess


class Screen:
    def __init__(self, size: str = "1280x720", timeout: float = 30.0) -> None:
        read, write = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [
                    "Xvfb",
                    "-displayfd",
                    str(write),
                    "-screen",
                    "0",
                    f"{size}x24",
                    "-nolisten",
                    "tcp",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(write,),
            )
        finally:
            os.close(write)
        got = b""
        try:
            while not got.endswith(b"\n"):
                ready, _, _ = select.select([read], [], [], timeout)
                chunk = os.read(read, 16) if ready else b""
                if not chunk:
                    self.stop()
                    raise RuntimeError(f"Xvfb gave no display number (it said {got!r})")
                got += chunk
        finally:
            os.close(read)
        self.display = f":{int(got.strip())}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
