"""HetSched from Python: instances, solvers, imports, simulations and experiments of the hetsched library.

    import hetsched
    dag = hetsched.import_graph("workflow.json", platform="cluster.xml")
    result = hetsched.solve(dag, "heft")
    result.objective, result.status, result.to_pandas()

The functions follow the library, and their options are the tables the command line reads (same names with
``_`` for ``-``, same ranges, same messages): ``hetsched.solvers()`` lists every solver with its options.
Errors: ``ValueError`` for invalid input (an instance, an option out of its range), ``OSError`` for files,
``RuntimeError`` when a solver fails, each with the message ``hetsched`` prints. Long calls release the GIL
(threads solve in parallel) and stop on Ctrl-C (``SolveInterrupted``, carrying the best answer found).
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import subprocess
import tempfile
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _hetsched as _native
from ._gantt import gantt_svg as _gantt_svg

__all__ = [
    "Benchmark", "Cancelled", "Experiment", "Instance", "Interval", "Option", "Result", "Simulation",
    "SolveInterrupted", "Solver", "Table", "benchmark", "experiment", "experiments", "export", "generate_dag",
    "import_graph", "import_platform", "kinds", "load", "simulate", "solve", "solvers",
]

__version__: str = _native.version

Cancelled = _native.Cancelled
SolveInterrupted = _native.SolveInterrupted

#: A progress callback: called with the fraction done (0 to 1) and a short stage name; returning False stops
#: the call (a solve then returns its best answer so far, status "cancelled", or raises Cancelled).
ProgressCallback = Callable[[float, str], Optional[bool]]

# hetsched-simgrid, the child process SimGrid runs in: the running program is Python, so core cannot find it
# beside itself. The module of a build tree uses the build's helper; an installed module the installed one
# (libexec/hetsched/, beside bin/ under the same prefix).
if not os.environ.get("HETSCHED_SIMGRID_RUNNER"):
    _module_dir = os.path.dirname(os.path.realpath(__file__))
    _build_dir = os.path.realpath(os.path.dirname(_native.build_bindir))
    _candidates = [os.path.join(_native.install_bindir, os.pardir, "libexec", "hetsched", "hetsched-simgrid"),
                   os.path.join(_native.install_bindir, "hetsched-simgrid")]
    if os.path.commonpath([_module_dir, _build_dir]) == _build_dir:
        _candidates.insert(0, os.path.join(_native.build_bindir, "hetsched-simgrid"))
    for _runner in _candidates:
        if os.access(_runner, os.X_OK):
            os.environ["HETSCHED_SIMGRID_RUNNER"] = os.path.normpath(_runner)
            break


# --- options and solvers ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """One option of a solver, an import or an experiment, as its table declares it."""

    name: str                # as the command line spells it ("min-processors")
    description: str
    type: str                # "integer", "number", "boolean", "choice", "list of numbers", "list of names"
    default: Any             # None for an optional option (unset unless given)
    minimum: float
    maximum: float
    minimum_excluded: bool
    choices: Tuple[str, ...]
    optional: bool
    accepts: str             # "an integer between 1 and 1000", "in [0, 1]", ...

    @property
    def keyword(self) -> str:
        """The keyword argument that gives it ("min_processors")."""
        return self.name.replace("-", "_")

    def help(self) -> str:
        default = "none" if self.optional else _text(self.default)
        return f"{self.keyword}: {self.description} ({self.accepts}; default {default})"


def _option(d: Dict[str, Any]) -> Option:
    return Option(d["name"], d["description"], d["type"], d["default"], d["minimum"], d["maximum"],
                  d["minimum_excluded"], tuple(d["choices"]), d["optional"], d["accepts"])


@dataclass(frozen=True)
class Solver:
    """A solver: its family (the instance kind it solves), name, one-line description and options."""

    kind: str
    name: str
    description: str
    optimal_within: str       # with status "optimal": the class of schedules it is optimal in ("" for all)
    answer_is_bound: bool     # its answer is a lower bound (its schedule a by-product)
    options: Tuple[Option, ...]

    def help(self) -> str:
        lines = [f"{self.kind} {self.name}: {self.description}"]
        lines += ["    " + o.help() for o in self.options]
        return "\n".join(lines)


_SOLVERS: List[Solver] = [
    Solver(s["kind"], s["name"], s["description"], s["optimal_within"], s["answer_is_bound"],
           tuple(_option(o) for o in s["options"]))
    for s in _native.solver_specs()
]


def kinds() -> List[str]:
    """The instance kinds (families): partition, divisible, cpugpu, steady_state, dag."""
    return list(_native.kinds())


def solvers(kind: Optional[str] = None) -> List[Solver]:
    """Every solver, family by family, or those of one kind (ValueError for a kind without solvers)."""
    if kind is None:
        return list(_SOLVERS)
    found = [s for s in _SOLVERS if s.kind == kind]
    if not found:
        raise ValueError(f"no solver for kind '{kind}'")
    return found


def _text(value: Any) -> str:
    """A value as the option tables read it back (the command line's text)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (list, tuple)):
        return ",".join(_text(v) for v in value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)
    return str(value)


def _flags(given: Dict[str, Any]) -> List[Tuple[str, str]]:
    """Keyword arguments (None: not given) as (table name, text) pairs."""
    return [(k.replace("_", "-"), _text(v)) for k, v in given.items() if v is not None]


# --- instances -------------------------------------------------------------------------------------------------

class Instance:
    """An instance of any family, as HetSched's instance files hold it (docs/formats.md)."""

    __slots__ = ("_native", "source_format", "notes")

    def __init__(self, native: Any, source_format: str = "", notes: Sequence[str] = ()) -> None:
        self._native = native
        #: For an imported task graph: what was read ("WfFormat 1.4"); else "".
        self.source_format: str = source_format
        #: For an imported task graph: what the reader defaulted, merged or dropped.
        self.notes: List[str] = list(notes)

    @classmethod
    def from_json(cls, data: Union[str, bytes, Dict[str, Any]]) -> "Instance":
        """An instance from its JSON text or the dict of it (ValueError naming the JSON path of a problem)."""
        if isinstance(data, dict):
            data = json.dumps(data)
        elif isinstance(data, bytes):
            data = data.decode("utf-8")
        elif not isinstance(data, str):
            raise TypeError(f"Instance.from_json takes a str, bytes or dict, not {type(data).__name__}")
        return cls(_native.parse_instance(data))

    @property
    def kind(self) -> str:
        """The family: "partition", "divisible", "cpugpu", "steady_state" or "dag"."""
        return self._native.kind

    @property
    def default_solver(self) -> str:
        """The solver solve() runs when given none."""
        return self._native.default_solver()

    def solvers(self) -> List[Solver]:
        """The solvers of this instance's family."""
        return solvers(self.kind)

    def to_json(self, indent: int = 2) -> str:
        """The instance file's text (what hetsched import writes)."""
        return self._native.to_json(indent)

    def to_dict(self) -> Dict[str, Any]:
        return json.loads(self._native.to_json(-1))

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Writes the instance file."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json() + "\n")

    def solve(self, solver: Optional[str] = None, *, progress: Optional[ProgressCallback] = None,
              **options: Any) -> "Result":
        """solve(self, solver, **options)."""
        return solve(self, solver, progress=progress, **options)

    def __repr__(self) -> str:
        d = self.to_dict()
        sizes = ", ".join(f"{len(v)} {k}" for k, v in d.items() if isinstance(v, list))
        return f"<hetsched.Instance {self.kind}{': ' + sizes if sizes else ''}>"


def load(path: Union[str, os.PathLike]) -> Instance:
    """Reads an instance file (JSON, any family). Errors name the file and the JSON path."""
    return Instance(_native.read_instance(os.fspath(path)))


def import_graph(path: Union[str, os.PathLike], platform: Optional[Union[str, os.PathLike]] = None, *,
                 clusters: Optional[int] = None, min_processors: Optional[int] = None,
                 max_processors: Optional[int] = None, min_speed: Optional[float] = None,
                 heterogeneity: Optional[float] = None, platform_seed: Optional[int] = None,
                 format: Optional[str] = None, reference_speed: Optional[float] = None,
                 alpha: Optional[float] = None, default_flops: Optional[float] = None,
                 default_bytes: Optional[float] = None, seed: Optional[int] = None) -> Instance:
    """A task graph file (DOT, WfFormat, DAX, STG, daggen) as a dag instance, as ``hetsched import`` makes it.

    The platform: a SimGrid XML or JSON platform file (``platform``), or the random platform of N'Takpe and
    Suter 2006 (``clusters`` and its parameters). Options left as None take the table's default.
    """
    given = dict(clusters=clusters, min_processors=min_processors, max_processors=max_processors,
                 min_speed=min_speed, heterogeneity=heterogeneity, platform_seed=platform_seed, format=format,
                 reference_speed=reference_speed, alpha=alpha, default_flops=default_flops,
                 default_bytes=default_bytes, seed=seed)
    native, source_format, notes = _native.import_graph(
        os.fspath(path), "" if platform is None else os.fspath(platform), _flags(given))
    return Instance(native, source_format, notes)


def import_platform(path: Union[str, os.PathLike], source: Optional[str] = None) -> Instance:
    """A SimGrid platform as a steady-state bag of tasks (``hetsched import PLATFORM.xml --kind steady_state``):
    its hosts are the processors, the master at host ``source`` (default: the first)."""
    return Instance(_native.import_platform(os.fspath(path), source))


def generate_dag(platform: Optional[Union[str, os.PathLike]] = None, **options: Any) -> Instance:
    """A seeded random task graph as daggen draws it, on a platform file or on the random platform
    (``hetsched generate dag``): tasks, fat, regularity, density, jump, ccr, max_alpha, complexity, seed, and
    the random platform's clusters, min_processors, max_processors, min_speed, heterogeneity, platform_seed."""
    return Instance(_native.generate_dag(_flags(options), "" if platform is None else os.fspath(platform)))


# --- results ---------------------------------------------------------------------------------------------------

class Interval(NamedTuple):
    """One bar of a schedule's Gantt chart."""

    lane: str          # the processor, link or worker ("P3", "cluster C0 #2")
    category: str      # lanes of one category are drawn together ("CPU", "cluster C0")
    task: Optional[int]  # the index of the task (or resource) in the instance, None when none
    start: float
    end: float
    kind: str          # "compute", "send", "receive", "idle", "return", "redistribution", "other"
    label: str
    group: str


class _Schedule:
    """What results and simulations share: the intervals, as a list and as a DataFrame, and the Gantt chart."""

    _native: Any

    @property
    def schedule(self) -> List[Interval]:
        """The schedule's intervals, lane by lane."""
        return [Interval(*row) for row in self._native.intervals()]

    def to_pandas(self) -> Any:
        """The intervals as a pandas DataFrame (columns lane, category, task, start, end, kind, label, group)."""
        import pandas
        return pandas.DataFrame(self.schedule, columns=list(Interval._fields))

    def to_svg(self, path: Optional[Union[str, os.PathLike]] = None, width: int = 900) -> str:
        """The Gantt chart as SVG text (written to ``path`` when given)."""
        svg = _gantt_svg(self.schedule, title=self._title(), width=width)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg)
        return svg

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _title(self) -> str:
        return ""


