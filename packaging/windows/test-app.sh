#!/usr/bin/env bash
# Install the real Windows setup that build-wine.sh made and play the installed game under
# Wine, on Linux:
#
#   bash packaging/windows/build-wine.sh && bash packaging/windows/test-app.sh
#   (tests/test_windows_app.py runs both)
#
# In a fresh Wine prefix, on a virtual screen:
# 1. installs dist/Tarneeb-VERSION-windows-x64-setup.exe silently for all users and checks
#    the files, the Start-menu shortcut and the uninstall entry;
# 2. the installed tarneeb-cli.exe: --version, the bundle's self-check (DDS loaded and right,
#    fonts, Arabic shaping, the settings written to %LOCALAPPDATA%\Tarneeb), then a whole game
#    `--autoplay --fast --level hard --seed S --save-record FILE`; Linux's `tarneeb replay`
#    checks that record, and the installed `tarneeb-cli.exe analyse FILE --json` must print
#    exactly what Linux's `tarneeb analyse FILE --json` prints;
# 3. the installed windowed Tarneeb.exe opens its window (found with xdotool) with no standard
#    streams, as a double-click starts it; a screenshot of the first screen is taken
#    (SHOT=FILE keeps it; docs/screenshots/windows-wine-first-screen.png is one);
# 4. a table over the internet by its code, through a Mosquitto broker the script starts on
#    127.0.0.1 (a free port; never a public broker): the installed `tarneeb-cli.exe host
#    --relay` hosts a table that four Linux `tarneeb join --code` bots play to the end, then
#    the installed `tarneeb-cli.exe join --code` plays a seat of a table a Linux `tarneeb host
#    --relay` opened (three Linux bots at the others); both games end with "game over" and
#    exit 0, and every side tells the same result (random bots, target 5: about 30 s);
# 5. the same folder compiled as a later version installs over it (an old _internal/ file is
#    cleared) and still starts; the uninstaller removes the program, the shortcut and the
#    entry and keeps the player's %LOCALAPPDATA%\Tarneeb.
# Linux side: LINUX_TARNEEB="CMD" runs tarneeb (default: python3 -m tarneeb_desktop; a frozen
# Linux build such as dist-linux/Tarneeb/Tarneeb works too). SETUP=FILE tests another setup;
# SEED=N the autoplayed game (default 7); KEEP=1 keeps the scratch folder.
# Needs: wine with 64-bit support and wine32 (ISCC.exe), xvfb-run, xdotool, ImageMagick's
# import, mosquitto (Debian's; MOSQUITTO=PATH for another), python3 with the game installed.
# Exit status: 0 passed, 1 a check failed, 2 a tool or the setup is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/packaging/windows"
say() { printf 'test-app: %s\n' "$*"; }
fail() {
  say "FAIL: $*" >&2
  exit 1
}
need() {
  say "missing: $*" >&2
  exit 2
}

for t in wine wineserver xvfb-run xdotool import sha256sum; do
  command -v "$t" >/dev/null || need "$t (apt-get install wine wine64 wine32:i386 xvfb xdotool imagemagick)"
done
MOSQUITTO=${MOSQUITTO:-$(command -v mosquitto || echo /usr/sbin/mosquitto)}
[ -x "$MOSQUITTO" ] || need "mosquitto, the relay's broker (apt-get install mosquitto)"
VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' "$ROOT/tarneeb_desktop/__init__.py")
SETUP=${SETUP:-$ROOT/dist/Tarneeb-$VERSION-windows-x64-setup.exe}
[ -f "$SETUP" ] || need "$SETUP (run packaging/windows/build-wine.sh first)"
read -r -a LINUX <<<"${LINUX_TARNEEB:-python3 -m tarneeb_desktop}"
SEED=${SEED:-7}

if [ -z "${TARNEEB_APP_XVFB:-}" ]; then
  export TARNEEB_APP_XVFB=1
  exec xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" "$@"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/tarneeb-app.XXXXXX")
