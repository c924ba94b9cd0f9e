"""hetsched.export: the figure of a result (or the comparison of several) as `hetsched export INSTANCE --result
RESULT.json` draws it, with every flag of export as a keyword argument, the same ranges and the same messages."""

import re
import struct

import pytest

import hetsched
from conftest import BINARY, EXAMPLES, cli_error, run_cli

if not BINARY:
    pytest.skip("the hetsched executable is not built (HETSCHED_BUILD_UI=OFF): export has no program to draw with",
                allow_module_level=True)

DAG = EXAMPLES / "dag-two-clusters.json"
PARTITION = EXAMPLES / "partition-small.json"

POINTS_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def dag_runs():
    instance = hetsched.load(DAG)
    return [hetsched.solve(instance, name) for name in ("heft", "hcpa")]


def stored(tmp_path, result, name="result.json"):
    path = tmp_path / name
    result.save(path)
    return path


def pdf_page_size(path):
    """The page's width and height in points, from the PDF's MediaBox."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s*\]",
                       path.read_bytes())
    assert len(boxes) == 1, f"{path}: {len(boxes)} pages"
    x0, y0, x1, y1 = map(float, boxes[0])
    return x1 - x0, y1 - y0


def png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_a_pdf_is_a_page_of_the_size_asked(tmp_path, dag_runs):
    for size, (width_mm, height_mm) in (("85x50mm", (85, 50)), ("175x100mm", (175, 100)), ("8.5x5cm", (85, 50)),
                                        ("3.3x2in", (3.3 * 25.4, 2 * 25.4))):
        out = tmp_path / "fig.pdf"
        hetsched.export(dag_runs[0], out, size=size, font_pt=8)
        width, height = pdf_page_size(out)
        assert width == pytest.approx(width_mm * POINTS_PER_MM, abs=1), size
        assert height == pytest.approx(height_mm * POINTS_PER_MM, abs=1), size


def test_a_png_of_a_physical_size_is_drawn_at_its_dpi(tmp_path, dag_runs):
    out = tmp_path / "fig.png"
    hetsched.export(dag_runs[0], out, size="85x50mm")   # 300 DPI by default
    assert png_size(out) == pytest.approx((85 / 25.4 * 300, 50 / 25.4 * 300), abs=1)
    hetsched.export(dag_runs[0], out, size="85x50mm", dpi=150)
    assert png_size(out) == pytest.approx((85 / 25.4 * 150, 50 / 25.4 * 150), abs=1)
    hetsched.export(dag_runs[0], out, width=900, height=500)
    assert png_size(out) == (900, 500)


def test_the_format_follows_the_extension(tmp_path, dag_runs):
    starts = {"fig.png": b"\x89PNG", "fig.pdf": b"%PDF", "fig.svg": b"<?xml", "fig.paje": b"%EventDef",
              "fig.jed": b"<?xml"}
    for name, start in starts.items():
        out = tmp_path / name
        hetsched.export(dag_runs[0], out)
        assert out.read_bytes().startswith(start), name
    assert b"<svg" in (tmp_path / "fig.svg").read_bytes()
    assert b"<jedule>" in (tmp_path / "fig.jed").read_bytes()
    # Where formats share an extension, format= picks: .tex is TikZ or a LaTeX table, .csv the drawn
    # intervals or the runs' metrics; without it the command line's message says so.
    with pytest.raises(ValueError, match="may be tikz or latex-table"):
        hetsched.export(dag_runs[0], tmp_path / "fig.tex")
    hetsched.export(dag_runs[0], tmp_path / "fig.tex", format="tikz")
    assert b"tikzpicture" in (tmp_path / "fig.tex").read_bytes()
    hetsched.export(dag_runs[0], tmp_path / "intervals.csv", format="csv")
    hetsched.export(dag_runs, tmp_path / "metrics.csv", format="metrics-csv")
    intervals = (tmp_path / "intervals.csv").read_text().splitlines()
    metrics = (tmp_path / "metrics.csv").read_text().splitlines()
    assert len(intervals) > len(dag_runs[0].schedule)   # a header and one line per interval at least
    assert len(metrics) == 3 and "makespan" in metrics[0]


def test_the_figure_is_the_command_lines(tmp_path, dag_runs):
    (tmp_path / "module").mkdir()
    (tmp_path / "cli").mkdir()
    out = tmp_path / "module" / "fig.svg"
    hetsched.export(dag_runs[0], out, size="85x50mm", font_pt=7, title="HEFT", legend="below", palette="colorblind",
                    part="gantt")
    cli = tmp_path / "cli" / "fig.svg"
    run_cli("export", DAG, "--result", stored(tmp_path, dag_runs[0]), "-o", cli, "--size", "85x50mm", "--font-pt",
            "7", "--title", "HEFT", "--legend", "below", "--palette", "colorblind", "--part", "gantt", check=True)
    assert out.read_bytes() == cli.read_bytes()
    assert b"HEFT" in out.read_bytes()


def test_a_list_of_results_is_their_comparison(tmp_path, dag_runs):
    (tmp_path / "module").mkdir()
    (tmp_path / "cli").mkdir()
    out = tmp_path / "module" / "cmp.svg"
    hetsched.export(dag_runs, out, time_axis="own", header=False, title=False)
    cli = tmp_path / "cli" / "cmp.svg"
    run_cli("export", DAG, "--result", stored(tmp_path, dag_runs[0], "a.json"), "--result",
            stored(tmp_path, dag_runs[1], "b.json"), "--time-axis", "own", "--no-header", "--no-title", "-o", cli,
            check=True)
    assert out.read_bytes() == cli.read_bytes()
    text = out.read_text()
    assert "heft" in text and "hcpa" in text


@pytest.mark.parametrize("options, flags", [
    (dict(font_pt=4), ["--font-pt", "4"]),
    (dict(font_pt=100), ["--font-pt", "100"]),
    (dict(size="1x1mm"), ["--size", "1x1mm"]),
    (dict(size="85 by 50"), ["--size", "85 by 50"]),
    (dict(legend="left"), ["--legend", "left"]),
    (dict(palette="pink"), ["--palette", "pink"]),
    (dict(part="tree"), ["--part", "tree"]),
    (dict(time_axis="own"), ["--time-axis", "own"]),
    (dict(dpi=20), ["--dpi", "20"]),
    (dict(width=50), ["--width", "50"]),
    (dict(size="85x50mm", width=900), ["--size", "85x50mm", "--width", "900"]),
])
def test_a_bad_option_raises_the_command_lines_message(tmp_path, dag_runs, options, flags):
    for name in ("fig.png", "fig.pdf"):
        out = tmp_path / name
        code, _, err = run_cli("export", DAG, "--result", stored(tmp_path, dag_runs[0]), "-o", out, *flags)
        assert code == 2, err
        with pytest.raises(ValueError) as raised:
            hetsched.export(dag_runs[0], out, **options)
        assert str(raised.value) == cli_error(err, "export")
        assert not out.exists()


def test_formats_and_parts_that_do_not_apply_raise(tmp_path, dag_runs):
    with pytest.raises(ValueError, match="--dpi applies to PNG only"):
        hetsched.export(dag_runs[0], tmp_path / "fig.pdf", dpi=300)
    with pytest.raises(ValueError, match="bmpx"):
        hetsched.export(dag_runs[0], tmp_path / "fig.bmpx")
    with pytest.raises(ValueError, match="--format"):
        hetsched.export(dag_runs[0], tmp_path / "fig.png", format="gif")
    partition = hetsched.solve(hetsched.load(PARTITION))
    with pytest.raises(ValueError, match="--part"):
        hetsched.export(partition, tmp_path / "fig.png", part="gantt")
    assert not list(tmp_path.iterdir())


def test_results_of_different_instances_are_not_a_comparison(tmp_path, dag_runs):
    partition = hetsched.solve(hetsched.load(PARTITION))
    with pytest.raises(ValueError, match="one instance"):
        hetsched.export([dag_runs[0], partition], tmp_path / "fig.svg")
    with pytest.raises(ValueError):
        hetsched.export([], tmp_path / "fig.svg")
    with pytest.raises(TypeError):
        hetsched.export("heft", tmp_path / "fig.svg")


def test_help_lists_every_flag_of_export():
    doc = hetsched.export.__doc__
    for keyword in ("size", "font_pt", "title", "header", "legend", "palette", "part", "time_axis", "format", "dpi",
                    "width", "height"):
        assert re.search(rf"^\s+{keyword}\b", doc, re.M), keyword


def test_no_display_is_needed_whatever_the_sessions_qt_platform(tmp_path, dag_runs, monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    out = tmp_path / "fig.png"
    hetsched.export(dag_runs[0], out)
    assert png_size(out) == (1200, 700)   # export's default size


def test_a_file_that_cannot_be_written_is_an_os_error_with_the_clis_message(tmp_path, dag_runs):
    for name in ("fig.pdf", "fig.csv"):
        out = tmp_path / "no" / "such" / name
        code, _, err = run_cli("export", DAG, "--result", stored(tmp_path, dag_runs[0]), "-o", out, "--format",
                               name.split(".")[1])
        assert code == 1, err
        with pytest.raises(OSError) as raised:
            hetsched.export(dag_runs[0], out, format=name.split(".")[1])
        # Qt may warn first on standard error (XDG_RUNTIME_DIR): the message is hetsched's line.
        line = next(l for l in err.splitlines() if l.startswith("hetsched export: "))
        assert str(raised.value) == cli_error(line, "export")
