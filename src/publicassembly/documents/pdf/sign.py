"""The occupancy sign of Mount Pleasant § 164-9: red lettering on a white background, bold-faced letters one
inch high and 3/8 inch wide, stating the lawful occupancy of the room or area.

The form (height, width, colours, weight) is read from the jurisdiction's parameters (`lawparams.sign_spec`),
never written here. Each prescribed letter is set in Helvetica-Bold at the size whose cap height is the
prescribed height, and scaled horizontally, glyph by glyph, so that its set width (advance) is the prescribed
width (see docs/interpretations.md, D-1).
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
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from publicassembly.documents.lawparams import SignSpec, sign_spec

POINTS_PER_INCH = 72
#: The typeface of each letter weight the parameters may prescribe.
FONTS_BY_WEIGHT = {"bold": "Helvetica-Bold"}
SMALL_FONT = "Helvetica"
SMALL_SIZE = 12


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
    canvas.drawText(t)


def sign_lines(lawful_occupancy: int) -> tuple[str, str, str]:
    """The prescribed lines of the sign: the statement, the number, the unit."""
    return ("LAWFUL OCCUPANCY", str(lawful_occupancy), "PERSONS")


def render_occupancy_sign(lawful_occupancy: int, room: str, certificate_number: str, *,
                          base_url: str = "", as_of: date | None = None,
                          spec: SignSpec | None = None) -> bytes:
    """The sign to post in a room or area (Mount Pleasant § 164-9), one Letter page, as PDF bytes.

    `lawful_occupancy`: persons (the number on the Building Inspector's certificate); `room`: the room or
    area's name; `certificate_number`; `base_url`: the public site, whose ``/certificates/<number>/`` page the
    QR code opens (omitted when empty); `as_of`: the date whose sign parameters apply (default today); `spec`:
    the form, by default read from the parameters. Raises ValueError for a negative or non-integer occupancy,
    an empty room name, or a form that cannot be drawn; `LawNotAvailable` when the parameters are missing."""
    return render_occupancy_signs([(lawful_occupancy, room)], certificate_number, base_url=base_url, as_of=as_of,
                                  spec=spec)


def _check_sign(lawful_occupancy: int, room: str) -> None:
    if isinstance(lawful_occupancy, bool) or not isinstance(lawful_occupancy, int) or lawful_occupancy < 0:
        raise ValueError(f"lawful_occupancy: a whole number of persons, 0 or more (got {lawful_occupancy!r})")
    if not room.strip():
        raise ValueError("room: the name of the room or area is required")


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
    width, page_h = LETTER
    c.setFillColor(background)
    c.rect(0, 0, width, page_h, stroke=0, fill=1)

    c.setFillColor(lettering)
    baseline = page_h - 72 - height
    for line in sign_lines(lawful_occupancy):
        _prescribed_line(c, line, width / 2, baseline, spec)
        baseline -= height * 1.75

    c.setFont(SMALL_FONT, SMALL_SIZE + 4)
    c.drawCentredString(width / 2, baseline, f"Room or area: {room}")
    baseline -= 22
    c.setFont(SMALL_FONT, SMALL_SIZE)
    c.drawCentredString(width / 2, baseline, f"Certificate No. {certificate_number} of the Building Inspector, "
                                             f"kept on the premises")
    baseline -= 16
    c.drawCentredString(width / 2, baseline, f"Posted under {spec.citation}")

    if base_url:
        url = certificate_url(base_url, certificate_number)
        side = 108.0
        widget = QrCodeWidget(url, barLevel="M")
        x0, y0, x1, y1 = widget.getBounds()
        d = Drawing(side, side, transform=[side / (x1 - x0), 0, 0, side / (y1 - y0), 0, 0])
        d.add(widget)
        renderPDF.draw(d, c, width / 2 - side / 2, 72)
        c.setFillColor(lettering)
        c.setFont(SMALL_FONT, 9)
        c.drawCentredString(width / 2, 60, url)
    c.showPage()


def certificate_url(base_url: str, certificate_number: str) -> str:
    """The public page of a certificate: ``<base_url>/certificates/<number>/``."""
    return f"{base_url.rstrip('/')}/certificates/{certificate_number}/"
