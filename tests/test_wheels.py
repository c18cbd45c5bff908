"""Every runtime dependency installs from a wheel on every system and Python the game supports.

The release builds run ``pip install ".[build]"`` on Windows, macOS and Linux; a dependency
(or one of its own dependencies) without a wheel there would be compiled from source, which
fails or silently differs. For each platform in PLATFORMS and Python in PYTHONS, pip
resolves pyproject.toml's dependencies as that machine would, wheels only
(``pip install --dry-run --only-binary=:all: --platform ... --python-version ...``; PyPI
serves the metadata, so nothing big is downloaded; 12 resolutions, 30 to 60 s). The test
fails naming each dependency with no wheel for a platform, and each whose newest version
(the one a normal install there takes) has no wheel for one platform while others get it.

Linux is checked for glibc 2.28 (manylinux_2_28), not 2.17 (manylinux2014): numpy 2.3+,
pillow 13 and contourpy 1.3.3, which endplay needs (the game never loads them), publish
x86_64 Linux wheels only for glibc 2.28 and newer, so on an older glibc pip would build
them from source. No supported distribution is that old (Debian 10, Ubuntu 20.04 and RHEL 8
have 2.28 or newer), and the Linux download, built on Ubuntu 22.04, needs glibc 2.35.

A limit of pip: environment markers other than the Python version (``sys_platform ==
"win32"``) are read for this machine, so a dependency needed only on Windows or macOS is
not seen. The real check needs PyPI; TARNEEB_NETWORK_TESTS=0 skips it (the checks of the
checker, on a made-up local index, still run).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
# Each platform with the tags pip may take there. pip widens a macOS tag to older macOS
# versions and universal2 by itself, and manylinux2014 to manylinux2010 and manylinux1, but
# not manylinux_2_28 to the older glibc tags in between: those are listed.
PLATFORMS = {
    "win_amd64": ("win_amd64",),
    "macosx_11_0_arm64": ("macosx_11_0_arm64",),
    "macosx_10_13_x86_64": ("macosx_10_13_x86_64",),
    "manylinux_2_28_x86_64": tuple(f"manylinux_2_{n}_x86_64" for n in range(28, 17, -1))
    + ("manylinux2014_x86_64",),
}
PYTHONS = ("3.11", "3.12", "3.13")  # requires-python = ">=3.11,<3.14"


def runtime_dependencies() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return list(project["dependencies"])


def resolve(
    requirements: Sequence[str], platform: str, python: str, tmp: Path, index: Sequence[str] = ()
) -> dict[str, str] | str:
    """{name: version} that pip would install from wheels alone, or pip's complaint."""
    tags = [arg for tag in PLATFORMS.get(platform, (platform,)) for arg in ("--platform", tag)]
    report = tmp / f"report-{platform}-{python}.json"
    cmd = [
        sys.executable, "-m", "pip", "install", "--dry-run", "--quiet",
        "--disable-pip-version-check", "--ignore-installed", "--only-binary=:all:",
        *tags, "--python-version", python, "--implementation", "cp",
        "--target", str(tmp / f"target-{platform}-{python}"),  # never written: a dry run
        "--report", str(report), *index, *requirements,
    ]  # fmt: skip
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        return result.stderr
    installs = json.loads(report.read_text(encoding="utf-8"))["install"]
    return {canonicalize_name(i["metadata"]["name"]): i["metadata"]["version"] for i in installs}


def wheel_gaps(
    requirements: Sequence[str],
    tmp: Path,
    index: Sequence[str] = (),
    platforms: Sequence[str] = PLATFORMS,
    pythons: Sequence[str] = PYTHONS,
) -> list[str]:
    """One line per missing wheel, naming the dependency, the platform and the Python."""
    combos = [(p, py) for py in pythons for p in platforms]
    with ThreadPoolExecutor(max_workers=2) as pool:  # 2 cores; pip waits on PyPI part of the time
        results = list(pool.map(lambda c: resolve(requirements, *c, tmp, index), combos))
    gaps = []
    by_python: dict[str, dict[str, dict[str, str]]] = {}
    for (platform, python), got in zip(combos, results, strict=True):
        if isinstance(got, str):
            missing = sorted(set(re.findall(r"No matching distribution found for (\S+)", got)))
            what = ", ".join(missing) if missing else "pip failed: " + got.strip()[-500:]
            gaps.append(f"Python {python} {platform}: no wheel for {what}")
        else:
            by_python.setdefault(python, {})[platform] = got
    for python, per_platform in by_python.items():
        for name in sorted({n for got in per_platform.values() for n in got}):
            versions = {p: got[name] for p, got in per_platform.items() if name in got}
            newest = max(versions.values(), key=Version)
            for platform, version in sorted(versions.items()):
                if version != newest:
                    gaps.append(
                        f"Python {python} {platform}: no wheel for {name} {newest} "
                        f"(wheels only gives {version}; a normal install would build {newest})"
                    )
    return gaps


