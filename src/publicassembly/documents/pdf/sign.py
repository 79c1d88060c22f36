"""The occupancy sign of Mount Pleasant § 164-9: red lettering on a white background, bold-faced letters one
inch high and 3/8 inch wide, stating the lawful occupancy of the room or area.

The form (height, width, colours, weight) is read from the jurisdiction's parameters (`lawparams.sign_spec`),
never written here. Each prescribed letter is set in Helvetica-Bold at the size whose cap height is the
prescribed height, and scaled horizontally, glyph by glyph, so that its set width (advance) is the prescribed
width (see docs/interpretations.md, D-1). The prescribed lines are fixed words and digits, all in Helvetica-Bold's
own character set, so they keep that face and its measured geometry. The small lines (the room or area, the
certificate, the citation, the address of the QR code) print the room's name as written, so they are set in
the documents' typeface (`typeface`, DejaVu Sans); a room name or certificate number holding a character it
cannot print is refused naming the field (interpretation G-6).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color, toColor
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from publicassembly.documents.lawparams import SignSpec, sign_spec
from publicassembly.documents.pdf import typeface
from publicassembly.law.units import MAX_COUNT

POINTS_PER_INCH = 72
#: The typeface of each letter weight the parameters may prescribe.
FONTS_BY_WEIGHT = {"bold": "Helvetica-Bold"}
#: The typeface of the small lines, which print the room's name as written.
SMALL_FONT = typeface.REGULAR
SMALL_SIZE = 12
#: The smallest size (points) a small line is reduced to before it takes more lines.
SMALL_MIN_SIZE = 9.0
#: The margin (points) kept free on every side: ½ inch, inside any printer's unprintable edge.
MARGIN = 36.0
#: The QR code's side (points): 1½ inch.
QR_SIDE = 108.0
#: The longest room or area name (characters), as the venues' forms and models allow.
MAX_ROOM_CHARS = 200


def cap_height_em(font_name: str) -> Decimal:
    """The cap height of `font_name` as a fraction of its size (from the font's metrics: the AFM
    ``CapHeight``, which for the standard Helvetica faces equals their ``Ascender``)."""
    face = pdfmetrics.getFont(font_name).face
    cap = getattr(face, "capHeight", None) or face.ascent
    return Decimal(str(cap)) / 1000


def glyph_metrics(spec: SignSpec) -> tuple[str, float]:
    """The font and size (points) whose cap height is the prescribed letter height.

    Raises ValueError naming the weight when the parameters prescribe one this module cannot set."""
    try:
        font = FONTS_BY_WEIGHT[spec.letter_weight.strip().lower()]
    except KeyError:
        raise ValueError(f"signs.letter_weight: no typeface for {spec.letter_weight!r}; "
                         f"allowed: {', '.join(FONTS_BY_WEIGHT)}") from None
    size = spec.letter_height_in * POINTS_PER_INCH / cap_height_em(font)
    return font, float(size)


def _colour(name: str, parameter: str) -> Color:
    try:
        return toColor(name)
    except ValueError:
        raise ValueError(f"{parameter}: {name!r} is not a colour name") from None


def _prescribed_line(canvas: Canvas, text: str, centre_x: float, baseline: float, spec: SignSpec) -> None:
    """Draw `text` with every glyph, spaces included, exactly the prescribed height and set width."""
    font, size = glyph_metrics(spec)
    cell = float(spec.letter_width_in * POINTS_PER_INCH)
    t = canvas.beginText(centre_x - cell * len(text) / 2, baseline)
    t.setFont(font, size)
    for ch in text:
        natural = pdfmetrics.stringWidth(ch, font, size)
        t.setHorizScale(100.0 * cell / natural)
        t.textOut(ch)
    t.setHorizScale(100.0)  # the scale is text state: it would stay on for the small lines drawn after
    canvas.drawText(t)


def fit_text(text: str, font: str, size: float, width: float, *, min_size: float = SMALL_MIN_SIZE,
             max_lines: int = 3) -> tuple[list[str], float]:
    """`text` as lines no wider than `width` points: broken at spaces (a word wider than a line is broken
    between letters), at `size`, or at the largest smaller size (by ½ point, down to `min_size`) that needs at
    most `max_lines` lines; at `min_size` it takes the lines it needs. Returns the lines and the size."""
    lines: list[str] = []
    while True:
        lines = []
        for line in simpleSplit(text, font, size, width) or [""]:
            while stringWidth(line, font, size) > width:  # one word wider than the line: break it
                cut = len(line) - 1
                while cut > 1 and stringWidth(line[:cut], font, size) > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
            lines.append(line)
        if len(lines) <= max_lines or size <= min_size:
            return lines, size
        size = max(min_size, size - 0.5)


def sign_lines(lawful_occupancy: int) -> tuple[str, str, str]:
    """The prescribed lines of the sign: the statement, the number, the unit."""
    return ("LAWFUL OCCUPANCY", str(lawful_occupancy), "PERSONS")


def prescribed_lines(lawful_occupancy: int, spec: SignSpec) -> list[str]:
    """The prescribed lines as drawn: those of `sign_lines`, the statement on two lines ("LAWFUL",
    "OCCUPANCY") if it does not fit across the page at the prescribed width. The prescribed letter size is
    never reduced: raises ValueError when a word or the number cannot fit between the margins."""
    cell = float(spec.letter_width_in * POINTS_PER_INCH)
    per_line = int((LETTER[0] - 2 * MARGIN) // cell)
    out: list[str] = []
    for line in sign_lines(lawful_occupancy):
        out.extend([line] if len(line) <= per_line else line.split())
    for line in out:
        if len(line) > per_line:
            if line.isdigit():
                raise ValueError(f"lawful_occupancy: {line} has {len(line)} digits; at the prescribed letter width "
                                 f"({spec.letter_width_in} in, {spec.citation}) a line of the sign holds at most "
                                 f"{per_line} (the prescribed size is never reduced)")
            raise ValueError(f"signs.letter_width_in: {line!r} does not fit across a Letter page at "
                             f"{spec.letter_width_in} in per letter (at most {per_line} letters a line)")
    return out


def render_occupancy_sign(lawful_occupancy: int, room: str, certificate_number: str, *,
                          base_url: str = "", as_of: date | None = None,
                          spec: SignSpec | None = None) -> bytes:
    """The sign to post in a room or area (Mount Pleasant § 164-9), one Letter page, as PDF bytes.

    `lawful_occupancy`: persons (the number on the Building Inspector's certificate); `room`: the room or
    area's name; `certificate_number`; `base_url`: the public site, whose ``/certificates/<number>/`` page the
    QR code opens (omitted when empty); `as_of`: the date whose sign parameters apply (default today); `spec`:
    the form, by default read from the parameters. Raises ValueError for a negative or non-integer occupancy,
    an empty room name, or a form that cannot be drawn; `typeface.UnprintableText` (a ValueError) naming ``room``,
    ``certificate_number`` or ``base_url`` when it holds a character the typeface cannot print;
    `LawNotAvailable` when the parameters are missing."""
    return render_occupancy_signs([(lawful_occupancy, room)], certificate_number, base_url=base_url, as_of=as_of,
                                  spec=spec)


def _check_sign(lawful_occupancy: int, room: str) -> None:
    if isinstance(lawful_occupancy, bool) or not isinstance(lawful_occupancy, int) or lawful_occupancy < 0 \
            or lawful_occupancy > MAX_COUNT:
        raise ValueError(f"lawful_occupancy: a whole number of persons from 0 to {MAX_COUNT:,} "
                         f"(got {lawful_occupancy!r})")
    if not room.strip():
        raise ValueError("room: the name of the room or area is required")
    if len(room) > MAX_ROOM_CHARS:
        raise ValueError(f"room: at most {MAX_ROOM_CHARS} characters (got {len(room)})")


def render_occupancy_signs(signs: Sequence[tuple[int, str]], certificate_number: str, *, base_url: str = "",
                           as_of: date | None = None, spec: SignSpec | None = None) -> bytes:
    """The signs of several rooms or areas of one certificate (Mount Pleasant § 164-9), one Letter page each,
    in one PDF. `signs`: ``(lawful occupancy in persons, room or area)`` pairs, at least one; the rest as
    `render_occupancy_sign`, which raises the same errors."""
    if not signs:
        raise ValueError("signs: at least one room or area is required")
    for occupancy, room in signs:
        _check_sign(occupancy, room)
    if not certificate_number.strip():
        raise ValueError("certificate_number: the certificate's number is required")
    rooms = {"room": signs[0][1]} if len(signs) == 1 else {"signs": [{"room": room} for _, room in signs]}
    typeface.check({**rooms, "certificate_number": certificate_number, "base_url": base_url})
    spec = spec or sign_spec(as_of or date.today())
    lettering = _colour(spec.lettering_colour, "signs.lettering_colour")
    background = _colour(spec.background_colour, "signs.background_colour")
    height = float(spec.letter_height_in * POINTS_PER_INCH)

    buf = io.BytesIO()
    width, page_h = LETTER
    c = Canvas(buf, pagesize=LETTER, pageCompression=0)
    first_occupancy, first_room = signs[0]
    c.setTitle(f"Lawful occupancy {first_occupancy} - {first_room}" if len(signs) == 1
               else f"Occupancy signs - certificate {certificate_number}")
    c.setAuthor("Building Inspector")
    c.setSubject(spec.citation)
    for lawful_occupancy, room in signs:
        _draw_sign(c, lawful_occupancy, room, certificate_number, base_url, spec, lettering, background, height)
    c.save()
    return buf.getvalue()


def _draw_sign(c: Canvas, lawful_occupancy: int, room: str, certificate_number: str, base_url: str,
               spec: SignSpec, lettering: Color, background: Color, height: float) -> None:
    """One page: the prescribed lines at the prescribed size from 1 inch below the top, then the small lines
    (room or area, certificate, citation) wrapped or reduced to fit between the margins, then the QR code
    above the bottom margin. The space between the prescribed lines shrinks (from ¾ to ¼ of the letter
    height) before anything would overlap; raises ValueError when even that does not fit."""
    width, page_h = LETTER
    text_width = width - 2 * MARGIN
    big = prescribed_lines(lawful_occupancy, spec)
    url = certificate_url(base_url, certificate_number) if base_url else ""
    small: list[tuple[list[str], float, float]] = []  # (lines, size, space before)
    for text, size, before in ((f"Room or area: {typeface.one_line(room)}", SMALL_SIZE + 4, 0.0),
                               (f"Certificate No. {typeface.one_line(certificate_number)} of the Building "
                                "Inspector, kept on the premises", SMALL_SIZE, 6.0),
                               (f"Posted under {spec.citation}", SMALL_SIZE, 0.0)):
        lines, fitted = fit_text(text, SMALL_FONT, size, text_width)
        small.append((lines, fitted, before))
    url_lines, url_size = fit_text(url, SMALL_FONT, 9, text_width, min_size=6, max_lines=2) if url else ([], 9)
    bottom = MARGIN + (QR_SIDE + 12 + 1.2 * url_size * len(url_lines) if url else 0)
    small_height = sum(before + 1.2 * size * len(lines) for lines, size, before in small)
    top = page_h - POINTS_PER_INCH
    for gap_factor in (0.75, 0.5, 0.25):
        gap = height * gap_factor
        # a gap below each prescribed line, the last included
        if top - len(big) * (height + gap) - small_height >= bottom:
            break
    else:
        raise ValueError(f"signs.letter_height_in: {len(big)} lines of {spec.letter_height_in}-inch letters and "
                         "the room, certificate and citation lines do not fit on a Letter page")

    c.setFillColor(background)
    c.rect(0, 0, width, page_h, stroke=0, fill=1)
    c.setFillColor(lettering)
    baseline = top
    for line in big:
        baseline -= height
        _prescribed_line(c, line, width / 2, baseline, spec)
        baseline -= gap
    for lines, size, before in small:
        baseline -= before
        c.setFont(SMALL_FONT, size)
        for line in lines:
            baseline -= 1.2 * size
            c.drawCentredString(width / 2, baseline, line)

    if url:
        widget = QrCodeWidget(url, barLevel="M")
        x0, y0, x1, y1 = widget.getBounds()
        d = Drawing(QR_SIDE, QR_SIDE, transform=[QR_SIDE / (x1 - x0), 0, 0, QR_SIDE / (y1 - y0), 0, 0])
        d.add(widget)
        qr_bottom = MARGIN + 12 + 1.2 * url_size * len(url_lines)
        renderPDF.draw(d, c, width / 2 - QR_SIDE / 2, qr_bottom)
        c.setFillColor(lettering)
        c.setFont(SMALL_FONT, url_size)
        y = qr_bottom - 12
        for line in url_lines:
            c.drawCentredString(width / 2, y, line)
            y -= 1.2 * url_size
    c.showPage()


def certificate_url(base_url: str, certificate_number: str) -> str:
    """The public page of a certificate: ``<base_url>/certificates/<number>/`` (the number percent-encoded, so
    that no character of it changes the address)."""
    from urllib.parse import quote

    return f"{base_url.rstrip('/')}/certificates/{quote(certificate_number, safe='')}/"