class Result(_Schedule):
    """The answer of a solve: typed attributes, the schedule, and the JSON ``hetsched solve`` prints."""

    __slots__ = ("_native",)

    def __init__(self, native: Any) -> None:
        self._native = native

    @classmethod
    def from_json(cls, instance: Instance, data: Union[str, bytes, Dict[str, Any]]) -> "Result":
        """A stored result (as ``hetsched solve -o`` writes it) read back and checked against its instance."""
        if isinstance(data, dict):
            data = json.dumps(data)
        elif isinstance(data, bytes):
            data = data.decode("utf-8")
        return cls(_native.result_from_json(instance._native, data))

    @property
    def instance(self) -> Instance:
        return Instance(self._native.instance())

    kind = property(lambda self: self._native.kind, doc="The instance's family.")
    solver = property(lambda self: self._native.solver, doc="The solver that ran.")
    status = property(lambda self: self._native.status,
                      doc='The answer: "optimal", "feasible", "infeasible", "time_limit", "cancelled", '
                          '"iteration_limit".')
    call_status = property(lambda self: self._native.call_status,
                           doc='"ok", or "warning" when the solver stopped early (a limit, a cancellation).')
    status_text = property(lambda self: self._native.status_text,
                           doc='The status as a person reads it ("time limit, gap 3.2 %").')
    objective = property(lambda self: self._native.objective, doc="The objective's value; None when infeasible.")
    objective_name = property(lambda self: self._native.objective_name,
                              doc='"makespan", "throughput", "total_cost", or "lower_bound" for a bound.')
    objective_unit = property(lambda self: self._native.objective_unit, doc='"s", or "" when unitless.')
    best_bound = property(lambda self: self._native.best_bound,
                          doc="The best proven bound on the optimum, where the solver has one.")
    gap = property(lambda self: self._native.gap, doc="The relative gap between objective and best bound.")
    answer_is_bound = property(lambda self: self._native.answer_is_bound,
                               doc="The objective is a lower bound (the schedule its relaxation, rounded).")
    optimal_within = property(lambda self: self._native.optimal_within,
                              doc="With status optimal: the class of schedules it is the best in.")
    message = property(lambda self: self._native.message, doc="Why infeasible, or the solver's notes.")
    seconds = property(lambda self: self._native.seconds, doc="Wall-clock time of the solve.")

    @property
    def answer(self) -> str:
        """ "schedule", or "lower_bound" when the answer is a bound."""
        return "lower_bound" if self.answer_is_bound else "schedule"

    @property
    def metrics(self) -> Dict[str, float]:
        """The schedule's metrics by name (the family's: makespan, speedup, throughput, ...)."""
        return {name: value for name, value, _ in self._native.metrics()}

    @property
    def metric_units(self) -> Dict[str, str]:
        return {name: unit for name, _, unit in self._native.metrics()}

    @property
    def time_unit(self) -> str:
        return self._native.time_unit

    def to_json(self, indent: int = 2) -> str:
        """The JSON ``hetsched solve`` prints (without its final newline)."""
        return self._native.to_json(indent)

    def to_dict(self) -> Dict[str, Any]:
        return json.loads(self._native.to_json(-1))

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Writes the result file as ``hetsched solve -o`` does."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json() + "\n")

    def _title(self) -> str:
        value = "" if self.objective is None else f" {self.objective_name} {self.objective:.6g}"
        return f"{self.kind} {self.solver}: {self.status_text}{value}"

    def __repr__(self) -> str:
        value = "" if self.objective is None else f", {self.objective_name}={self.objective:.6g}"
        return f"<hetsched.Result {self.kind} {self.solver}: {self.status}{value}>"


