#!/usr/bin/env python3
"""Draws the page's favicon.ico (16, 32 and 48 pixels, PNG images in an ICO file) from the
same shapes as crates/web/assets/favicon.svg, with nothing but Python's standard library:
run it after changing the drawing (keep the two in step)."""

import struct
import zlib
from pathlib import Path

BLUE = (0x2F, 0x4A, 0xC0)
DARK = (0x1D, 0x2F, 0x7A)
WHITE = (0xFF, 0xFF, 0xFF)
# The letter W, as the SVG's polyline (in a 64-unit square), stroke width 7, round ends.
W = [(13, 17), (21, 47), (32, 27), (43, 47), (51, 17)]
STROKE = 7 / 2


def in_rounded_rect(x, y, x0, y0, x1, y1, r):
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return x0 <= x <= x1 and y0 <= y <= y1 and (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def near_segment(x, y, a, b, d):
    (ax, ay), (bx, by) = a, b
    vx, vy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)))
    px, py = ax + t * vx, ay + t * vy
    return (x - px) ** 2 + (y - py) ** 2 <= d * d


def colour(x, y):
    """The colour at (x, y) in the 64-unit square, or None outside the icon."""
    if any(near_segment(x, y, a, b, STROKE) for a, b in zip(W, W[1:])):
        return WHITE
    if in_rounded_rect(x, y, 2, 50, 62, 62, 6):
        return DARK
    if in_rounded_rect(x, y, 2, 2, 62, 62, 12):
        return BLUE
    return None


def image(size, samples=4):
    """RGBA rows of the icon at `size` pixels, each pixel the mean of samples² points."""
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            r = g = b = a = 0
            for sy in range(samples):
                for sx in range(samples):
                    x = (px + (sx + 0.5) / samples) * 64 / size
                    y = (py + (sy + 0.5) / samples) * 64 / size
                    c = colour(x, y)
                    if c:
                        r, g, b, a = r + c[0], g + c[1], b + c[2], a + 1
            n = samples * samples
            row += bytes((r // a, g // a, b // a, 255 * a // n)) if a else bytes(4)
        rows.append(bytes(row))
    return rows


def png(size):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\0" + row for row in image(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def ico(sizes):
    images = [png(s) for s in sizes]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, data in zip(sizes, images):
        out += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return out + b"".join(images)


if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "crates/web/assets/favicon.ico"
    target.write_bytes(ico([16, 32, 48]))
    print(f"wrote {target}")
