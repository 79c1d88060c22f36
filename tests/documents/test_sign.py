"""The occupancy sign of Mount Pleasant § 164-9: red lettering on a white background, bold-faced letters one
inch high and 3/8 inch wide, stating the lawful occupancy — measured in the generated PDF."""

from __future__ import annotations

import io
import shutil
import subprocess
from dataclasses import replace
from datetime import date
from decimal import Decimal

import numpy as np
import pdfplumber
import pytest
from PIL import Image

from publicassembly.documents.lawparams import sign_spec
from publicassembly.documents.pdf.sign import cap_height_em, certificate_url, render_occupancy_sign

from .conftest import pdf_text, rasterize

AS_OF = date(2025, 6, 1)
INCH = 72.0
TOLERANCE = 0.02


@pytest.fixture(scope="module")
def spec():
    return sign_spec(AS_OF)


def big_chars(data: bytes) -> list[dict]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [c for c in pdf.pages[0].chars if c["size"] > 50]


def test_sign_form_is_read_from_the_164_9_parameters(spec):
    """§ 164-9: the form comes from the Mount Pleasant parameters, not from the code."""
    assert spec.letter_height_in == Decimal("1")
    assert spec.letter_width_in == Decimal("0.375")
    assert (spec.lettering_colour, spec.background_colour, spec.letter_weight) == ("red", "white", "bold")
    assert "164-9" in spec.citation


@pytest.mark.parametrize("occupancy", [0, 7, 150, 2500])
def test_164_9_letters_are_one_inch_high_and_three_eighths_wide(spec, occupancy):
    """§ 164-9: each prescribed letter's cap height is 1 inch and its set width 3/8 inch (± 2 %)."""
    data = render_occupancy_sign(occupancy, "Main hall", "MP-C-1", spec=spec)
    chars = [c for c in big_chars(data) if c["text"].strip()]
    assert "".join(c["text"] for c in chars) == f"LAWFULOCCUPANCY{occupancy}PERSONS"
    for c in chars:
        cap_height = c["size"] * float(cap_height_em(c["fontname"]))
        assert abs(cap_height - INCH) <= TOLERANCE * INCH, (c["text"], cap_height)
        assert abs(c["width"] - 0.375 * INCH) <= TOLERANCE * 0.375 * INCH, (c["text"], c["width"])
        assert "Bold" in c["fontname"]


def test_164_9_lettering_is_red_on_a_white_background(spec):
    data = render_occupancy_sign(150, "Main hall", "MP-C-1", spec=spec)
    for c in big_chars(data):
        assert tuple(c["non_stroking_color"]) == (1.0, 0.0, 0.0)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        backgrounds = [r for r in page.rects if r["width"] >= page.width - 1 and r["height"] >= page.height - 1]
        assert backgrounds and tuple(backgrounds[0]["non_stroking_color"]) == (1.0, 1.0, 1.0)
        # everything small is red too: the sign has no lettering of another colour
        assert {tuple(c["non_stroking_color"]) for c in page.chars} == {(1.0, 0.0, 0.0)}


def test_164_9_sign_states_the_lawful_occupancy_given(spec):
    data = render_occupancy_sign(460, "Main hall", "MP-C-1", spec=spec)
    digits = "".join(c["text"] for c in big_chars(data) if c["text"].isdigit())
    assert int(digits) == 460
    text = pdf_text(data)
    assert "LAWFUL OCCUPANCY" in text and "PERSONS" in text
    assert "Room or area: Main hall" in text and "MP-C-1" in text and "§ 164-9" in text


def test_164_9_printed_letter_measures_one_inch_on_paper(spec, tmp_path):
    """Rendered at 300 dpi by poppler, the red ink of the flat-topped "L" is 1 inch high (± 2 %)."""
    data = render_occupancy_sign(150, "Main hall", "MP-C-1", spec=spec)
    dpi = 300
    page = rasterize(data, tmp_path, dpi=dpi)[0]
    im = np.asarray(Image.open(page).convert("RGB")).astype(int)
    red = (im[:, :, 0] > 200) & (im[:, :, 1] < 90) & (im[:, :, 2] < 90)
    first = big_chars(data)[0]
    assert first["text"] == "L"
    s = dpi / 72
    box = red[int(first["top"] * s):int(first["bottom"] * s) + 1, int(first["x0"] * s):int(first["x1"] * s) + 1]
    rows = np.where(box.any(axis=1))[0]
    assert abs((rows[-1] - rows[0] + 1) / dpi - 1.0) <= TOLERANCE
    assert tuple(im[2, 2]) == (255, 255, 255)


