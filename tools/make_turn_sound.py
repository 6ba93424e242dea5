"""Writes the game pages' "your turn" chime, ``src/carson/web/static/turn.wav``: two soft
sine tones (E5 then A5) that fade out, synthesised here so the project owns its sound.

The output is deterministic: ``python tools/make_turn_sound.py`` writes the same bytes each
time (a test checks the committed file against it). ``--check`` only compares.
"""

from __future__ import annotations

import io
import math
import struct
import sys
import wave
from pathlib import Path

RATE = 22050  # samples per second: plenty for a chime, and a small file
TARGET = Path(__file__).resolve().parents[1] / "src" / "carson" / "web" / "static" / "turn.wav"
#: (frequency in Hz, start in seconds, length in seconds) of each tone
TONES = ((659.25, 0.0, 0.45), (880.0, 0.16, 0.5))
VOLUME = 0.25  # a soft sound: a quarter of full scale at the loudest


def samples() -> list[int]:
    """The chime as 16-bit samples: each tone rises for 5 ms, then decays exponentially."""
    length = max(start + seconds for _, start, seconds in TONES)
    count = int(RATE * length)
    mixed = [0.0] * count
    for frequency, start, seconds in TONES:
        first = int(RATE * start)
        for n in range(int(RATE * seconds)):
            t = n / RATE
            envelope = min(1.0, t / 0.005) * math.exp(-6.0 * t / seconds)
            mixed[first + n] += envelope * math.sin(2 * math.pi * frequency * t)
    return [round(32767 * VOLUME * max(-1.0, min(1.0, value))) for value in mixed]


def chime() -> bytes:
    """The WAV file's bytes (mono, 16-bit PCM)."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        pcm = samples()
        out.writeframes(struct.pack(f"<{len(pcm)}h", *pcm))
    return buffer.getvalue()


def main(argv: list[str]) -> int:
    data = chime()
    if "--check" in argv:
        same = TARGET.exists() and TARGET.read_bytes() == data
        print(f"{TARGET.name}: {'up to date' if same else 'differs: run tools/make_turn_sound.py'}")
        return 0 if same else 1
    TARGET.write_bytes(data)
    print(f"wrote {TARGET} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
