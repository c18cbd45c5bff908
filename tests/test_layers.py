"""The package's layers: no import cycle, and no import from a lower layer up to a higher one.

Every module of tarneeb_desktop is parsed (not imported) and every import counted: at module
level and inside functions alike, but not those under ``if TYPE_CHECKING:`` (annotations
only).
``from X import Y`` is an import of the module X.Y when there is one, else of X.

The layers are LAYERS below, bottom to top: a module may import its own layer and those
below it. A module the table does not place fails the test, so a new module must be placed.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "tarneeb_desktop"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE

#: Layer number -> module patterns (``name`` exactly, or ``name.*`` for everything under it).
LAYERS: dict[int, tuple[str, ...]] = {
    0: (
        "tarneeb_desktop",
        "tarneeb_desktop.paths",
        "tarneeb_desktop.seeds",
        "tarneeb_desktop.rules",
        "tarneeb_desktop.rules.*",
    ),
    1: (
        "tarneeb_desktop.ai",
        "tarneeb_desktop.ai.*",
        "tarneeb_desktop.record",
        "tarneeb_desktop.storage",
        "tarneeb_desktop.crashlog",
    ),
    2: ("tarneeb_desktop.table", "tarneeb_desktop.table.*"),
    # arena plays whole games, as the LAN host does: it sits with the table's users.
    3: (
        "tarneeb_desktop.arena",
        "tarneeb_desktop.net",
        "tarneeb_desktop.net.*",
        "tarneeb_desktop.settings",
        "tarneeb_desktop.stats",
        # setting up a game (a table, its seats and listeners) for the window
        "tarneeb_desktop.session",
        "tarneeb_desktop.session.*",
    ),
    4: ("tarneeb_desktop.ui", "tarneeb_desktop.ui.*"),
    5: ("tarneeb_desktop.cli", "tarneeb_desktop.cli.*", "tarneeb_desktop.__main__"),
}
LAYER_NAMES = {
    0: "rules",
    1: "ai/records/storage",
    2: "table",
    3: "net/settings/stats",
    4: "ui",
    5: "cli",
}


def layer_of(module: str) -> int | None:
    """The module's layer, or None when the table above does not place it."""
    for number, patterns in LAYERS.items():
        for pattern in patterns:
            if pattern.endswith(".*"):
                if module.startswith(pattern[:-1]):
                    return number
            elif module == pattern:
                return number
    return None


@dataclass(frozen=True)
class Edge:
    importer: str
    imported: str
    where: str  # path:line of the import statement

    def __str__(self) -> str:
        return f"{self.importer} -> {self.imported}  ({self.where})"


# ---------------------------------------------------------------------- parsing


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under ``node``, except in TYPE_CHECKING blocks."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _import_nodes_of(other)
            continue
        yield from _import_nodes_of(child)


def _import_nodes_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    yield from _import_nodes(node)


def module_imports(
    module: str, is_package: bool, source: str, known: set[str], path: str = "<src>"
) -> list[Edge]:
    """The imports of one module's source, as edges to modules in ``known``."""
    edges: list[Edge] = []

    def add(target: str, line: int) -> None:
        # The longest known module the name starts with (a name inside a module is the module).
        parts = target.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()
        edge = Edge(module, ".".join(parts), f"{path}:{line}")
        if parts and parts[0] == PACKAGE and edge not in edges:
            edges.append(edge)

    package = module if is_package else module.rpartition(".")[0]
    for node in _import_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - (node.level - 1)]
            origin = ".".join(base + ([node.module] if node.module else []))
        else:
            origin = node.module or ""
        if not origin.startswith(PACKAGE):
            continue
        for alias in node.names:
            sub = f"{origin}.{alias.name}"
            add(sub if sub in known else origin, node.lineno)
    return edges


def package_modules(root: Path = ROOT) -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is it a package's __init__) for every module of the package."""
    modules: dict[str, tuple[Path, bool]] = {}
    for py in sorted(root.rglob("*.py")):
        rel = py.relative_to(root.parent).with_suffix("")
        if "__pycache__" in rel.parts or "assets" in rel.parts or rel.name.startswith("."):
            continue
        is_package = rel.name == "__init__"
        parts = rel.parts[:-1] if is_package else rel.parts
        modules[".".join(parts)] = (py, is_package)
    return modules


def import_graph(root: Path = ROOT) -> dict[str, list[Edge]]:
    modules = package_modules(root)
    known = set(modules)
    graph: dict[str, list[Edge]] = {}
    for name, (path, is_package) in modules.items():
        rel = path.relative_to(root.parent).as_posix()
        text = path.read_text(encoding="utf-8")
        graph[name] = module_imports(name, is_package, text, known, rel)
    return graph


