"""Shared page furniture of the PDFs: styles, money, dates, tables and the build step (ReportLab platypus).

All text is set in the documents' typeface, DejaVu Sans (`typeface`: regular, and bold for titles, headings and
``<b>``), which prints the names of people and places as written (Dvořák, Łódź, Ζωή, Зал); a renderer first
refuses, with `typeface.check`, a text holding a character it cannot print (interpretation G-6)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

from publicassembly.documents.pdf.typeface import BOLD, REGULAR, one_line, printable

_BASE = getSampleStyleSheet()
STYLES: dict[str, ParagraphStyle] = {
    "title": ParagraphStyle("DocTitle", parent=_BASE["Title"], fontName=BOLD, fontSize=16, leading=20,
                            spaceAfter=4),
    "subtitle": ParagraphStyle("DocSubtitle", parent=_BASE["Normal"], fontName=REGULAR, alignment=TA_CENTER,
                               fontSize=10, leading=13, spaceAfter=10),
    "h2": ParagraphStyle("DocH2", parent=_BASE["Heading2"], fontName=BOLD, fontSize=12, leading=15,
                         spaceBefore=8, spaceAfter=4),
    "body": ParagraphStyle("DocBody", parent=_BASE["Normal"], fontName=REGULAR, fontSize=10, leading=13,
                           spaceAfter=5),
    "small": ParagraphStyle("DocSmall", parent=_BASE["Normal"], fontName=REGULAR, fontSize=8, leading=10),
    "cell": ParagraphStyle("DocCell", parent=_BASE["Normal"], fontName=REGULAR, fontSize=9, leading=11),
    "banner": ParagraphStyle("DocBanner", parent=_BASE["Title"], fontName=BOLD, fontSize=20, leading=24,
                             textColor=colors.red),
}
#: The font of the text drawn directly on the page (the footer, the report's charts).
FONT = REGULAR

BLANK = "_" * 30


def esc(value: object) -> str:
    """Text made safe for a Paragraph's markup, in the form the documents print (`typeface.printable`)."""
    return escape("" if value is None else printable(str(value)))


def p(text: str, style: str = "body") -> Paragraph:
    """A paragraph of `text` (markup allowed; escape values with `esc`)."""
    return Paragraph(text, STYLES[style])


def long_date(day: date | datetime | None) -> str:
    """``Friday, May 16, 2025 (2025-05-16)``: the weekday, the date in words and in ISO form."""
    if day is None:
        return BLANK
    d = day.date() if isinstance(day, datetime) else day
    return f"{d:%A}, {d:%B} {d.day}, {d.year} ({d.isoformat()})"


def money(amount: Decimal | None) -> str:
    """``$1,234.50`` (US dollars, whole cents)."""
    if amount is None:
        return BLANK
    return f"${Decimal(amount).quantize(Decimal('0.01')):,}"


def or_blank(value: object) -> str:
    """The value as text, or a line to fill in by hand."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return BLANK
    return str(value)


def table(rows: Sequence[Sequence[Any]], widths: Sequence[float] | None = None, header: bool = True) -> Table:
    """A ruled table; string cells become wrapped paragraphs."""
    data = [[Paragraph(esc(c), STYLES["cell"]) if isinstance(c, str) else c for c in row] for row in rows]
    # splitInRow: a cell taller than a page (a long list of directors, a long description) continues on the next
    # page instead of failing the layout.
    t = Table(data, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT", splitInRow=1)
    style = [("GRID", (0, 0), (-1, -1), 0.5, colors.grey), ("VALIGN", (0, 0), (-1, -1), "TOP")]
    if header:
        style.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")))
    t.setStyle(TableStyle(style))
    return t


def fit_line(text: str, font: str, size: float, width: float) -> str:
    """`text` as it fits on one line `width` points wide: whole, or cut with "..." at the end (the footer's
    title; the document's body states the whole of it)."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "...", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def build(story: list[Any], *, title: str, subject: str, author: str = "publicassembly") -> bytes:
    """Lay out `story` on Letter pages with a footer (title, page number) and return the PDF bytes."""
    buf = io.BytesIO()

    def footer(canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 8)
        page = f"Page {doc.page}"
        room = CONTENT_WIDTH - stringWidth(page, FONT, 8) - 12
        canvas.drawString(0.75 * inch, 0.5 * inch, fit_line(one_line(f"{title} - {subject}"), FONT, 8, room))
        canvas.drawRightString(LETTER[0] - 0.75 * inch, 0.5 * inch, page)
        canvas.restoreState()

    doc = SimpleDocTemplate(buf, pagesize=LETTER, leftMargin=0.75 * inch, rightMargin=0.75 * inch,
                            topMargin=0.75 * inch, bottomMargin=0.8 * inch, title=title, subject=subject,
                            author=author)
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buf.getvalue()


CONTENT_WIDTH = LETTER[0] - 1.5 * inch


def signature(name: str, *words: str) -> str:
    """The line under a signature: the signer's name, then each of `words` (an office, "for the Town Board", the
    town) unless the name already says it (a user named after his office, e.g. "Building Inspector Town of Mount
    Pleasant, New York"), so that nothing is written twice. Escaped for the PDF."""
    said = " ".join(name.split()).casefold()
    parts = [name.strip()] if name.strip() else []
    parts += [w for w in words if w and " ".join(w.split()).casefold() not in said]
    return ", ".join(esc(x) for x in parts)
