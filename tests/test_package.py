"""The package as a user meets it: installed (not the source tree), no import
cycle, every public object pickles, results unpack alike, metadata complete."""

import ast
import os
import pickle
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

import pycollide as pc

ROOT = Path(__file__).resolve().parents[1]


def test_the_suite_imports_the_installed_package():
    installed = Path(pc.__file__).resolve().parent
    assert installed != ROOT / "pycollide", "the tests must import the installed package, not the source tree"
    assert (installed / "py.typed").exists()
    assert any(p.name.startswith("_core") for p in installed.iterdir())


def _modules(package: Path):
    """Every module of the package folder by dotted name (a subpackage by its
    __init__), with its file."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = ("pycollide",) + path.relative_to(package).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(source: str, name: str, is_package: bool = False):
    """The dotted names a module's source imports, absolute or relative, at its
    top level or anywhere below (functions, classes, try blocks): for ``from M
    import x`` both M and M.x (x may be a module), resolved against the module
    ``name`` (a package when ``is_package``)."""
    package = name.split(".") if is_package else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _graph(package: Path):
    """Module -> the package's modules it imports; packages (their __init__)
    left out, as the names they re-export are no import of a module."""
    modules = _modules(package)
    packages = {m for m, path in modules.items() if path.name == "__init__.py"}
    return {
        m: {d for d in _imports(path.read_text(), m, m in packages) if d in modules and d not in packages | {m}}
        for m, path in modules.items()
        if m not in packages
    }


def test_no_import_cycle():
    modules = _graph(Path(pc.__file__).resolve().parent)
    assert "pycollide.demos.golf" in modules and "pycollide.shapes" in modules
    state = {}

    def visit(m, path):
        if state.get(m) == "done":
            return
        assert state.get(m) != "open", "import cycle: " + " -> ".join(path + [m])
        state[m] = "open"
        for dep in sorted(modules[m]):
            visit(dep, path + [m])
        state[m] = "done"

    for m in sorted(modules):
        visit(m, [])
    # the marshalling layer imports no verb
    verbs = {
        "pycollide." + v for v in ("overlap", "contact", "intersect", "pairs", "raycast", "sweep", "motion", "response")
    }
    assert not modules["pycollide._dispatch"] & verbs


def _is_demo(name: str) -> bool:
    return name == "pycollide.demos" or name.startswith("pycollide.demos.")


# the demos (python -m pycollide demo) use the library; the library never uses them
EXEMPT_CLI = "pycollide.__main__"  # the command line dispatches to them (lazily, when asked)


def test_no_library_module_imports_the_demos():
    package = Path(pc.__file__).resolve().parent
    modules = _modules(package)
    library = {m: path for m, path in modules.items() if not _is_demo(m) and m != EXEMPT_CLI}
    assert "pycollide.shapes" in library and "pycollide" in library and len(library) >= 20
    for m, path in library.items():
        demos = sorted(d for d in _imports(path.read_text(), m, path.name == "__init__.py") if _is_demo(d))
        assert not demos, f"{m} imports {demos}: the library must not use the demos"
    # the demo modules moved into pycollide.demos: none left (or stale from an old build) beside the library
    flat = {"golf", "billiards", "pinball", "tables", "course", "picture", "png", "_font", "demo"}
    assert not {p.stem for p in package.glob("*.py")} & flat


@pytest.mark.parametrize(
    "source",
    [
        "from .demos import golf",
        "from .demos.golf import simulate",
        "from . import demos",
        "from . import shapes, demos",
        "import pycollide.demos.golf",
        "import pycollide.demos as d",
        "from pycollide import demos",
        "from pycollide.demos.cli import positive_int",
        "def f():\n    from .demos import golf",
        "class C:\n    def m(self):\n        import pycollide.demos",
        "try:\n    from .demos import png\nexcept ImportError:\n    pass",
    ],
)
def test_the_import_reader_sees_an_import_of_the_demos(source):
    # what test_no_library_module_imports_the_demos would find in pycollide/shapes.py
    assert any(_is_demo(d) for d in _imports(source, "pycollide.shapes"))
    assert any(_is_demo(d) for d in _imports(source.replace("from .", "from .."), "pycollide.tiles.sub"))


@pytest.mark.parametrize(
    "source",
    [
        "from . import shapes",
        "from .demosaic import x",
        "import pycollide.shapes",
        "from pycollide import demo_like",
        "from .shapes import demos",
    ],
)
def test_the_import_reader_sees_no_import_of_the_demos(source):
    assert not any(_is_demo(d) for d in _imports(source, "pycollide.shapes"))


def test_importing_the_library_loads_no_demo():
    code = """if True:
        import importlib, pkgutil, sys
        import pycollide

        def demos():
            return sorted(m for m in sys.modules if m == "pycollide.demos" or m.startswith("pycollide.demos."))

        assert not demos(), ("pycollide", demos())
        names = [m.name for m in pkgutil.iter_modules(pycollide.__path__, "pycollide.")]
        # the demos, the command line (it imports them when run) and the cffi builder (it needs the source tree)
        names = [n for n in names if n not in ("pycollide.demos", "pycollide.__main__", "pycollide._build")]
        assert "pycollide.shapes" in names and "pycollide.dask" in names, names
        for name in names:
            importlib.import_module(name)
            assert not demos(), (name, demos())
        print(len(names))
    """
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tempfile.gettempdir())
    assert res.returncode == 0, res.stderr
    assert int(res.stdout) >= 15


@pytest.mark.slow
def test_every_module_imports_alone():
    names = sorted(_modules(Path(pc.__file__).resolve().parent))
    assert "pycollide.dask" in names and "pycollide.demos.billiards" in names
    for name in names:
        if name == "pycollide._build":  # the cffi builder: it reads the source tree
            continue
        code = f"import {name}"
        subprocess.run([sys.executable, "-c", code], check=True, cwd=tempfile.gettempdir())


def test_every_public_object_pickles():
    course = pc.TileMap.from_text("#####\n#..7#\n#####", tile_size=0.5, origin=(1.0, -2.0))
    body = pc.Compound([pc.Boxes([-1, -1, 1, 1]), pc.Circles([0, 2, 1]), pc.Triangles([0, 0, 1, 0, 0, 1])])
    ball = pc.Circles([[1.5, -1.25, 0.2]])
    objects = [
        pc.Points([[1, 2]]),
        ball,
        pc.Boxes([0, 0, 1, 1]),
        pc.Segments([0, 0, 1, 1]),
        pc.Triangles([0, 0, 1, 0, 0, 1]),
        pc.Lines([0, 0, 1, 1]),
        course,
        body,
        body.at([[0, 0], [3, 3]], flip_x=[False, True]),
        pc.Tile.CUT_NE,
        pc.contact(ball, course),
        pc.raycast([1.5, -1.25], [1, 0], course),
        pc.sweep(ball, [1, 0], course),
        pc.sweep(ball, [1, 0], pc.World(course)),
        pc.World(course, ball),
    ]
    for obj in objects:
        back = pickle.loads(pickle.dumps(obj))
        assert type(back) is type(obj)
    back = pickle.loads(pickle.dumps(course))
    assert back == course and np.array_equal(np.asarray(back.edges), np.asarray(course.edges))
    assert pc.overlaps(ball, back).tolist() == pc.overlaps(ball, course).tolist()
    placed = pickle.loads(pickle.dumps(body.at([[0, 0], [3, 3]], flip_x=[False, True])))
    assert (
        pc.overlaps(placed, ball).tolist()
        == pc.overlaps(body.at([[0, 0], [3, 3]], flip_x=[False, True]), ball).tolist()
    )


def test_results_unpack_alike():
    a, b = pc.Circles([0, 0, 1]), pc.Boxes([2, -1, 3, 1])
    separation, normal, point_a, point_b = pc.contact(a, b)
    assert float(separation) == 1.0 and normal.tolist() == [1.0, 0.0]
    room = pc.TileMap.from_text("###\n#.#\n###")
    hit, distance, n, tile = pc.raycast([1.5, 1.5], [1, 0], room)
    time, n2, point = pc.sweep(pc.Circles([1.5, 1.5, 0.1]), [1, 0], room)
    assert bool(hit) and float(distance) == 0.5 and float(time) == pytest.approx(0.4)
    for r in (pc.contact(a, b), pc.raycast([1.5, 1.5], [1, 0], room), pc.sweep(a, [1, 0], b)):
        assert isinstance(r, tuple) and all(isinstance(f, np.ndarray) for f in r)


def test_results_are_arrays_even_for_one_pair():
    a, b = pc.Circles([0, 0, 1]), pc.Boxes([0, 0, 1, 1])
    for r in (
        pc.overlaps(a, b),
        pc.contains(b, [0.5, 0.5]),
        pc.distance(a, b),
        pc.intersections(a, pc.Segments([0, -2, 0, 2]))[1],
    ):
        assert isinstance(r, np.ndarray) and r.shape == ()


def test_indexing_keeps_the_type_and_constructors_show_fields():
    import inspect

    balls = pc.Circles(np.zeros((3, 3)))
    assert type(balls[0]) is pc.Circles
    doc = pc.Circles.__init__.__doc__ or ""
    assert "center" in str(inspect.signature(pc.Circles.__init__)) or "center" in (pc.Circles.__doc__ or "") + doc
    assert set(pc.shapes.KINDS) >= {"point", "circle", "box", "segment", "triangle", "line"}


def test_metadata_license_and_typing():
    from importlib import metadata

    meta = metadata.metadata("pycollide")
    assert meta.get("License-Expression") == "MIT"
    files = [str(f) for f in metadata.files("pycollide")]
    assert any(f.endswith("LICENSE") for f in files)
    assert any(f.endswith("py.typed") for f in files)


@pytest.mark.slow
def test_mypy_is_clean():
    api = pytest.importorskip("mypy.api")
    source = ROOT / "pycollide"
    if not source.is_dir():
        pytest.skip("no source tree beside the tests")
    out, err, rc = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", os.devnull, str(source)])
    assert rc == 0, out + err


def _elf_sections(path: Path):
    """The section names of an ELF file, or None when it is not ELF."""
    import struct

    data = path.read_bytes()
    if data[:4] != b"\x7fELF":
        return None
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    if wide:
        (shoff,) = struct.unpack_from(order + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", data, 0x3A)
    else:
        (shoff,) = struct.unpack_from(order + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", data, 0x2E)

    def header(k):  # (name offset, file offset) of section k
        at = shoff + k * shentsize
        (name,) = struct.unpack_from(order + "I", data, at)
        (offset,) = struct.unpack_from(order + ("Q" if wide else "I"), data, at + (0x18 if wide else 0x10))
        return name, offset

    strings = header(shstrndx)[1]
    return [data[strings + name : data.index(b"\0", strings + name)].decode() for name, _ in map(header, range(shnum))]


def test_the_shipped_library_has_no_debug_sections():
    core = next(p for p in Path(pc.__file__).resolve().parent.iterdir() if p.name.startswith("_core"))
    sections = _elf_sections(core)
    if sections is None:
        pytest.skip(f"{core.name} is not an ELF file")
    assert ".text" in sections and ".symtab" in sections  # the reader reads it
    assert not [s for s in sections if s.startswith((".debug", ".zdebug"))], sections


def test_one_wheel_for_every_supported_python():
    # the installed package came from a wheel built from this tree: tagged for
    # the stable ABI from the oldest supported Python on, its core built for it
    from importlib import metadata

    wheel = metadata.distribution("pycollide").read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip() for line in wheel.splitlines() if line.startswith("Tag:")]
    assert tags and all(t.startswith("cp39-abi3-") for t in tags), wheel
    assert any(p.name.endswith(".abi3.so") for p in Path(pc.__file__).resolve().parent.iterdir())
