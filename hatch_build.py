"""Wheel build hook: compile every game's core (``sintra_rules/games/<game>/kernel/core.py``)
with mypyc.

A wheel built where mypyc (from ``mypy``), setuptools and a C compiler are available holds each
compiled core beside its Python source and is tagged for the platform; anywhere else, or with
``SINTRA_NO_MYPYC=1`` in the environment, the build warns and the wheel stays pure Python (the
cores then run interpreted, with the same results). Editable installs are never compiled:
``python -m sintra_rules.games.<game>.kernel.build`` compiles a checkout's core into
``build/kernel/``. The compiling is :mod:`sintra_rules._kernels`'s.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _load_kernels(root: Path) -> Any:
    spec = importlib.util.spec_from_file_location(
        "_sintra_kernels", root / "sintra_rules" / "_kernels.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class KernelBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the games' cores into the wheel when it can (see the module's docstring)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Add the compiled cores to a standard wheel, or leave the wheel pure Python."""
        if self.target_name != "wheel" or version != "standard":
            return
        if os.environ.get("SINTRA_NO_MYPYC", "") not in ("", "0"):
            self.app.display_info("sintra_rules: SINTRA_NO_MYPYC is set: cores not compiled")
            return
        root = Path(self.root)
        kernels = _load_kernels(root)
        self._out = Path(tempfile.mkdtemp(prefix="sintra-kernel-wheel-"))
        included: dict[str, str] = {}
        for core in kernels.cores(root):
            try:
                compiled = kernels.build(root, self._out, core)
            except Exception as error:  # no mypyc, no setuptools, no compiler: stay pure Python
                self.app.display_warning(
                    f"sintra_rules: {core} not compiled ({type(error).__name__}: {error}); "
                    "the wheel is pure Python and the cores run interpreted"
                )
                return
            for path in compiled.parent.iterdir():
                if path.is_file():
                    included[str(path)] = (core.parent / path.name).as_posix()
        build_data["force_include"].update(included)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(
            f"sintra_rules: {len(kernels.cores(root))} cores compiled with mypyc "
            f"({sys.version.split()[0]})"
        )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary build folder."""
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
