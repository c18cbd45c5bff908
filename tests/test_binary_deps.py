"""The DDS solver's binary dependencies on Windows and macOS, read from endplay's wheels.

PyInstaller builds the Windows and macOS apps only on those systems, but the one native
library that the game loads by itself, endplay's DDS solver, can be read here. These tests
download the endplay wheels that a build would install for Windows and both macOS
architectures (``pip download --only-binary=:all: --platform ... --no-deps``, about 0.7 MB,
once per test session), list what the library imports (pefile for dds.dll, macholib for
libdds.dylib) and fail on any import that build.spec does not bundle beside it and that is
not part of the system. They need PyPI; TARNEEB_NETWORK_TESTS=0 skips the download.

build.spec's side is tested here too: on Windows a missing Visual C++ runtime DLL stops
the build instead of giving a bundle that cannot load the solver on a clean machine.
"""

from __future__ import annotations

import ast
import fnmatch
import os
import subprocess
import sys
import tomllib
import types
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

pefile = pytest.importorskip("pefile", reason='pefile is a test extra: pip install ".[test]"')
macholib_macho = pytest.importorskip("macholib.MachO", reason='pip install ".[test]"')
from macholib import mach_o  # noqa: E402 - after the importorskip above

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
PYTHON = "3.11"  # the release builds' Python (release.yml)


@dataclass(frozen=True)
class Target:
    platform: str  # a wheel platform tag for pip download --platform
    library: str  # the DDS library inside the wheel
    arch: str  # what the library must be built for
    system: tuple[str, ...]  # imports the system provides (fnmatch patterns, any case)
    min_os: tuple[int, int] | None = None  # macOS: the oldest version the game supports


WINDOWS_SYSTEM = ("kernel32.dll", "api-ms-win-crt-*.dll", "ucrtbase.dll")
MACOS_SYSTEM = ("/usr/lib/libSystem.B.dylib", "/usr/lib/libc++.1.dylib")
TARGETS = {
    "windows-x64": Target("win_amd64", "endplay/_dds/dds.dll", "AMD64", WINDOWS_SYSTEM),
    # The README promises macOS 11 on Apple silicon; Intel Macs get no download yet, but a
    # build there takes the x86_64 wheel, so it is read too.
    "macos-arm64": Target(
        "macosx_11_0_arm64", "endplay/_dds/libdds.dylib", "ARM64", MACOS_SYSTEM, (11, 0)
    ),
    "macos-x86_64": Target(
        "macosx_10_13_x86_64", "endplay/_dds/libdds.dylib", "x86_64", MACOS_SYSTEM, (10, 13)
    ),
}


# --- reading a library ------------------------------------------------------------------


@dataclass
class Library:
    arch: str
    imports: list[str]
    min_os: tuple[int, int] | None = None


def read_pe(path: Path) -> Library:
    pe = pefile.PE(str(path), fast_load=True)
    pe.parse_data_directories(
        directories=[
            pefile.DIRECTORY_ENTRY["IMAGE_DIRECTORY_ENTRY_IMPORT"],
            pefile.DIRECTORY_ENTRY["IMAGE_DIRECTORY_ENTRY_DELAY_IMPORT"],
        ]
    )
    names = [e.dll.decode() for e in getattr(pe, "DIRECTORY_ENTRY_IMPORT", [])]
    names += [e.dll.decode() for e in getattr(pe, "DIRECTORY_ENTRY_DELAY_IMPORT", [])]
    machine = pefile.MACHINE_TYPE.get(pe.FILE_HEADER.Machine, hex(pe.FILE_HEADER.Machine))
    return Library(machine.removeprefix("IMAGE_FILE_MACHINE_"), names)


def read_macho(path: Path) -> Library:
    """Imports (LC_LOAD_DYLIB and kin) and the minimum macOS of a thin Mach-O library."""
    macho = macholib_macho.MachO(str(path))
    assert len(macho.headers) == 1, f"{path} is a universal binary: read each slice"
    header = macho.headers[0]
    arch = mach_o.CPU_TYPE_NAMES.get(header.header.cputype, str(header.header.cputype))
    imports = [filename for _index, _name, filename in header.walkRelocatables()]
    min_os = None
    for command, body, _data in header.commands:
        if command.cmd in (mach_o.LC_BUILD_VERSION, mach_o.LC_VERSION_MIN_MACOSX):
            packed = int(body.minos if command.cmd == mach_o.LC_BUILD_VERSION else body.version)
            min_os = (packed >> 16, (packed >> 8) & 0xFF)
    return Library(arch, imports, min_os)


