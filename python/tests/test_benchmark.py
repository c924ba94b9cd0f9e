"""`hetsched experiment benchmark` on a small folder: each run is what `hetsched solve` gives for that instance
(or `hetsched import` then `solve` for a task graph on a platform), the ratios, schedule length ratios and the
summary are recomputed here from those answers, the Python module gives the same tables, and shards merge into
the unsharded table."""

import csv
import io
import itertools
import json
import math
import shutil
import statistics

import pytest

import hetsched
from conftest import EXAMPLES, cli_error, corpus, run_cli

IMPORT_FLAGS = ["--default-flops", "1e9", "--default-bytes", "0"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("benchmark")
    instances = root / "instances"
    (instances / "graphs").mkdir(parents=True)
    for name in ("partition-small.json", "divisible-small.json", "cpugpu-small.json"):
        shutil.copy(EXAMPLES / name, instances / name)
    shutil.copy(corpus("daggen/n10_default.dot"), instances / "graphs" / "n10.dot")
    shutil.copy(corpus("simgrid-dag/json/HEAD_dag-from-json-simple_dag.json"), instances / "graphs" / "simple.json")
    (instances / "README.txt").write_text("Notes on these files, which are neither instances nor workflows.\n")
    platforms = root / "platforms"
    platforms.mkdir()
    shutil.copy(corpus("simgrid-platforms/small_platform.xml"), platforms / "small_platform.xml")
    two = json.loads((EXAMPLES / "dag-two-clusters.json").read_text())["platform"]
    (platforms / "two-clusters.json").write_text(json.dumps(two))
    return root


def read_csv(text):
    return list(csv.DictReader(io.StringIO(text)))


def blank_seconds(text):
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return rows
    for column, name in enumerate(rows[0]):
        if name in ("seconds", "mean_seconds"):
            for row in rows[1:]:
                row[column] = ""
    return rows


def number(text):
    return None if text == "" else float(text)


def bench(folder, *extra):
    return run_cli("experiment", "benchmark", "--instances", folder / "instances", "--platforms",
                   folder / "platforms", *IMPORT_FLAGS, *extra, check=True)[1]


@pytest.fixture(scope="module")
def runs(folder):
    return read_csv(bench(folder))


def critical_path(instance):
    """The longest path with each task at its fastest: every subset of clusters tried (speed of its slowest)."""
    clusters = instance["platform"]["clusters"]
    tasks = {t["name"]: t for t in instance["tasks"]}

    def fastest(task):
        best = math.inf
        for k in range(1, len(clusters) + 1):
            for subset in itertools.combinations(clusters, k):
                p = sum(c["processors"] for c in subset)
                speed = min(c["speed"] for c in subset)
                best = min(best, (task["alpha"] + (1 - task["alpha"]) / p) * task["flops"] / speed)
        return best

    preds = {name: [] for name in tasks}
    for e in instance["edges"]:
        preds[e["to"]].append(e["from"])
    finish = {}

    def end(name):
        if name not in finish:
            finish[name] = max((end(p) for p in preds[name]), default=0) + fastest(tasks[name])
        return finish[name]

    return max(end(name) for name in tasks)


def test_every_case_is_listed(folder, runs):
    cases = {(r["instance"], r["platform"]) for r in runs}
    graphs = sorted(str(p) for p in (folder / "instances" / "graphs").iterdir())
    files = sorted(str(p) for p in (folder / "instances").glob("*.json"))
    platforms = sorted(str(p) for p in (folder / "platforms").iterdir())
    assert cases == {(f, "") for f in files} | {(g, p) for g in graphs for p in platforms}
    assert not any("README" in r["instance"] for r in runs)


def test_each_run_is_what_solve_gives(folder, runs, tmp_path):
    imported = {}
    for r in runs:
        path = r["instance"]
        if r["platform"]:
            key = (path, r["platform"])
            if key not in imported:
                out = tmp_path / f"case{len(imported)}.json"
                run_cli("import", path, "--platform", r["platform"], *IMPORT_FLAGS, "-o", out, check=True)
                imported[key] = out
            path = imported[key]
        code, out, err = run_cli("solve", path, "--solver", r["solver"])
        if code != 0:   # the solver refuses the instance: an error row with the CLI's message
            assert r["status"] == "error" and r["objective"] == r["ratio"] == ""
            assert r["message"] == cli_error(err, "solve")
            continue
        solved = json.loads(out)
        assert r["kind"] == solved["kind"] and r["solver"] == solved["solver"]
        assert r["status"] == solved["status"]
        assert r["answer"] == solved.get("answer", "schedule")
        name = r["objective_name"]
        assert number(r["objective"]) == solved.get("lower_bound" if r["answer"] == "lower_bound" else name)
        assert number(r["speedup"]) == solved.get("speedup_over_seq")
        if r["kind"] == "dag":
            instance = json.loads(path.read_text())
            assert number(r["slr"]) == pytest.approx(solved["makespan"] / critical_path(instance), rel=1e-12)
            assert number(r["slr"]) >= 1 - 1e-12   # no schedule is shorter than the critical path at full speed
        else:
            assert r["slr"] == ""


def test_ratios_are_to_the_best_schedule_of_each_case(runs):
    by_case = {}
    for r in runs:
        by_case.setdefault((r["instance"], r["platform"]), []).append(r)
    for case in by_case.values():
        answers = [r for r in case if r["answer"] == "schedule" and r["objective"] != ""]
        assert answers, case
        maximise = answers[0]["objective_name"] == "throughput"
        best = (max if maximise else min)(number(r["objective"]) for r in answers)
        for r in case:
            if r in answers:
                objective = number(r["objective"])
                expected = best / objective if maximise else objective / best
                assert number(r["ratio"]) == pytest.approx(expected, rel=1e-15)
                assert number(r["ratio"]) >= 1
            else:
                assert r["ratio"] == ""
        assert any(number(r["ratio"]) == 1 for r in answers)


def test_the_summary_sums_up_the_runs(folder, runs):
    summary = read_csv(bench(folder, "--summary"))
    assert [(s["kind"], s["solver"]) for s in summary] == list(dict.fromkeys((r["kind"], r["solver"]) for r in runs))
    for s in summary:
        mine = [r for r in runs if (r["kind"], r["solver"]) == (s["kind"], s["solver"])]
        ratios = [number(r["ratio"]) for r in mine if r["ratio"] != ""]
        assert int(s["runs"]) == len(mine) and int(s["answered"]) == len(ratios)
        assert int(s["errors"]) == sum(1 for r in mine if r["status"] == "error")
        assert int(s["wins"]) == sum(1 for x in ratios if x == 1)
        if ratios:
            assert number(s["mean_ratio"]) == pytest.approx(statistics.mean(ratios), rel=1e-12)
            assert number(s["median_ratio"]) == pytest.approx(statistics.median(ratios), rel=1e-12)
            assert number(s["worst_ratio"]) == max(ratios)
        slrs = [number(r["slr"]) for r in mine if r["slr"] != ""]
        assert (number(s["mean_slr"]) == pytest.approx(statistics.mean(slrs), rel=1e-12)) if slrs else s["mean_slr"] == ""


def test_python_gives_the_clis_tables(folder):
    cli_runs, cli_summary = bench(folder), bench(folder, "--summary")
    result = hetsched.benchmark(str(folder / "instances"), platforms=str(folder / "platforms"),
                                default_flops=1e9, default_bytes=0)
    assert blank_seconds(result.runs.csv) == blank_seconds(cli_runs)
    assert blank_seconds(result.summary.csv) == blank_seconds(cli_summary)
    frame = result.runs.to_pandas()
    assert len(frame) == len(result.runs) == len(read_csv(cli_runs))
    assert set(frame["solver"]) == {r["solver"] for r in read_csv(cli_runs)}


def test_shards_merge_into_the_unsharded_table(folder, tmp_path):
    whole = bench(folder)
    for k in (1, 2):
        bench(folder, "--shard", f"{k}/2", "-o", tmp_path / f"part{k}.csv")
    merged = run_cli("experiment", "merge", tmp_path / "part1.csv", tmp_path / "part2.csv", check=True)[1]
    assert blank_seconds(merged) == blank_seconds(whole)


def test_patterns_and_several_values_name_the_same_files(folder):
    by_folder = bench(folder, "--solvers", "heft,dp")
    graphs = folder / "instances" / "graphs"
    by_pattern = run_cli("experiment", "benchmark", "--instances", folder / "instances" / "*.json", graphs / "*.dot",
                         graphs / "simple.json", "--platforms", folder / "platforms" / "*", *IMPORT_FLAGS,
                         "--solvers", "heft", "dp", check=True)[1]
    key = lambda rows: sorted((r["instance"], r["platform"], r["solver"], r["objective"]) for r in rows)
    answered = lambda text: [r for r in read_csv(text) if r["status"] != "error"]   # divisible: neither solver
    assert key(answered(by_pattern)) == key(answered(by_folder))
    assert len(answered(by_folder)) == 1 + 4 + 1   # cpugpu heft, dag heft on 2 graphs x 2 platforms, partition dp


def test_bad_paths_and_solvers_are_refused(folder):
    code, _, err = run_cli("experiment", "benchmark", "--instances", folder / "nothing-*.json")
    assert code != 0 and "no file matches this pattern" in err
    code, _, err = run_cli("experiment", "benchmark", "--instances", folder / "instances", "--solvers", "bogus")
    assert code != 0 and "no family has a solver 'bogus'" in err
    code, _, err = run_cli("experiment", "benchmark", "--instances", folder / "instances" / "graphs" / "n10.dot")
    assert code != 0 and "is a task graph: give --platforms" in err
    with pytest.raises(ValueError, match="is a task graph: give --platforms"):
        hetsched.benchmark(str(folder / "instances" / "graphs" / "n10.dot"))
