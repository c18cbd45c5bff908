#!/usr/bin/env bash
# Size of the packaged Linux game and its start-up time; the last line is `startup_ms: X`.
#
#   bash bench/package.sh            # uses dist/Tarneeb, building it (and the .tar.gz/.deb) if missing
#   bash bench/package.sh --rebuild  # builds everything afresh first
#   bash bench/package.sh --app DIR [--app DIR2 ...]
#                                    # times built folders (no build, no sizes), in turns
#                                    # (a before and an after build compared in one run);
#                                    # the last line is the first folder's figure
#
# Aims (issue 6): the folder at most 80 MB, start-up at most 1 s.
# Start-up is the wall time from starting the frozen executable to its first drawn frame:
# with TARNEEB_REPORT_STARTUP=1 the game prints a line `first_frame_ms: ...` after its first
# frame, and the time until that line arrives is measured here (headless, SDL dummy video).
# A build whose game does not print that line is measured to the exit of `--version`
# instead, and says so (startup_source: version).
# The counted runs show the main menu: the warm-up run is a first start (it saves the
# settings), so its first screen asks the player's name and language instead.
set -euo pipefail
PY=${PYTHON:-python3}
apps=()
while [ "${1:-}" = --app ]; do
  [ -x "${2:-}/Tarneeb" ] || { echo "package.sh: no ${2:-}/Tarneeb" >&2; exit 2; }
  apps+=("$(cd "$2" && pwd)/Tarneeb")
  shift 2
done
cd "$(dirname "$0")/.."
if [ ${#apps[@]} -gt 0 ]; then
  :
elif [ "${1:-}" = --rebuild ] || [ ! -x dist/Tarneeb/Tarneeb ]; then
  bash packaging/linux/build.sh >/dev/null
elif ! ls dist/Tarneeb-*-linux-*.tar.gz dist/tarneeb_*.deb >/dev/null 2>&1; then
  bash packaging/linux/build.sh --no-build >/dev/null
fi

mb() { "$PY" -c "import sys; print(f'{int(sys.argv[1]) / 1e6:.1f}')" "$1"; }
[ ${#apps[@]} -gt 0 ] || {
folder_bytes=$(du -sb dist/Tarneeb | cut -f1)
echo "folder: dist/Tarneeb"
echo "folder_mb: $(mb "$folder_bytes")"
echo "folder_files: $(find dist/Tarneeb -type f | wc -l)"
for f in dist/Tarneeb-*-linux-*.tar.gz dist/tarneeb_*.deb; do
  [ -e "$f" ] || continue
  case "$f" in *.deb) key=deb_mb ;; *) key=tar_gz_mb ;; esac
  echo "$key: $(mb "$(stat -c %s "$f")")  ($f)"
done
apps=(dist/Tarneeb/Tarneeb)
}

"$PY" - "${apps[@]}" <<'EOF'
import os
import selectors
import statistics
import subprocess
import sys
import tempfile
import time

exes = sys.argv[1:]
RUNS = 7  # the first is a warm-up (cold page cache) and is not counted


def make_env() -> dict[str, str]:
    """A fresh home folder of its own for each build measured."""
    home = tempfile.mkdtemp(prefix="tarneeb-bench-")
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TARNEEB_REPORT_STARTUP="1",
               TARNEEB_NO_CRASH_DIALOG="1")
    env.pop("TARNEEB_HOME", None)
    return env


envs = {exe: make_env() for exe in exes}


def first_frame(exe: str) -> float | None:
    """Seconds until the game prints its first-frame line, or None if it never does."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([exe], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, env=envs[exe])
    assert proc.stdout is not None
    buffer = b""
    try:
        # The game's window stays open, so read with a deadline rather than until EOF.
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            while time.perf_counter() < t0 + 15:
                if not sel.select(timeout=0.5):
                    continue
                chunk = os.read(proc.stdout.fileno(), 4096)
                if not chunk:
                    return None
                buffer += chunk
                if b"first_frame_ms:" in buffer:
                    return time.perf_counter() - t0
        return None
    finally:
        proc.kill()
        proc.wait()


def version(exe: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([exe, "--version"], stdout=subprocess.DEVNULL, env=envs[exe], check=True)
    return time.perf_counter() - t0


# In turns, when there are several folders, so that the machine's load falls on each alike.
version_times: dict[str, list[float]] = {exe: [] for exe in exes}
for _ in range(RUNS):
    for exe in exes:
        version_times[exe].append(version(exe))
frames: dict[str, list[float]] = {}
for exe in exes:
    if first_frame(exe) is not None:  # the warm-up, also a first start
        frames[exe] = []
for _ in range(RUNS - 1):
    for exe in frames:
        t = first_frame(exe)
        if t is not None:
            frames[exe].append(t)
for exe in reversed(exes):  # the first folder's figures last
    if len(exes) > 1:
        print(f"app: {exe}")
    print(f"version_ms: {statistics.median(version_times[exe][1:]) * 1000:.0f}")
    if exe not in frames:
        print("startup_source: version (this build prints no first_frame_ms line)")
        startup = statistics.median(version_times[exe][1:])
    else:
        times = frames[exe]
        print(f"first_frame_ms runs: {' '.join(f'{t * 1000:.0f}' for t in times)}")
        print("startup_source: first_frame")
        startup = statistics.median(times)
    print(f"startup_ms: {startup * 1000:.0f}")
EOF