def test_every_runtime_dependency_has_a_wheel_for_every_platform_and_python(tmp_path):
    if os.environ.get("TARNEEB_NETWORK_TESTS") == "0":
        pytest.skip("TARNEEB_NETWORK_TESTS=0: no look-up on PyPI")
    assert wheel_gaps(runtime_dependencies(), tmp_path) == []


# --- the check fails when it should, on a made-up package index -----------------------------


def _wheel(folder: Path, name: str, version: str, tag: str, requires: Sequence[str] = ()) -> None:
    """A minimal valid wheel: enough for pip to read its name, version and dependencies."""
    dist = f"{name.replace('-', '_')}-{version}"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    metadata += "".join(f"Requires-Dist: {r}\n" for r in requires)
    files = {
        f"{dist}.dist-info/METADATA": metadata,
        f"{dist}.dist-info/WHEEL": f"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: false\nTag: {tag}\n",
    }
    record = "".join(f"{path},,\n" for path in files) + f"{dist}.dist-info/RECORD,,\n"
    files[f"{dist}.dist-info/RECORD"] = record
    with zipfile.ZipFile(folder / f"{dist}-{tag}.whl", "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)


@pytest.fixture
def fake_index(tmp_path) -> list[str]:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    # Pure Python, fine everywhere, but it needs "tarneeb-native".
    _wheel(wheels, "tarneeb-pure", "1.0", "py3-none-any", ["tarneeb-native>=1"])
    # Compiled for Windows and Linux only, and only for Python 3.11.
    for platform in ("win_amd64", "manylinux2014_x86_64"):
        _wheel(wheels, "tarneeb-native", "1.0", f"cp311-cp311-{platform}")
    # 2.0 everywhere but Apple silicon, where only 1.0 has a wheel.
    for platform in ("win_amd64", "macosx_10_13_x86_64", "manylinux2014_x86_64"):
        _wheel(wheels, "tarneeb-lagging", "2.0", f"cp311-abi3-{platform}")
    _wheel(wheels, "tarneeb-lagging", "1.0", "cp311-abi3-macosx_11_0_arm64")
    return ["--no-index", "--find-links", str(wheels)]


def test_the_check_names_a_dependency_without_a_wheel(fake_index, tmp_path):
    gaps = wheel_gaps(["tarneeb-pure"], tmp_path, fake_index, pythons=("3.11", "3.12"))
    assert gaps == [
        "Python 3.11 macosx_11_0_arm64: no wheel for tarneeb-native>=1",
        "Python 3.11 macosx_10_13_x86_64: no wheel for tarneeb-native>=1",
        "Python 3.12 win_amd64: no wheel for tarneeb-native>=1",
        "Python 3.12 macosx_11_0_arm64: no wheel for tarneeb-native>=1",
        "Python 3.12 macosx_10_13_x86_64: no wheel for tarneeb-native>=1",
        "Python 3.12 manylinux_2_28_x86_64: no wheel for tarneeb-native>=1",
    ]


def test_the_check_names_a_newest_version_missing_on_one_platform(fake_index, tmp_path):
    gaps = wheel_gaps(["tarneeb-lagging"], tmp_path, fake_index, pythons=("3.11",))
    assert gaps == [
        "Python 3.11 macosx_11_0_arm64: no wheel for tarneeb-lagging 2.0 "
        "(wheels only gives 1.0; a normal install would build 2.0)"
    ]


def test_a_universal2_wheel_serves_both_macs(tmp_path):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    _wheel(wheels, "tarneeb-fat", "1.0", "cp311-cp311-macosx_10_13_universal2")
    index = ["--no-index", "--find-links", str(wheels)]
    gaps = wheel_gaps(
        ["tarneeb-fat"], tmp_path, index, ("macosx_11_0_arm64", "macosx_10_13_x86_64"), ("3.11",)
    )
    assert gaps == []
