"""The GIL is released while a solver runs, so that two threads solve at once; a progress callback sees the solve
and can stop it; Ctrl-C stops a long solve and keeps the best answer the solver had."""

import json
import random
import signal
import threading

import pytest

import hetsched
from conftest import EXAMPLES


def hard_divisible_star(seed, workers=8):
    """A star of 8 workers (the most the exhaustive search takes) with unrelated c, w and d: a long search."""
    rng = random.Random(seed)
    return hetsched.Instance.from_json({
        "kind": "divisible", "horizon": 1.0,
        "workers": [{"name": f"P{i + 1}", "c": rng.uniform(0.1, 1), "w": rng.uniform(0.5, 5), "d": rng.uniform(0.1, 1)}
                    for i in range(workers)]})


def test_two_threads_solve_at_once():
    # Each solve's progress callback waits at a barrier for the other's: both pass only if both solvers are
    # running at the same time (a solve holding the GIL, or a lock around solves, breaks the barrier).
    barrier = threading.Barrier(2, timeout=60)
    results, errors = {}, []

    def run(name, seed):
        met = []

        def progress(fraction, stage):
            if not met:
                barrier.wait()
                met.append(stage)

        try:
            results[name] = (hetsched.solve(hard_divisible_star(seed, 6), "exhaustive", progress=progress), met)
        except BaseException as e:   # noqa: B902 - reported below, in the test's thread
            errors.append(e)

    threads = [threading.Thread(target=run, args=(n, s)) for n, s in (("a", 1), ("b", 2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert set(results) == {"a", "b"}
    for result, met in results.values():
        assert met and result.status == "optimal"


def test_threads_give_the_answers_of_one_thread():
    instance = hetsched.load(EXAMPLES / "dag-two-clusters.json")
    solvers = [s.name for s in instance.solvers()]
    alone = {s: hetsched.solve(instance, s).to_dict() for s in solvers}
    together = {}

    def run(s):
        together[s] = hetsched.solve(instance, s).to_dict()

    threads = [threading.Thread(target=run, args=(s,)) for s in solvers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in solvers:
        alone[s].pop("seconds")
        together[s].pop("seconds")
        assert together[s] == alone[s]


def test_progress_is_reported_between_zero_and_one():
    seen = []
    result = hetsched.solve(hard_divisible_star(3, 6), "exhaustive", progress=lambda f, stage: seen.append((f, stage)))
    assert result.status == "optimal"
    assert seen and all(0 <= f <= 1 for f, _ in seen)
    assert [f for f, _ in seen] == sorted(f for f, _ in seen)


def test_a_callback_returning_false_stops_the_solve_with_its_best_answer():
    result = hetsched.solve(hard_divisible_star(4), "exhaustive", progress=lambda f, stage: False)
    assert result.status == "cancelled"
    assert result.call_status == "warning"
    assert result.objective is not None and result.objective > 0
    assert result.schedule


def test_an_exception_in_the_callback_stops_the_solve_and_is_raised():
    class Stop(Exception):
        pass

    def progress(fraction, stage):
        raise Stop("from the callback")

    with pytest.raises(Stop):
        hetsched.solve(hard_divisible_star(5), "exhaustive", progress=progress)


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals reach the main thread")
def test_ctrl_c_stops_a_long_solve_and_keeps_the_incumbent():
    # SIGINT is raised from the first progress report; the report then waits until Python's handler has run
    # (the solve's watcher runs it on the main thread), so the solver is stopped in the middle of its search.
    handled = threading.Event()

    def handler(signum, frame):
        handled.set()
        raise KeyboardInterrupt

    def progress(fraction, stage):
        if not handled.is_set():
            signal.raise_signal(signal.SIGINT)
            assert handled.wait(60), "the SIGINT handler never ran during the solve"

    previous = signal.signal(signal.SIGINT, handler)
    try:
        with pytest.raises(hetsched.SolveInterrupted) as raised:
            hetsched.solve(hard_divisible_star(6), "exhaustive", progress=progress)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert isinstance(raised.value, KeyboardInterrupt)
    incumbent = raised.value.result
    assert incumbent is not None
    assert incumbent.status == "cancelled"
    assert incumbent.objective > 0 and incumbent.schedule
    # The incumbent is a valid answer: it reads back, checked against the instance.
    again = hetsched.Result.from_json(hard_divisible_star(6), incumbent.to_json())
    assert again.objective == incumbent.objective
