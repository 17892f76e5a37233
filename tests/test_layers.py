"""The layering of docs/architecture.md, checked on the source: each layer imports only the
layers below it, and no modules import each other in a cycle; sideways, no game imports
another game, tools reach the games only through the registry and their specs, and nothing
outside the games decides by a game's name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from binokel.registry import GAMES

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


# ------------------------------------------------------------------ sideways edges
def _game_of(mod: str) -> str | None:
    """The game package of ``mod`` (``binokel.games.zweier.melds`` -> ``zweier``)."""
    parts = mod.split(".")
    return parts[2] if parts[1:2] == ["games"] and len(parts) > 2 else None


# The shared bases of games/: packages that hold what several games share (the Binokel
# family's meld tables, meld finder and common options, binokel.games.family). A base is no
# game: the registry does not list it, every game may import it, and it imports no game.
SHARED_BASES = ("family",)


# Modules outside games/ that still reach into a game's package, each with the work that
# removes it: the package root re-exports Binokel's engine.
TOOLS_ALLOWED = {
    "binokel": "the package root's re-exports of Binokel",
}


def _sideways() -> set[tuple[str, str]]:
    """(importing game or base, imported module) for every import of a module of another
    game's package; a game importing a shared base is no such edge, a base importing a game
    is."""
    out = set()
    for mod, path in MODULES.items():
        game = _game_of(mod)
        if game is None:
            continue
        for target in imports(path, top_level_only=False):
            other = _game_of(target)
            if other is not None and other != game and other not in SHARED_BASES:
                out.add((game, target))
    return out


def test_no_game_imports_another_game() -> None:
    """No exception is left: what games share lives in a shared base (SHARED_BASES)."""
    assert _sideways() == set(), "a game imports another game"


def test_the_shared_bases_are_no_games() -> None:
    """A shared base is imported by games, and is neither registered nor a tool's way in."""
    registered = {spec.name for spec in GAMES}
    for base in SHARED_BASES:
        assert (PKG / "games" / base / "__init__.py").exists(), base
        assert base not in registered
        users = {_game_of(m) for m, p in MODULES.items() if _game_of(m) not in (None, base)
                 and any(_game_of(t) == base for t in imports(p, top_level_only=False))}
        assert len(users) >= 2, f"{base} is shared by {users} only"


def test_the_sideways_check_sees_an_edge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    """The check above reads relative imports the way Python does: ``from ...binokel.melds``
    in a Zweierbinokel bot is Binokel's module."""
    bot = tmp_path / "binokel" / "games" / "zweier" / "bots" / "x.py"
    bot.parent.mkdir(parents=True)
    bot.write_text("from ...binokel.melds import SU\nfrom ...family.melds import BO\n")
    monkeypatch.setitem(globals(), "SRC", tmp_path)
    found = imports(bot, top_level_only=False)
    assert {_game_of(t) for t in found} == {"binokel", "family"}