def test_sign_qr_code_opens_the_certificate_page(spec, tmp_path):
    data = render_occupancy_sign(150, "Main hall", "MP-C-1", base_url="https://mtpleasantny.example/", spec=spec)
    url = certificate_url("https://mtpleasantny.example/", "MP-C-1")
    assert url == "https://mtpleasantny.example/certificates/MP-C-1/"
    assert url in pdf_text(data)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        modules = [r for r in pdf.pages[0].rects if r["width"] < 10 and tuple(r["non_stroking_color"] or ()) in
                   ((0.0, 0.0, 0.0), (0,))]
    assert len(modules) > 100  # the QR code's dark modules are drawn
    zbar = shutil.which("zbarimg")
    if zbar is None:
        pytest.skip("zbarimg (zbar-tools) is not installed: the QR code was drawn but not decoded")
    page = rasterize(data, tmp_path, dpi=200)[0]
    decoded = subprocess.run([zbar, "-q", "--raw", str(page)], capture_output=True, text=True, check=False)
    assert decoded.stdout.strip() == url


def test_no_qr_code_without_a_base_url(spec):
    data = render_occupancy_sign(150, "Main hall", "MP-C-1", spec=spec)
    assert "certificates/" not in pdf_text(data)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "150"])
def test_occupancy_must_be_a_whole_number_of_persons(spec, bad):
    with pytest.raises(ValueError, match="lawful_occupancy"):
        render_occupancy_sign(bad, "Main hall", "MP-C-1", spec=spec)


def test_unknown_letter_weight_is_refused(spec):
    with pytest.raises(ValueError, match="signs.letter_weight"):
        render_occupancy_sign(10, "Hall", "C-1", spec=replace(spec, letter_weight="hairline"))


def test_a_different_prescribed_size_is_followed(spec):
    """If the parameters prescribed 1½-inch letters 9/16 inch wide, the sign would follow them, the statement
    on two lines (16 letters of 9/16 inch do not fit between the margins)."""
    bigger = replace(spec, letter_height_in=Decimal("1.5"), letter_width_in=Decimal("0.5625"))
    data = render_occupancy_sign(9, "Hall", "C-1", spec=bigger)
    nine = [c for c in big_chars(data) if c["text"] == "9"][0]
    assert abs(nine["size"] * float(cap_height_em(nine["fontname"])) - 108) < 0.5
    assert abs(nine["width"] - 40.5) < 0.5
    assert_inside_page(data)
    tops = sorted({round(c["top"]) for c in big_chars(data)})
    assert len(tops) == 4  # LAWFUL / OCCUPANCY / 9 / PERSONS


def test_prescribed_letters_too_large_for_the_page_are_refused_not_cut_off(spec):
    """§ 164-9's size wins over fitting: 2-inch letters (4 lines) cannot fit on a Letter page, and the sign is
    refused with the parameter named rather than drawn off the page or set smaller."""
    bigger = replace(spec, letter_height_in=Decimal(2), letter_width_in=Decimal("0.75"))
    with pytest.raises(ValueError, match=r"signs\.letter_height_in: .*do not fit on a Letter page"):
        render_occupancy_sign(9, "Hall", "C-1", spec=bigger)