# shellcheck source=packaging/windows/wine.sh
. "$HERE/wine.sh"
wine_env "$work/prefix" "$work/home"
# A crash must end the program with its log, not wait behind a message box nobody clicks.
export TARNEEB_NO_CRASH_DIALOG=1
# The tests' SDL_VIDEODRIVER=dummy would reach the Windows game through Wine and keep its
# window from ever opening: the installed game runs as a player's would.
unset SDL_VIDEODRIVER SDL_AUDIODRIVER
pids=() # what this script starts in the background on the Linux side: the broker, bots, a host
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wineserver -k 2>/dev/null || true
  if [ -n "${KEEP:-}" ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

say "Wine $(wine --version), setup $(basename "$SETUP") ($(($(stat -c %s "$SETUP") / 1048576)) MB)"
timeout 300 wineboot -i >/dev/null 2>&1 || fail "wineboot could not make a prefix"
settle
c="$WINEPREFIX/drive_c"
user_dirs=("$c"/users/*/AppData/Local)
[ "${#user_dirs[@]}" = 1 ] && [ -d "${user_dirs[0]}" ] || fail "no single user folder in $c/users"
localappdata=${user_dirs[0]}
dir="$c/Program Files/Tarneeb"
lnk="$c/ProgramData/Microsoft/Windows/Start Menu/Programs/Tarneeb.lnk"
silent=(/VERYSILENT /SUPPRESSMSGBOXES /NORESTART /ALLUSERS)
reg="$WINEPREFIX/system.reg" # all users

# --- 1. install --------------------------------------------------------------------------
wrun 600 "$SETUP" "${silent[@]}" "/LOG=$(win "$work/setup-1.log")" >/dev/null ||
  fail "setup exited with an error (log: $(tail -3 "$work/setup-1.log" 2>/dev/null))"
for f in Tarneeb.exe tarneeb-cli.exe unins000.exe _internal/python311.dll \
  _internal/endplay/_dds/dds.dll _internal/endplay/_dds/msvcp140.dll; do
  [ -f "$dir/$f" ] || fail "$f is not installed in $dir"
done
[ -f "$lnk" ] || fail "no Start-menu shortcut"
uninstall_key "$reg" | grep -q "\"DisplayName\"=\"Tarneeb $VERSION\"" ||
  fail "no uninstall entry named 'Tarneeb $VERSION'"
say "installed in C:\\Program Files\\Tarneeb: files, Start-menu shortcut, uninstall entry"

# --- 2. the installed command line: a whole game and its analysis ------------------------
cli="$dir/tarneeb-cli.exe"
got=$(wrun 120 "$cli" --version | tr -d '\r') || fail "tarneeb-cli.exe --version: $got"
[ "$got" = "tarneeb $VERSION" ] || fail "tarneeb-cli.exe --version said '$got'"
check=$(TARNEEB_SELF_CHECK=1 wrun 120 "$cli" | tr -d '\r') || fail "self-check failed: $check"
grep -q '"problems": \[\]' <<<"$check" || fail "self-check found problems: $check"
grep -q '"dds": ".*dds.dll"' <<<"$check" || fail "self-check: DDS not loaded: $check"
say "installed tarneeb-cli.exe: $got; self-check passed (DDS loaded and right)"

record="$work/windows-game.json"
out=$(wrun 1200 "$cli" --autoplay --fast --level hard --seed "$SEED" \
  --save-record "$(win "$record")" | tr -d '\r') || fail "the autoplayed game failed: $out"
[ -s "$record" ] || fail "the autoplayed game wrote no record: $out"
replay=$("${LINUX[@]}" replay "$record" 2>&1) || fail "Linux's replay rejects the Windows game: $replay"
grep -q "legal record, complete game" <<<"$replay" || fail "the Windows game is not complete: $replay"
say "installed game, hard level, seed $SEED: $replay"

win_json="$work/analysis-windows.json"
linux_json="$work/analysis-linux.json"
wrun 600 "$cli" analyse "$(win "$record")" --json | tr -d '\r' >"$win_json" ||
  fail "tarneeb-cli.exe analyse failed: $(tail -3 "$win_json")"
"${LINUX[@]}" analyse "$record" --json >"$linux_json" || fail "Linux's analyse failed"
grep -q '"hands"' "$linux_json" || fail "Linux's analyse printed no hands"
cmp -s "$win_json" "$linux_json" ||
  fail "the analyses differ: $(diff <(tr ',' '\n' <"$win_json") <(tr ',' '\n' <"$linux_json") | head -6)"
say "analyse --json: Windows and Linux agree ($(wc -c <"$win_json") bytes, $(grep -o '"card"' "$win_json" | wc -l) cards)"

# --- 3. the windowed game opens its window ------------------------------------------------
# As from a double-click, nothing reads its output (Wine turns closed descriptors into
# handles CPython rejects, so /dev/null stands in for them).
(cd "$work" && exec wine "$dir/Tarneeb.exe" </dev/null >/dev/null 2>&1) &
pid=$!
crash_log() { # the newest crash log's last lines, if the game left one
  local f
  f=$(ls -t "$localappdata"/Tarneeb/logs/crash-*.log 2>/dev/null | head -1)
  [ -z "$f" ] || tail -5 "$f"
}
wid=""
for _ in $(seq 180); do # slow on a loaded machine: Wine starts its services first
  kill -0 "$pid" 2>/dev/null || fail "Tarneeb.exe stopped before opening a window: $(crash_log)"
  wid=$(xdotool search --onlyvisible --name '^Tarneeb' 2>/dev/null | head -1) || true
  [ -z "$wid" ] || break
  sleep 1
done
[ -n "$wid" ] || fail "Tarneeb.exe opened no window in 180 s $(crash_log)"
shot="$work/windows-first-screen.png"
colours=0
for _ in $(seq 60); do # the first frame comes a few seconds after the window (fonts, images)
  sleep 1
  kill -0 "$pid" 2>/dev/null || fail "Tarneeb.exe stopped after opening its window: $(crash_log)"
  import -window "$wid" "$shot" 2>/dev/null || continue
  colours=$(convert "$shot" -format '%k' info: 2>/dev/null || echo 0)
  [ "$colours" -le 200 ] || break
done
[ "$colours" -gt 200 ] || fail "the first screen stayed blank for 60 s ($colours colours)"
if [ -n "${SHOT:-}" ]; then cp "$shot" "$SHOT"; fi
say "Tarneeb.exe opened its window '$(xdotool getwindowname "$wid")': screenshot with $colours colours"
wineserver -k 2>/dev/null || true
wait "$pid" 2>/dev/null || true
[ -f "$localappdata/Tarneeb/settings.json" ] || fail "the game wrote no %LOCALAPPDATA%\\Tarneeb\\settings.json"

# --- 4. a table over the internet: the relay, through a broker on 127.0.0.1 ----------------
# paho-mqtt's own thread, PyNaCl's libsodium (through cffi's backend) and the sealed frames,
# in the installed Windows build, against the Linux game: each side hosts once, joins once.
relay_started=$SECONDS
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
relay="mqtt://127.0.0.1:$port"
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\nmax_packet_size 2000000\n' \
  "$port" >"$work/mosquitto.conf"
"$MOSQUITTO" -c "$work/mosquitto.conf" >"$work/mosquitto.log" 2>&1 &
broker=$!
pids+=("$broker")
for _ in $(seq 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || ! kill -0 "$broker" 2>/dev/null; then break; fi
  sleep 0.1
done
(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null ||
  fail "mosquitto did not start on 127.0.0.1:$port: $(tail -3 "$work/mosquitto.log")"

out_of() { tr -d '\r' 2>/dev/null <"$work/$1.out" || true; } # out_of NAME: what it printed
linux_relay() { # linux_relay NAME ARGS...: Linux's tarneeb in the background with its own
  # player folder, printing to $work/NAME.out and .err; its pid in $last
  local name=$1
  shift
  TARNEEB_HOME="$work/linux-$name" timeout 600 "${LINUX[@]}" "$@" \
    >"$work/$name.out" 2>"$work/$name.err" </dev/null &
  last=$!
  pids+=("$last")
}
windows_relay() { # windows_relay NAME ARGS...: the installed tarneeb-cli.exe in the background,
  # its streams through pipes (see wine.sh) into $work/NAME.out and .err (cat: no buffering,
  # the host's code is read while it runs), its exit status in $work/NAME.rc; its pid in $last
  local name=$1
  shift
  (
    set +e
    timeout 600 wine "$cli" "$@" </dev/null 2> >(cat >"$work/$name.err") | cat >"$work/$name.out"
    echo "${PIPESTATUS[0]}" >"$work/$name.rc"
  ) &
  last=$!
}
table_code() { # table_code NAME PID: the code a host printed as its first line, once printed
  local _
  for _ in $(seq 1800); do # 3 min: a Windows host under Wine starts in a few seconds
    if [ "$(tr -cd '\n' 2>/dev/null <"$work/$1.out" | wc -c)" -gt 0 ]; then # a whole line
      out_of "$1" | sed -n '1s/^table code \([0-9A-Z]\{4\}-[0-9A-Z]\{4\}-[0-9A-Z]\{4\}\)$/\1/p'
      return
    fi
    kill -0 "$2" 2>/dev/null || return 0
    sleep 0.1
  done
}
ended="" # the "game over" line of the last one finished() waited for
finished() { # finished NAME PID [SEAT]: wait until it exits; 0 and a "game over", else fail
  local rc=0
  wait "$2" || rc=$?
  [ ! -f "$work/$1.rc" ] || rc=$(cat "$work/$1.rc")
  [ "$rc" = 0 ] || fail "$1 exited with $rc: $(out_of "$1" | tail -3) $(tr -d '\r' <"$work/$1.err" | tail -4)"
  if [ -n "${3:-}" ]; then
    out_of "$1" | grep -qx "joined seat $3" || fail "$1 did not join seat $3: $(out_of "$1")"
  fi
  ended=$(out_of "$1" | grep -x 'game over: team .*' | head -1) || true
  [ -n "$ended" ] || fail "$1 exited 0 but did not print 'game over': $(out_of "$1")"
}
table_args=(--port 0 --bind 127.0.0.1 --no-beacon --open-seats 0,1,2,3 -o target=5 --seed 3)

# (a) the installed Windows app hosts; four Linux bots join by the code.
started=$SECONDS
windows_relay win-host host --relay "$relay" "${table_args[@]}" --save-table "$(win "$work/win-table.json")"
host_pid=$last
code=$(table_code win-host "$host_pid")
[ -n "$code" ] ||
  fail "tarneeb-cli.exe host printed no table code first: $(out_of win-host) $(tail -5 "$work/win-host.err")"
bots=()
for seat in 0 1 2 3; do
  linux_relay "linux-bot$seat" join --code "$code" --relay "$relay" --bot random --seat "$seat" \
    --name "linux$seat"
  bots+=("$last")
done
finished win-host "$host_pid"
result=$ended
for seat in 0 1 2 3; do
  finished "linux-bot$seat" "${bots[$seat]}" "$seat"
  [ "$ended" = "$result" ] || fail "Linux bot $seat: '$ended', the Windows host: '$result'"
done
settle
say "relay: the installed tarneeb-cli.exe hosted table $code, four Linux bots played it: $result ($((SECONDS - started)) s)"

# (b) Linux hosts; the installed Windows app plays seat 0 beside three Linux bots.
started=$SECONDS
linux_relay linux-host host --relay "$relay" "${table_args[@]}" --save-table "$work/linux-table.json"
host_pid=$last
code=$(table_code linux-host "$host_pid")
[ -n "$code" ] ||
  fail "Linux's tarneeb host printed no table code first: $(out_of linux-host) $(tail -5 "$work/linux-host.err")"
windows_relay win-join join --code "$code" --relay "$relay" --bot random --seat 0 --name windows
join_pid=$last
bots=()
for seat in 1 2 3; do
  linux_relay "linux-seat$seat" join --code "$code" --relay "$relay" --bot random --seat "$seat" \
    --name "linux$seat"
  bots+=("$last")
done
finished linux-host "$host_pid"
result=$ended
finished win-join "$join_pid" 0
[ "$ended" = "$result" ] || fail "tarneeb-cli.exe join: '$ended', the Linux host: '$result'"
for seat in 1 2 3; do
  finished "linux-seat$seat" "${bots[$((seat - 1))]}" "$seat"
  [ "$ended" = "$result" ] || fail "Linux bot $seat: '$ended', the Linux host: '$result'"
done
settle
say "relay: the installed tarneeb-cli.exe joined table $code by its code and played seat 0: $result ($((SECONDS - started)) s)"
kill "$broker" 2>/dev/null || true
wait "$broker" 2>/dev/null || true
say "relay through Mosquitto on 127.0.0.1:$port, Windows hosting and joining: $((SECONDS - relay_started)) s"

# --- 5. upgrade over it, then uninstall ----------------------------------------------------
# The same dist/Tarneeb compiled as a later version: what a player's next download does.
. "$HERE/inno.sh"
next="$VERSION.1"
upsrc="$work/src"
mkdir -p "$upsrc/packaging/windows" "$upsrc/assets"
cp "$HERE/tarneeb.iss" "$upsrc/packaging/windows/"
cp "$ROOT/assets/icon.ico" "$upsrc/assets/"
cp "$ROOT/LICENSE" "$upsrc/"
ln -s "$ROOT/dist" "$upsrc/dist"
wrun 600 "$iscc" /Q "/DAppVersion=$next" /DCompression=zip "$(win "$upsrc/packaging/windows/tarneeb.iss")" >/dev/null ||
  fail "ISCC.exe could not compile $next"
upgrade="$ROOT/dist/Tarneeb-$next-windows-x64-setup.exe"
[ -f "$upgrade" ] || fail "ISCC.exe made no $upgrade"
mv "$upgrade" "$work/setup-$next.exe"
echo stale >"$dir/_internal/stale-module.pyd"
wrun 600 "$work/setup-$next.exe" "${silent[@]}" "/LOG=$(win "$work/setup-2.log")" >/dev/null ||
  fail "upgrade to $next exited with an error"
[ ! -e "$dir/_internal/stale-module.pyd" ] || fail "the upgrade left an old _internal/ file"
uninstall_key "$reg" | grep -q "\"DisplayName\"=\"Tarneeb $next\"" || fail "the entry is not 'Tarneeb $next'"
got=$(wrun 120 "$dir/tarneeb-cli.exe" --version | tr -d '\r') || fail "after the upgrade: $got"
say "upgraded to $next over $VERSION: old _internal/ cleared, the game starts ($got)"

wrun 300 "$dir/unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART >/dev/null ||
  fail "the uninstaller exited with an error"
[ ! -e "$dir" ] || fail "the program folder is still there"
[ ! -e "$lnk" ] || fail "the Start-menu shortcut is still there"
[ -z "$(uninstall_key "$reg")" ] || fail "the uninstall entry is still there"
[ -f "$localappdata/Tarneeb/settings.json" ] || fail "the uninstaller removed the player's folder"
say "uninstalled; the player's %LOCALAPPDATA%\\Tarneeb is kept"
say "PASS"
