# Sourced by build-wine.sh, test-app.sh and test-installer.sh: the Wine settings and helpers
# they share. Needs ROOT (the repository) and say/fail from the sourcing script.

# The installer's fixed AppId (tarneeb.iss) as its uninstall entry names it.
APP_ID='{4B49B426-217B-48E4-A605-E00BA7CE84EB}_is1'

wine_env() { # wine_env PREFIX HOME: a 64-bit prefix, quiet, with no Mono or Gecko download
  # prompts and no menu entries written to the host's desktop; Wine links the Windows
  # user's Desktop and Documents into HOME
  export WINEPREFIX="$1" WINEARCH=win64 WINEDEBUG=-all
  export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
  export HOME="$2"
  mkdir -p "$HOME"
}

win() { # a Unix path as Wine sees it through drive Z:
  local p=${1//\//\\}
  printf 'Z:%s' "$p"
}

settle() { timeout 120 wineserver -w || true; } # every process of the prefix has ended

# Wine 8 hands a Windows program a Unix file as a standard stream in a form CPython rejects
# ("init_sys_streams: Invalid handle"; a file redirected inside Wine, by cmd's >, works, as on
# Windows), so output always goes through a pipe.
wrun() { # wrun SECONDS PROGRAM ARGS...: run under Wine, wait for what it started, keep its status
  local secs=$1 rc=0
  shift
  timeout "$secs" wine "$@" </dev/null 2>&1 | cat || rc=$?
  settle
  return "$rc"
}

uninstall_key() { # uninstall_key REGFILE: the uninstall entry's block, empty when absent
  awk -v key="Uninstall\\\\\\\\$APP_ID]" '
    /^\[/ { on = index($0, key) > 0; next }
    on' "$1" 2>/dev/null || true
}
