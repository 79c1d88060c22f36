"""Text the documents print, refused when it is entered (interpretation G-6).

The PDFs print their text in DejaVu Sans and refuse, when printed, a text holding a character they cannot print
(`documents.pdf.typeface.check`). A record the Town keeps must stay printable (the certificate and the occupancy
signs must be posted, § 164-9; a petition, a permit and a summons must be printed), so every service that stores
a text a document prints refuses it here first, before anything is saved: a `ValidationFailed` naming the field as
the service names it and saying which characters and why, in the active language (the same words as a document
refused at print time, `web.views.errors.unprintable`)."""

from __future__ import annotations

from typing import Any

from publicassembly.documents.unprintable import Unprintable, UnprintableText
from publicassembly.workflow.errors import ValidationFailed
from publicassembly.workflow.words import law_text

__all__ = ["controls_found", "problems", "require_no_controls", "require_printable", "why"]


def why(problem: Unprintable) -> str:
    """Why the documents cannot print `problem`'s field, naming its characters, in the active language (its
    law-core message, `Unprintable.reason`, translated)."""
    return law_text(problem.reason())


def problems(value: Any, field: str) -> list[tuple[str, str]]:
    """(field, why) for every text in `value` (a text, or JSON-like mappings and lists of texts, named as
    ``field.key`` and ``field[i]``) that the documents cannot print; empty when they print all of it."""
    from publicassembly.documents.pdf import typeface  # (loads ReportLab and the fonts: only when checking)

    try:
        typeface.check(value, field)
    except UnprintableText as e:
        return [(p.field, why(p)) for p in e.problems]
    return []


def require_printable(*values: tuple[str, Any]) -> None:
    """Raise `ValidationFailed` (HTTP 422) naming the first field, and in ``errors`` every field, among `values`
    ((field, value) pairs; None and non-texts inside are skipped) whose text the documents cannot print."""
    found: list[tuple[str, str]] = []
    for field, value in values:
        if value is not None:
            found += problems(value, field)
    if found:
        field, message = found[0]
        raise ValidationFailed(field, message, errors=found)


def require_no_controls(*values: tuple[str, Any]) -> None:
    """Raise `ValidationFailed` (HTTP 422) naming the first field, and in ``errors`` every field, among `values`
    ((field, text) pairs; None and non-texts skipped) whose text holds a control character (`law.units.controls`:
    an escape, a bell, a direction override; not a tab or a line break), in the words a case's text is refused
    in (`law.units.controls_refused`, translated). For a text the pages show but no document prints (a
    document's ``kind``): what the documents print is held to `require_printable`, which refuses these too."""
    found = controls_found(*values)
    if found:
        field, message = found[0]
        raise ValidationFailed(field, message, errors=found)


def controls_found(*values: tuple[str, Any]) -> list[tuple[str, str]]:
    """(field, why) for every one of `values` ((field, text) pairs; None and non-texts skipped) whose text holds a
    control character, in the words `require_no_controls` refuses it in; empty when none does (for a service that
    tells them with its other refusals at once)."""
    from publicassembly.law.units import controls, controls_refused

    return [(field, law_text(controls_refused(controls(value)))) for field, value in values
            if isinstance(value, str) and controls(value)]
