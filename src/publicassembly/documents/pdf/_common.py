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
from reportlab.platypus import LongTable, Paragraph, SimpleDocTemplate, Table, TableStyle

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


#: The most characters of one text a table's cell holds in one row: a longer text (a finding naming each owner of
#: a thousand properties: 400,000 characters) continues in rows below it, with no rule between them, so that each
#: page's split of the table measures one piece of it. ReportLab measures a cell's whole remainder again at each
#: page it splits: one such cell took minutes (interpretation D-13).
CELL_PIECE = 2000


def pieces(text: str, size: int = CELL_PIECE) -> list[str]:
    """`text` cut into pieces of at most `size` characters, each cut after a space where there is one (a word
    longer than `size` is cut where it reaches it); the pieces joined again are `text`."""
    out: list[str] = []
    while len(text) > size:
        cut = max(text.rfind(" ", 0, size), text.rfind("\n", 0, size)) + 1 or size
        out.append(text[:cut])
        text = text[cut:]
    return [*out, text] if text or not out else out


#: The height (points) above which a row that does not fit at the foot of a page is split within itself, its
#: first lines there and the rest on the next page; a lower row is carried whole to the next page.
LONG_ROW = 2 * inch


class _Table(LongTable):
    """A `LongTable` (the rows of one page measured at a time) split across pages between its rows, and within
    a row only where that row is taller than `LONG_ROW`: ReportLab, asked to split both ways, splits between
    rows first and then lays the rest in the space left on the page, splitting its first row there under a
    second header, in the middle of the page."""

    def split(self, availWidth: float, availHeight: float) -> list[Any]:  # noqa: N803 (ReportLab's names)
        self._calc(availWidth, availHeight)
        used, long_row = 0.0, False
        for height in self._rowHeights:
            if used + height > availHeight:
                long_row = height > LONG_ROW
                break
            used += height
        self.splitByRow, self.splitInRow = (0, 1) if long_row else (1, 0)
        return super().split(availWidth, availHeight)


def table(rows: Sequence[Sequence[Any]], widths: Sequence[float] | None = None, header: bool = True) -> Table:
    """A ruled table; string cells become wrapped paragraphs. The table is split between its rows across pages,
    its header row repeated on each (ReportLab's `LongTable`, which measures the rows of one page at a time), a
    row taller than a page within itself, and a text longer than `CELL_PIECE` characters continues in rows of
    its own below (unruled between, the row's other cells empty), so that a table of a thousand rows, or a cell
    of a hundred pages, is laid out in a time proportional to its length."""
    data: list[list[Any]] = []
    ends: list[int] = []  # the last row of each row given (its rule below)
    for row in rows:
        cut = [pieces(c) if isinstance(c, str) else [c] for c in row]
        for i in range(max((len(c) for c in cut), default=1)):
            data.append([(Paragraph(esc(c[i]), STYLES["cell"]) if isinstance(c[i], str) else c[i])
                         if i < len(c) else "" for c in cut])
        ends.append(len(data) - 1)
    # splitInRow: a cell taller than a page (a long list of directors, a long description) continues on the next
    # page instead of failing the layout (`_Table`: a row taller than `LONG_ROW` is split where the page ends).
    t = _Table(data, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT", splitInRow=1)
    line = (0.5, colors.grey)
    style: list[tuple[Any, ...]] = [("VALIGN", (0, 0), (-1, -1), "TOP"),
                                    ("LINEABOVE", (0, 0), (-1, 0), *line), ("LINEBEFORE", (0, 0), (0, -1), *line),
                                    ("LINEAFTER", (0, 0), (-1, -1), *line),
                                    # (a page's part closed at its foot, also within a text that continues)
                                    ("LINEBELOW", (0, "splitlast"), (-1, "splitlast"), *line)]
    style += [("LINEBELOW", (0, r), (-1, r), *line) for r in ends]
    if header:
        style.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")))
    t.setStyle(TableStyle(style))
    return t


def fit_line(text: str, font: str, size: float, width: float) -> str:
    """`text` as it fits on one line `width` points wide: whole, or cut with "..." at the end (the footer's
    title; the document's body states the whole of it)."""
    if stringWidth(text, font, size) <= width:
        return text
    # the longest beginning that fits with "...", found by halving (a long title on each of hundreds of pages, a
    # long name on each of a thousand bars: cutting one character at a time measured the text thousands of times)
    fits, too_long = 0, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if stringWidth(text[:middle] + "...", font, size) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "..."


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
