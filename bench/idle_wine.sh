#!/usr/bin/env bash
# Idle CPU of the frozen Windows app (dist/Tarneeb/Tarneeb.exe from packaging/windows/build-wine.sh)
# on its menu, under Wine on a virtual screen: the check that the idle loop's SDL lookup
# (ui/app.py _sdl_library: pygame's own SDL2.dll) works in a Windows build, where no Windows
# machine is at hand. Also lists the SDL2.dll files the process loaded (one copy expected).
#
#   bash bench/idle_wine.sh [SECONDS]     (default 20; build first with build-wine.sh)
#
# Prints the game's and wineserver's share of one core while the menu waits, and, last,
# a line "wine_idle_cpu_pct: X" (the game's, on the menu). SHOT=FILE keeps a screenshot of the menu. Exit 2 if Wine, Xvfb or the build is missing.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECS=${1:-20}
say() { echo "idle-wine: $*"; }
fail() { say "$*"; exit 1; }
for t in wine wineserver Xvfb xdotool; do
  command -v "$t" >/dev/null || { say "missing: $t"; exit 2; }
done
EXE="$ROOT/dist/Tarneeb/Tarneeb.exe"
[ -f "$EXE" ] || { say "no $EXE: run packaging/windows/build-wine.sh first"; exit 2; }
# shellcheck source=../packaging/windows/wine.sh
source "$ROOT/packaging/windows/wine.sh"
work=$(mktemp -d)
wine_env "$work/prefix" "$work/home"
unset SDL_VIDEODRIVER SDL_AUDIODRIVER
export WINEDEBUG=+loaddll
display=:$((70 + RANDOM % 20))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
cleanup() {
  pkill -f 'Tarneeb\.exe' 2>/dev/null || true
  (timeout 30 wineserver -k 2>/dev/null || true) &
  wait $! 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
export DISPLAY=$display
for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
(timeout $((SECS + 240)) wine "$EXE" </dev/null 2>&1 | cat) >"$work/wine.log" &
say "waiting for the window (a new prefix takes a while)"
timeout 180 xdotool search --sync --name '^Tarneeb$' >/dev/null || fail "no window in 180 s"
sleep 5 # the first frames, the font and card caches
pid=$(pgrep -f 'Tarneeb\.exe' | tail -1)
server=$(pgrep -f 'wineserver' | head -1)
tck=$(getconf CLK_TCK)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
pct() { awk -v d="$1" -v t="$tck" -v s="$SECS" 'BEGIN { printf "%.2f", d * 100 / t / s }'; }
measure() { # measure WHAT: the game's and wineserver's CPU over SECS seconds
  local g0 s0 g1 s1
  g0=$(ticks "$pid") s0=$(ticks "$server")
  sleep "$SECS"
  g1=$(ticks "$pid") s1=$(ticks "$server")
  game=$(pct $((g1 - g0)))
  say "$1 idle over $SECS s: Tarneeb.exe $game % of a core, wineserver $(pct $((s1 - s0))) %"
}
say "SDL2.dll loaded: $(grep -c 'Loaded L".*\\SDL2\.dll"' "$work/wine.log") time(s):"
grep -o 'Loaded L"[^"]*\\SDL2\.dll"' "$work/wine.log" | sed 's/^/  /' || true
measure "first start's welcome (its name field's caret blinks)"
win_id=$(xdotool search --name '^Tarneeb$' | head -1)
xdotool key --window "$win_id" Return # Continue: the tutorial offer
sleep 3
xdotool key --window "$win_id" Escape # Not now: the menu
sleep 3
measure "menu"
import -window root "${SHOT:-/dev/null}" 2>/dev/null || true
echo "wine_idle_cpu_pct: $game"
