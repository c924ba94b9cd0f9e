"""Every solver of every family on each example instance gives, from Python, the JSON `hetsched solve` prints
(the wall-clock "seconds" aside); the typed attributes are those of that JSON."""

import json

import pytest

import hetsched
from conftest import EXAMPLES, cli_error, run_cli, without_seconds

CASES = [(path.name, solver.name)
         for path in sorted(EXAMPLES.glob("*.json"))
         for solver in hetsched.solvers(hetsched.load(path).kind)]


def test_every_family_has_an_example_and_solvers():
    kinds = {hetsched.load(path).kind for path in EXAMPLES.glob("*.json")}
    assert kinds == set(hetsched.kinds())
    assert len(CASES) >= 2 * len(kinds)


@pytest.mark.parametrize("example,solver", CASES)
def test_solve_gives_the_json_of_the_cli(example, solver):
    path = EXAMPLES / example
    code, out, err = run_cli("solve", path, "--solver", solver)
    if code != 0:   # the solver refuses this instance: Python raises with the same message
        with pytest.raises((ValueError, RuntimeError)) as raised:
            hetsched.solve(hetsched.load(path), solver)
        assert str(raised.value) == cli_error(err, "solve")
        return
    result = hetsched.solve(hetsched.load(path), solver)
    stored = json.loads(out)
    if "time_limit" in (stored["status"], result.status):
        # Stopped by its time limit (exact on a loaded machine), a solver answers with what it had found by
        # then: the two runs' timing decides their answers, so they are held to each other's bounds instead.
        assert result.kind == stored["kind"] and result.solver == stored["solver"] == solver
        assert result.objective is not None and stored.get(result.objective_name) is not None
        for answer, other in ((result.to_dict(), stored), (stored, result.to_dict())):
            if other.get("best_bound") is not None:
                assert answer[result.objective_name] >= other["best_bound"] * (1 - 1e-9)
        return
    assert without_seconds(result.to_json() + "\n") == without_seconds(out)
    assert result.kind == stored["kind"]
    assert result.solver == stored["solver"] == solver
    assert result.status == stored["status"]
    assert result.call_status == stored["call_status"]
    assert result.to_dict()["seconds"] == result.seconds >= 0
    if result.answer_is_bound:
        assert stored["answer"] == "lower_bound" and result.objective == stored["lower_bound"]
    elif result.objective is not None:
        assert result.objective == stored[result.objective_name]


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_the_default_solver_is_the_clis(example):
    path = EXAMPLES / example
    _, out, _ = run_cli("solve", path, check=True)
    instance = hetsched.load(path)
    assert hetsched.solve(instance).solver == json.loads(out)["solver"] == instance.default_solver


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_an_instance_reads_back_from_its_json_and_its_dict(example):
    instance = hetsched.load(EXAMPLES / example)
    again = hetsched.Instance.from_json(instance.to_json())
    from_dict = hetsched.Instance.from_json(instance.to_dict())
    assert again.to_json() == from_dict.to_json() == instance.to_json()
    assert again.kind == instance.kind == json.loads((EXAMPLES / example).read_text())["kind"]


def test_solvers_list_is_the_clis():
    _, out, _ = run_cli("solvers", check=True)
    listed = [line.split()[:2] for line in out.splitlines() if not line.startswith(" ")]
    assert [[s.kind, s.name] for s in hetsched.solvers()] == listed
    for s in hetsched.solvers():
        for o in s.options:
            assert f"--option {o.name}=" in out
            assert o.minimum <= (o.default if o.default is not None else o.minimum) <= o.maximum


def test_a_stored_result_reads_back_with_its_schedule():
    instance = hetsched.load(EXAMPLES / "dag-two-clusters.json")
    result = hetsched.solve(instance, "heft")
    again = hetsched.Result.from_json(instance, result.to_json())
    assert again.to_json() == result.to_json()
    assert again.schedule == result.schedule
    frame = result.to_pandas()
    assert list(frame.columns) == ["lane", "category", "task", "start", "end", "kind", "label", "group"]
    assert len(frame) == len(result.schedule) > 0
    # The makespan is the end of the last bar, and the first of the schedule's metrics.
    assert max(i.end for i in result.schedule) == pytest.approx(result.objective)
    assert result.metrics["makespan"] == result.objective
    assert result.metrics["speedup over seq"] == pytest.approx(result.to_dict()["speedup_over_seq"])


def test_an_experiment_gives_the_clis_table():
    _, out, _ = run_cli("experiment", "divisible-simulation", "--workers", "5", "--platforms", "2", "--z", "0.8",
                        "--ratios", "1,10", check=True)
    table = hetsched.experiment("divisible-simulation", workers=5, platforms=2, z=[0.8], ratios=[1, 10])
    assert table.csv == out
    assert table.columns == out.splitlines()[0].split(",")
    assert [row["ratio"] for row in table] == [1, 10]
    assert table.to_pandas()["platforms"].tolist() == [2, 2]


def test_help_lists_every_solver_and_import_option():
    text = hetsched.solve.__doc__ + hetsched.import_graph.__doc__
    for s in hetsched.solvers():
        assert f"{s.kind} {s.name}:" in text
    for keyword in ("clusters", "min_processors", "reference_speed", "default_flops", "platform_seed"):
        assert f"{keyword}: " in text
