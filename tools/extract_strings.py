"""List every translatable string of the UI and check the catalogues for missing ones.

Usage:
  python tools/extract_strings.py            every key, with where it is used
  python tools/extract_strings.py --check    exit 1 listing, per language, the missing keys
                                             and translations whose {fields} differ
  python tools/extract_strings.py --missing ar --json   the keys ar lacks, as a JSON object
                                             (value = key) ready to translate

Keys are found with the ast module in ``tarneeb_desktop/ui/*.py`` (and any other module of
the package that imports from ``tarneeb_desktop.ui.i18n``): the first argument of
every call to ``tr`` / ``i18n.tr`` / ``N_``. Besides plain literals it follows what a static
reading can: ``"a " + NAME[x]`` where NAME is a module-level dict/tuple/list of strings (also
imported from another module of the package), ``D.get(x, "y")``, ``a if c else b``. Anything
else (an f-string, a variable) cannot be checked and is reported as a warning.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import json
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "tarneeb_desktop"
UI = PKG / "ui"
LOCALE = PKG / "locale"
LANGS = ("ar", "fr", "de", "ru", "uk", "hi")
TR_NAMES = {"tr", "N_"}
MAX_COMBOS = 200  # a concatenation of tables could explode; beyond this, give up and warn


def _constants(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level names bound to a string or a dict/tuple/list/set of strings: the strings."""
    out: dict[str, list[str]] = {}
    for node in tree.body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if value is None:
            continue
        vals = _literal_strings(value)
        if vals is None:
            continue
        for t in targets:
            if isinstance(t, ast.Name):
                out[t.id] = vals
    return out


def _literal_strings(node: ast.expr) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    items: list[ast.expr | None]
    if isinstance(node, ast.Dict):
        items = list(node.values)
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = list(node.elts)
    else:
        return None
    out: list[str] = []
    for it in items:
        if isinstance(it, ast.Constant) and isinstance(it.value, str):
            out.append(it.value)
        elif isinstance(it, (ast.Tuple, ast.List)):
            # e.g. a table of (label, action) pairs: take the strings inside
            sub = _literal_strings(it)
            if sub is None:
                return None
            out.extend(sub)
        else:
            return None
    return out


def _literal_rows(node: ast.expr) -> list[tuple[str | None, ...]] | None:
    """A tuple/list of equally long tuples (a table of rows): the rows, None for non-strings."""
    if not isinstance(node, (ast.Tuple, ast.List)) or not node.elts:
        return None
    rows = []
    for el in node.elts:
        if not isinstance(el, (ast.Tuple, ast.List)):
            return None
        rows.append(
            tuple(
                e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else None
                for e in el.elts
            )
        )
    return rows if len({len(r) for r in rows}) == 1 else None


