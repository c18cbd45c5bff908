#!/usr/bin/env bash
# Build the Linux downloads: the one-folder app (PyInstaller), a .tar.gz and a .deb.
#
#   bash packaging/linux/build.sh              # build dist/Tarneeb, then package it
#   bash packaging/linux/build.sh --no-build   # package an existing dist/Tarneeb
#   ... --app-dir DIR --out DIR                # package another built folder, elsewhere
#                                              # (relative paths: from the repository root)
#
# Needs: the game's dependencies and pyinstaller (pip install ".[build]"), tar, gzip and
# dpkg-deb (Debian/Ubuntu; without it the .deb is skipped with a warning).
# DEB_MAINTAINER="Name <mail>" sets the .deb's Maintainer field.
# Writes:
#   dist/Tarneeb-VERSION-linux-ARCH.tar.gz   unpack anywhere, run ./Tarneeb/Tarneeb; its
#                                            install-desktop-entry.sh adds a menu entry
#   dist/tarneeb_VERSION_DEBARCH.deb         sudo apt install ./tarneeb_VERSION_DEBARCH.deb
# AppImage is left out on purpose: its tools download prebuilt binaries at build time.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PYTHON:-python3}

build=1
APPDIR=dist/Tarneeb
OUT=dist
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --app-dir) APPDIR=$2; build=0; shift ;;
    --out) OUT=$2; shift ;;
    -h | --help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
# Quick compression for tests (TARNEEB_FAST_PACK=1); releases use the smallest.
if [ "${TARNEEB_FAST_PACK:-0}" = 1 ]; then
  GZIP_LEVEL=-1 DEB_COMPRESS=(-Zgzip -z1)
else
  GZIP_LEVEL=-9 DEB_COMPRESS=(-Zxz)
fi
mkdir -p "$OUT"

VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' tarneeb_desktop/__init__.py)
ARCH=$(uname -m)
case "$ARCH" in
  x86_64) DEBARCH=amd64 ;;
  aarch64) DEBARCH=arm64 ;;
  *) DEBARCH=$ARCH ;;
esac

if [ "$build" = 1 ]; then
  "$PY" -m PyInstaller --noconfirm --clean --log-level WARN build.spec
fi
if [ ! -x "$APPDIR/Tarneeb" ]; then
  echo "build.sh: $APPDIR/Tarneeb is missing (build it without --no-build)" >&2
  exit 1
fi
# A bundle that cannot even print its version must not be shipped.
"$APPDIR/Tarneeb" --version

STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT

# --- .tar.gz: the app folder plus a menu entry and icon the user can install ---------
NAME="Tarneeb-$VERSION-linux-$ARCH"
mkdir -p "$STAGE/$NAME"
cp -a "$APPDIR" "$STAGE/$NAME/Tarneeb"
cp packaging/linux/tarneeb.desktop "$STAGE/$NAME/tarneeb.desktop"
cp assets/icon.png "$STAGE/$NAME/tarneeb.png"
cp LICENSE "$STAGE/$NAME/LICENSE.txt"
cat >"$STAGE/$NAME/install-desktop-entry.sh" <<'EOS'
#!/bin/sh
# Add Tarneeb to your applications menu (for this user only; no root needed).
# Run it again after moving this folder. To remove the entry, delete the two files it names.
set -e
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
mkdir -p "$apps" "$icons"
cp "$here/tarneeb.png" "$icons/tarneeb.png"
sed -e "s|^Exec=.*|Exec=\"$here/Tarneeb/Tarneeb\"|" -e "s|^Icon=.*|Icon=$icons/tarneeb.png|" \
  "$here/tarneeb.desktop" >"$apps/tarneeb.desktop"
chmod 644 "$apps/tarneeb.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database "$apps" 2>/dev/null || true
echo "Tarneeb added to the menu: $apps/tarneeb.desktop and $icons/tarneeb.png"
EOS
chmod 755 "$STAGE/$NAME/install-desktop-entry.sh"
cat >"$STAGE/$NAME/README.txt" <<EOS
Tarneeb Desktop $VERSION for Linux ($ARCH)

