#!/usr/bin/env python3
"""Draws the sequence diagram of the article "Handoffs, Reclaims and Notices" as an SVG.

    Scripts/make-sequence-diagram.py [OUTPUT]

OUTPUT defaults to the catalog's copy, Sources/SeamlessPlayback/SeamlessPlayback.docc/Resources/handoff-sequence.svg.
The output depends on nothing but this file, so Scripts/build-docs.sh can check that the committed picture is the
one this script draws. Edit STEPS below, run the script, and commit both.
"""
import sys
from pathlib import Path
from xml.sax.saxutils import escape

LANES = ["feed page", "detail page", "PlayerPool", "engine"]
FEED, DETAIL, POOL, ENGINE = range(4)

# Each step: (kind, from, to, label, stack after the step or None).
# kind: "call" (solid arrow), "reply" (dashed arrow back to the caller), "notice" (a LeaseNotice on a page's
# notices stream), "link" (the token travelling in a URL), "section" (a caption across the diagram).
STEPS = [
    ("section", None, None, "1. The feed acquires a player and plays the clip", None),
    ("call", FEED, POOL, "acquire(clip)", None),
    ("call", POOL, ENGINE, "load(clip)", None),
    ("call", POOL, ENGINE, "apply(feed: muted, fill)", None),
    ("reply", POOL, FEED, "lease", ["feed"]),
    ("section", None, None, "2. The feed lends it; the detail page borrows it: no reload", None),
    ("call", FEED, POOL, "lend(lease)", None),
    ("reply", POOL, FEED, "token", None),
    ("link", FEED, DETAIL, "shop://detail?reusedPlayer=token", None),
    ("call", DETAIL, POOL, "borrow(from: url)", None),
    ("call", POOL, ENGINE, "apply(detail: sound on, 1.25×)", None),
    ("reply", POOL, DETAIL, "lease (settings live)", ["feed", "detail"]),
    ("section", None, None, "3. The detail page closes and gives the player back", None),
    ("call", DETAIL, POOL, "giveBack(lease)", None),
    ("call", POOL, ENGINE, "apply(feed: muted, fill)", None),
    ("notice", POOL, FEED, ".returned(lease)", None),
    ("reply", POOL, DETAIL, "returns", ["feed"]),
    ("section", None, None, "4. Later, after a second handoff, the feed takes the player back at once", None),
    ("call", DETAIL, POOL, "borrow(new token)", None),
    ("call", POOL, ENGINE, "apply(detail)", None),
    ("reply", POOL, DETAIL, "lease", ["feed", "detail"]),
    ("call", FEED, POOL, "reclaim(lease)", None),
    ("notice", POOL, DETAIL, ".revoked(lease)", None),
    ("call", POOL, ENGINE, "apply(feed: muted, fill)", None),
    ("reply", POOL, FEED, "returns", ["feed"]),
]

LANE_WIDTH = 190
LEFT = 30
TOP = 70
ROW = 30
SECTION_ROW = 34
STACK_X = LEFT + LANE_WIDTH * len(LANES) + 10
WIDTH = STACK_X + 170
COLORS = {"call": "#1d4ed8", "reply": "#4b5563", "notice": "#b45309", "link": "#047857"}


def lane_x(index):
    return LEFT + LANE_WIDTH * index + LANE_WIDTH // 2


def text(x, y, content, size=13, anchor="middle", weight="normal", color="#111827", style="normal"):
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'font-style="{style}" fill="{color}">{escape(content)}</text>')


def arrow(kind, start, end, y, label):
    x1, x2 = lane_x(start), lane_x(end)
    color = COLORS[kind]
    dash = ' stroke-dasharray="6 4"' if kind in ("reply", "notice") else ""
    direction = 1 if x2 > x1 else -1
    head = x2 - direction * 2
    parts = [
        f'<line x1="{x1}" y1="{y}" x2="{head}" y2="{y}" stroke="{color}" stroke-width="1.6"{dash}/>',
        f'<polygon points="{head},{y} {head - direction * 9},{y - 4.5} {head - direction * 9},{y + 4.5}" '
        f'fill="{color}"/>',
        text((x1 + x2) / 2, y - 6, label, size=12, color=color,
             weight="bold" if kind == "notice" else "normal",
             style="italic" if kind == "link" else "normal"),
    ]
    return "\n".join(parts)


def stack_box(y, stack):
    label = " › ".join(stack)
    width = 14 + 7.4 * len(label)
    return "\n".join([
        f'<rect x="{STACK_X}" y="{y - 14}" width="{width:.0f}" height="20" rx="4" fill="#eef2ff" '
        f'stroke="#6366f1" stroke-width="1"/>',
        text(STACK_X + 7, y + 1, label, size=12, anchor="start", color="#3730a3"),
    ])


def draw():
    body = []
    y = TOP
    rows = []
    for kind, start, end, label, stack in STEPS:
        y += SECTION_ROW if kind == "section" else ROW
        rows.append((y, kind, start, end, label, stack))
    height = y + 40

    body.append(f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>')
    for index, name in enumerate(LANES):
        x = lane_x(index)
        body.append(f'<rect x="{x - 70}" y="20" width="140" height="30" rx="6" fill="#f3f4f6" '
                    f'stroke="#374151" stroke-width="1.2"/>')
        body.append(text(x, 40, name, size=14, weight="bold"))
        body.append(f'<line x1="{x}" y1="50" x2="{x}" y2="{height - 20}" stroke="#9ca3af" stroke-width="1" '
                    f'stroke-dasharray="2 4"/>')
    body.append(text(STACK_X + 7, 40, "holder stack", size=14, anchor="start", weight="bold"))
    body.append(text(STACK_X + 7, 58, "owner › … › active", size=11, anchor="start", color="#6b7280"))

    for y, kind, start, end, label, stack in rows:
        if kind == "section":
            body.append(f'<line x1="{LEFT}" y1="{y - 20}" x2="{WIDTH - 10}" y2="{y - 20}" stroke="#e5e7eb" '
                        f'stroke-width="1"/>')
            body.append(text(LEFT, y - 2, label, size=13, anchor="start", weight="bold", color="#374151"))
            continue
        body.append(arrow(kind, start, end, y, label))
        if stack is not None:
            body.append(stack_box(y, stack))

    legend_y = height - 8
    legend = [("call", "call"), ("reply", "call returns"), ("notice", "notice on PageSession.notices"),
              ("link", "token in a URL")]
    x = LEFT
    for kind, name in legend:
        dash = ' stroke-dasharray="6 4"' if kind in ("reply", "notice") else ""
        body.append(f'<line x1="{x}" y1="{legend_y - 4}" x2="{x + 24}" y2="{legend_y - 4}" stroke="{COLORS[kind]}" '
                    f'stroke-width="2"{dash}/>')
        body.append(text(x + 30, legend_y, name, size=11, anchor="start", color="#374151"))
        x += 60 + 7 * len(name)

    title = "A player handed from the feed to the detail page and back, then reclaimed"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="-apple-system, Helvetica, Arial, sans-serif">\n'
            f"<title>{escape(title)}</title>\n" + "\n".join(body) + "\n</svg>\n")


def main():
    default = Path(__file__).resolve().parent.parent / \
        "Sources/SeamlessPlayback/SeamlessPlayback.docc/Resources/handoff-sequence.svg"
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(draw(), encoding="utf-8")


if __name__ == "__main__":
    main()