def _game_module_names(path: Path) -> set[str]:
    """The game modules ``path`` names in strings (``importlib.import_module("binokel.games.
    ...")``), besides its imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and re.fullmatch(r"binokel\.games\.[\w.]+", n.value)}


def test_tools_reach_games_only_through_the_registry() -> None:
    """Outside games/, only the registry imports a game, and only its package (whose spec
    it lists): every tool asks the spec (binokel.core.spec.GameSpec) for the rest."""
    found: dict[str, set[str]] = {}
    for mod, path in MODULES.items():
        if _game_of(mod) is not None or mod == "binokel.games":
            continue
        targets = {t for t in imports(path, top_level_only=False) if _game_of(t) is not None}
        targets |= _game_module_names(path)
        if mod == "binokel.registry":
            assert all(t.count(".") == 2 for t in targets), targets  # binokel.games.<game>
            continue
        if targets:
            found[mod] = targets
    assert set(found) <= set(TOOLS_ALLOWED), {m: found[m] for m in set(found) - set(TOOLS_ALLOWED)}
    assert set(TOOLS_ALLOWED) <= set(found), f"no longer needed: {set(TOOLS_ALLOWED) - set(found)}"


# ------------------------------------------------------------------ no branch on a game's name
GAME_NAMES = ("binokel", "kreuzbinokel", "zweier", "luxusfamilie", "doppelkopf")

# Files that still branch on a game's name, each until the work named in TOOLS_ALLOWED.
NAME_BRANCHES_ALLOWED: set[str] = set()


def _name_literals(tree: ast.AST) -> list[ast.Constant]:
    """The game names among the string literals of ``tree`` that decide something: compared
    (``game == "zweier"``, ``game in ("binokel", ...)``), keys of a dict, members of a
    tuple, list or set (a table per game), or a ``case`` of a match. A name as a default
    (``game="binokel"``), an argument or in a docstring decides nothing."""
    def names(node: ast.AST | None) -> list[ast.Constant]:
        if isinstance(node, ast.Constant) and node.value in GAME_NAMES:
            return [node]
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return [c for e in node.elts for c in names(e)]
        return []

    out: list[ast.Constant] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                out += names(operand)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                out += names(key)
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            out += names(node)
        elif isinstance(node, ast.MatchValue):
            out += names(node.value)
    return list({id(n): n for n in out}.values())  # a tuple compared is seen twice


def test_no_module_outside_games_compares_a_game_name() -> None:
    """What a tool needs of a game comes through its spec, never ``if game == "zweier"``:
    no Python module outside games/ decides anything by a game's name (the registry's own
    doctest and the CLI's default game are no decisions), and no script of the web client
    holds a game's name as a string."""
    assert set(GAME_NAMES) == {spec.name for spec in GAMES}
    found = []
    for path in sorted(PKG.rglob("*.py")):
        rel = str(path.relative_to(SRC))
        if rel.startswith("binokel/games/") or "migrations" in path.parts:
            continue
        for node in _name_literals(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{rel}:{node.lineno}: {node.value!r}")
    quoted = re.compile(r"""(["'`])(""" + "|".join(GAME_NAMES) + r""")\1""")
    for path in sorted((PKG / "web" / "static").rglob("*.js")):
        rel = str(path.relative_to(SRC))
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if quoted.search(line):
                found.append(f"{rel}:{i}: {line.strip()}")
    branching = {f.split(":")[0] for f in found}
    assert [f for f in found if f.split(":")[0] not in NAME_BRANCHES_ALLOWED] == []
    assert branching >= NAME_BRANCHES_ALLOWED, \
        f"no longer needed: {NAME_BRANCHES_ALLOWED - branching}"


def test_the_name_check_finds_branches() -> None:
    """The check above sees the usual ways of branching on a name, and not the harmless
    uses of one."""
    code = '''
def f(game: str = "binokel") -> int:
    """A "zweier" docstring."""
    if game == "zweier": return 1
    if game in ("binokel", "kreuzbinokel"): return 2
    scale = {"doppelkopf": 2.0}
    match game:
        case "luxusfamilie": return 3
    return g(default="binokel")
'''
    assert sorted(str(n.value) for n in _name_literals(ast.parse(code))) == [
        "binokel", "doppelkopf", "kreuzbinokel", "luxusfamilie", "zweier"]


# ------------------------------------------------------------------ size of a class
MAX_METHODS = 25

# Classes still above MAX_METHODS, each with its method count (none since the web layer's
# table and store were split by concern, issue 30). A count may only go down; an entry no
# longer needed fails the test (so the list only shrinks).
BIG_CLASSES_ALLOWED: dict[str, int] = {}


def _methods(node: ast.ClassDef) -> int:
    """The methods defined in the class's own body (properties and class methods included,
    nested functions and inherited methods not)."""
    return sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in node.body)