def read_library(path: Path) -> Library:
    return read_pe(path) if path.suffix == ".dll" else read_macho(path)


def spec_windows_runtime(spec_text: str) -> tuple[str, ...]:
    """build.spec's WINDOWS_RUNTIME_DLLS, read without running the spec."""
    for node in ast.parse(spec_text).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "WINDOWS_RUNTIME_DLLS" for t in node.targets
        ):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("build.spec has no WINDOWS_RUNTIME_DLLS")


def problems(target: Target, library: Library, bundled: tuple[str, ...]) -> list[str]:
    """What would stop the library loading on a clean machine of that system."""
    found = []
    if library.arch != target.arch:
        found.append(f"built for {library.arch}, not {target.arch}")
    if target.min_os and (library.min_os is None or library.min_os > target.min_os):
        found.append(f"needs macOS {library.min_os}, later than {target.min_os}")
    own = {b.lower() for b in bundled}
    for name in library.imports:
        low = name.lower()
        if low in own or any(fnmatch.fnmatch(low, pat.lower()) for pat in target.system):
            continue
        found.append(f"imports {name}, which build.spec does not bundle and the system lacks")
    return found


def bundled_for(target: Target) -> tuple[str, ...]:
    if target.platform.startswith("win"):
        return spec_windows_runtime(SPEC.read_text(encoding="utf-8"))
    return ()  # build.spec ships libdds.dylib alone on macOS


# --- endplay's wheels ---------------------------------------------------------------------


def _endplay_requirement() -> str:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return next(d for d in deps["dependencies"] if d.replace("_", "-").startswith("endplay"))


@pytest.fixture(scope="session")
def dds_libraries(tmp_path_factory) -> dict[str, Path]:
    """The DDS library out of endplay's newest wheel for each target, downloaded once."""
    if os.environ.get("TARNEEB_NETWORK_TESTS") == "0":
        pytest.skip("TARNEEB_NETWORK_TESTS=0: no download from PyPI")
    base = tmp_path_factory.mktemp("endplay-wheels")
    found = {}
    for key, target in TARGETS.items():
        folder = base / key
        cmd = [
            sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
            "--only-binary=:all:", "--no-deps", "--platform", target.platform,
            "--python-version", PYTHON, "--implementation", "cp",
            "--dest", str(folder), _endplay_requirement(),
        ]  # fmt: skip
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, f"pip download for {target.platform}:\n{result.stderr}"
        (wheel,) = folder.glob("endplay-*.whl")
        with zipfile.ZipFile(wheel) as archive:
            archive.extract(target.library, folder)
        found[key] = folder / target.library
    return found


@pytest.mark.parametrize("key", sorted(TARGETS))
def test_dds_library_needs_only_what_build_spec_bundles_and_the_system_has(dds_libraries, key):
    target = TARGETS[key]
    library = read_library(dds_libraries[key])
    assert library.imports, "no imports read: the reader is broken"
    assert problems(target, library, bundled_for(target)) == []


def test_dds_dll_imports_the_visual_cpp_runtime_that_build_spec_bundles(dds_libraries):
    # What the issue found by hand, kept as a fact: if endplay stops needing the runtime,
    # build.spec can stop requiring it.
    imports = {n.lower() for n in read_pe(dds_libraries["windows-x64"]).imports}
    assert {"msvcp140.dll", "vcruntime140.dll", "vcruntime140_1.dll"} <= imports
    assert set(spec_windows_runtime(SPEC.read_text(encoding="utf-8"))) <= imports


# --- the checker fails when it should --------------------------------------------------------


def _patched(source: Path, dest: Path, old: bytes, new: bytes) -> Path:
    data = source.read_bytes()
    assert data.count(old) == 1, f"{old!r} is not in {source.name} exactly once"
    dest.write_bytes(data.replace(old, new.ljust(len(old), b"\0")))
    return dest


def test_a_dll_importing_a_runtime_nobody_bundles_is_caught(dds_libraries, tmp_path):
    target = TARGETS["windows-x64"]
    dll = _patched(
        dds_libraries["windows-x64"], tmp_path / "dds.dll", b"VCRUNTIME140_1.dll", b"MSVCP140_2.dll"
    )
    assert read_pe(dll).imports.count("MSVCP140_2.dll") == 1
    assert problems(target, read_pe(dll), bundled_for(target)) == [
        "imports MSVCP140_2.dll, which build.spec does not bundle and the system lacks"
    ]


