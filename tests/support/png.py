"""Read a PNG without an imaging library: its size from the header, and its pixels
(8-bit RGB or RGBA, not interlaced: what Chromium's screenshots are)."""

from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}  # PNG colour type -> samples per pixel


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from the IHDR chunk, which a PNG must start with."""
    if data[:8] != SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def chunks(data: bytes):
    offset = len(SIGNATURE)
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset : offset + 8])
        yield kind, data[offset + 8 : offset + 8 + length]
        offset += 12 + length


def png_pixels(data: bytes) -> list[list[tuple[int, ...]]]:
    """Rows of RGBA tuples (RGB images get alpha 255)."""
    width, height = png_size(data)
    depth, colour, _, _, interlace = data[24:29]
    if depth != 8 or colour not in CHANNELS or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = CHANNELS[colour]
    raw = zlib.decompress(b"".join(body for kind, body in chunks(data) if kind == b"IDAT"))
    stride = width * channels
    previous = bytearray(stride)
    rows = []
    for y in range(height):
        start = y * (stride + 1)
        line = unfilter(raw[start], bytearray(raw[start + 1 : start + 1 + stride]), previous, channels)
        pixels = [tuple(line[x : x + channels]) for x in range(0, stride, channels)]
        rows.append([p if channels == 4 else (*p, 255) for p in pixels])
        previous = line
    return rows


def unfilter(kind: int, line: bytearray, above: bytearray, step: int) -> bytearray:
    """Undo one row's PNG filter (None, Sub, Up, Average, Paeth)."""
    if kind not in range(5):
        raise ValueError(f"unknown PNG filter {kind}")
    if kind == 0:
        return line
    for i in range(len(line)):
        left = line[i - step] if i >= step else 0
        up = above[i]
        if kind == 1:
            line[i] = (line[i] + left) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + up) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 0xFF
        elif kind == 4:
            up_left = above[i - step] if i >= step else 0
            line[i] = (line[i] + paeth(left, up, up_left)) & 0xFF
    return line


def paeth(left: int, up: int, up_left: int) -> int:
    estimate = left + up - up_left
    distances = (abs(estimate - left), abs(estimate - up), abs(estimate - up_left))
    return (left, up, up_left)[distances.index(min(distances))]
