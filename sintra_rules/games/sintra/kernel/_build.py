"""Compile the kernel (``sintra_rules/games/sintra/kernel/core.py``) with mypyc: used by the wheel's
build hook (``hatch_build.py``), by the tests and by
``python -m sintra_rules.games.sintra.kernel.build``.

Only the standard library is imported at module level: the build hook loads this file by path,
before the package is installed. mypyc (from ``mypy``) and setuptools are imported when a build
is asked for.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["CORE", "MODULE", "build", "cache_dir", "compiled_file", "source_key"]

#: The module mypyc compiles, and its file relative to the project root.
MODULE = "sintra_rules.games.sintra.kernel.core"
CORE = Path("sintra_rules") / "games" / "sintra" / "kernel" / "core.py"


def source_key(root: Path) -> str:
    """A key naming one build: the kernel source, the Python ABI and the mypy version."""
    try:
        from mypy.version import __version__ as mypy_version
    except ImportError:  # pragma: no cover - no mypy: nothing can be built anyway
        mypy_version = "none"
    digest = hashlib.sha256((root / CORE).read_bytes())
    digest.update(f"{sys.implementation.cache_tag} {sysconfig.get_platform()}".encode())
    digest.update(mypy_version.encode())
    return digest.hexdigest()[:16]


def cache_dir(root: Path) -> Path:
    """Where a development checkout keeps its compiled kernel, one folder per
    :func:`source_key` (under ``build/``, which git ignores)."""
    return root / "build" / "kernel" / source_key(root)


def compiled_file(folder: Path) -> Path | None:
    """The compiled kernel module inside a build output folder, or ``None``."""
    where = folder / CORE.parent
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        found = where / f"core{suffix}"
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


def build(root: Path, out: Path, *, quiet: bool = True) -> Path:
    """Compile ``root/sintra_rules/games/sintra/kernel/core.py`` with mypyc into ``out`` (the
    compiled module lands at ``out/sintra_rules/games/sintra/kernel/core<EXT>``) and return its
    path.

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
                extensions = mypycify([str(CORE)], opt_level="3", target_dir=str(Path(tmp) / "c"))
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
    found = compiled_file(out)
    if found is None:  # pragma: no cover - build_ext succeeded but wrote elsewhere
        raise RuntimeError(f"mypyc wrote no compiled kernel under {out}")
    return found


def build_cached(root: Path) -> Path:
    """The compiled kernel of a development checkout, built into :func:`cache_dir` once per
    source version (atomically: a half-built folder is never used)."""
    folder = cache_dir(root)
    found = compiled_file(folder)
    if found is not None:
        return found
    folder.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=folder.parent))
    try:
        build(root, partial)
        with contextlib.suppress(OSError):  # another process finished first: use its build
            partial.rename(folder)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    found = compiled_file(folder)
    assert found is not None
    return found
