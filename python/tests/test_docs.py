"""The session of docs/python.md runs as written: a WfCommons workflow imported on a SimGrid platform, three
solvers compared in pandas, the best schedule simulated, its Gantt chart saved and the runs exported as a PDF."""

import os
import re

import pytest

from conftest import BINARY, DOCS, corpus


def session_blocks():
    text = (DOCS / "python.md").read_text()
    section = text.split("\n## A session\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_session_has_its_three_steps():
    assert len(session_blocks()) == 3


def test_the_session_of_the_docs_runs(tmp_path, monkeypatch, capsys):
    corpus("wfcommons")
    pytest.importorskip("pandas")
    if not BINARY:
        pytest.skip("the hetsched executable is not built: the session's figure has no program to draw it")
    monkeypatch.chdir(tmp_path)
    namespace = {}
    for block in session_blocks():
        exec(compile(block, str(DOCS / "python.md"), "exec"), namespace)
    results = namespace["results"]
    assert [r.solver for r in results] == ["heft", "mheft", "hcpa"]
    assert all(r.status in ("feasible", "optimal") and r.objective > 0 for r in results)
    table = namespace["table"]
    assert table["ratio_to_best"].min() == 1
    assert namespace["best"].objective == table["makespan"].min()
    assert namespace["simulation"].simulated_makespan > 0
    svg = (tmp_path / "montage-gantt.svg").read_text()
    assert svg.startswith("<svg") and svg.count("<rect") > len(namespace["busy"])
    # The comparison figure: a PDF page of 175 x 100 mm (in points).
    pdf = (tmp_path / "montage-compare.pdf").read_bytes()
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)", pdf)
    assert pdf.startswith(b"%PDF") and box
    assert abs(float(box.group(1)) - 175 / 25.4 * 72) < 1 and abs(float(box.group(2)) - 100 / 25.4 * 72) < 1
    printed = capsys.readouterr().out
    assert "heft" in printed and "simulated against" in printed
