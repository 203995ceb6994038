"""The games' compiled cores: compiling one with mypyc, and choosing at import between its
compiled build and its Python source. Generic: a game's ``kernel`` package names its own core
file (``sintra_rules/games/<game>/kernel/core.py``); nothing here imports a game.

A core is one self-contained, typed Python module that mypyc compiles alone. It is used three
ways, all through this module:

* the wheel's build hook (``hatch_build.py``) compiles every core it finds (:func:`cores`) into
  the wheel, or leaves the wheel pure Python;
* ``python -m sintra_rules.games.<game>.kernel.build`` compiles one core of a source checkout
  into ``build/kernel/<key>/`` (:func:`build_cached`, :func:`build_main`), one folder per
  source version;
* a game's ``kernel`` package loads its core at import (:func:`load_core`): compiled when a
  build is installed beside the source or found in the checkout's ``build/kernel/``,
  interpreted otherwise, as the environment variable ``SINTRA_KERNEL`` asks
  (``compiled``, ``interpreted`` or ``auto``, the default; :func:`mode`).

Only the standard library is imported at module level: the build hook loads this file by path,
before the package is installed. mypyc (from ``mypy``) and setuptools are imported when a build
is asked for.

>>> [str(path) for path in cores(Path(__file__).resolve().parents[1])]  # doctest: +ELLIPSIS
[...'sintra_rules/games/sintra/kernel/core.py'...]
>>> module_name(Path("sintra_rules/games/sintra/kernel/core.py"))
'sintra_rules.games.sintra.kernel.core'
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
import types
from collections.abc import Iterator, MutableSequence
from pathlib import Path
from typing import Literal

__all__ = [
    "MODES",
    "Mode",
    "build",
    "build_cached",
    "build_main",
    "cache_dir",
    "compiled_file",
    "cores",
    "is_compiled",
    "load_core",
    "mode",
    "module_name",
    "source_key",
]

#: How a core is chosen: ``"auto"`` (compiled when available), ``"compiled"`` or
#: ``"interpreted"``.
Mode = Literal["auto", "compiled", "interpreted"]
#: The three modes.
MODES: tuple[Mode, ...] = ("auto", "compiled", "interpreted")
_GAMES = Path("sintra_rules") / "games"


# ----------------------------------------------------------------------------- building


def cores(root: Path) -> list[Path]:
    """Every game's core in a source tree: ``sintra_rules/games/<game>/kernel/core.py``,
    relative to ``root``, sorted.

    Args:
        root: the project root (holding ``pyproject.toml``).

    Returns:
        The relative paths.
    """
    found = (root / _GAMES).glob("*/kernel/core.py")
    return sorted(path.relative_to(root) for path in found)


def module_name(core: Path) -> str:
    """The dotted module name of a core's relative path."""
    return ".".join(core.with_suffix("").parts)


def source_key(root: Path, core: Path) -> str:
    """A key naming one build: the core's path and source, the Python ABI and the mypy
    version."""
    try:
        from mypy.version import __version__ as mypy_version
    except ImportError:  # pragma: no cover - no mypy: nothing can be built anyway
        mypy_version = "none"
    digest = hashlib.sha256((root / core).read_bytes())
    digest.update(f"{sys.implementation.cache_tag} {sysconfig.get_platform()}".encode())
    digest.update(mypy_version.encode())
    digest.update(core.as_posix().encode())
    return digest.hexdigest()[:16]


def cache_dir(root: Path, core: Path) -> Path:
    """Where a development checkout keeps a compiled core, one folder per
    :func:`source_key` (under ``build/``, which git ignores)."""
    return root / "build" / "kernel" / source_key(root, core)


def compiled_file(folder: Path, core: Path) -> Path | None:
    """The compiled module of ``core`` inside a build output folder, or ``None``."""
    where = folder / core.parent
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        found = where / f"{core.stem}{suffix}"
        if found.is_file():
            return found
    return None


@contextlib.contextmanager
def _cwd(path: Path) -> Iterator[None]:
    old = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(old)


def build(root: Path, out: Path, core: Path, *, quiet: bool = True) -> Path:
    """Compile ``root / core`` with mypyc into ``out`` (the compiled module lands at
    ``out / core`` with the platform's extension suffix, its helper library beside it).

    Args:
        root: the project root.
        out: the output folder.
        core: the core's path relative to ``root``.
        quiet: hide mypyc's and the compiler's output.

    Returns:
        The compiled module's path.

    Raises:
        ImportError: mypyc or setuptools is not installed.
        Exception: whatever mypyc or the C compiler raises when compiling fails.
    """
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]
    from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

    root = root.resolve()
    out = out.resolve()
    with tempfile.TemporaryDirectory(prefix="sintra-kernel-") as tmp, _cwd(root):
        sink = open(os.devnull, "w") if quiet else None  # noqa: SIM115 - closed below
        try:
            with (
                contextlib.redirect_stdout(sink) if sink else contextlib.nullcontext(),
                contextlib.redirect_stderr(sink) if sink else contextlib.nullcontext(),
            ):
                extensions = mypycify(
                    [core.as_posix()], opt_level="3", target_dir=str(Path(tmp) / "c")
                )
                dist = Distribution({"name": "sintra-kernel", "ext_modules": extensions})
                command = build_ext(dist)
                command.build_lib = str(out)
                command.build_temp = str(Path(tmp) / "obj")
                command.inplace = False
                command.ensure_finalized()
                command.run()
        finally:
            if sink:
                sink.close()
    found = compiled_file(out, core)
    if found is None:  # pragma: no cover - build_ext succeeded but wrote elsewhere
        raise RuntimeError(f"mypyc wrote no compiled module for {core} under {out}")
    return found


