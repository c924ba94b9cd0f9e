"""A small SVG Gantt chart of a schedule's intervals, for notebooks (Result._repr_svg_) and quick looks: one row
per lane, bars coloured by kind, a time axis with round ticks. The GUI's charts remain the publication figures."""

from __future__ import annotations

import math
from typing import Dict, List, Sequence
from xml.sax.saxutils import escape

# Okabe-Ito, readable by colour-blind people; by interval kind.
_KIND_COLOURS: Dict[str, str] = {
    "compute": "#0072B2",
    "send": "#E69F00",
    "receive": "#56B4E9",
    "idle": "#BBBBBB",
    "return": "#009E73",
    "redistribution": "#CC79A7",
    "other": "#D55E00",
}


def _ticks(end: float, count: int = 6) -> List[float]:
    """Round tick values from 0 to about `end`."""
    if end <= 0 or not math.isfinite(end):
        return [0.0]
    raw = end / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return [i * step for i in range(int(end / step + 1e-9) + 1)]


def _number(value: float) -> str:
    return f"{value:.6g}"


def gantt_svg(intervals: Sequence, title: str = "", width: int = 900) -> str:
    """The SVG text of a Gantt chart of `intervals` (objects with lane, category, start, end, kind, label)."""
    lanes: List[str] = []
    for i in intervals:
        if i.lane not in lanes:
            lanes.append(i.lane)
    row, top, left, right, bottom = 18, 28 if title else 10, 110, 20, 46
    height = top + row * max(1, len(lanes)) + bottom
    end = max((i.end for i in intervals), default=0.0)
    span = end if end > 0 else 1.0
    plot = width - left - right

    def x(t: float) -> float:
        return left + plot * t / span

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    if title:
        out.append(f'<text x="{left}" y="17" font-size="13">{escape(title)}</text>')
    for k, lane in enumerate(lanes):
        y = top + k * row
        if k % 2 == 0:
            out.append(f'<rect x="{left}" y="{y}" width="{plot}" height="{row}" fill="#F4F4F4"/>')
        out.append(f'<text x="{left - 6}" y="{y + row * 0.7:.1f}" text-anchor="end">{escape(lane[:18])}</text>')
    index = {lane: k for k, lane in enumerate(lanes)}
    for i in intervals:
        y = top + index[i.lane] * row + 2
        x0, x1 = x(i.start), x(i.end)
        colour = _KIND_COLOURS.get(i.kind, _KIND_COLOURS["other"])
        tip = f"{i.label} {i.kind} [{_number(i.start)}, {_number(i.end)}]".strip()
        out.append(f'<rect x="{x0:.2f}" y="{y}" width="{max(x1 - x0, 0.5):.2f}" height="{row - 4}" '
                   f'fill="{colour}" stroke="white" stroke-width="0.5"><title>{escape(tip)}</title></rect>')
        if i.label and x1 - x0 > 7 * len(i.label):
            out.append(f'<text x="{(x0 + x1) / 2:.2f}" y="{y + row * 0.6:.1f}" fill="white" '
                       f'text-anchor="middle">{escape(i.label)}</text>')
    axis = top + row * max(1, len(lanes))
    out.append(f'<line x1="{left}" y1="{axis}" x2="{left + plot}" y2="{axis}" stroke="black"/>')
    for t in _ticks(span):
        out.append(f'<line x1="{x(t):.2f}" y1="{axis}" x2="{x(t):.2f}" y2="{axis + 4}" stroke="black"/>')
        out.append(f'<text x="{x(t):.2f}" y="{axis + 16}" text-anchor="middle">{_number(t)}</text>')
    kinds = [k for k in _KIND_COLOURS if any(i.kind == k for i in intervals)]
    lx = left
    for k in kinds:
        out.append(f'<rect x="{lx}" y="{axis + 26}" width="10" height="10" fill="{_KIND_COLOURS[k]}"/>')
        out.append(f'<text x="{lx + 14}" y="{axis + 35}">{k}</text>')
        lx += 24 + 7 * len(k)
    out.append("</svg>")
    return "\n".join(out)