def test_a_build_spec_that_drops_a_runtime_dll_is_caught(dds_libraries):
    target = TARGETS["windows-x64"]
    text = SPEC.read_text(encoding="utf-8").replace(', "vcruntime140_1.dll"', "", 1)
    bundled = spec_windows_runtime(text)
    assert "vcruntime140_1.dll" not in bundled
    assert problems(target, read_pe(dds_libraries["windows-x64"]), bundled) == [
        "imports VCRUNTIME140_1.dll, which build.spec does not bundle and the system lacks"
    ]


def test_a_dylib_needing_an_unbundled_library_or_a_newer_macos_is_caught(dds_libraries, tmp_path):
    target = TARGETS["macos-arm64"]
    lib = _patched(
        dds_libraries["macos-arm64"],
        tmp_path / "libdds.dylib",
        b"/usr/lib/libc++.1.dylib",
        b"@rpath/libomp.dylib",
    )
    assert problems(target, read_macho(lib), ()) == [
        "imports @rpath/libomp.dylib, which build.spec does not bundle and the system lacks"
    ]
    wrong = problems(target, read_macho(dds_libraries["macos-x86_64"]), ())
    assert wrong == ["built for x86_64, not ARM64"]  # the Intel slice on an Apple-silicon app
    newer = Library("ARM64", list(MACOS_SYSTEM), (13, 0))
    assert problems(target, newer, ()) == ["needs macOS (13, 0), later than (11, 0)"]


# --- build.spec: a missing runtime DLL stops a Windows build -------------------------------


def _spec_functions(**world: object) -> dict[str, object]:
    """build.spec's WINDOWS_RUNTIME_DLLS, windows_runtime and dds_binaries, run in a made-up
    world (IS_WIN, importlib, sys, os), without PyInstaller."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    wanted = {"WINDOWS_RUNTIME_DLLS", "windows_runtime", "dds_binaries"}
    body = [
        node
        for node in tree.body
        if (isinstance(node, ast.FunctionDef) and node.name in wanted)
        or (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id in wanted for t in node.targets)
        )
    ]
    assert len(body) == 3, "build.spec lost one of " + ", ".join(sorted(wanted))
    namespace: dict[str, object] = {"Path": Path, **world}
    exec(compile(ast.Module(body=body, type_ignores=[]), str(SPEC), "exec"), namespace)
    return namespace


def _windows_machine(tmp_path: Path, runtime: tuple[str, ...]) -> dict[str, object]:
    endplay = tmp_path / "site-packages" / "endplay"
    (endplay / "_dds").mkdir(parents=True)
    (endplay / "_dds" / "dds.dll").write_bytes(b"MZ")
    python, windows = tmp_path / "Python311", tmp_path / "Windows"
    (windows / "System32").mkdir(parents=True)
    python.mkdir()
    for name in runtime:  # where a python.org Python and the VC++ redistributable put them
        folder = python if name.startswith("vcruntime") else windows / "System32"
        (folder / name).write_bytes(b"MZ")
    spec = types.SimpleNamespace(submodule_search_locations=[str(endplay)])
    return _spec_functions(
        IS_WIN=True,
        importlib=types.SimpleNamespace(util=types.SimpleNamespace(find_spec=lambda _: spec)),
        sys=types.SimpleNamespace(base_prefix=str(python), prefix=str(python)),
        os=types.SimpleNamespace(environ={"SystemRoot": str(windows)}),
    )


def test_build_spec_bundles_dds_dll_with_its_runtime_on_windows(tmp_path):
    spec = _windows_machine(tmp_path, ("msvcp140.dll", "vcruntime140.dll", "vcruntime140_1.dll"))
    pairs = spec["dds_binaries"]()
    assert [Path(src).name for src, _ in pairs] == [
        "dds.dll",
        "msvcp140.dll",
        "vcruntime140.dll",
        "vcruntime140_1.dll",
    ]
    assert {dest for _, dest in pairs} == {"endplay/_dds"}


def test_build_spec_stops_a_windows_build_missing_a_runtime_dll(tmp_path):
    spec = _windows_machine(tmp_path, ("msvcp140.dll", "vcruntime140.dll"))
    with pytest.raises(SystemExit) as stop:
        spec["dds_binaries"]()
    message = str(stop.value)
    assert "dds.dll needs vcruntime140_1.dll" in message
    assert "msvcp140.dll" not in message.split("not found")[0]
    assert str(tmp_path / "Windows" / "System32") in message
    assert "redistributable" in message
