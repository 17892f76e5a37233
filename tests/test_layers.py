"""The layering of docs/architecture.md, checked on the source: each layer imports only the
layers below it, and no modules import each other in a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PKG = SRC / "binokel"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, top_level_only: bool) -> set[str]:
    """The binokel modules ``path`` imports (at module level, or anywhere)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.If):  # if TYPE_CHECKING: ... is no import at run time
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("binokel")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.startswith("binokel"):
                # "from . import x" and "from .pkg import mod" may name modules
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    out.add(sub if (SRC / sub.replace(".", "/")).with_suffix(".py").exists()
                            or (SRC / sub.replace(".", "/")).is_dir() else target)
    return out


MODULES = {module_name(p): p for p in PKG.rglob("*.py") if "migrations" not in p.parts}


def layer(mod: str) -> int:
    """0 kernel, 1 game engines, 2 registry and records, 3 players, 4 presentation,
    5 front ends."""
    parts = mod.split(".")
    if parts[1:2] in (["core"], ["search"]):
        return 0
    if parts[1:2] == ["games"]:
        if len(parts) > 3 and parts[3] in ("bots", "solver", "strong", "simulate", "hints"):
            return 3
        if len(parts) > 3 and parts[3] == "present":
            return 4
        return 1
    if mod in ("binokel.registry", "binokel.record", "binokel.record_migrations"):
        return 2
    if mod in ("binokel.bots", "binokel.play"):
        return 3
    if parts[1:2] == ["present"]:
        return 4
    return 5


@pytest.mark.parametrize("mod", sorted(MODULES))
def test_each_layer_imports_only_the_layers_below(mod: str) -> None:
    for target in imports(MODULES[mod], top_level_only=True):
        if target not in MODULES:
            target = next((m for m in MODULES if target.startswith(m + ".")), target)
        if target in MODULES and not mod.startswith(target):
            assert layer(target) <= layer(mod), f"{mod} (layer {layer(mod)}) imports " \
                                                  f"{target} (layer {layer(target)})"


def test_no_import_cycles() -> None:
    graph = {m: {t for t in imports(p, top_level_only=True) if t in MODULES and t != m}
             for m, p in MODULES.items()}
    # A package's __init__ may import its own modules; they in turn import siblings only.
    for m in graph:
        graph[m] = {t for t in graph[m] if not (m.startswith(t + ".") and
                                                MODULES[t].name == "__init__.py")}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(graph[m]):
            if state.get(t) == 1:
                cycle = [*stack[stack.index(t):], t]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


def test_the_kernel_knows_no_game() -> None:
    for mod, path in MODULES.items():
        if layer(mod) == 0:
            assert all(layer(t) == 0 for t in imports(path, top_level_only=False)
                       if t in MODULES), mod
