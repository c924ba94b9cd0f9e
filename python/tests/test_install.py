"""`cmake --install` puts the package where Debian's Python finds it: installed into a scratch prefix, it imports
from that prefix's dist-packages folder alone and solves."""

import os
import subprocess
import sys
from pathlib import Path

import pytest



def build_dir():
    path = os.environ.get("PYTHONPATH", "").split(os.pathsep)[0]
    build = Path(path).parent if path else None
    if not build or not (build / "CMakeCache.txt").exists():
        pytest.skip("not run from a build tree (PYTHONPATH=build/python)")
    return build


def test_the_installed_package_imports_and_solves(tmp_path):
    build = build_dir()
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", str(build), "--prefix", str(prefix), "--component", "python"],
                   check=True, capture_output=True, text=True)
    found = sorted(prefix.glob("lib/python3*/dist-packages/hetsched/__init__.py"))
    assert len(found) == 1, list(prefix.rglob("*"))
    site = found[0].parent.parent
    assert site.name == "dist-packages" and site.parent.name == f"python{sys.version_info[0]}.{sys.version_info[1]}"
    script = ("import hetsched, sys; r = hetsched.solve(hetsched.Instance.from_json(open(sys.argv[1]).read())); "
              "print(hetsched.__file__, r.status)")
    example = Path(os.environ["HETSCHED_EXAMPLES_DIR"]) / "partition-small.json"
    done = subprocess.run([sys.executable, "-c", script, str(example)], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(site)), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    path, status = done.stdout.split()
    assert Path(path).is_relative_to(site)
    assert status in ("optimal", "feasible")