class _Module:
    """One source file: its tree, its constant tables and the names it imports."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        self.consts = _constants(self.tree)
        self.rows: dict[str, list[tuple[str | None, ...]]] = {}
        for node in self.tree.body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                rows = _literal_rows(node.value)
                for t in targets:
                    if rows is not None and isinstance(t, ast.Name):
                        self.rows[t.id] = rows
        # dataclass-like classes: field name -> position, to follow ``tr(row.label)`` back to
        # the values given to ``Row(...)``
        self.fields: dict[str, dict[str, int]] = {}
        for node in self.tree.body:
            if isinstance(node, ast.ClassDef):
                names = [
                    st.target.id
                    for st in node.body
                    if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
                ]
                if names:
                    self.fields[node.name] = {n: i for i, n in enumerate(names)}
        # class-level tables too (``LINES = (...)`` in a class body, read as ``self.LINES``)
        for cls_node in ast.walk(self.tree):
            if isinstance(cls_node, ast.ClassDef):
                for name, vals in _constants(cls_node).items():  # type: ignore[arg-type]
                    self.consts.setdefault(name, vals)
        self.imports: dict[str, tuple[str, str]] = {}  # local name -> (module, name)
        for node in self.tree.body:
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    self.imports[a.asname or a.name] = (node.module, a.name)


_modules: dict[Path, _Module] = {}


def _module(path: Path) -> _Module | None:
    path = path.resolve()
    if path not in _modules:
        try:
            _modules[path] = _Module(path)
        except (OSError, SyntaxError, UnicodeDecodeError):
            return None
    return _modules[path]


def _lookup(mod: _Module, name: str, depth: int = 0) -> list[str] | None:
    if name in mod.consts:
        return mod.consts[name]
    if name in mod.imports and depth < 4:  # also through a module that imports it in turn
        modname, attr = mod.imports[name]
        if modname.startswith("tarneeb_desktop"):
            rel = Path(*modname.split("."))
            for cand in (ROOT / rel.with_suffix(".py"), ROOT / rel / "__init__.py"):
                if cand.exists():
                    other = _module(cand)
                    if other is not None:
                        return _lookup(other, attr, depth + 1)
    return None


def _table(mod: _Module, node: ast.expr) -> list[str] | None:
    """The strings of a table named by ``node``: ``NAME``, ``self.NAME`` or ``Cls.NAME``."""
    if isinstance(node, ast.Name):
        return _lookup(mod, node.id)
    if isinstance(node, ast.Attribute):
        return mod.consts.get(node.attr)
    return _literal_strings(node)


def _loop_vars(mod: _Module, func: ast.AST) -> dict[str, list[str]]:
    """Loop variables of ``func`` that run over a known table: ``for line in self.LINES``."""
    out: dict[str, list[str]] = {}
    for node in ast.walk(func):
        if isinstance(node, (ast.For, ast.comprehension)):
            it, target = node.iter, node.target
            if (
                isinstance(it, ast.Call)
                and isinstance(it.func, ast.Name)
                and it.func.id in ("enumerate", "sorted", "reversed", "list", "tuple")
                and it.args
            ):
                if it.func.id == "enumerate":
                    if not (isinstance(target, ast.Tuple) and len(target.elts) == 2):
                        continue
                    target = target.elts[1]
                it = it.args[0]
            rows = mod.rows.get(it.id) if isinstance(it, ast.Name) else None
            if rows is not None and isinstance(target, ast.Tuple):
                # for sec, key, label, help_ in RULE_ROWS: each name gets its own column
                for i, e in enumerate(target.elts):
                    if isinstance(e, ast.Name) and i < len(rows[0]):
                        col = [r[i] for r in rows if r[i] is not None]
                        out.setdefault(e.id, []).extend(col)  # type: ignore[arg-type]
                continue
            vals = _table(mod, it)
            if vals is None:
                continue
            names = [target] if isinstance(target, ast.Name) else []
            if isinstance(target, ast.Tuple):
                names = [e for e in target.elts if isinstance(e, ast.Name)]
            for n in names:
                out.setdefault(n.id, []).extend(vals)
    for node in ast.walk(func):
        # side = SEAT_NAMES[seat]: a local name bound to a table entry
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id not in out
        ):
            vals = _values(mod, node.value, out)
            if vals is not None:
                out[node.targets[0].id] = vals
    return out


def _values(
    mod: _Module, node: ast.expr, loop_vars: dict[str, list[str]] | None = None
) -> list[str] | None:
    """Every string ``node`` can evaluate to, or None when a static reading cannot tell."""
    loop_vars = loop_vars or {}
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _values(mod, node.left, loop_vars), _values(mod, node.right, loop_vars)
        if left is None or right is None or len(left) * len(right) > MAX_COMBOS:
            return None
        return [a + b for a, b in itertools.product(left, right)]
    if isinstance(node, ast.IfExp):
        a, b = _values(mod, node.body, loop_vars), _values(mod, node.orelse, loop_vars)
        return None if a is None or b is None else a + b
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return _lookup(mod, node.value.id)
    if isinstance(node, ast.Name) and node.id in loop_vars:
        return loop_vars[node.id]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
    ):
        vals = _lookup(mod, node.func.value.id)
        if vals is None:
            return None
        if len(node.args) > 1:
            default = node.args[1]
            # D.get(k, k): the key itself is a fallback for odd input, not a visible string
            same = isinstance(default, ast.Name) and ast.dump(default) == ast.dump(node.args[0])
            if not same:
                extra = _values(mod, default, loop_vars)
                if extra is None:
                    return None
                vals = vals + extra
        return vals
    return None


def _is_tr(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id in TR_NAMES
    return isinstance(func, ast.Attribute) and func.attr in TR_NAMES


def source_files() -> list[Path]:
    """ui/*.py, and any other module of the package that uses the translation functions."""
    files = {p for p in UI.glob("*.py") if p.is_file()}
    for p in PKG.rglob("*.py"):
        try:
            if "ui.i18n import" in p.read_text(encoding="utf-8"):
                files.add(p)
        except (OSError, UnicodeDecodeError):
            continue
    return sorted(files)


def extract(
    files: list[Path] | None = None,
) -> tuple[dict[str, list[str]], list[str]]:
    """(key -> ["file:line", ...], warnings about calls whose text cannot be known)."""
    keys: dict[str, list[str]] = {}
    warnings: list[str] = []
    for path in files if files is not None else source_files():
        mod = _module(path)
        if mod is None:
            warnings.append(f"{path}: cannot parse")
            continue
        rel = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else path
        scopes = {}  # each call's innermost function, for its loop variables
        for func in ast.walk(mod.tree):
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lv = _loop_vars(mod, func)
                for sub in ast.walk(func):
                    scopes[id(sub)] = lv
        for node in ast.walk(mod.tree):
            if not (isinstance(node, ast.Call) and _is_tr(node.func) and node.args):
                continue
            where = f"{rel}:{node.lineno}"
            arg = node.args[0]
            if isinstance(arg, ast.Attribute) and any(arg.attr in f for f in mod.fields.values()):
                _field_values(mod, arg.attr, scopes, rel, keys, warnings)
                continue
            vals = _values(mod, arg, scopes.get(id(node)))
            if vals is None:
                warnings.append(
                    f"{where}: tr() of a computed value ({ast.unparse(node.args[0])}); "
                    'use a literal, or mark each possible text with N_("...")'
                )
                continue
            for v in vals:
                if v.strip() and where not in keys.get(v, []):
                    keys.setdefault(v, []).append(where)
    return keys, warnings


def _field_values(
    mod: _Module,
    attr: str,
    scopes: dict[int, dict[str, list[str]]],
    rel: object,
    keys: dict[str, list[str]],
    warnings: list[str],
) -> None:
    """``tr(row.label)``: every text given as ``label`` to a constructor of a class with that
    field (positionally or by keyword) in the same module becomes a key."""
    for cls, flds in mod.fields.items():
        if attr not in flds:
            continue
        pos = flds[attr]
        for call in ast.walk(mod.tree):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id == cls
            ):
                continue
            given = [k.value for k in call.keywords if k.arg == attr]
            if not given and pos < len(call.args):
                given = [call.args[pos]]
            for g in given:
                if isinstance(g, ast.Call) and _is_tr(g.func):
                    continue  # translated where it is made (and collected there)
                vals = _values(mod, g, scopes.get(id(call)))
                where = f"{rel}:{call.lineno}"
                if vals is None:
                    warnings.append(
                        f"{where}: {cls}({attr}=...) is translated later but its text is "
                        f'computed ({ast.unparse(g)}); use a literal or N_("...")'
                    )
                    continue
                for v in vals:
                    if v.strip() and where not in keys.get(v, []):
                        keys.setdefault(v, []).append(where)


def fields(s: str) -> set[str]:
    """The ``{name}`` replacement fields of a format string (empty when it is malformed)."""
    try:
        return {f for _, f, _, _ in string.Formatter().parse(s) if f is not None}
    except ValueError:
        return {"<malformed>"}


def load_catalogue(code: str) -> dict[str, str]:
    """Language ``code``'s strings: ``<code>.json`` merged with every ``<area>/<code>.json``
    (the main file first; the game reads them the same way)."""
    out: dict[str, str] = {}
    for path in [LOCALE / f"{code}.json", *sorted(LOCALE.glob(f"*/{code}.json"))]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            for k, v in data.items():
                out.setdefault(k, v)
    return out


