"""Package the dispute desk's runtime into a built docs site (run by the Sphinx build).

The desk page (``docs/desk.md``) runs the real engine in the browser with Pyodide. Nothing is
fetched from a CDN at run time: this script puts everything the page needs under
``<site>/_static/desk/``:

* ``pyodide/``: the Pyodide runtime from the npm package ``pyodide`` (version
  :data:`PYODIDE_VERSION`, checked against :data:`PYODIDE_INTEGRITY`): ``pyodide.js``, the
  WebAssembly module, the standard library and the lock file;
* ``wheels/``: pure-Python wheels of ``attrs`` (the version installed where the docs are built,
  downloaded from the package index) and of ``sintra_rules`` itself (built from the source tree,
  with the spec inside, as ``pip wheel`` would);
* ``manifest.json``: the file names of the wheels and the Pyodide version, read by ``desk.js``.

Inputs are cached in ``docs/_build/.desk-cache/``: the npm tarball and the ``attrs`` wheel are
downloaded once per version, and the ``sintra_rules`` wheel is rebuilt only when a file it is
built from changed (its name carries a digest of them). Copies into the site are skipped when the
file there is already identical.

Usage: ``python tools/build_desk.py SITE_DIR`` (the Sphinx extension calls :func:`build`).
Returns / exits with an error when npm or the package index cannot be reached: the page then
says that the desk is not packaged in this build (the browser test fails on that in CI).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "docs" / "_build" / ".desk-cache"

#: The Pyodide release packaged into the site, and the npm registry's integrity of its tarball.
PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = "sha512-" + (
    "0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
#: The files of the npm package the browser needs (the rest is source maps, types and demos).
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


class DeskError(Exception):
    """The desk's runtime could not be packaged (npm or the package index unreachable...)."""


def _run(command: list[str], cwd: Path | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise DeskError(f"{' '.join(command[:3])} ... failed: {' / '.join(tail)}")


def pyodide_dir() -> Path:
    """The unpacked npm package ``pyodide`` at :data:`PYODIDE_VERSION`: ``node_modules/pyodide``
    if it holds that version, else the cache (filled with ``npm pack`` on first use, the
    tarball checked against :data:`PYODIDE_INTEGRITY`)."""
    installed = ROOT / "node_modules" / "pyodide"
    if _package_version(installed) == PYODIDE_VERSION:
        return installed
    unpacked = CACHE / f"pyodide-{PYODIDE_VERSION}" / "package"
    if _package_version(unpacked) == PYODIDE_VERSION:
        return unpacked
    npm = shutil.which("npm")
    if npm is None:
        raise DeskError("npm is not installed: cannot fetch the pyodide package")
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as scratch:
        _run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", scratch, "--silent"],
            cwd=Path(scratch),
        )
        tarball = Path(scratch) / f"pyodide-{PYODIDE_VERSION}.tgz"
        algorithm, _, expected = PYODIDE_INTEGRITY.partition("-")
        digest = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
        if digest != expected:
            raise DeskError(f"pyodide {PYODIDE_VERSION}: tarball integrity mismatch")
        target = unpacked.parent
        shutil.rmtree(target, ignore_errors=True)
        with tarfile.open(tarball) as archive:
            archive.extractall(target, filter="data")
    return unpacked


def _package_version(folder: Path) -> str | None:
    try:
        return str(json.loads((folder / "package.json").read_text("utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return None


def attrs_wheel() -> Path:
    """The pure-Python wheel of the installed ``attrs`` version (downloaded once)."""
    version = importlib.metadata.version("attrs")
    folder = CACHE / "attrs"
    found = sorted(folder.glob(f"attrs-{version}-py3-none-any.whl"))
    if found:
        return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    _run(
        [
            *(sys.executable, "-m", "pip", "download", "-q", "--no-deps"),
            *("--only-binary=:all:", "--dest", str(folder), f"attrs=={version}"),
        ]
    )
    found = sorted(folder.glob(f"attrs-{version}-py3-none-any.whl"))
    if not found:
        raise DeskError(f"no pure-Python wheel of attrs {version} was downloaded")
    return found[0]


def _sources() -> list[tuple[str, Path]]:
    """The files of the ``sintra_rules`` wheel: (name in the wheel, file), as pyproject.toml's
    hatch settings say (the package, and ``spec/`` as ``sintra_rules/_spec``)."""
    files = [
        (path.relative_to(ROOT).as_posix(), path)
        for path in sorted((ROOT / "sintra_rules").rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    ]
    files += [
        ("sintra_rules/_spec/" + path.relative_to(ROOT / "spec").as_posix(), path)
        for path in sorted((ROOT / "spec").rglob("*"))
        if path.is_file()
    ]
    return files


def engine_wheel() -> Path:
    """The ``sintra_rules`` wheel of the source tree, rebuilt only when a source changed.

    Built directly (a pure-Python wheel is a zip with a ``.dist-info`` folder), so that the
    docs build needs no build backend; the file name carries a digest of the sources."""
    from sintra_rules import __version__

    files = _sources()
    digest = hashlib.sha256()
    for name, path in files:
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    version = f"{__version__}+desk.{digest.hexdigest()[:12]}"
    wheel = CACHE / "engine" / f"sintra_rules-{version}-py3-none-any.whl"
    if wheel.exists():
        return wheel
    shutil.rmtree(wheel.parent, ignore_errors=True)
    wheel.parent.mkdir(parents=True)
    info = f"sintra_rules-{version}.dist-info"
    metadata = {
        f"{info}/METADATA": (
            f"Metadata-Version: 2.1\nName: sintra-rules\nVersion: {version}\n"
            "Requires-Python: >=3.11\nRequires-Dist: attrs>=23.1\n"
        ),
        f"{info}/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: tools/build_desk.py\nRoot-Is-Purelib: true\n"
            "Tag: py3-none-any\n"
        ),
    }
    record = []
    partial = wheel.with_suffix(".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        entries = [(name, path.read_bytes()) for name, path in files]
        entries += [(name, text.encode()) for name, text in metadata.items()]
        for name, data in entries:
            archive.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)
            hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{name},sha256={hashed.decode()},{len(data)}")
        record.append(f"{info}/RECORD,,")
        archive.writestr(
            zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0)),
            "\n".join(record) + "\n",
        )
    partial.rename(wheel)
    return wheel


def _copy(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` unless an identical file is already there."""
    if target.exists() and target.read_bytes() == source.read_bytes():
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def build(site: Path) -> dict[str, object]:
    """Put the desk's runtime under ``site/_static/desk/`` and return the manifest written to
    ``manifest.json`` there (``pyodide``: version; ``wheels``: the wheel files, in install
    order).

    Raises:
        DeskError: npm or the package index could not provide an input.
    """
    desk = site / "_static" / "desk"
    package = pyodide_dir()
    for name in PYODIDE_FILES:
        _copy(package / name, desk / "pyodide" / name)
    wheels = [attrs_wheel(), engine_wheel()]
    for old in (desk / "wheels").glob("*.whl"):
        if old.name not in {w.name for w in wheels}:
            old.unlink()
    for wheel in wheels:
        _copy(wheel, desk / "wheels" / wheel.name)
    manifest: dict[str, object] = {"pyodide": PYODIDE_VERSION, "wheels": [w.name for w in wheels]}
    (desk / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python tools/build_desk.py SITE_DIR``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python tools/build_desk.py SITE_DIR", file=sys.stderr)
        return 2
    try:
        print(json.dumps(build(Path(args[0]))))
    except DeskError as error:
        print(f"build_desk: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