def solve(instance: Instance, solver: Optional[str] = None, *, progress: Optional[ProgressCallback] = None,
          **options: Any) -> Result:
    """Runs a solver on the instance (the family's default when ``solver`` is None); ``options`` are the
    solver's (``hetsched.solvers(kind)`` lists them with their ranges). Infeasible instances give a result with
    status "infeasible". The GIL is released while the solver runs.

    Ctrl-C raises SolveInterrupted, whose ``result`` is the best answer found so far (status "cancelled") where
    the solver had one. ``progress(fraction, stage)`` is called as the solver reports (at most 20 times a
    second); returning False stops it: the best answer so far is returned, or Cancelled raised.
    """
    if not isinstance(instance, Instance):
        raise TypeError(f"solve takes a hetsched.Instance, not {type(instance).__name__}")
    numbers: Dict[str, float] = {}
    for name, value in options.items():
        key = name.replace("_", "-") if "_" in name and not _has_option(instance.kind, solver, name) else name
        if isinstance(value, bool):
            numbers[key] = 1.0 if value else 0.0
        elif isinstance(value, (int, float)):
            numbers[key] = float(value)
        elif isinstance(value, str) and value in ("true", "false"):
            numbers[key] = 1.0 if value == "true" else 0.0
        else:
            raise ValueError(f"--option {key}: '{value}' is not a number")
    try:
        return Result(_native.solve(instance._native, solver or "", numbers, progress))
    except SolveInterrupted as interrupted:
        if interrupted.result is not None and not isinstance(interrupted.result, Result):
            interrupted.result = Result(interrupted.result)
        raise