def build_cached(root: Path, core: Path) -> Path:
    """The compiled ``core`` of a development checkout, built into :func:`cache_dir` once per
    source version (atomically: a half-built folder is never used).

    Args:
        root: the project root.
        core: the core's path relative to ``root``.

    Returns:
        The compiled module's path.

    Raises:
        ImportError: mypyc or setuptools is not installed.
        Exception: what :func:`build` raises.
    """
    folder = cache_dir(root, core)
    found = compiled_file(folder, core)
    if found is not None:
        return found
    folder.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=folder.parent))
    try:
        build(root, partial, core)
        with contextlib.suppress(OSError):  # another process finished first: use its build
            partial.rename(folder)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    found = compiled_file(folder, core)
    assert found is not None
    return found


def _checkout(package_file: str) -> tuple[Path, Path] | None:
    """The project root and the core's relative path, for the ``__init__.py`` of a game's
    ``kernel`` package in a source checkout; ``None`` in an installed package."""
    here = Path(package_file).resolve().parent
    root = here.parents[3]
    if not (root / "pyproject.toml").is_file():
        return None
    return root, (here / "core.py").relative_to(root)


def build_main(package_file: str, program: str) -> int:
    """``python -m sintra_rules.games.<game>.kernel.build``: build the core of the kernel
    package whose ``__init__.py`` is ``package_file`` (once per source version) and print the
    compiled module's path.

    Args:
        package_file: the ``__file__`` of the game's ``kernel`` package.
        program: the command's name, for its one-line error.

    Returns:
        0 when the compiled core exists afterwards, 2 when this is no source checkout.
    """
    found = _checkout(package_file)
    if found is None:
        print(f"{program}: not a source checkout (no pyproject.toml)", file=sys.stderr)
        return 2
    print(build_cached(*found))
    return 0


# ----------------------------------------------------------------------------- loading


def mode() -> str:
    """The mode ``SINTRA_KERNEL`` asks for (``auto`` when unset), as written: :func:`load_core`
    refuses anything but the three :data:`MODES`."""
    return os.environ.get("SINTRA_KERNEL", "auto")


def is_compiled(module: types.ModuleType) -> bool:
    """Whether ``module`` is a compiled extension module (not Python source)."""
    name = getattr(module, "__file__", None) or ""
    return name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _interpreted(package: str, here: Path) -> types.ModuleType:
    """The core's Python source, loaded as ``<package>._core_interpreted``."""
    name = f"{package}._core_interpreted"
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(name, here / "core.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _compiled(
    package: str, package_file: str, path: MutableSequence[str]
) -> types.ModuleType | None:
    """The compiled core: installed next to the source (a wheel built with mypyc), or in a
    checkout's ``build/kernel/`` folder; ``None`` when there is none. Loaded from its file
    even when the source module was imported under the same name first (pytest's doctest
    collection does that)."""
    name = f"{package}.core"
    loaded = sys.modules.get(name)
    if loaded is not None and is_compiled(loaded):
        return loaded
    here = Path(package_file).resolve().parent
    finder = importlib.machinery.FileFinder(
        str(here),
        (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES),
    )
    spec = finder.find_spec(name)
    if spec is None:
        checkout = _checkout(package_file)
        found = None if checkout is None else compiled_file(cache_dir(*checkout), checkout[1])
        if found is None:
            return None
        folder = str(found.parent)
        if folder not in path:
            path.insert(0, folder)  # the compiled module's helper library sits beside it
        spec = importlib.util.spec_from_file_location(name, found)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[name] = module
    return module


def load_core(
    package: str, package_file: str, path: MutableSequence[str], chosen: str = "auto"
) -> types.ModuleType:
    """The core of a game's ``kernel`` package for the mode ``chosen``.

    A compiled core found in a checkout's ``build/kernel/`` has its folder put first in the
    package's ``path``: the core's helper library sits beside it.

    Args:
        package: the kernel package's name (``sintra_rules.games.<game>.kernel``).
        package_file: its ``__file__``.
        path: its ``__path__``.
        chosen: ``"compiled"``, ``"interpreted"`` or ``"auto"`` (compiled when available).

    Returns:
        The module; both builds have the same functions and classes.

    Raises:
        ImportError: ``chosen`` is ``"compiled"`` and no compiled core is installed or built.
        ValueError: ``chosen`` is none of the three.
    """
    if chosen == "interpreted":
        return _interpreted(package, Path(package_file).resolve().parent)
    if chosen not in ("auto", "compiled"):
        raise ValueError(f"SINTRA_KERNEL must be auto, compiled or interpreted, got {chosen!r}")
    compiled = _compiled(package, package_file, path)
    if compiled is not None:
        return compiled
    if chosen == "compiled":
        raise ImportError(
            f"no compiled core for {package}: install a wheel built with mypyc and a C "
            f"compiler, or run 'python -m {package}.build' in a source checkout"
        )
    return _interpreted(package, Path(package_file).resolve().parent)
