#!/usr/bin/env bash
# Compile packaging/windows/tarneeb.iss with the real Inno Setup compiler and run the
# installer under Wine, on Linux, without PyInstaller's Windows build:
#
#   bash packaging/windows/test-installer.sh        (tests/test_windows_installer.py runs it)
#
# On a stand-in dist/Tarneeb/ (a few small files with the real names) in a scratch copy of
# the repository's layout, it compiles two versions of the installer, then in a fresh Wine
# prefix: installs 1.0.0 silently, checks the installed files, the Start-menu shortcut and
# the uninstall entry; installs 1.1.0 over it and checks that the old _internal/ files are
# gone ([InstallDelete]); uninstalls silently and checks that the program folder, the
# shortcut and the uninstall entry are gone while the player's %LOCALAPPDATA%\Tarneeb
# (given a file first) is kept.
#
# Per-user or all-users: the .iss keeps DefaultDirName={autopf}\Tarneeb, and this script
# tests the all-users mode (/ALLUSERS) under Wine. {autopf} is what real Windows wants: a
# per-user install (the default, no administrator rights) goes to %LOCALAPPDATA%\Programs,
# and when the player picks "install for all users" in the installer's dialog it goes to
# Program Files. Writing {localappdata}\Programs\Tarneeb instead would send an all-users
# install into the administrator's private folder, only to get round a gap in Wine 8, which
# has no per-user Program Files folder (FOLDERID_UserProgramFiles) and stops a per-user
# install with 'Failed to expand shell folder constant "autopf"'. Both modes run the same
# [Files], [Icons] and uninstall code; the per-user one runs on real Windows in
# .github/workflows/release.yml (/CURRENTUSER). This script still tries per-user under Wine
# and tests it in full the day Wine knows the folder; until then it says so and goes on.
#
# Needs: wine with 64-bit support (Debian: dpkg --add-architecture i386; apt-get install
# wine wine64 wine32:i386 -- the compiler, ISCC.exe, is 32-bit; the installer refuses a
# 32-bit Windows), xvfb-run (xvfb) and npm, which fetches Inno Setup from the npm package
# "innosetup" into build/innosetup-VERSION/ once. ISCC=/path/to/ISCC.exe uses another copy;
# TARNEEB_ISS=FILE tests another .iss (the tests feed it a broken one); KEEP=1 keeps the
# scratch folder (the prefix, the setup logs in it) for a look afterwards.
# Exit status: 0 passed, 1 a check failed, 2 a tool is missing.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)

say() { printf 'test-installer: %s\n' "$*"; }
fail() {
  say "FAIL: $*" >&2
  exit 1
}
need() {
  say "missing: $*" >&2
  exit 2
}

command -v wine >/dev/null || need "wine (apt-get install wine wine64 wine32:i386)"
command -v wineserver >/dev/null || need "wineserver (part of wine)"
command -v xvfb-run >/dev/null || need "xvfb-run (apt-get install xvfb)"

# One virtual display for the whole run (Setup makes windows even when silent).
if [ -z "${TARNEEB_INSTALLER_XVFB:-}" ]; then
  export TARNEEB_INSTALLER_XVFB=1
  exec xvfb-run -a -s "-screen 0 1024x768x24" bash "$0" "$@"
fi

# --- the compiler ----------------------------------------------------------------------
# shellcheck source=packaging/windows/inno.sh
. "$ROOT/packaging/windows/inno.sh"

