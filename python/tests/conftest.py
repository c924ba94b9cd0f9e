"""What the Python tests share: the paths the build gives them (ctest's environment) and the hetsched executable
run as a user runs it, to compare the module with the command line."""

import os
import re
import subprocess
from pathlib import Path

import pytest

EXAMPLES = Path(os.environ.get("HETSCHED_EXAMPLES_DIR", Path(__file__).resolve().parents[2] / "resources/examples"))
CORPUS = Path(os.environ.get("HETSCHED_CORPUS_DIR", Path(__file__).resolve().parents[3] / "shared/corpus"))
DOCS = Path(os.environ.get("HETSCHED_DOCS_DIR", Path(__file__).resolve().parents[2] / "docs"))
BINARY = os.environ.get("HETSCHED_BINARY", "")


def run_cli(*args, check=False):
    """`hetsched ARGS...`: (exit code, stdout, stderr)."""
    if not BINARY or not os.access(BINARY, os.X_OK):
        pytest.skip("the hetsched executable is not built (HETSCHED_BUILD_UI=OFF): no command line to compare with")
    done = subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    if check and done.returncode != 0:
        raise AssertionError(f"hetsched {' '.join(map(str, args))} failed ({done.returncode}): {done.stderr}")
    return done.returncode, done.stdout, done.stderr


def cli_error(stderr, command):
    """The message of `hetsched COMMAND`'s error line, without its prefix ("hetsched solve: error: ")."""
    line = stderr.strip().splitlines()[0]
    return re.sub(r"^hetsched [a-z-]+( [a-z-]+)?: (error: )?", "", line)


def without_seconds(json_text):
    """The JSON text with every "seconds" value (wall-clock time) blanked out."""
    return re.sub(r'"seconds": [-0-9.e+]+', '"seconds": null', json_text)


def corpus(path):
    p = CORPUS / path
    if not p.exists():
        pytest.skip(f"the shared corpus is absent ({p})")
    return p
