"""Bad input raises ValueError (or OSError for a file) with the message the command line prints, and nothing a
user gives aborts the interpreter."""

import json

import pytest

import hetsched
from conftest import EXAMPLES, cli_error, corpus, run_cli

PARTITION = EXAMPLES / "partition-small.json"
DAG = EXAMPLES / "dag-two-clusters.json"


def cli_message(*args):
    code, _, err = run_cli(*args)
    assert code != 0, f"hetsched {' '.join(map(str, args))} accepted what the test expects refused"
    return cli_error(err, args[0])


def test_an_invalid_instance_names_the_json_path(tmp_path):
    broken = json.loads(PARTITION.read_text())
    first = next(k for k, v in broken.items() if isinstance(v, list))
    broken[first][0] = "not an object"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    expected = cli_message("solve", path)
    with pytest.raises(ValueError) as raised:
        hetsched.load(path)
    assert str(raised.value) == expected
    # From text, the message is the same without the file name the CLI puts first.
    with pytest.raises(ValueError) as raised:
        hetsched.Instance.from_json(path.read_text())
    assert expected.endswith(str(raised.value))


def test_text_that_is_not_json_is_refused():
    with pytest.raises(ValueError):
        hetsched.Instance.from_json("{ not json")
    with pytest.raises(ValueError):
        hetsched.Instance.from_json({"kind": "no-such-family"})


def test_a_missing_file_is_an_os_error_with_the_clis_message(tmp_path):
    missing = tmp_path / "nothing.json"
    expected = cli_message("solve", missing)
    with pytest.raises(OSError) as raised:
        hetsched.load(missing)
    assert str(raised.value) == expected


def test_an_unknown_solver_lists_the_known_ones():
    expected = cli_message("solve", PARTITION, "--solver", "no-such-solver")
    with pytest.raises(ValueError) as raised:
        hetsched.solve(hetsched.load(PARTITION), "no-such-solver")
    assert str(raised.value) == expected
    assert "known:" in expected


def _solver_with_a_bounded_option():
    for s in hetsched.solvers():
        for o in s.options:
            if o.type in ("integer", "number") and o.maximum < 1e300:
                return s, o
    pytest.skip("no solver has a bounded numeric option")


def test_an_option_out_of_range_is_refused_with_its_range():
    solver, option = _solver_with_a_bounded_option()
    example = next(p for p in sorted(EXAMPLES.glob("*.json")) if hetsched.load(p).kind == solver.kind)
    too_big = option.maximum * 2 + 1
    expected = cli_message("solve", example, "--solver", solver.name, "--option", f"{option.name}={too_big!r}")
    with pytest.raises(ValueError) as raised:
        hetsched.solve(hetsched.load(example), solver.name, **{option.name: too_big})
    assert str(raised.value) == expected
    assert option.accepts in expected


def test_an_unknown_option_names_the_solvers_options():
    instance = hetsched.load(PARTITION)
    solver = instance.default_solver
    expected = cli_message("solve", PARTITION, "--solver", solver, "--option", "bogus=1")
    with pytest.raises(ValueError) as raised:
        hetsched.solve(instance, solver, bogus=1)
    assert str(raised.value) == expected


def test_an_option_that_is_not_a_number():
    instance = hetsched.load(PARTITION)
    solver = instance.default_solver
    _, _, err = run_cli("solve", PARTITION, "--option", "bogus=abc")
    with pytest.raises(ValueError) as raised:
        hetsched.solve(instance, solver, bogus="abc")
    assert str(raised.value) == cli_error(err, "solve")


def test_import_options_out_of_range_give_the_flags_messages():
    graph = corpus("daggen/n10_default.dot")
    expected = cli_message("import", graph, "--clusters", "0")
    with pytest.raises(ValueError) as raised:
        hetsched.import_graph(graph, clusters=0)
    assert str(raised.value) == expected
    expected = cli_message("import", graph, "--clusters", "2", "--alpha", "1.5")
    with pytest.raises(ValueError) as raised:
        hetsched.import_graph(graph, clusters=2, alpha=1.5)
    assert str(raised.value) == expected


def test_import_needs_a_platform_and_one_only():
    graph = corpus("daggen/n10_default.dot")
    platform = corpus("simgrid-platforms/small_platform.xml")
    for args, kwargs in [((), {}), (("--min-speed", "2e9"), dict(min_speed=2e9)),
                         (("--platform", platform, "--clusters", "2"), dict(platform=platform, clusters=2))]:
        expected = cli_message("import", graph, *args)
        with pytest.raises(ValueError) as raised:
            hetsched.import_graph(graph, **kwargs)
        assert str(raised.value) == expected


def test_a_graph_with_a_cycle_names_it():
    graph = corpus("simgrid-dag/dot/HEAD_dag-from-dot_dag_with_cycle.dot")
    expected = cli_message("import", graph, "--clusters", "2", "--default-flops", "1e9", "--default-bytes", "0")
    with pytest.raises(ValueError) as raised:
        hetsched.import_graph(graph, clusters=2, default_flops=1e9, default_bytes=0)
    assert str(raised.value) == expected
    assert "cycle" in expected


def test_a_platform_simgrid_aborts_on_is_refused_without_a_crash():
    graph = corpus("daggen/n10_default.dot")
    platform = corpus("simgrid-platforms-legacy/v4.1_simgrid-3.18/storage.xml")
    expected = cli_message("import", graph, "--platform", platform)
    with pytest.raises((ValueError, OSError, RuntimeError)) as raised:
        hetsched.import_graph(graph, platform=platform)
    assert str(raised.value) == expected


def test_experiment_flags_give_the_clis_messages():
    expected = cli_message("experiment", "divisible-simulation", "--workers", "0")
    with pytest.raises(ValueError) as raised:
        hetsched.experiment("divisible-simulation", workers=0)
    assert str(raised.value) == expected
    with pytest.raises(ValueError) as raised:
        hetsched.experiment("no-such-experiment")
    assert "known: " in str(raised.value)


def test_solvers_of_an_unknown_kind():
    expected = cli_message("solvers", "--kind", "nothing")
    with pytest.raises(ValueError) as raised:
        hetsched.solvers("nothing")
    assert str(raised.value) == expected


def test_a_simulation_of_a_family_without_one_says_why():
    instance = hetsched.load(PARTITION)
    expected = cli_message("simulate", PARTITION)
    with pytest.raises(ValueError) as raised:
        hetsched.simulate(instance, hetsched.solve(instance))
    assert str(raised.value) == expected