def _has_option(kind: str, solver: Optional[str], name: str) -> bool:
    for s in _SOLVERS:
        if s.kind == kind and (solver is None or s.name == solver):
            if any(o.name == name for o in s.options):
                return True
    return False


# --- simulation ------------------------------------------------------------------------------------------------

class Simulation(_Schedule):
    """A schedule replayed on SimGrid: simulated against planned times (``hetsched simulate``'s JSON)."""

    __slots__ = ("_native",)

    def __init__(self, native: Any) -> None:
        self._native = native

    planned_makespan = property(lambda self: self._native.planned_makespan)
    simulated_makespan = property(lambda self: self._native.simulated_makespan)
    simulator = property(lambda self: self._native.simulator, doc='"SimGrid 3.32.0 (ptask_L07)"')
    platform_file = property(lambda self: self._native.platform_file)
    platform_xml = property(lambda self: self._native.platform_xml,
                            doc="The SimGrid platform generated for the run (empty when a file was used).")
    notes = property(lambda self: list(self._native.notes))
    seconds = property(lambda self: self._native.seconds)

    def to_json(self, indent: int = 2) -> str:
        """The JSON ``hetsched simulate`` prints (without its final newline)."""
        return self._native.to_json(indent)

    def to_dict(self) -> Dict[str, Any]:
        return json.loads(self._native.to_json(-1))

    def _title(self) -> str:
        return f"simulated makespan {self.simulated_makespan:.6g}, planned {self.planned_makespan:.6g}"

    def __repr__(self) -> str:
        return (f"<hetsched.Simulation simulated {self.simulated_makespan:.6g}, "
                f"planned {self.planned_makespan:.6g}>")


