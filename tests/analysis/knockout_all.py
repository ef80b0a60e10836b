"""Runtime knockouts: for each top-level function of the offline engine, makes it return an
empty result of its type (nothing found) and tells whether any output of the knockout harness
(tests.analysis.knockout: dev cases, demo, fixtures) changes. A function whose knockout changes
nothing contributes nothing on any of them.

    python -m tests.analysis.knockout_all OUT.tsv [MODULE_SUBSTRING] [MIN_LINES] [WORKERS]
"""

import ast
import asyncio
import functools
import importlib
import inspect
import multiprocessing
import sys
import types
from pathlib import Path

from holmes_backend.analysis.facts import memo
from tests.analysis.knockout import _cases, outputs

ROOT = Path(__file__).resolve().parents[2] / "backend" / "src"
_DOCS: dict[str, list] = {}  # type: ignore[type-arg]
_BASE: dict[str, dict[str, str]] = {}


def _empty(value: object) -> object:
    if value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)):
        return value
    if isinstance(value, bool):
        return False
    if isinstance(value, types.GeneratorType):
        return iter(())
    if isinstance(value, (list, tuple, set, frozenset, dict, str)):
        return type(value)()
    return None


def _clear(pure: bool = False) -> None:
    for docs in _DOCS.values():
        for doc in docs:
            vars(doc).pop(memo.ATTRIBUTE, None)
    if not pure:
        return
    for name, module in list(sys.modules.items()):
        if name.startswith("holmes_backend.analysis") and not name.endswith(".nlp"):
            for value in vars(module).values():
                if hasattr(value, "cache_clear") and callable(value):
                    value.cache_clear()


def _candidates(substring: str, min_lines: int) -> list[tuple[str, str, int]]:
    found = []
    for path in sorted((ROOT / "holmes_backend").glob("**/*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        module = ".".join(rel.parts)
        if not (module.startswith("holmes_backend.analysis") or "llm.local" in module):
            continue
        if (substring and substring not in module) or module.endswith((".nlp", ".memo")):
            continue
        if not substring and ".facts." in module:
            continue
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.end_lineno - node.lineno + 1 >= min_lines:
                found.append((module, node.name, node.end_lineno - node.lineno + 1))
    return sorted(found, key=lambda c: -c[2])


def _changed() -> str:
    for name, docs in _DOCS.items():
        _clear()
        try:
            out = outputs(docs)
        except Exception as error:
            return f"{name}:crash:{type(error).__name__}"
        for part, text in out.items():
            if _BASE[name][part] != text:
                return f"{name}:{part}"
    return ""


def _knock(candidate: tuple[str, str, int]) -> str:
    module_name, name, lines = candidate
    module = importlib.import_module(module_name)
    original = getattr(module, name, None)
    if original is None or not inspect.isfunction(inspect.unwrap(original)):
        return f"{module_name}\t{name}\t{lines}\tskip"

    @functools.wraps(original)
    def knocked(*args: object, **kwargs: object) -> object:
        return _empty(original(*args, **kwargs))

    patched = []
    for other in list(sys.modules.values()):
        if getattr(other, "__name__", "").startswith(("holmes_backend", "tests")):
            for attr, value in list(vars(other).items()):
                if value is original:
                    setattr(other, attr, knocked)
                    patched.append((other, attr))
    try:
        result = _changed()
    finally:
        for other, attr in patched:
            setattr(other, attr, original)
    return f"{module_name}\t{name}\t{lines}\t{result or 'NOCHANGE'}"


def main() -> None:
    out = Path(sys.argv[1])
    substring = sys.argv[2] if len(sys.argv) > 2 else ""
    min_lines = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    cases = asyncio.run(_cases())
    order = sorted(cases, key=lambda n: (n.startswith("fx/"), n))
    for name in order:
        _DOCS[name] = cases[name]
        _clear(pure=True)
        _BASE[name] = outputs(cases[name])
    control = _changed()
    assert not control, f"the outputs change with nothing knocked out: {control}"
    candidates = _candidates(substring, min_lines)
    print(f"{len(candidates)} candidates", flush=True)
    with multiprocessing.get_context("fork").Pool(workers) as pool, out.open("w") as sink:
        for line in pool.imap_unordered(_knock, candidates):
            print(line, flush=True)
            sink.write(line + "\n")
            sink.flush()


if __name__ == "__main__":
    main()