Play:               ./Tarneeb/Tarneeb
Add to the menu:    ./install-desktop-entry.sh
Your settings, saved games and crash logs live in ~/.local/share/Tarneeb
(or \$XDG_DATA_HOME/Tarneeb), never in this folder.
EOS
TARBALL="$OUT/$NAME.tar.gz"
# Fixed owner and order so two builds of the same folder give the same archive listing.
tar -C "$STAGE" --owner=0 --group=0 --numeric-owner --sort=name -cf - "$NAME" \
  | gzip -n "$GZIP_LEVEL" >"$TARBALL"
echo "built $TARBALL ($(du -h "$TARBALL" | cut -f1))"

# --- .deb: /opt/tarneeb, /usr/bin/tarneeb, menu entry and icon ------------------------
if ! command -v dpkg-deb >/dev/null; then
  echo "build.sh: dpkg-deb not found, no .deb built" >&2
  exit 0
fi
PKG="$STAGE/deb"
mkdir -p "$PKG/DEBIAN" "$PKG/opt" "$PKG/usr/bin" "$PKG/usr/share/applications" \
  "$PKG/usr/share/icons/hicolor/256x256/apps" "$PKG/usr/share/doc/tarneeb"
cp -a "$APPDIR" "$PKG/opt/tarneeb"
ln -s /opt/tarneeb/Tarneeb "$PKG/usr/bin/tarneeb"
install -m 644 packaging/linux/tarneeb.desktop "$PKG/usr/share/applications/tarneeb.desktop"
install -m 644 assets/icon.png "$PKG/usr/share/icons/hicolor/256x256/apps/tarneeb.png"
install -m 644 LICENSE "$PKG/usr/share/doc/tarneeb/copyright"
# The bundle carries its own Python and libraries; it needs a C library at least as new
# as the build machine's (the reason release builds run on an older Ubuntu).
GLIBC=$(ldd --version 2>/dev/null | sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')
SIZE_KB=$(du -sk --exclude=DEBIAN "$PKG" | cut -f1)
MAINTAINER=${DEB_MAINTAINER:-Tarneeb Desktop contributors <tarneeb-desktop@localhost>}
cat >"$PKG/DEBIAN/control" <<EOS
Package: tarneeb
Version: $VERSION
Architecture: $DEBARCH
Maintainer: $MAINTAINER
Installed-Size: $SIZE_KB
Depends: libc6 (>= ${GLIBC:-2.31})
Recommends: libgl1, libasound2 | libpulse0
Section: games
Priority: optional
Description: Tarneeb, the partnership trick-taking card game
 Play Tarneeb (the trick-taking card game of the Levant and Egypt) against
 computer players, with friends on one screen, or across a LAN.
 This package is self-contained: it bundles its own Python runtime.
EOS
# Menus pick up the new entry without a re-login where the tools exist.
cat >"$PKG/DEBIAN/postinst" <<'EOS'
#!/bin/sh
set -e
if [ "$1" = configure ]; then
  command -v update-desktop-database >/dev/null && update-desktop-database -q /usr/share/applications || true
  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -f /usr/share/icons/hicolor || true
fi
exit 0
EOS
cat >"$PKG/DEBIAN/postrm" <<'EOS'
#!/bin/sh
set -e
if [ "$1" = remove ] || [ "$1" = purge ]; then
  command -v update-desktop-database >/dev/null && update-desktop-database -q /usr/share/applications || true
  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -f /usr/share/icons/hicolor || true
fi
exit 0
EOS
chmod 755 "$PKG/DEBIAN/postinst" "$PKG/DEBIAN/postrm"
DEB="$OUT/tarneeb_${VERSION}_${DEBARCH}.deb"
dpkg-deb --root-owner-group "${DEB_COMPRESS[@]}" --build "$PKG" "$DEB" >/dev/null
echo "built $DEB ($(du -h "$DEB" | cut -f1))"
echo "$(cd "$(dirname "$TARBALL")" && pwd)/$(basename "$TARBALL")"
echo "$(cd "$(dirname "$DEB")" && pwd)/$(basename "$DEB")"