def simulate(instance: Instance, result: Result, *, platform: Optional[Union[str, os.PathLike]] = None,
             periods: Optional[int] = None, progress: Optional[ProgressCallback] = None) -> Simulation:
    """Replays the result's schedule on SimGrid (in the child process hetsched-simgrid: SimGrid never runs in
    this interpreter). dag: on ``platform`` (a SimGrid file) or the instance's own; steady_state: ``periods``
    periods (default 3). Families: dag, divisible, cpugpu, steady_state."""
    if result.instance.to_json() != instance.to_json():
        result = Result.from_json(instance, result.to_json())   # checked against this instance
    return Simulation(_native.simulate(result._native, "" if platform is None else os.fspath(platform),
                                       0 if periods is None else int(periods), progress))


# --- experiments -----------------------------------------------------------------------------------------------

def _cell(text: str) -> Any:
    if text == "":
        return None
    try:
        number = float(text)
    except ValueError:
        return text
    if number.is_integer() and text.lstrip("-").isdigit():
        return int(text)
    return number


class Table:
    """A table an experiment writes: its CSV text (``hetsched experiment``'s), its rows as dicts (numbers read
    as int or float, empty cells as None) and a pandas DataFrame."""

    __slots__ = ("csv", "columns", "rows")

    def __init__(self, text: str) -> None:
        self.csv: str = text
        reader = csv.reader(io.StringIO(text))
        self.columns: List[str] = next(reader, [])
        self.rows: List[Dict[str, Any]] = [dict(zip(self.columns, (_cell(c) for c in row))) for row in reader]

    def to_pandas(self) -> Any:
        import pandas
        return pandas.DataFrame(self.rows, columns=self.columns)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        return iter(self.rows)

    def __getitem__(self, index: int) -> Dict[str, Any]:
        return self.rows[index]

    def __repr__(self) -> str:
        return f"<hetsched.Table {len(self.rows)} rows: {', '.join(self.columns)}>"


@dataclass(frozen=True)
class Experiment:
    name: str
    description: str
    options: Tuple[Option, ...]


def experiments() -> List[Experiment]:
    """The built-in experiments (``hetsched experiment``) with their flags as options."""
    return [Experiment(e["name"], e["description"], tuple(_option(o) for o in e["options"]))
            for e in _native.experiments()]


def _experiment_flags(flags: Dict[str, Any]) -> List[Tuple[str, str]]:
    given = []
    for name, value in flags.items():
        if value is None:
            continue
        text = ("on" if value else "off") if isinstance(value, bool) else _text(value)
        given.append(("--" + name.replace("_", "-"), text))
    return given


def experiment(name: str, *, progress: Optional[ProgressCallback] = None, **flags: Any) -> Table:
    """Runs a built-in experiment (``hetsched experiment NAME``) with its flags as keyword arguments (lists as
    lists, ``simulate=True``) and returns its table."""
    given = _experiment_flags(flags)
    rows = _native.experiment_rows(name, given, progress)
    return Table(_native.experiment_table(name, given, rows))


class Benchmark(NamedTuple):
    """A benchmark's two tables: every run, and the summary per solver."""

    runs: Table
    summary: Table


