#!/usr/bin/env python3
"""Draws a terminal screen captured with `tmux capture-pane -p -e` as an SVG image.

Usage: Scripts/ansi-to-svg.py SCREEN.ansi OUT.svg

Reads SGR styles (bold, dim, underline, reverse, the 8 colours and the default ones); a
character of East Asian Width W or F takes two cells, as the terminal drew it.
"""
import html, re, sys, unicodedata

source, out = sys.argv[1:3]
lines = open(source, encoding="utf-8").read().rstrip("\n").split("\n")
palette = ["#1e1e1e", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5"]
foreground, background = "#d4d4d4", "#1e1e1e"
cell_w, cell_h = 8.4, 17
sgr = re.compile(r"\x1b\[([0-9;]*)([A-Za-z])")


def width(ch):
    if unicodedata.combining(ch) or ch in "\u200d\ufe0f":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


rects, texts, columns = [], [], 0
for row, line in enumerate(lines):
    style = {"fg": None, "bg": None, "bold": False, "dim": False, "under": False, "rev": False}
    col, pos = 0, 0
    for match in list(sgr.finditer(line)) + [None]:
        end = match.start() if match else len(line)
        for ch in line[pos:end]:
            w = width(ch)
            if w == 0:
                if texts:
                    texts[-1] = texts[-1].replace("</text>", html.escape(ch) + "</text>")
                continue
            fg, bg = style["fg"], style["bg"]
            if style["rev"]:
                fg, bg = (bg if bg is not None else 0), (fg if fg is not None else 7)
            x, y = col * cell_w, row * cell_h
            if bg is not None:
                rects.append(f'<rect x="{x:.1f}" y="{y}" width="{w * cell_w:.1f}" height="{cell_h}" '
                             f'fill="{palette[bg]}"/>')
            colour = palette[fg] if fg is not None else foreground
            attributes = f'x="{x:.1f}" y="{y + 13}" fill="{colour}"'
            if style["bold"]:
                attributes += ' font-weight="bold"'
            if style["dim"]:
                attributes += ' opacity="0.6"'
            if style["under"]:
                attributes += ' text-decoration="underline"'
            if ch != " ":
                texts.append(f"<text {attributes}>{html.escape(ch)}</text>")
            col += w
        if not match:
            break
        pos = match.end()
        if match.group(2) != "m":
            continue
        params = [int(p) if p else 0 for p in match.group(1).split(";")]
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                style = {k: (None if k in ("fg", "bg") else False) for k in style}
            elif p == 1: style["bold"] = True
            elif p == 2: style["dim"] = True
            elif p == 4: style["under"] = True
            elif p == 7: style["rev"] = True
            elif p == 22: style["bold"] = style["dim"] = False
            elif p == 24: style["under"] = False
            elif p == 27: style["rev"] = False
            elif 30 <= p <= 37: style["fg"] = p - 30
            elif p == 39: style["fg"] = None
            elif 40 <= p <= 47: style["bg"] = p - 40
            elif p == 49: style["bg"] = None
            elif p in (38, 48):
                i += 2 if i + 1 < len(params) and params[i + 1] == 5 else 4
            i += 1
    columns = max(columns, col)
width_px, height_px = max(columns, 80) * cell_w, len(lines) * cell_h
with open(out, "w", encoding="utf-8") as f:
    f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px:.0f}" height="{height_px}" '
            f'font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14">\n'
            f'<rect width="100%" height="100%" fill="{background}"/>\n')
    f.write("\n".join(rects) + "\n" + "\n".join(texts) + "\n</svg>\n")
