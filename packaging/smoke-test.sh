#!/usr/bin/env bash
# Smoke test of a frozen game: it starts, has its DDS library and assets, plays a whole
# game in autoplay, writes only to the user's folder, and leaves a crash log when it crashes.
#
#   bash packaging/smoke-test.sh BUNDLE_DIR EXE [WINDOWED_EXE]
#
# BUNDLE_DIR is the folder whose contents must not change (dist/Tarneeb, Tarneeb.app, or
# an installed copy); EXE a console executable inside it; WINDOWED_EXE (Windows) the
# windowed Tarneeb.exe, which is also run once. Used by .github/workflows/release.yml on
# all three systems (Git Bash on Windows). Runs headless: SDL's dummy video and audio.
set -euo pipefail
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
BUNDLE=$(absolute "$1")
EXE=$(absolute "$2")
GUI=${3:+$(absolute "$3")}
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy TARNEEB_NO_CRASH_DIALOG=1
unset TARNEEB_HOME
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
case "$(uname -s)" in
  Linux*)
    # A throwaway home so the test sees exactly what the game writes.
    export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/.local/share" \
      XDG_CONFIG_HOME="$WORK/home/.config" XDG_CACHE_HOME="$WORK/home/.cache" \
      XDG_STATE_HOME="$WORK/home/.local/state"
    mkdir -p "$HOME"
    ;;
esac
native() { if command -v cygpath >/dev/null; then cygpath -w "$1"; else echo "$1"; fi; }
listing() { (cd "$BUNDLE" && find . -type f -exec ls -ln {} + | awk '{print $5, $NF}' | sort); }

step() { echo "--- $*"; }
listing >"$WORK/before.txt"
cd "$WORK"

step "version"
"$EXE" --version

step "self-check (assets, DDS solver, pygame)"
TARNEEB_SELF_CHECK=1 "$EXE" | tee "$WORK/check.json"
USERDIR=$(sed -n 's/.*"user_data_dir": "\([^"]*\)".*/\1/p' "$WORK/check.json" | sed 's/\\\\/\\/g')
if command -v cygpath >/dev/null; then USERDIR=$(cygpath -u "$USERDIR"); fi
echo "user folder: $USERDIR"

step "autoplay a whole game"
RECORD=$(native "$WORK/game.json")
"$EXE" --autoplay --fast --seed 3 --save-record "$RECORD"
"$EXE" replay --json "$RECORD" | tee "$WORK/replay.json"
grep -q '"complete": true' "$WORK/replay.json" || { echo "the autoplayed game did not finish"; exit 1; }

if [ -n "$GUI" ]; then
  step "windowed executable"
  "$GUI" --autoplay --fast --seed 4
fi

step "a crash leaves a log in the user folder"
set +e
TARNEEB_TEST_CRASH=1 "$EXE" --version 2>"$WORK/crash.txt"
code=$?
set -e
cat "$WORK/crash.txt"
[ "$code" = 1 ] || { echo "expected exit status 1 after a crash, got $code"; exit 1; }
ls "$USERDIR"/logs/crash-*.log >/dev/null || { echo "no crash log in $USERDIR/logs"; exit 1; }
grep -q "deliberate crash" "$USERDIR"/logs/crash-*.log

step "the bundle is unchanged (settings and saves go to the user folder)"
listing >"$WORK/after.txt"
diff "$WORK/before.txt" "$WORK/after.txt"
ls -la "$USERDIR"
echo "smoke test passed"