def benchmark(instances: Union[str, Sequence[str]], platforms: Union[None, str, Sequence[str]] = None,
              solvers: Union[None, str, Sequence[str]] = None, *, simulate: bool = False,
              progress: Optional[ProgressCallback] = None, **import_options: Any) -> Benchmark:
    """Every chosen solver on every instance (``hetsched experiment benchmark``): ``instances`` are files,
    directories and glob patterns of HetSched instances and task graphs, placed on every platform of
    ``platforms``; ``solvers`` default to every solver of each family. ``import_options`` are the import's
    (format, reference_speed, alpha, default_flops, default_bytes)."""
    def listed(value: Union[None, str, Sequence[str]]) -> Optional[List[str]]:
        if value is None:
            return None
        return [os.fspath(value)] if isinstance(value, (str, os.PathLike)) else [os.fspath(v) for v in value]

    for name, value in (("instances", listed(instances)), ("platforms", listed(platforms))):
        for path in value or []:
            if "," in path:
                raise ValueError(f"--{name}: '{path}' has a comma, which separates the paths of the list")
    flags = dict(instances=listed(instances), platforms=listed(platforms), solvers=listed(solvers),
                 simulate=simulate, **import_options)
    given = _experiment_flags(flags)
    rows = _native.experiment_rows("benchmark", given, progress)
    runs = Table(_native.experiment_table("benchmark", given, rows))
    summary = Table(_native.experiment_table("benchmark", given + [("--summary", "on")], rows))
    return Benchmark(runs, summary)


# --- figures ---------------------------------------------------------------------------------------------------

def _hetsched_executable() -> str:
    """The hetsched program that renders figures: $HETSCHED_EXECUTABLE, else the build's (for the module of a
    build tree), else the installed one."""
    given = os.environ.get("HETSCHED_EXECUTABLE")
    if given:
        return given
    module_dir = os.path.dirname(os.path.realpath(__file__))
    build_dir = os.path.realpath(os.path.dirname(_native.build_bindir))
    candidates = [os.path.join(_native.install_bindir, "hetsched")]
    if os.path.commonpath([module_dir, build_dir]) == build_dir:
        candidates.insert(0, os.path.join(_native.build_bindir, "hetsched"))
    for candidate in candidates:
        if os.access(candidate, os.X_OK):
            return candidate
    raise RuntimeError("hetsched.export needs the hetsched program (the figures are drawn by its Qt charts), "
                       "which is not at " + " nor at ".join(candidates) + ": build it, or set HETSCHED_EXECUTABLE")


