#!/usr/bin/env python3
"""Checks that a PDF figure is laid out for its size: the page is the size asked, every word lies inside the
page, no two words overlap, and the text is set between the smallest and the largest size allowed.

Reads the PDF with poppler's tools only (pdfinfo for the page size, pdftotext -bbox for each word's box,
pdftohtml -xml for the fonts' sizes), an independent reader of what Qt wrote.

usage: check_pdf_figure.py FIGURE.pdf WIDTHxHEIGHT{mm,pt} [--min-pt 6] [--max-pt 10]
       check_pdf_figure.py --self-test DIRECTORY   (the checker's own verdicts on hand-made PDFs)
Exits 0 when every property holds, 1 with one line per violation otherwise.
"""
import argparse
import html
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

TOLERANCE_PT = 0.5   # rounding of the page size and of word boxes that touch


def parse_size(text):
    match = re.fullmatch(r"([0-9.]+)x([0-9.]+)(mm|pt)", text)
    if not match:
        raise SystemExit(f"size must be WxH with mm or pt, got {text!r}")
    factor = 72 / 25.4 if match.group(3) == "mm" else 1.0
    return float(match.group(1)) * factor, float(match.group(2)) * factor


def run(*command):
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def page_size(pdf):
    info = run("pdfinfo", pdf)
    match = re.search(r"Page size:\s+([0-9.]+) x ([0-9.]+) pts", info)
    if not match:
        raise SystemExit(f"{pdf}: pdfinfo gives no page size")
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    return float(match.group(1)), float(match.group(2)), pages


def words(pdf):
    """(text, xMin, yMin, xMax, yMax) of every word, in points from the page's top left."""
    out = run("pdftotext", "-bbox", pdf, "-")
    found = []
    for m in re.finditer(r'<word xMin="([^"]+)" yMin="([^"]+)" xMax="([^"]+)" yMax="([^"]+)">(.*?)</word>', out):
        found.append((html.unescape(m.group(5)), *(float(m.group(k)) for k in range(1, 5))))
    return found


def font_sizes(pdf):
    """The size in points of every font a text of the PDF is set in (pdftohtml at zoom 1: points)."""
    out = run("pdftohtml", "-xml", "-i", "-stdout", "-zoom", "1", pdf)
    root = ET.fromstring(out.encode())
    sizes = {spec.get("id"): float(spec.get("size")) for spec in root.iter("fontspec")}
    used = {}
    for text in root.iter("text"):
        content = "".join(text.itertext()).strip()
        if content:
            used.setdefault(sizes.get(text.get("font"), 0.0), content)
    return used


def overlap(a, b):
    dx = min(a[3], b[3]) - max(a[1], b[1])
    dy = min(a[4], b[4]) - max(a[2], b[2])
    return dx > TOLERANCE_PT and dy > TOLERANCE_PT


def check(pdf, width, height, min_pt, max_pt):
    problems = []
    page_width, page_height, pages = page_size(pdf)
    if pages != 1:
        problems.append(f"{pages} pages, not 1")
    if abs(page_width - width) > TOLERANCE_PT or abs(page_height - height) > TOLERANCE_PT:
        problems.append(f"page {page_width:.2f} x {page_height:.2f} pt, asked {width:.2f} x {height:.2f} pt")
    boxes = words(pdf)
    if not boxes:
        problems.append("no text at all")
    for w in boxes:
        if w[1] < -TOLERANCE_PT or w[2] < -TOLERANCE_PT or w[3] > page_width + TOLERANCE_PT or w[4] > page_height + TOLERANCE_PT:
            problems.append(f"word {w[0]!r} at ({w[1]:.1f}, {w[2]:.1f})-({w[3]:.1f}, {w[4]:.1f}) leaves the page")
    # Sorted by left edge: only words whose x ranges meet are compared.
    ordered = sorted(boxes, key=lambda w: w[1])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b[1] >= a[3] - TOLERANCE_PT:
                break
            if overlap(a, b):
                problems.append(f"words {a[0]!r} ({a[1]:.1f}, {a[2]:.1f})-({a[3]:.1f}, {a[4]:.1f}) and {b[0]!r} "
                                f"({b[1]:.1f}, {b[2]:.1f})-({b[3]:.1f}, {b[4]:.1f}) overlap")
    for size, sample in sorted(font_sizes(pdf).items()):
        if size < min_pt - 0.05 or size > max_pt + 0.05:
            problems.append(f"text {sample[:40]!r} is set at {size:g} pt, outside [{min_pt:g}, {max_pt:g}]")
    return problems, len(boxes)


def write_pdf(path, width, height, texts):
    """A one-page PDF of width x height points with each (x, y from the top, size, text) in Helvetica."""
    content = "".join(f"BT /F1 {size:g} Tf {x:g} {height - y:g} Td ({text}) Tj ET\n" for x, y, size, text in texts)
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width:g} {height:g}] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(content)} >>\nstream\n{content}endstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = "%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n"
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    with open(path, "w", encoding="latin-1") as f:
        f.write(out)


def self_test(directory):
    """The checker accepts a figure that keeps the rules and refuses each way of breaking one."""
    import os
    cases = [
        ("fine", 100, 50, [(10, 20, 8, "alpha"), (60, 20, 8, "beta")], "100x50pt", True),
        ("overlapping", 100, 50, [(10, 20, 8, "alpha"), (14, 22, 8, "beta")], "100x50pt", False),
        ("outside", 100, 50, [(10, 20, 8, "alpha"), (90, 20, 8, "beta")], "100x50pt", False),
        ("too small", 100, 50, [(10, 20, 4, "alpha"), (60, 20, 8, "beta")], "100x50pt", False),
        ("too large", 100, 50, [(10, 30, 14, "alpha")], "100x50pt", False),
        ("other size", 100, 50, [(10, 20, 8, "alpha")], "110x50pt", False),
    ]
    failures = 0
    for name, width, height, texts, asked, accepted in cases:
        path = os.path.join(directory, f"self-test-{name.replace(' ', '-')}.pdf")
        write_pdf(path, width, height, texts)
        problems, _ = check(path, *parse_size(asked), 6, 10)
        if (not problems) != accepted:
            failures += 1
            print(f"self-test {name}: {'refused' if problems else 'accepted'}, expected the opposite: {problems}")
    print(f"self-test: {len(cases) - failures} of {len(cases)} verdicts as expected")
    return 1 if failures else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
        return self_test(sys.argv[2])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf")
    parser.add_argument("size")
    parser.add_argument("--min-pt", type=float, default=6)
    parser.add_argument("--max-pt", type=float, default=10)
    args = parser.parse_args()
    width, height = parse_size(args.size)
    problems, count = check(args.pdf, width, height, args.min_pt, args.max_pt)
    for problem in problems:
        print(f"{args.pdf}: {problem}")
    if not problems:
        print(f"{args.pdf}: {count} words, inside {args.size}, none overlapping, text within "
              f"[{args.min_pt:g}, {args.max_pt:g}] pt")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