def problems(keys: dict[str, list[str]], code: str) -> tuple[list[str], list[str]]:
    """(missing keys, keys whose translation has other {fields}) of language ``code``."""
    cat = load_catalogue(code)
    missing = [k for k in keys if not isinstance(cat.get(k), str) or not cat.get(k)]
    bad = [
        k for k in keys if isinstance(cat.get(k), str) and cat[k] and fields(cat[k]) != fields(k)
    ]
    return missing, bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a catalogue lacks a key")
    ap.add_argument("--missing", metavar="LANG", help="list the keys LANG lacks")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)
    keys, warnings = extract()
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    if args.missing:
        missing, bad = problems(keys, args.missing)
        todo = missing + bad
        if args.json:
            print(json.dumps({k: k for k in todo}, ensure_ascii=False, indent=1))
        else:
            print("\n".join(todo))
        return 0
    if args.check:
        # One line per missing key with the languages that lack it: the usual case is a new
        # string missing everywhere, which should read as one line, not six.
        lacking: dict[str, list[str]] = {}
        bad_fields: dict[str, list[str]] = {}
        for code in LANGS:
            missing, bad = problems(keys, code)
            for k in missing:
                lacking.setdefault(k, []).append(code)
            for k in bad:
                bad_fields.setdefault(k, []).append(code)
            state = "complete" if not missing and not bad else f"{len(missing)} missing"
            if bad:
                state += f", {len(bad)} with other {{fields}} than the English"
            print(f"[{code}] {state} ({len(keys)} strings)")
        for k, codes in lacking.items():
            print(f"missing in {' '.join(codes)}: {k!r}  ({keys[k][0]})")
        for k, codes in bad_fields.items():
            print(f"fields differ in {' '.join(codes)}: {k!r}")
        # Keys no code uses any more: harmless (never shown), listed so they can be dropped.
        unused = sorted({k for code in LANGS for k in load_catalogue(code)} - set(keys))
        for k in unused:
            print(f"unused (not an error): {k!r}")
        return 1 if lacking or bad_fields else 0
    if args.json:
        print(json.dumps(keys, ensure_ascii=False, indent=1))
    else:
        for k, where in keys.items():
            print(f"{k!r}  ({', '.join(where)})")
        print(f"{len(keys)} strings", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
