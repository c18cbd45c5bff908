#!/usr/bin/env bash
# Build the macOS download: dist/Tarneeb.app inside dist/Tarneeb-VERSION-macos-ARCH.dmg.
#
#   bash packaging/macos/build.sh
#
# Runs on macOS only (sips, iconutil, hdiutil, codesign come with the system). Needs the
# game's dependencies and pyinstaller: pip install ".[build]".
# The app is built for the machine's own architecture (arm64 on Apple silicon).
# Signing: ad-hoc by default (players open it the first time with right-click > Open).
# Set MACOS_SIGN_IDENTITY="Developer ID Application: ..." to sign with a real identity;
# notarization is left to the release manager (xcrun notarytool).
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PYTHON:-python3}
VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' tarneeb_desktop/__init__.py)
ARCH=$(uname -m)

# --- icon: an .icns made from assets/icon.png (256 px, so the 512 sizes are upscaled) ---
ICONSET=build/macos/Tarneeb.iconset
rm -rf "$ICONSET"
mkdir -p "$ICONSET"
for size in 16 32 64 128 256 512; do
  sips -z "$size" "$size" assets/icon.png --out "$ICONSET/icon_${size}x${size}.png" >/dev/null
  double=$((size * 2))
  sips -z "$double" "$double" assets/icon.png --out "$ICONSET/icon_${size}x${size}@2x.png" >/dev/null
done
iconutil -c icns "$ICONSET" -o build/macos/Tarneeb.icns

# --- the .app (build.spec makes dist/Tarneeb.app next to dist/Tarneeb) -----------------
TARNEEB_ICNS="$(pwd)/build/macos/Tarneeb.icns" "$PY" -m PyInstaller --noconfirm --clean \
  --log-level WARN build.spec
APP=dist/Tarneeb.app
"$APP/Contents/MacOS/Tarneeb" --version

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
  codesign --force --deep --options runtime --timestamp --sign "$MACOS_SIGN_IDENTITY" "$APP"
else
  # PyInstaller signs ad hoc already; re-signing the whole bundle keeps it valid after
  # any change made since (and arm64 refuses to run unsigned code at all).
  codesign --force --deep --sign - "$APP"
fi
codesign --verify --deep --strict "$APP"

# --- the .dmg: the app and a shortcut to /Applications to drag it onto ------------------
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
DMG="dist/Tarneeb-$VERSION-macos-$ARCH.dmg"
rm -f "$DMG"
hdiutil create -volname "Tarneeb $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG" >/dev/null
echo "built $DMG ($(du -h "$DMG" | cut -f1))"
echo "$(pwd)/$DMG"
