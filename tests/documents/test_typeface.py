"""Names as written (interpretation G-6): every document prints the names of people and places in DejaVu Sans,
shipped with the package — Czech, Polish, Greek and Russian letters are read back from the PDF as given, not as
black boxes — and refuses, naming the field and the characters, a text holding a character it cannot print
(a Chinese character, an emoji, a letter written right to left, a control), never printing a box."""

from __future__ import annotations

import fnmatch
import hashlib
import io
import shutil
import subprocess
import tomllib
import unicodedata
from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path

import pdfplumber
import pytest
from reportlab.pdfbase import pdfmetrics

from publicassembly.documents.pdf import (
    render_certificate,
    render_hearing_notice,
    render_occupancy_sign,
    render_occupancy_signs,
    render_permit,
    render_petition,
    render_report,
    render_summons,
    typeface,
)
from publicassembly.documents.records import CertificateSpace
from publicassembly.documents.unprintable import UnprintableText
from publicassembly.law import evaluate

from .conftest import pdf_text

ROOT = Path(__file__).resolve().parents[2]
AS_OF = date(2025, 6, 1)
#: Czech, Polish, Greek and Russian: letters outside Windows-1252 that Helvetica printed as black boxes.
GIVEN = "Dvořák Łódź Ζωή Зал"
CJK = "宴会厅"


def poppler_text(data: bytes) -> str:
    """The text of a PDF as poppler's pdftotext reads it, whitespace runs collapsed to single spaces."""
    exe = shutil.which("pdftotext")
    if exe is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    done = subprocess.run([exe, "-enc", "UTF-8", "-", "-"], input=data, capture_output=True, check=True)
    return " ".join(done.stdout.decode("utf-8").split())


def _venue(name: str, space: str = "Main hall") -> dict:
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "name": name, "commercial": True,
            "spaces": [{"name": space, "use_group": "assembly_without_fixed_seats", "area": 3000}]}


def _report(name: str) -> bytes:
    """The report of a venue whose case and space are both named `name`."""
    return render_report(evaluate(_venue(name, name), AS_OF), case_name=name)


def documents(records: dict) -> dict:
    """Each document type: a function printing `name` in one of its name fields, and that field."""
    permit, cert, notice, summons, petition = (records[k] for k in ("permit", "certificate", "notice", "summons",
                                                                    "petition"))
    return {
        "permit": (lambda n: render_permit(replace(permit, permittee=n)), "permittee"),
        "certificate": (lambda n: render_certificate(replace(cert, venue_name=n)), "venue_name"),
        "certificate space": (lambda n: render_certificate(replace(cert, spaces=(
            CertificateSpace(n, "assembly_without_fixed_seats", Decimal("3000"), 200),))), "spaces[0].name"),
        "hearing notice": (lambda n: render_hearing_notice(replace(notice, applicant=n)), "applicant"),
        "summons": (lambda n: render_summons(replace(summons, defendant_name=n)), "defendant_name"),
        "petition": (lambda n: render_petition(replace(petition, applicant_name=n)), "applicant_name"),
        "report": (_report, "case_name"),
        "sign": (lambda n: render_occupancy_sign(120, n, "MP-C-1", as_of=AS_OF), "room"),
    }


KINDS = ("permit", "certificate", "certificate space", "hearing notice", "summons", "petition", "report", "sign")


@pytest.fixture
def records(permit_record, certificate_record, hearing_record, summons_record, petition_record) -> dict:
    return {"permit": permit_record, "certificate": certificate_record, "notice": hearing_record,
            "summons": summons_record, "petition": petition_record}


@pytest.mark.parametrize("kind", KINDS)
def test_each_document_prints_czech_polish_greek_and_russian_names_as_written(records, kind):
    """The text read back (pdftotext and pdfplumber) holds the name exactly as given: no box, no letter lost."""
    make, _field = documents(records)[kind]
    data = make(GIVEN)
    assert GIVEN in poppler_text(data)
    assert GIVEN in pdf_text(data)


@pytest.mark.parametrize("kind", KINDS)
def test_each_document_sets_the_name_in_the_shipped_typeface(records, kind):
    make, _field = documents(records)[kind]
    with pdfplumber.open(io.BytesIO(make(GIVEN))) as pdf:
        fonts = {c["fontname"].split("+")[-1] for page in pdf.pages for c in page.chars if c["text"] in "řŁźΖωήЗал"}
    assert fonts and fonts <= {typeface.REGULAR, typeface.BOLD}, fonts


def test_bold_markup_selects_the_bold_face(hearing_record):
    """The notice sets the applicant in <b>: the bold DejaVu face, which has the same letters."""
    data = render_hearing_notice(replace(hearing_record, applicant=GIVEN))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        fonts = {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars if c["text"] == "Ł"}
    assert fonts == {typeface.BOLD}


