"""Telling a text file saved as UTF-16 or UTF-32 (as some Windows programs save "Unicode text") from a binary
file, so that the message says what to do: save it as UTF-8. No numpy or pyarrow here: ``check`` uses it too."""

from __future__ import annotations

import codecs

#: Byte-order marks, UTF-32 first (the UTF-32 little-endian mark begins with the UTF-16 one).
_MARKS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
          (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))

#: How many leading bytes are looked at when there is no byte-order mark.
SAMPLE_BYTES = 64


def wide_unicode(head: bytes) -> str | None:
    """``"UTF-16"`` or ``"UTF-32"`` when `head` (a file's first bytes) begins with that encoding's byte-order
    mark, or, without one, is text of such code units below U+0100 (Latin letters, digits, punctuation: a zero
    byte beside every character, at the same place in each unit); None otherwise (UTF-8, or a binary file)."""
    for mark, name in _MARKS:
        if head.startswith(mark):
            return name
    for size, name in ((4, "UTF-32"), (2, "UTF-16")):
        sample = head[: len(head[:SAMPLE_BYTES]) // size * size]
        if len(sample) < 2 * size:
            continue
        units = [sample[i: i + size] for i in range(0, len(sample), size)]
        for place in range(0, size, size - 1):  # the character's byte first (little-endian) or last (big-endian)
            if all(u[place] != 0 and u.count(0) == size - 1 for u in units):
                return name
    return None