# ---------------------------------------------------------------------- checking


def _cycles(graph: dict[str, list[Edge]]) -> list[list[str]]:
    """The strongly connected components with a cycle (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for e in graph.get(v, []):
            w = e.imported
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            looped = len(component) > 1 or any(e.imported == v for e in graph.get(v, []))
            if looped:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _one_cycle(graph: dict[str, list[Edge]], component: list[str]) -> list[str]:
    """A shortest path from the component's first module back to itself (for the message)."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for e in graph.get(v, []):
                if e.imported == start:
                    return [*paths[v], start]
                if e.imported in members and e.imported not in paths:
                    paths[e.imported] = [*paths[v], e.imported]
                    nxt.append(e.imported)
        frontier = nxt
    return [start]


def problems(graph: dict[str, list[Edge]], layer: Callable[[str], int | None]) -> list[str]:
    """Every module the layer table does not place, every cycle (with all its edges) and
    every upward import, one readable line each."""
    out: list[str] = []
    for module in sorted(graph):
        if layer(module) is None:
            out.append(f"not placed in a layer (add it to LAYERS): {module}")
    for component in _cycles(graph):
        members = set(component)
        out.append("import cycle: " + " -> ".join(_one_cycle(graph, component)))
        for module in component:
            for e in graph.get(module, []):
                if e.imported in members:
                    out.append(f"    cycle edge: {e}")
    for module in sorted(graph):
        for e in graph[module]:
            low, high = layer(e.importer), layer(e.imported)
            if low is not None and high is not None and high > low:
                out.append(
                    f"upward import, layer {low} {LAYER_NAMES[low]} -> "
                    f"layer {high} {LAYER_NAMES[high]}: {e}"
                )
    return out


# ---------------------------------------------------------------------- tests


def test_every_module_is_placed_and_no_import_runs_up_or_in_a_cycle():
    graph = import_graph()
    assert "tarneeb_desktop.cli" in graph and "tarneeb_desktop.rules.state" in graph
    found = problems(graph, layer_of)
    assert not found, f"{len(found)} layering problems:\n" + "\n".join(found)


def _graph(edges: dict[str, list[str]]) -> dict[str, list[Edge]]:
    graph = {m: [Edge(m, t, f"{m}.py:1") for t in ts] for m, ts in edges.items()}
    for ts in edges.values():
        for t in ts:
            graph.setdefault(t, [])
    return graph


def test_the_checker_reports_a_cycle_an_upward_import_and_an_unplaced_module():
    P = PACKAGE
    cyclic = _graph(
        {
            f"{P}.ui.a": [f"{P}.ui.b"],
            f"{P}.ui.b": [f"{P}.ui.c", f"{P}.rules"],
            f"{P}.ui.c": [f"{P}.ui.a"],
        }
    )
    found = problems(cyclic, layer_of)
    assert f"import cycle: {P}.ui.a -> {P}.ui.b -> {P}.ui.c -> {P}.ui.a" in found
    assert sum("cycle edge:" in line for line in found) == 3
    assert not any("upward" in line for line in found)

    upward = _graph({f"{P}.rules.state": [f"{P}.ui.app"], f"{P}.ui.app": [f"{P}.rules.state"]})
    found = problems(upward, layer_of)
    assert any(
        line.startswith("upward import, layer 0 rules -> layer 4 ui: ")
        and f"{P}.rules.state -> {P}.ui.app" in line
        for line in found
    )
    assert sum(line.startswith("upward import") for line in found) == 1  # down is fine
    assert any(line.startswith("import cycle:") for line in found)  # but not both ways

    found = problems(_graph({f"{P}.gadgets": [f"{P}.rules"]}), layer_of)
    assert found == [f"not placed in a layer (add it to LAYERS): {P}.gadgets"]

    assert problems(_graph({f"{P}.cli": [f"{P}.ui.app"], f"{P}.ui.app": []}), layer_of) == []


