"""Where a LAN table can be reached: this computer's addresses, the bind address the
environment may impose, and the join screen's memory of the last few hosts typed.

``TARNEEB_LAN_BIND=127.0.0.1`` keeps a table hosted from the window on this computer only
(its announcement is then aimed at 127.0.0.1 too): for tests and demonstrations.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import os
import socket
import struct
from pathlib import Path

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.storage import write_json_atomic

log = logging.getLogger(__name__)

BIND_ENV = "TARNEEB_LAN_BIND"
RECENT_FILE = "lan-recent.json"
RECENT_MAX = 5


def bind_address(default: str = "0.0.0.0") -> str:
    """The address a window-hosted table listens on: ``TARNEEB_LAN_BIND`` when it is set to
    an IP address, else ``default``."""
    raw = os.environ.get(BIND_ENV, "").strip()
    if raw:
        try:
            return str(ipaddress.ip_address(raw))
        except ValueError:
            log.warning("%s=%r is not an IP address; ignored", BIND_ENV, raw)
    return default


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


def _interface_addresses() -> list[str]:
    """IPv4 addresses of this computer's network interfaces (Linux: asked of the kernel
    per interface, which includes VPNs such as Tailscale, ZeroTier or WireGuard)."""
    out: list[str] = []
    try:
        import fcntl

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return out
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for name in names:
            try:
                packed = struct.pack("256s", name.encode()[:15])
                raw = fcntl.ioctl(s.fileno(), 0x8915, packed)  # SIOCGIFADDR
                out.append(socket.inet_ntoa(raw[20:24]))
            except OSError:
                continue  # an interface without an IPv4 address
    return out


def _route_address() -> str | None:
    """The address a route to the internet would leave from (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached
            return str(s.getsockname()[0])
    except OSError:
        return None


def listen_addresses(bind: str) -> list[str]:
    """Every address friends may type to reach a table listening on ``bind``: the bind
    address itself, or for ``0.0.0.0`` each interface's address (LAN ones first, loopback
    last; 127.0.0.1 alone when there is no other)."""
    if bind not in ("0.0.0.0", "::", ""):
        return [bind]
    found: list[str] = []
    route = _route_address()
    candidates = [route] if route else []
    candidates += _interface_addresses()
    try:
        candidates += [
            str(i[4][0]) for i in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        ]
    except OSError:
        pass
    for addr in candidates:
        if addr and addr not in found and not addr.startswith("0."):
            found.append(str(addr))
    outside = [a for a in found if not is_loopback(a)]
    return outside or ["127.0.0.1"]


# ---------------------------------------------------------------------- recent hosts


def recent_path() -> Path:
    return user_data_dir() / RECENT_FILE


def load_recent() -> list[str]:
    """The last hosts joined by address (newest first); [] when none or unreadable."""
    try:
        data = json.loads(recent_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    items = data.get("recent") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return []
    return [a for a in items if isinstance(a, str) and 0 < len(a) <= 80][:RECENT_MAX]


def remember(address: str) -> list[str]:
    """Put ``address`` first in the list of recent hosts (kept to RECENT_MAX); a write
    error is logged, never raised (joining matters more than remembering)."""
    address = address.strip()
    recent = [address, *(a for a in load_recent() if a != address)][:RECENT_MAX]
    try:
        write_json_atomic(recent_path(), {"recent": recent})
    except OSError as exc:
        log.warning("could not remember the host %s: %s", address, exc)
    return recent
