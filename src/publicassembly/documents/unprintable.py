"""A text the documents cannot print: `UnprintableText`, the ValueError their renderers raise naming each field
and its characters (interpretation G-6). Apart from `documents.pdf.typeface`, which decides what is printable
(and loads ReportLab and the fonts), so that the web and the API can recognise the refusal cheaply."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from publicassembly.law.messages import Message, _, join

#: The documents' typeface, as the refusals name it.
TYPEFACE = "DejaVu Sans"
#: The most characters a refusal lists for one field (then "and N more").
MAX_LISTED = 10


def describe(ch: str) -> str:
    """A character as a refusal names it: ``'宴' (U+5BB4)``; one that is not visible by itself (a control, a
    combining mark, a format character) only by its code point, ``U+202E``, so that the message shows it and
    never acts on the terminal or page that shows the message."""
    code = f"U+{ord(ch):04X}"
    return f"'{ch}' ({code})" if unicodedata.category(ch)[0] in "LNPS" else code


def _listed(chars: tuple[str, ...]) -> str | Message:
    shown = ", ".join(describe(c) for c in chars[:MAX_LISTED])
    more = len(chars) - MAX_LISTED
    return shown if more <= 0 else _("{characters} and {n} more", characters=shown, n=more)


@dataclass(frozen=True)
class Unprintable:
    """A field whose text the documents cannot print: its control characters (`law.units.controls`: C0 and C1
    controls other than whitespace, DEL, direction controls), the characters the typeface has no letter for and
    those written right to left, each listed once, in the order of the text."""

    field: str
    missing: tuple[str, ...] = ()
    right_to_left: tuple[str, ...] = ()
    controls: tuple[str, ...] = ()

    def reason(self) -> Message:
        """Why the documents cannot print the field, naming its characters: a law-core `Message` (English; a
        page or a service translates it, `workflow.words.law_text`). Control characters are told as a case's
        are (`law.units.controls_refused`, as ``check`` and ``POST /check`` tell them)."""
        why: list[Message] = []
        if self.controls:
            from publicassembly.law.units import controls_refused  # (pydantic: only when a text is refused)

            why.append(controls_refused(list(self.controls)))
        if self.missing:
            why.append(_("the documents cannot print {characters} (their typeface, {typeface}, has the Latin, "
                         "Greek and Cyrillic alphabets among others)", characters=_listed(self.missing),
                         typeface=TYPEFACE))
        if self.right_to_left:
            why.append(_("the documents print text left to right only, not {characters} (written right to left, "
                         "or direction controls)", characters=_listed(self.right_to_left)))
        return join(why, "; ")

    def message(self) -> str:
        """``<field>: <why>``, naming the characters (in English)."""
        return f"{self.field}: {self.reason()}"


class UnprintableText(ValueError):
    """Texts of a record that the documents cannot print, one `Unprintable` per field (``problems``); the
    message names each field and its characters, one per line."""

    def __init__(self, problems: list[Unprintable]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(p.message() for p in self.problems))

    @property
    def field(self) -> str:
        """The first field refused."""
        return self.problems[0].field
