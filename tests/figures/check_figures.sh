#!/usr/bin/env bash
# Every figure `hetsched export` makes at a paper's sizes (one column, 85 x 50 mm; two columns, 175 x 100 mm)
# with 8 pt text keeps the rules of check_pdf_figure.py: each family's built-in example, a 1,000-task task graph,
# a comparison of three task graph runs, in each palette. The same figures as PNG and SVG have the size asked.
# usage: check_figures.sh HETSCHED EXAMPLES_DIR OUTPUT_DIR
set -u
hetsched=$1
examples=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)
checker="$here/check_pdf_figure.py"
mkdir -p "$out"
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

python3 "$checker" --self-test "$out" || fail "the checker's self-test"

# export NAME SIZE EXTRA_FLAGS... -- ARGS: one PDF checked.
check_pdf() {
    local name=$1 size=$2
    shift 2
    local pdf="$out/$name-$size.pdf"
    rm -f "$pdf"
    if ! "$hetsched" export "$@" --size "$size" --font-pt 8 -o "$pdf" 2> "$out/$name-$size.err"; then
        fail "export $name at $size: $(cat "$out/$name-$size.err")"
        return
    fi
    python3 "$checker" "$pdf" "$size" || fail "$name at $size"
}

for example in "$examples"/*.json; do
    name=$(basename "$example" .json)
    for size in 85x50mm 175x100mm; do check_pdf "$name" "$size" "$example"; done
done

# A 1,000-task graph on its random platform, and three runs of the example compared.
"$hetsched" generate dag --tasks 1000 --seed 7 -o "$out/dag-1000.json" > /dev/null || fail "generate dag --tasks 1000"
for size in 85x50mm 175x100mm; do
    check_pdf dag-1000 "$size" "$out/dag-1000.json"
    check_pdf dag-1000-gantt "$size" "$out/dag-1000.json" --part gantt
done
# Three runs stacked, each run's 48 processors grouped by cluster, one named row each, at one column (85 x 50
# and 85 x 80 mm) and two columns; the time axis' numbers under the last run only.
for size in 85x50mm 85x80mm 175x100mm; do
    check_pdf dag-compare "$size" "$examples/dag-two-clusters.json" --solver heft --solver mheft --solver hcpa
done
for size in 85x50mm 175x100mm; do
    check_pdf dag-1000-compare "$size" "$out/dag-1000.json" --solver heft --solver mheft --solver hcpa
done
check_pdf dag-compare-own-axes 175x100mm "$examples/dag-two-clusters.json" --solver heft --solver seq --time-axis own

# The parts and palettes a user picks keep the rules too.
for palette in colorblind grey; do
    check_pdf "cpugpu-$palette" 85x50mm "$examples/cpugpu-small.json" --palette "$palette"
    check_pdf "dag-$palette" 85x50mm "$examples/dag-two-clusters.json" --palette "$palette"
done
check_pdf partition-below 85x50mm "$examples/partition-small.json" --legend below --title "Partition, 2 nodes"
check_pdf divisible-bare 85x50mm "$examples/divisible-small.json" --no-title --no-header --legend none
# --legend below: the legend right under the time axis' title, no empty line between them (at most 4 pt, half
# a line of 8 pt text, from the title's lowest word to the legend's highest).
for name in divisible-small partition-small cpugpu-heft-trap; do
    check_pdf "$name-legend-below" 85x55mm "$examples/$name.json" --legend below
    pdftotext -bbox "$out/$name-legend-below-85x55mm.pdf" - | python3 -c '
import re, sys
words = [(m.group(5), float(m.group(2)), float(m.group(4))) for m in re.finditer(
    r"<word xMin=\"([^\"]+)\" yMin=\"([^\"]+)\" xMax=\"([^\"]+)\" yMax=\"([^\"]+)\">(.*?)</word>", sys.stdin.read())]
title = max((w for w in words if w[0] == "time"), key=lambda w: w[1])
below = [w for w in words if w[1] >= title[2] - 0.5]
assert below, "no legend under the time axis title"
gap = min(w[1] for w in below) - title[2]
assert gap <= 4, f"{gap:.1f} pt between the time axis title and the legend under it"
print(f"legend {gap:.1f} pt under the time axis title")
' || fail "$name --legend below at 85x55mm: a gap over the legend"
done

# A legend asked for that does not fit is never dropped silently: stderr says so and which --size holds it.
"$hetsched" export "$examples/partition-small.json" --size 85x30mm --legend below -o "$out/no-legend.pdf" \
    2> "$out/no-legend.err" || fail "export partition-small at 85x30mm: $(cat "$out/no-legend.err")"
grep -q "note: the legend was left out: .* --size 85x[0-9]*mm holds it" "$out/no-legend.err" ||
    fail "a legend left out without a note: $(cat "$out/no-legend.err")"

# PNG and SVG of a physical size: 85 x 50 mm at 300 DPI is 1004 x 591 pixels; the SVG says 85 x 50 mm.
"$hetsched" export "$examples/dag-two-clusters.json" --size 85x50mm -o "$out/dag.png" || fail "PNG export"
"$hetsched" export "$examples/dag-two-clusters.json" --size 85x50mm -o "$out/dag.svg" || fail "SVG export"
python3 - "$out/dag.png" "$out/dag.svg" <<'PY' || fail "PNG or SVG size"
import re, struct, sys
png = open(sys.argv[1], "rb").read()
width, height = struct.unpack(">II", png[16:24])
phys = png.find(b"pHYs")
per_metre = struct.unpack(">I", png[phys + 4:phys + 8])[0] if phys > 0 else 0
assert (width, height) == (1004, 591), f"PNG is {width} x {height} pixels, not 1004 x 591"
assert abs(per_metre - 300 / 0.0254) < 2, f"PNG says {per_metre} pixels a metre, not 300 DPI"
svg = open(sys.argv[2], encoding="utf-8").read()
w = float(re.search(r'<svg[^>]*width="([0-9.]+)mm"', svg).group(1))
h = float(re.search(r'<svg[^>]*height="([0-9.]+)mm"', svg).group(1))
assert abs(w - 85) < 0.5 and abs(h - 50) < 0.5, f"SVG is {w} x {h} mm"
print(f"PNG {width} x {height} px at 300 DPI, SVG {w:g} x {h:g} mm")
PY

# What cannot be drawn is refused with exit 2, naming the flag, and writes no file.
refused() {
    local message=$1
    shift
    rm -f "$out/refused.pdf"
    "$hetsched" export "$@" -o "$out/refused.pdf" 2> "$out/refused.err"
    local code=$?
    [ "$code" -eq 2 ] || fail "exit $code, not 2, for: $* ($(cat "$out/refused.err"))"
    grep -qF -- "$message" "$out/refused.err" || fail "no '$message' in: $(cat "$out/refused.err")"
    [ ! -e "$out/refused.pdf" ] || fail "a file was written for: $*"
}
refused "--size" "$examples/dag-two-clusters.json" --size 30x12mm
refused "is too small" "$examples/dag-two-clusters.json" --size 85x30mm --solver heft --solver mheft --solver hcpa
refused "--font-pt must be in [6, 72]" "$examples/cpugpu-small.json" --size 85x50mm --font-pt 5
refused "--format must be one of png|pdf|svg|tikz|paje|jedule|chrome-trace|csv|metrics-csv|latex-table" \
    "$examples/cpugpu-small.json" --format gif
refused "--legend must be right, below or none" "$examples/cpugpu-small.json" --legend top
refused "--palette must be default, colorblind or grey" "$examples/cpugpu-small.json" --palette rainbow

# Traces and tables through the same command (the format table's core writers), a comparison among them.
"$hetsched" export "$examples/dag-two-clusters.json" --solver heft --solver hcpa -o "$out/runs.paje" ||
    fail "no Paje trace of a comparison"
if command -v pj_dump > /dev/null; then
    pj_dump "$out/runs.paje" > "$out/runs.dump" || fail "pj_dump refuses the exported trace"
    grep -q '^State' "$out/runs.dump" || fail "no state in the exported trace"
fi
"$hetsched" export "$examples/dag-two-clusters.json" --solver heft --solver hcpa -o "$out/runs.tex" \
    --format latex-table || fail "no LaTeX table of the runs' metrics"
grep -q 'toprule' "$out/runs.tex" || fail "the metrics table is no booktabs table"
"$hetsched" export "$examples/cpugpu-small.json" -o "$out/gantt.jed" || fail "no Jedule file"
# TikZ with each run on its own time axis (--time-axis own), set by pdflatex at both sizes: the page keeps the
# rules, there is one axis per run, and each run's name says its makespan.
if command -v pdflatex > /dev/null; then
    for size in 85x50mm 175x100mm; do
        tex="$out/own-axes-$size.tex"
        rm -f "$tex" "${tex%.tex}.pdf"
        "$hetsched" export "$examples/dag-two-clusters.json" --solver hcpa --solver seq --time-axis own --size "$size" \
            --font-pt 8 --format tikz -o "$tex" || { fail "no TikZ with own time axes at $size"; continue; }
        (cd "$out" && pdflatex -interaction=nonstopmode -halt-on-error "$(basename "$tex")" > /dev/null 2>&1) ||
            { fail "pdflatex refuses the TikZ with own time axes at $size"; continue; }
        python3 "$checker" "${tex%.tex}.pdf" "$size" || fail "TikZ with own time axes at $size"
        [ "$(grep -c '^% the time axis of run' "$tex")" -eq 2 ] || fail "TikZ at $size: not one time axis per run"
        text=$(pdftotext "${tex%.tex}.pdf" -)
        grep -q "hcpa (makespan [0-9.]* s)" <<< "$text" && grep -q "seq (makespan [0-9.]* s)" <<< "$text" ||
            fail "TikZ at $size: the runs' makespans are not marked: $text"
    done
fi
rm -f "$out/ambiguous.tex"
"$hetsched" export "$examples/cpugpu-small.json" -o "$out/ambiguous.tex" 2> "$out/ambiguous.err"
[ $? -eq 2 ] && grep -qF "may be tikz or latex-table" "$out/ambiguous.err" && [ ! -e "$out/ambiguous.tex" ] ||
    fail "an ambiguous .tex is not refused asking for --format: $(cat "$out/ambiguous.err")"

if [ "$failures" -gt 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "every figure keeps the rules"