def export(result: Union[Result, Sequence[Result]], path: Union[str, os.PathLike], *,
           size: Optional[str] = None, font_pt: Optional[float] = None, title: Union[None, str, bool] = None,
           header: bool = True, legend: Optional[str] = None, palette: Optional[str] = None,
           part: Optional[str] = None, time_axis: Optional[str] = None, format: Optional[str] = None,
           dpi: Optional[int] = None, width: Optional[int] = None, height: Optional[int] = None) -> None:
    """Writes the figure of a result (``hetsched export INSTANCE --result RESULT.json -o PATH``), or with a list
    of results of one instance the comparison of those runs, one Gantt under the other, named (a), (b), ...

    The format follows the extension of ``path`` (``format`` where it does not say, or where formats share it):
    a figure (png, pdf, svg), a trace (tikz, paje, jedule, chrome-trace, csv) or a table of the runs' metrics
    (metrics-csv, latex-table). The keyword arguments are export's flags, with the same ranges and messages:

        size       the figure's size: "85x50mm" (one column of a paper), "175x100mm", "8.5x5cm", "3.3x2in",
                   "240x140pt" (PDF, SVG and PNG; a PNG of a physical size is drawn at ``dpi``, default 300),
                   or "1200x700px" (the default)
        font_pt    the text size in points, 6 to 72 (default 8), the same whatever the size
        title      the figure's title instead of the result's; False (or "") leaves it out
        header     False leaves out the metrics line over the chart
        legend     "right" (default), "below" or "none"
        palette    "default", "colorblind" (Okabe-Ito) or "grey" (hatching where colour told things apart)
        part       task graph results: "gantt", "dag" or "both" (default)
        time_axis  a comparison's runs on one time axis ("shared", default) or each on its own ("own")
        format     the format when the extension does not say: png, pdf, svg, tikz, paje, jedule,
                   chrome-trace, csv, metrics-csv, latex-table
        dpi        PNG only: its resolution, 36 to 2400
        width      the older way to give the size: pixels for PNG, points for a PDF or SVG page (100 to 20000)
        height     the same for the height

    What cannot be drawn (a size too small for the chart at that text size, an unknown format, an option out
    of its range) raises ValueError with the command line's message, before any file is written; a file that
    cannot be written raises OSError, a failed drawing RuntimeError.

    The drawing is that of ``hetsched export`` itself, run as a child process on Qt's offscreen platform: the
    figure is the one the command line and the GUI make, byte for byte, and the interpreter's process needs no
    display and never starts Qt (a notebook's own Qt, matplotlib's for one, is left alone).
    """
    runs = [result] if isinstance(result, Result) else list(result)
    if not runs:
        raise ValueError("export needs a result, or a list of results for a comparison")
    for run in runs:
        if not isinstance(run, Result):
            raise TypeError(f"export takes a hetsched.Result or a list of them, not {type(run).__name__}")
    instance_text = runs[0].instance.to_json()
    if any(run.instance.to_json() != instance_text for run in runs[1:]):
        raise ValueError("the results of a comparison must be results of one instance")
    flags: List[str] = []
    for flag, value in (("--size", size), ("--font-pt", font_pt), ("--legend", legend), ("--palette", palette),
                        ("--part", part), ("--time-axis", time_axis), ("--format", format), ("--dpi", dpi),
                        ("--width", width), ("--height", height)):
        if value is not None:
            flags += [flag, _text(value)]
    if title is False or title == "":
        flags.append("--no-title")
    elif title is True:
        raise ValueError("title is the figure's title (a string), or False for none")
    elif title is not None:
        flags += ["--title", str(title)]
    if not header:
        flags.append("--no-header")
    output = os.path.abspath(os.fspath(path))
    program = _hetsched_executable()
    with tempfile.TemporaryDirectory(prefix="hetsched-export-") as scratch:
        instance_file = os.path.join(scratch, "instance.json")
        with open(instance_file, "w", encoding="utf-8") as f:
            f.write(instance_text + "\n")
        arguments = [program, "export", instance_file]
        for k, run in enumerate(runs):
            result_file = os.path.join(scratch, f"result-{k}.json")
            run.save(result_file)
            arguments += ["--result", result_file]
        arguments += ["-o", output] + flags
        # Always offscreen: no display is needed, and a session's own platform (xcb without a display) is no matter.
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        done = subprocess.run(arguments, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        line = next((l for l in lines if l.startswith("hetsched export: ")), lines[0] if lines else "")
        message = line[len("hetsched export: "):] if line.startswith("hetsched export: ") else line
        if message.startswith("error: "):
            message = message[len("error: "):]
        # Exit 2: what was asked (an option, a size, a format) is wrong; else the drawing or the file failed.
        if done.returncode == 2:
            raise ValueError(message or "hetsched export refused its arguments")
        # The file could not be written (as the module's other file errors: OSError).
        if message.startswith("cannot write " + output):
            raise OSError(message)
        raise RuntimeError(message or f"hetsched export failed (exit {done.returncode})")


# --- docstrings from the option tables -------------------------------------------------------------------------

def _options_help(options: Sequence[Option], indent: str = "    ") -> str:
    return "\n".join(indent + o.help() for o in options)


import_graph.__doc__ = (import_graph.__doc__ or "") + (
    "\n    Import options:\n" + _options_help([_option(o) for o in _native.import_options()], "        ")
    + "\n    Random platform:\n" + _options_help([_option(o) for o in _native.platform_options()], "        ")
    + "\n")
generate_dag.__doc__ = (generate_dag.__doc__ or "") + (
    "\n\n    Graph:\n" + _options_help([_option(o) for o in _native.generator_options()], "        ")
    + "\n    Random platform:\n" + _options_help([_option(o) for o in _native.platform_options()], "        ")
    + "\n")
solve.__doc__ = (solve.__doc__ or "") + "\n    Solvers and their options:\n" + "\n".join(
    "        " + s.help().replace("\n", "\n        ") for s in _SOLVERS) + "\n"
experiment.__doc__ = (experiment.__doc__ or "") + "\n    Experiments and their flags:\n" + "\n".join(
    f"        {e.name}: {e.description}\n" + _options_help(e.options, "            ") for e in experiments()) + "\n"