def test_imports_are_read_everywhere_but_under_type_checking():
    P = PACKAGE
    known = {
        P,
        f"{P}.rules",
        f"{P}.rules.cards",
        f"{P}.ui",
        f"{P}.ui.app",
        f"{P}.ui.scene",
        f"{P}.cli",
    }
    source = f"""
from typing import TYPE_CHECKING
import json
from . import scene
from .app import App
from {P}.rules import cards, make_rules

if TYPE_CHECKING:
    from {P}.cli import main
else:
    import {P}.rules.cards

def later():
    from {P}.cli import build_parser

if __name__ == "__main__":
    from {P}.cli import main
"""
    edges = module_imports(f"{P}.ui.menu", False, source, known)
    got = [(e.imported, int(e.where.rpartition(":")[2])) for e in edges]
    assert got == [
        (f"{P}.ui.scene", 4),
        (f"{P}.ui.app", 5),
        (f"{P}.rules.cards", 6),
        (f"{P}.rules", 6),
        (f"{P}.rules.cards", 11),
        (f"{P}.cli", 14),
        (f"{P}.cli", 17),  # a script's entry is an import like any other
    ]


# ---------------------------------------------------------------------- the window sets up nothing

#: What only ``session/`` may import or build: the window's scenes ask it for a ready link.
SETUP_MODULES = (
    f"{PACKAGE}.seeds",
    f"{PACKAGE}.table.seats",
    f"{PACKAGE}.table.pool",
    f"{PACKAGE}.table.tournament",
    f"{PACKAGE}.net.host",
)
SETUP_BUILDERS = {"GameState", "Tournament", "Host", "RemoteLink", "Pool", "Table", "LocalLink"}
#: Modules of ui/ still allowed to set up games, with what they do. It started (issue 35)
#: with eleven: game/hints (a seat), lan_host_scene (net.host), menu and trophy_scene
#: (table.tournament), table_scene (a RemoteLink), tournament_play, tournament_results and
#: tournament_scene (Tournament and its seed), tutorial_script (the deal's GameState and a
#: seat), viewer_scene (a Pool) and viewer_steps (GameState); it is empty now.
ALLOWED_SETUP: dict[str, list[str]] = {}


def setup_in(module: str, source: str, path: str = "<src>") -> list[str]:
    """What ``source`` imports or builds that only ``session/`` may: one line each."""
    out = []
    tree = ast.parse(source)
    for node in _import_nodes(tree):
        names = [a.name for a in node.names]
        origins = (
            [node.module] + [f"{node.module}.{n}" for n in names]
            if isinstance(node, ast.ImportFrom) and node.module
            else names
        )
        for origin in origins:
            if origin in SETUP_MODULES:
                out.append(f"{path}:{node.lineno}: imports {origin}")
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name):
            called = f.id
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            called = f"{f.value.id}.{f.attr}"
        else:
            continue
        head = called.split(".")[0]
        if head in SETUP_BUILDERS or called.endswith("_seed"):
            out.append(f"{path}:{node.lineno}: calls {called}")
    return out


def test_the_window_sets_up_no_game():
    """Nothing under ui/ imports the seeds, seats, pool, tournament or host modules, or
    builds a GameState, Tournament, Host, RemoteLink, Pool, table, link or seed: session/
    does, and the scenes draw the link it gives them."""
    found: dict[str, list[str]] = {}
    for name, (path, _pkg) in package_modules().items():
        if name.startswith(f"{PACKAGE}.ui"):
            lines = setup_in(name, path.read_text(encoding="utf-8"), path.name)
            if lines:
                found[name] = lines
    assert set(found) == set(ALLOWED_SETUP), "\n".join(
        line for lines in found.values() for line in lines
    )


def test_the_setup_check_finds_imports_and_builders():
    source = (
        "from typing import TYPE_CHECKING\n"
        "from tarneeb_desktop.table.pool import Pool\n"
        "from tarneeb_desktop import seeds\n"
        "if TYPE_CHECKING:\n"
        "    from tarneeb_desktop.net.host import Host\n"  # annotations only: fine
        "def f(view):\n"
        "    return GameState.new(rules, seed=seeds.new_seed()), Pool(inline=True)\n"
    )
    found = sorted(setup_in("x", source, "x.py"))
    assert found == [
        "x.py:2: imports tarneeb_desktop.table.pool",
        "x.py:3: imports tarneeb_desktop.seeds",
        "x.py:7: calls GameState.new",
        "x.py:7: calls Pool",
        "x.py:7: calls seeds.new_seed",
    ]


def test_the_lan_host_takes_a_ready_table():
    """``net/`` serves tables and sets none up: no module of it builds a GameState, Table,
    Host or seed (``session.lan`` seats a table and hands it to the host, new or resumed,
    for the window and ``tarneeb host`` alike). A client's link may have its worker pool."""
    found = []
    for name, (path, _pkg) in package_modules().items():
        if name.startswith(f"{PACKAGE}.net"):
            found += [
                line
                for line in setup_in(name, path.read_text(encoding="utf-8"), path.name)
                if ": calls " in line and not line.endswith("calls Pool")
            ]
    assert found == []