def assert_inside_page(data: bytes, margin: float = 36.0) -> None:
    """Every glyph and every rectangle but the white background lies inside the page's ½-inch margins."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            assert page.chars
            for c in page.chars:
                assert c["x0"] >= margin - 0.5 and c["x1"] <= page.width - margin + 0.5, (c["text"], c["x0"], c["x1"])
                assert c["top"] >= margin - 0.5 and c["bottom"] <= page.height - margin + 0.5, (c["text"], c["top"])
            for r in page.rects:
                if r["width"] >= page.width - 1:
                    continue  # the background
                assert r["x0"] >= margin - 0.5 and r["x1"] <= page.width - margin + 0.5
                assert r["top"] >= margin - 0.5 and r["bottom"] <= page.height - margin + 0.5


def _letters(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("room", [
    "Grand ballroom of the Mount Pleasant Community Center, second floor, east wing (81)",  # 83 characters
    ("Grand ballroom " * 14)[:200],  # the longest name the forms allow, words
    "R" * 200,  # one word of 200 letters: broken between letters
    "Hall",
])
def test_164_9_room_line_of_any_allowed_length_stays_on_the_page(spec, room):
    """The room line is not regulated: a long name is wrapped (and set smaller) inside the margins, every
    letter of it printed; the prescribed lettering keeps its size."""
    data = render_occupancy_sign(1_000_000_000, room, "MP-C-" + "9" * 60,
                                 base_url="https://mtpleasantny.example/" + "a" * 120, spec=spec)
    assert_inside_page(data)
    assert _letters(f"Room or area: {room}") in _letters(pdf_text(data))
    chars = [c for c in big_chars(data) if c["text"].strip()]
    assert "".join(c["text"] for c in chars) == "LAWFULOCCUPANCY1000000000PERSONS"
    for c in chars:
        assert abs(c["size"] * float(cap_height_em(c["fontname"])) - INCH) <= TOLERANCE * INCH
        assert abs(c["width"] - 0.375 * INCH) <= TOLERANCE * 0.375 * INCH
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        small = [c for c in pdf.pages[0].chars if c["size"] < 50]
    assert min(c["size"] for c in small) >= 6  # legible: wrapped before it is set tiny


def test_small_lines_are_drawn_at_their_own_width_not_the_last_big_letters_scale(spec):
    """The horizontal scale of the prescribed letters is text state: reset, the small lines are centred."""
    data = render_occupancy_sign(150, "Main hall", "MP-C-1", spec=spec)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        line = [c for c in page.chars if c["size"] < 50 and abs(c["size"] - 16) < 0.1]
    centre = (min(c["x0"] for c in line) + max(c["x1"] for c in line)) / 2
    assert abs(centre - page.width / 2) < 1


def test_room_names_longer_than_the_forms_allow_are_refused(spec):
    render_occupancy_sign(10, "x" * 200, "C-1", spec=spec)
    with pytest.raises(ValueError, match=r"room: at most 200 characters \(got 201\)"):
        render_occupancy_sign(10, "x" * 201, "C-1", spec=spec)


def test_occupancy_is_bounded_by_a_billion(spec):
    """`units.MAX_COUNT`: a billion persons is drawn (10 digits at 3/8 inch fit), one more is refused."""
    data = render_occupancy_sign(1_000_000_000, "Hall", "C-1", spec=spec)
    assert "".join(c["text"] for c in big_chars(data) if c["text"].isdigit()) == "1000000000"
    assert_inside_page(data)
    with pytest.raises(ValueError, match="lawful_occupancy: a whole number of persons from 0 to 1,000,000,000"):
        render_occupancy_sign(1_000_000_001, "Hall", "C-1", spec=spec)


def test_occupancy_too_wide_at_the_prescribed_width_is_refused_not_shrunk(spec):
    """With 3/4-inch letters a line holds 10 characters: 10 digits are drawn at the prescribed size, 11 are
    refused naming the occupancy (the regulated size is never reduced)."""
    wide = replace(spec, letter_height_in=Decimal("0.75"), letter_width_in=Decimal("0.75"))
    data = render_occupancy_sign(1_000_000_000, "Hall", "C-1", spec=wide)
    assert_inside_page(data)
    nine_a_line = replace(spec, letter_height_in=Decimal("0.5"), letter_width_in=Decimal("0.8"))  # 540 // 57.6
    data = render_occupancy_sign(999_999_999, "Hall", "C-1", spec=nine_a_line)
    assert_inside_page(data)
    with pytest.raises(ValueError, match=r"lawful_occupancy: 1000000000 has 10 digits; .* at most 9"):
        render_occupancy_sign(1_000_000_000, "Hall", "C-1", spec=nine_a_line)