# --- a scratch repository layout and a fresh Wine prefix -------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/tarneeb-installer.XXXXXX")
# shellcheck source=packaging/windows/wine.sh
. "$ROOT/packaging/windows/wine.sh"
wine_env "$work/prefix" "$work/home"
cleanup() {
  wineserver -k 2>/dev/null || true
  if [ -n "${KEEP:-}" ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

run() { # run a Windows program and wait for every process it started; keep its status
  local rc=0
  timeout 300 wine "$@" >>"$work/wine.log" 2>&1 || rc=$?
  settle
  return "$rc"
}

src="$work/src"
mkdir -p "$src/packaging/windows" "$src/assets"
cp "${TARNEEB_ISS:-$ROOT/packaging/windows/tarneeb.iss}" "$src/packaging/windows/tarneeb.iss"
cp "$ROOT/assets/icon.ico" "$src/assets/"
cp "$ROOT/LICENSE" "$src/"
FILES="Tarneeb.exe tarneeb-cli.exe _internal/python311.dll _internal/base_library.zip
_internal/endplay/_dds/dds.dll _internal/assets/icon.png"
stand_in() { # stand_in VERSION [extra files...]: dist/Tarneeb/ with the real names
  rm -rf "$src/dist/Tarneeb"
  local f
  for f in $FILES "${@:2}"; do
    mkdir -p "$(dirname "$src/dist/Tarneeb/$f")"
    printf 'stand-in for %s, version %s\n' "$f" "$1" >"$src/dist/Tarneeb/$f"
  done
}
compile() { # compile VERSION: the setup .exe, moved to $work
  local out="$src/dist/Tarneeb-$1-windows-x64-setup.exe"
  if ! run "$iscc" /Q "/DAppVersion=$1" "$(win "$src/packaging/windows/tarneeb.iss")"; then
    tail -20 "$work/wine.log" >&2
    fail "ISCC.exe could not compile tarneeb.iss as $1 (its output is above)"
  fi
  [ -f "$out" ] || fail "ISCC.exe made no $out"
  mv "$out" "$work/setup-$1.exe"
  say "compiled tarneeb.iss as $1 ($(($(stat -c %s "$work/setup-$1.exe") / 1024)) KB)"
}

say "Wine $(wine --version), Inno Setup $INNO_VERSION"
run wineboot -i || fail "wineboot could not make a prefix"
[ -d "$WINEPREFIX/drive_c/windows/syswow64" ] ||
  fail "the Wine prefix is not 64-bit: apt-get install wine64 wine32:i386"
stand_in 1.0.0 _internal/stale-module.pyd
compile 1.0.0
stand_in 1.1.0
compile 1.1.0

c="$WINEPREFIX/drive_c"
user_dirs=("$c"/users/*/AppData/Local)
[ "${#user_dirs[@]}" = 1 ] && [ -d "${user_dirs[0]}" ] || fail "no single user folder in $c/users"
localappdata=${user_dirs[0]}
user_reg="$WINEPREFIX/user.reg"
system_reg="$WINEPREFIX/system.reg"

# The player's folder, as the game leaves it: it must outlive an uninstall.
mkdir -p "$localappdata/Tarneeb/logs"
echo '{"language": "ar"}' >"$localappdata/Tarneeb/settings.json"
echo 'an old crash log' >"$localappdata/Tarneeb/logs/crash-20250101-120000.log"

# --- checks ----------------------------------------------------------------------------
check_installed() { # check_installed DIR SHORTCUT REGFILE VERSION MODE
  local dir=$1 lnk=$2 reg=$3 version=$4 mode=$5 f
  for f in $FILES; do
    [ -f "$dir/$f" ] || fail "$mode: $f is not installed in $dir"
    grep -q "version $version" "$dir/$f" || fail "$mode: $dir/$f is not version $version"
  done
  [ -f "$dir/unins000.exe" ] && [ -f "$dir/unins000.dat" ] || fail "$mode: no uninstaller in $dir"
  [ -f "$lnk" ] || fail "$mode: no Start-menu shortcut $lnk"
  # A .lnk holds its target's path (in UTF-16 and/or the ANSI code page).
  LC_ALL=C grep -aq 'T.a.r.n.e.e.b...e.x.e\|Tarneeb\.exe' "$lnk" ||
    fail "$mode: the shortcut does not point at Tarneeb.exe"
  [ ! -e "$c/users/Public/Desktop/Tarneeb.lnk" ] && [ ! -e "$localappdata/../../Desktop/Tarneeb.lnk" ] ||
    fail "$mode: a desktop icon was made though its task is unticked by default"
  local key
  key=$(uninstall_key "$reg")
  [ -n "$key" ] || fail "$mode: no uninstall entry $APP_ID in $(basename "$reg")"
  grep -q "\"DisplayName\"=\"Tarneeb $version\"" <<<"$key" ||
    fail "$mode: the uninstall entry is not named 'Tarneeb $version'"
  grep -q '"UninstallString"=".*unins000.exe' <<<"$key" ||
    fail "$mode: the uninstall entry does not run unins000.exe"
  say "$mode: $version installed: files, uninstaller, Start-menu shortcut, uninstall entry"
}
check_uninstalled() { # check_uninstalled DIR SHORTCUT REGFILE MODE
  local dir=$1 lnk=$2 reg=$3 mode=$4
  [ ! -e "$dir" ] || fail "$mode: the program folder is still there: $(find "$dir" | head -5)"
  [ ! -e "$lnk" ] || fail "$mode: the Start-menu shortcut is still there"
  [ -z "$(uninstall_key "$reg")" ] || fail "$mode: the uninstall entry is still there"
  [ -f "$localappdata/Tarneeb/settings.json" ] &&
    [ -f "$localappdata/Tarneeb/logs/crash-20250101-120000.log" ] ||
    fail "$mode: the uninstaller removed the player's %LOCALAPPDATA%\\Tarneeb"
  say "$mode: uninstalled; the player's %LOCALAPPDATA%\\Tarneeb is kept"
}
silent=(/VERYSILENT /SUPPRESSMSGBOXES /NORESTART)

# --- all users: install, upgrade, uninstall --------------------------------------------
dir="$c/Program Files/Tarneeb"
lnk="$c/ProgramData/Microsoft/Windows/Start Menu/Programs/Tarneeb.lnk"
mode="all users"
run "$work/setup-1.0.0.exe" "${silent[@]}" /ALLUSERS "/LOG=$(win "$work/setup-1.log")" ||
  fail "$mode: setup 1.0.0 exited with $? (log: $(tail -3 "$work/setup-1.log" 2>/dev/null))"
check_installed "$dir" "$lnk" "$system_reg" 1.0.0 "$mode"
[ -f "$dir/_internal/stale-module.pyd" ] || fail "$mode: 1.0.0 lacks its own stale-module.pyd"

run "$work/setup-1.1.0.exe" "${silent[@]}" /ALLUSERS "/LOG=$(win "$work/setup-2.log")" ||
  fail "$mode: setup 1.1.0 over 1.0.0 exited with $? (log: $(tail -3 "$work/setup-2.log" 2>/dev/null))"
check_installed "$dir" "$lnk" "$system_reg" 1.1.0 "$mode"
[ ! -e "$dir/_internal/stale-module.pyd" ] ||
  fail "$mode: upgrading to 1.1.0 left 1.0.0's _internal/stale-module.pyd behind"
say "$mode: upgrade from 1.0.0 cleared the old _internal/"

run "$dir/unins000.exe" "${silent[@]}" || fail "$mode: the uninstaller exited with $?"
check_uninstalled "$dir" "$lnk" "$system_reg" "$mode"

# --- per user (the default on Windows): tested only where Wine has the folder ------------
mode="per user"
if run "$work/setup-1.1.0.exe" "${silent[@]}" /CURRENTUSER "/LOG=$(win "$work/setup-3.log")"; then
  dir="$localappdata/Programs/Tarneeb"
  lnk="$localappdata/../Roaming/Microsoft/Windows/Start Menu/Programs/Tarneeb.lnk"
  check_installed "$dir" "$lnk" "$user_reg" 1.1.0 "$mode"
  run "$dir/unins000.exe" "${silent[@]}" || fail "$mode: the uninstaller exited with $?"
  check_uninstalled "$dir" "$lnk" "$user_reg" "$mode"
elif grep -q 'Failed to expand shell folder constant "autopf"' "$work/setup-3.log"; then
  say "$mode: not testable under Wine $(wine --version): no per-user Program Files folder" \
    "(real Windows tests it in release.yml)"
else
  fail "$mode: setup failed for another reason: $(tail -3 "$work/setup-3.log")"
fi

say "PASS"