@pytest.mark.parametrize("kind", KINDS)
def test_a_character_the_typeface_lacks_is_refused_naming_the_field(records, kind):
    """Both sides of the boundary in every document: Зал prints; 宴会厅 (no letter in DejaVu Sans) is refused
    with a ValueError naming the document's field and each character, before anything is printed."""
    make, field = documents(records)[kind]
    assert "Зал" in poppler_text(make("Зал"))
    with pytest.raises(UnprintableText) as refused:
        make(f"Зал {CJK}")
    assert isinstance(refused.value, ValueError) and refused.value.field == field
    first = str(refused.value).split("\n")[0]  # (the report prints the name in other fields too, each named)
    assert first == (f"{field}: the documents cannot print '宴' (U+5BB4), '会' (U+4F1A), '厅' (U+5385) (their "
                     "typeface, DejaVu Sans, has the Latin, Greek and Cyrillic alphabets among others)")


def test_a_character_beyond_u_ffff_is_refused_though_the_font_draws_it(permit_record):
    """ReportLab writes the text layer four hex digits a character: 😀 (U+1F600, in DejaVu Sans) would be read
    back as ὠ (U+1F60). The last code point printed is U+FFFF: the highest letter of the font below it prints and
    reads back."""
    face = pdfmetrics.getFont(typeface.REGULAR).face
    assert 0x1F600 in face.charToGlyph  # the font has it: the refusal is the text layer's
    with pytest.raises(UnprintableText, match=r"permittee: the documents cannot print '😀' \(U\+1F600\)"):
        render_permit(replace(permit_record, permittee="Smile 😀"))
    highest = chr(max(typeface.LETTERS))
    assert ord(highest) <= 0xFFFF
    assert f"Smile {highest}" in poppler_text(render_permit(replace(permit_record, permittee=f"Smile {highest}")))


def test_right_to_left_letters_are_refused_though_the_font_has_them(permit_record):
    """Hebrew and Arabic would be set left to right, reversed: refused; Greek beside them prints."""
    assert ord("ש") in pdfmetrics.getFont(typeface.REGULAR).face.charToGlyph
    with pytest.raises(UnprintableText) as refused:
        render_permit(replace(permit_record, permittee="Ζωή שלום"))
    assert str(refused.value) == ("permittee: the documents print text left to right only, not 'ש' (U+05E9), "
                                  "'ל' (U+05DC), 'ו' (U+05D5), 'ם' (U+05DD) (written right to left, or direction "
                                  "controls)")
    assert "Ζωή" in poppler_text(render_permit(replace(permit_record, permittee="Ζωή")))


def test_a_direction_control_is_named_by_its_code_point_never_written_raw(permit_record):
    """U+202E (right-to-left override) would turn the rest of the message around on a terminal."""
    with pytest.raises(UnprintableText) as refused:
        render_permit(replace(permit_record, permittee="Ann \u202eSpofford"))
    assert "U+202E" in str(refused.value) and "\u202e" not in str(refused.value)


def test_whitespace_prints_as_a_space_and_other_controls_are_refused(permit_record):
    text = poppler_text(render_permit(replace(permit_record, permittee="Hall\tOperators\nLLC")))
    assert "Hall Operators LLC" in text
    with pytest.raises(UnprintableText) as refused:
        render_permit(replace(permit_record, permittee="Hall\x07Operators"))
    assert str(refused.value).startswith("permittee: must be text without control characters (it holds U+0007, ")
    assert "\x07" not in str(refused.value)


def test_a_private_use_character_is_refused_though_the_font_has_a_glyph(permit_record):
    assert 0xEF00 in pdfmetrics.getFont(typeface.REGULAR).face.charToGlyph
    with pytest.raises(UnprintableText, match=r"permittee: the documents cannot print U\+EF00"):
        render_permit(replace(permit_record, permittee="Hall \uef00"))


def test_a_decomposed_name_prints_as_its_composed_letters(permit_record):
    """Nguyễn typed as e + combining circumflex + combining tilde prints as the one letter ễ (form C)."""
    typed = unicodedata.normalize("NFD", "Nguyễn Thị Ánh")
    assert typed != "Nguyễn Thị Ánh"
    assert "Nguyễn Thị Ánh" in poppler_text(render_permit(replace(permit_record, permittee=typed)))


def test_every_field_refused_is_named_one_per_line(permit_record):
    record = replace(permit_record, permittee=f"Ann {CJK}", conditions=("Quiet after 10 p.m.", "No 🎉"),
                     insurance=replace(permit_record.insurance, insurer="שלום 宴"))
    with pytest.raises(UnprintableText) as refused:
        render_permit(record)
    lines = str(refused.value).split("\n")
    assert [line.split(":")[0] for line in lines] == ["permittee", "conditions[1]", "insurance.insurer"]
    assert refused.value.field == "permittee"
    assert "'宴' (U+5BB4)" in lines[2] and "'ש' (U+05E9)" in lines[2]


def test_a_long_list_of_characters_is_cut_after_ten():
    many = "".join(chr(0x4E00 + i) for i in range(13))
    with pytest.raises(UnprintableText) as refused:
        typeface.check(many, "room")
    assert str(refused.value).count("(U+") == 10 and "and 3 more" in str(refused.value)


