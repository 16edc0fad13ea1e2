"""The layering of the package, as a test (STYLE.md, issue #9): imports go one way,

    front ends (cli, web) → campaign, printing, odds → engine → rules,

(the command line's ``serve`` starts the web app: cli → web, never web → cli),

with the few shared modules at the top of the package (errors, limits, i18n…) below all of
them, and no module imports another that imports it back (no cycles, function-level imports
included). The graph is read from the source with ``ast``: nothing is imported to check it.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "skirmish"

#: Each layer and the layers it may import (its own included).
ALLOWED: dict[str, set[str]] = {
    "base": {"base"},
    "rules": {"base", "rules"},
    "engine": {"base", "rules", "engine"},
    "odds": {"base", "rules", "engine", "odds"},
    "campaign": {"base", "rules", "engine", "odds", "campaign"},
    "migrations": {"base", "rules", "engine", "campaign", "migrations"},
    "printing": {"base", "rules", "engine", "odds", "campaign", "printing"},
    # ``skirmish serve`` (cli/serve.py) starts the web app; the web never imports the CLI.
    "cli": {"base", "rules", "engine", "odds", "campaign", "printing", "web", "cli"},
    "web": {"base", "rules", "engine", "odds", "campaign", "printing", "web"},
}


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _layer(module: str) -> str:
    if module == "skirmish.__main__":
        return "cli"  # ``python -m skirmish``: the command line's entry point
    parts = module.split(".")
    if len(parts) == 1 or parts[1] not in ALLOWED:
        return "base"  # skirmish, skirmish.errors, skirmish.limits, skirmish.i18n…
    return parts[1]


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # ``from package import module`` imports the module; ``from m import name``, m
                named = [f"{node.module}.{a.name}" for a in node.names]
                targets = [n for n in named if n in modules]
                if len(targets) < len(named):
                    targets.append(node.module)
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_imports_go_one_way() -> None:
    graph = _graph()
    upward = [
        f"{module} ({_layer(module)}) imports {target} ({_layer(target)})"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if _layer(target) not in ALLOWED[_layer(module)]
    ]
    assert upward == []


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert _cycles(_graph()) == []


def test_the_checks_can_fail() -> None:
    """The graph is really read: the known edges are there, and a made-up cycle is found."""
    graph = _graph()
    assert "skirmish.engine.dice" in graph["skirmish.cli.store_options"]
    assert _layer("skirmish.errors") == "base" and _layer("skirmish.cli.main") == "cli"
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
