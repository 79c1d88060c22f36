"""The documents' typeface, DejaVu Sans (regular and bold), and the characters it cannot print.

ReportLab's standard fonts (Helvetica) are Type 1 fonts in the WinAnsi encoding: a letter outside Windows-1252
(the ř of Dvořák, the Ł of Łódź, Greek, Cyrillic) printed as a black box. The documents' text is therefore set
in DejaVu Sans, a TrueType font of about 5,800 characters (Latin with its accents, Greek, Cyrillic and other
alphabets), shipped with the package in ``fonts/`` beside this module with its licence (``fonts/LICENSE.txt``,
Bitstream Vera and Arev: free to copy with the package) and registered with ReportLab once, when this module is
imported; ``<b>`` in a paragraph selects the bold face. The fonts are read from the package, never from the
system.

A text the documents would print holding a character the typeface has no letter for (a Chinese character,
an emoji, a private-use character, any character beyond U+FFFF: see `LAST_CODE_POINT`), or a character written right to left (Hebrew, Arabic: ReportLab sets text
left to right, unshaped, so the word would be printed reversed) or a direction control, is refused: `check`
raises `UnprintableText`, a ValueError naming each field and its characters, before anything is drawn
(interpretation G-6). Whitespace is printed as a space. Text is printed in Unicode normalization form C
(`printable`), so that a letter typed as a base letter and a combining accent (``e`` + U+0302 + U+0303) prints
as the one letter it is (ễ).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from publicassembly.documents.unprintable import TYPEFACE, Unprintable, UnprintableText
from publicassembly.law.units import controls

__all__ = ["BOLD", "FILES", "FONT_DIR", "LETTERS", "REGULAR", "TYPEFACE", "Unprintable", "UnprintableText", "check",
           "one_line", "printable", "unprintable"]

#: The folder of the font files and their licence, inside the package.
FONT_DIR = Path(__file__).with_name("fonts")
#: ReportLab's names of the two faces (the regular one also names the family).
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
#: The file of each face, in `FONT_DIR`.
FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
#: Unicode bidirectional classes the documents do not lay out: letters written right to left (Hebrew, Arabic,
#: Syriac, ...) and the controls that embed, override or isolate a direction.
RIGHT_TO_LEFT = frozenset({"R", "AL", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI", "PDF", "PDI"})
#: General categories never printed as a letter, even where the font has a glyph for the code point:
#: controls (other than whitespace), surrogates, private use (a meaning agreed privately, not a letter) and
#: unassigned code points.
NOT_LETTERS = frozenset({"Cc", "Cs", "Co", "Cn"})


#: The last code point the documents print: ReportLab (5.1) writes the text of a PDF (its ToUnicode map) as
#: four hex digits a character, so a character beyond the Basic Multilingual Plane, such as 😀 (U+1F600), which
#: DejaVu Sans draws, would be read back, searched and copied as another (U+1F60, ὠ).
LAST_CODE_POINT = 0xFFFF


def _register() -> frozenset[int]:
    """Register both faces and the family (bold for ``<b>``; the documents set no italics, which would fall
    back to the upright faces), and return the code points both faces print."""
    for name, filename in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    regular, bold = (pdfmetrics.getFont(name).face.charToGlyph for name in (REGULAR, BOLD))
    return frozenset(c for c in set(regular).intersection(bold)
                     if c <= LAST_CODE_POINT and unicodedata.category(chr(c)) not in NOT_LETTERS)


#: The code points both faces have a letter for (a text may be set in either: a name in ``<b>``).
LETTERS = _register()


def printable(text: str) -> str:
    """`text` as the documents print it: in Unicode normalization form C (canonically the same text)."""
    return unicodedata.normalize("NFC", text)


def one_line(text: str) -> str:
    """`text` as one line drawn directly on the page (a footer, a chart's label, the sign's small lines): form C,
    each run of whitespace (a tab, a line break) one space, as a paragraph prints it."""
    return " ".join(printable(text).split())


def unprintable(text: str, field: str) -> Unprintable | None:
    """What of `text` (printed in form C) the documents cannot print, None when they print all of it: its
    control characters (`law.units.controls`, told as a case's are), then the characters without a letter of
    the typeface or written right to left."""
    missing: dict[str, None] = {}
    right_to_left: dict[str, None] = {}
    found = controls(printable(text))
    for ch in printable(text):
        if ch.isspace() or ch in found:
            continue
        if unicodedata.bidirectional(ch) in RIGHT_TO_LEFT:
            right_to_left[ch] = None
        elif ord(ch) not in LETTERS:
            missing[ch] = None
    if not missing and not right_to_left and not found:
        return None
    return Unprintable(field, tuple(missing), tuple(right_to_left), tuple(found))


def _problems(value: Any, field: str) -> Iterator[Unprintable]:
    if isinstance(value, str):
        found = unprintable(value, field)
        if found is not None:
            yield found
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _problems(getattr(value, f.name), f"{field}.{f.name}" if field else f.name)
    elif isinstance(value, dict):
        for key, item in value.items():
            name = f"{field}.{key}" if field else str(key)
            if isinstance(key, str) and unprintable(key, "") is not None:  # a name of a field: not quoted raw
                name = f"{field} (a key)" if field else "(a key)"
                yield from _problems(key, name)
            yield from _problems(item, name)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _problems(item, f"{field}[{i}]")


def check(value: Any, field: str = "") -> None:
    """Raise `UnprintableText` naming every field of `value` (a text, a record, or JSON-like mappings and lists
    of them; a dataclass's fields by name, ``spaces[1].name``) that holds a character the documents cannot
    print; `field` names `value` itself (required for a text)."""
    problems = list(_problems(value, field))
    if problems:
        raise UnprintableText(problems)