def _method_counts() -> dict[str, int]:
    """``file:class`` -> its methods, for every class in src."""
    out = {}
    for path in sorted(PKG.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                out[f"{path.relative_to(SRC)}:{node.name}"] = _methods(node)
    return out


def test_no_class_has_more_than_25_methods() -> None:
    """A class of more than 25 methods does several things: split it by concern into parts
    (as core.state's DealBase, ClaimProcedure and State), not into free functions taking
    ``self``."""
    big = {name: n for name, n in _method_counts().items() if n > MAX_METHODS}
    assert set(big) <= set(BIG_CLASSES_ALLOWED), {k: big[k] for k in set(big) -
                                                  set(BIG_CLASSES_ALLOWED)}
    assert all(big[k] <= n for k, n in BIG_CLASSES_ALLOWED.items() if k in big), \
        {k: (big[k], BIG_CLASSES_ALLOWED[k]) for k in big if big[k] > BIG_CLASSES_ALLOWED[k]}
    assert set(BIG_CLASSES_ALLOWED) <= set(big), \
        f"no longer needed: {set(BIG_CLASSES_ALLOWED) - set(big)}"


def test_the_method_count_sees_methods_only() -> None:
    code = '''
class A:
    x = 1
    def f(self) -> None:
        def g() -> None: ...
    @property
    def p(self) -> int: return 1
    async def h(self) -> None: ...
'''
    node = ast.parse(code).body[0]
    assert isinstance(node, ast.ClassDef)
    assert _methods(node) == 3


# ------------------------------------------------------------------ Any at the seams
# The modules whose functions and types the tools call a game through (the spec and its
# hooks' contracts, the bot and presenter seams, the state every tool reads).
SEAMS = ("core/spec.py", "core/worlds.py", "core/pad.py", "core/state.py", "core/view.py",
         "core/vocabulary.py", "search/position.py", "bots.py", "play.py", "registry.py",
         "present/__init__.py")

# Where a seam still takes ``Any``, and why: a hook that takes the game's own type (its rules,
# result, state or view) cannot name it in one list of every game's spec, since a callable's
# parameters are contravariant (core/spec.py, NewDeal); and JSON the code wrote itself.
ANY_AT_SEAMS_ALLOWED = {
    "core/spec.py: __call__(rules)",                        # NewDeal: the game's rules
    "core/spec.py: Callable[[Any, int], list[Card]]",       # full_deck(rules, players)
    "core/spec.py: Callable[[Any], tuple[int, ...]]",       # side_of(result)
    "core/state.py: Callable[[Any, str], str]",             # Handler(state, argument)
    "core/state.py: Callable[[Any, int, str], str]",        # InterjectionHandler
    "core/pad.py: entry_json(out)",                         # the entry's JSON being built
    "present/__init__.py: Callable[[Any, Context], Table]",  # Presenter(view, context)
    "present/__init__.py: offered_actions(table)",          # a Table's own JSON
}


def _mentions_any(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "Any" for n in ast.walk(node))


def _any_at_seams() -> set[str]:
    """Every parameter typed with ``Any`` in the seam modules: a function's parameter, or a
    parameter slot of a ``Callable[[...], ...]`` type (written ``file: what``)."""
    out = set()
    for rel in SEAMS:
        tree = ast.parse((PKG / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                    and node.value.id == "Callable" and isinstance(node.slice, ast.Tuple) \
                    and isinstance(node.slice.elts[0], ast.List) \
                    and any(_mentions_any(e) for e in node.slice.elts[0].elts):
                out.add(f"{rel}: {ast.unparse(node)}")
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                a = node.args
                for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]:
                    if arg is not None and arg.annotation is not None \
                            and _mentions_any(arg.annotation) \
                            and "Callable" not in ast.unparse(arg.annotation):
                        out.add(f"{rel}: {node.name}({arg.arg})")
    return out


def test_the_seams_are_typed() -> None:
    """A tool hands a game a ``View``, a ``RuleSet``, an ``AnyState`` or, for untrusted
    JSON, an ``object``; ``Any`` only where ANY_AT_SEAMS_ALLOWED says why (a list that only
    shrinks)."""
    found = _any_at_seams()
    assert found <= ANY_AT_SEAMS_ALLOWED, f"new Any at a seam: {found - ANY_AT_SEAMS_ALLOWED}"
    assert found >= ANY_AT_SEAMS_ALLOWED, f"no longer needed: {ANY_AT_SEAMS_ALLOWED - found}"