def test_the_sign_names_the_room_of_each_page_and_keeps_its_prescribed_lettering():
    """Several rooms: the refused one by its place; the prescribed lines stay Helvetica-Bold (D-1)."""
    with pytest.raises(UnprintableText) as refused:
        render_occupancy_signs([(100, "Ballroom"), (50, f"Зал {CJK}")], "MP-C-1", as_of=AS_OF)
    assert refused.value.field == "signs[1].room"
    with pytest.raises(UnprintableText, match="certificate_number"):
        render_occupancy_sign(100, "Ballroom", f"MP-{CJK}", as_of=AS_OF)
    with pdfplumber.open(io.BytesIO(render_occupancy_sign(100, GIVEN, "MP-C-1", as_of=AS_OF))) as pdf:
        big = {c["fontname"] for c in pdf.pages[0].chars if c["size"] > 50}
    assert big == {"Helvetica-Bold"}


def test_a_report_does_not_refuse_what_it_does_not_print():
    """A finding's `values` are not printed: a name there is not refused; the space's name printed is."""
    data = evaluate(_venue("Hall"), AS_OF).to_json()
    data["findings"][0]["values"] = {"note": CJK}
    assert render_report(data).startswith(b"%PDF")
    data["occupancy"]["spaces"][0]["name"] = CJK
    data["requirements"]["sign"]["rooms"][0]["room"] = CJK  # (the sign's room is the space: renamed with it,
    place = next(f for f in data["findings"] if f["rule"] == "mount-pleasant/164-4/place-of-assembly")
    place["values"]["groups"][0]["spaces"] = [CJK]  # and the § 164-4 group that names it, G-17)
    with pytest.raises(UnprintableText) as refused:
        render_report(data)
    assert "occupancy.spaces[0].name" in {p.field for p in refused.value.problems}


# --- the fonts are the package's own -------------------------------------------------------------------------


def test_the_fonts_and_their_licence_are_in_the_package_and_loaded_from_it():
    """CI installs only the project's files: ReportLab reads both faces from the package, not /usr/share."""
    for name, filename in typeface.FILES.items():
        path = typeface.FONT_DIR / filename
        assert path.is_file()
        assert Path(pdfmetrics.getFont(name).face.filename).resolve() == path.resolve()
    licence = (typeface.FONT_DIR / "LICENSE.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence
    for filename in typeface.FILES.values():  # the licence file names the files it covers, by their digest
        digest = hashlib.sha256((typeface.FONT_DIR / filename).read_bytes()).hexdigest()
        assert f"{filename} sha256 {digest}" in " ".join(licence.split())


def test_the_package_data_takes_the_fonts_and_the_licence_into_a_wheel():
    """pyproject's package-data patterns match every file of the fonts folder (a non-editable install has
    them; checked by building a wheel when the fonts were added)."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    files = sorted(p.name for p in typeface.FONT_DIR.iterdir() if p.is_file())
    assert files == ["DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "LICENSE.txt"]
    for name in files:
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name


# --- the CLI: exit 2 naming the field -------------------------------------------------------------------------


def _cli(*args: str):
    from typer.testing import CliRunner

    import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
    from publicassembly.cli.app import app

    return CliRunner().invoke(app, list(args))


def test_cli_sign_prints_the_room_as_written_and_refuses_what_it_cannot_print(tmp_path):
    """The defect as reported: `sign --room "Sala Dvořák – Łódź Зал 宴会厅"` printed boxes. Without 宴会厅 it prints
    as written; with it, exit 2 naming ``room`` and each character, no file written."""
    out = tmp_path / "sign.pdf"
    common = ("sign", "--certificate", "MP-C-1", "--occupancy", "120", "--as-of", "2025-06-01",
              "--data-dir", str(tmp_path / "data"), "-o", str(out))
    done = _cli(*common, "--room", "Sala Dvořák – Łódź Зал")
    assert done.exit_code == 0, done.output
    assert "Room or area: Sala Dvořák – Łódź Зал" in poppler_text(out.read_bytes())
    out.unlink()
    refused = _cli(*common, "--room", f"Sala Dvořák – Łódź Зал {CJK}")
    text = " ".join(refused.output.split())
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert "room: the documents cannot print '宴' (U+5BB4), '会' (U+4F1A), '厅' (U+5385)" in text, text
    assert not out.exists()


def test_cli_record_from_json_refused_names_its_file_and_field(tmp_path, permit_record):
    import json
    from dataclasses import asdict

    from publicassembly.law.jsonable import jsonable

    path = tmp_path / "permit-3.json"
    path.write_text(json.dumps(jsonable(asdict(permit_record)) | {"permittee": f"Ann {CJK}"}), encoding="utf-8")
    result = _cli("permit", "--from-json", str(path), "-o", str(tmp_path / "p.pdf"))
    assert result.exit_code == 2, result.output
    assert f"{path}: permittee: the documents cannot print '宴' (U+5BB4)" in " ".join(result.output.split())
    assert not (tmp_path / "p.pdf").exists()
