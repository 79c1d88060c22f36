"""The document commands of the `publicassembly` CLI: each writes -o FILE, refuses to overwrite without
--force (exit 2), and reports bad input in one line (exit 2) without a traceback."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from pathlib import Path

import pytest
from icalendar import Calendar
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.law.jsonable import jsonable

from .conftest import pdf_text

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def as_json_file(tmp_path: Path, name: str, data) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(jsonable(data)), encoding="utf-8")
    return path


def test_sign_writes_the_164_9_sign_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "sign.pdf"
    result = run("sign", "--occupancy", "150", "--room", "Main hall", "--certificate", "MP-C-1",
                 "--base-url", "https://mtp.example", "--as-of", "2025-06-01", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = pdf_text(out.read_bytes())
    assert "LAWFUL OCCUPANCY" in text and "150" in text and "https://mtp.example/certificates/MP-C-1/" in text
    again = run("sign", "--occupancy", "9", "--room", "Main hall", "--certificate", "MP-C-1", "-o", str(out))
    assert again.exit_code == 2 and "--force" in again.output and "Traceback" not in again.output
    assert "150" in pdf_text(out.read_bytes())
    forced = run("sign", "--occupancy", "9", "--room", "Main hall", "--certificate", "MP-C-1", "-o", str(out),
                 "--force")
    assert forced.exit_code == 0 and "LAWFUL OCCUPANCY 9 PERSONS" in pdf_text(out.read_bytes())


@pytest.mark.parametrize(("name", "kind"), [("sign.txt", "PDF"), ("sign.PNG", "PDF"), ("sign.ics", "PDF")])
def test_sign_refuses_a_file_name_of_another_format(tmp_path, name, kind):
    """`-o sign.txt` would hold a PDF that no text reader opens: exit 2 naming the name and the extension to give,
    nothing written. A name ending in .pdf (any case) or without an extension is written."""
    out = tmp_path / name
    result = run("sign", "--occupancy", "150", "--room", "Main hall", "--certificate", "MP-C-1", "-o", str(out))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"ends in '{out.suffix}', but this writes {kind}; give a name ending in .pdf" in " ".join(result.output.split())
    assert not out.exists()
    for fine in ("sign.PDF", "sign"):
        ok = run("sign", "--occupancy", "150", "--room", "Main hall", "--certificate", "MP-C-1",
                 "-o", str(tmp_path / fine))
        assert ok.exit_code == 0, ok.output
        assert (tmp_path / fine).read_bytes().startswith(b"%PDF")


def test_blds_export_refuses_a_name_of_the_other_format(tmp_path):
    """--format csv written to a .json name (or the reverse) is refused; the format's own extension is written."""
    data = as_json_file(tmp_path, "rows.json", {"permits": []})
    bad = run("export", "blds", "--from-json", str(data), "--format", "csv", "-o", str(tmp_path / "p.json"))
    assert bad.exit_code == 2 and "give a name ending in .csv" in " ".join(bad.output.split())
    good = run("export", "blds", "--from-json", str(data), "--format", "json", "-o", str(tmp_path / "p.json"))
    assert good.exit_code == 0, good.output


@pytest.mark.parametrize("args, needle", [
    (["--occupancy", "-1", "--room", "Hall", "--certificate", "C"],
     "--occupancy: -1 is less than 0 persons; allowed: 0 to 1000000000"),
    (["--occupancy", "10", "--room", " ", "--certificate", "C"],
     "--room: the room or area's name, 1 to 200 characters, not only spaces (got only spaces)"),
    (["--occupancy", "10", "--room", "", "--certificate", "C"],
     "--room: the room or area's name, 1 to 200 characters, not only spaces (got nothing)"),
    (["--occupancy", "10", "--room", "Hall", "--certificate", "C", "--as-of", "June"], "--as-of"),
    (["--occupancy", "100000000000000000000", "--room", "Hall", "--certificate", "C"],
     "--occupancy: 100000000000000000000 is more than 1000000000 persons; allowed: 0 to 1000000000"),
    (["--occupancy", "1000000001", "--room", "Hall", "--certificate", "C"], "--occupancy"),
    (["--occupancy", "10", "--room", "x" * 201, "--certificate", "C"],
     "--room: the room or area's name, 1 to 200 characters (got 201)"),
])
def test_sign_bad_input_exits_2(tmp_path, args, needle):
    result = run("sign", *args, "-o", str(tmp_path / "s.pdf"))
    assert result.exit_code == 2 and needle in result.output and "Traceback" not in result.output


def test_sign_of_the_largest_occupancy_and_longest_room_stays_on_the_page(tmp_path):
    """§ 164-9: a billion persons (units.MAX_COUNT) and a 200-character room name are accepted and drawn inside
    the page's margins (the bounds' other side is refused above)."""
    from .test_sign import assert_inside_page

    out = tmp_path / "s.pdf"
    room = ("Grand ballroom of the Community Center " * 6)[:200]
    result = run("sign", "--occupancy", "1000000000", "--room", room, "--certificate", "MP-C-1", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert_inside_page(out.read_bytes())
    assert "".join(f"Room or area: {room}".split()) in "".join(pdf_text(out.read_bytes()).split())


def test_report_of_a_case_file(tmp_path):
    case = tmp_path / "venue.yaml"
    case.write_text("jurisdiction: mount-pleasant-ny\nsubject: venue\nas_of: 2025-06-01\ncommercial: true\n"
                    "spaces:\n  - name: Main hall\n    use_group: assembly_without_fixed_seats\n    area: 3000\n",
                    encoding="utf-8")
    out = tmp_path / "report.pdf"
    result = run("report", str(case), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "Lawful occupancy: 200 persons" in pdf_text(out.read_bytes())  # 3000 / 15 (§ 164-7)


def test_report_of_a_missing_file_exits_2(tmp_path):
    result = run("report", str(tmp_path / "nope.yaml"), "-o", str(tmp_path / "r.pdf"))
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_area_prints_area_and_164_8_occupant_load(tmp_path):
    x0, y0 = 600000, 4550000
    site = as_json_file(tmp_path, "site.geojson", {
        "type": "Polygon", "crs": {"type": "name", "properties": {"name": "EPSG:32618"}},
        "coordinates": [[[x0, y0], [x0 + 100, y0], [x0 + 100, y0 + 100], [x0, y0 + 100], [x0, y0]]]})
    result = run("area", str(site), "--format", "json", "--method", "planar", "--as-of", "2025-06-01")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["area_sq_ft"] == 107639.1 and data["occupant_load"] == 7175  # (a JSON number, as check's)
    text = run("area", str(site), "--method", "planar", "--as-of", "2025-06-01", "-o", str(tmp_path / "a.txt"))
    assert "107,639.10 sq ft" in text.stdout and "7,175 persons" in text.stdout
    assert (tmp_path / "a.txt").read_text().startswith("Area: 107,639.10")


@pytest.mark.parametrize(("fmt", "name", "kind", "ending"), [
    ("text", "a.pdf", "text", ".txt"), ("text", "a.json", "text", ".txt"), ("text", "a.TEXT", "text", ".txt"),
    ("json", "a.txt", "JSON", ".json"), ("json", "a.pdf", "JSON", ".json")])
def test_area_refuses_an_output_name_of_another_format(tmp_path, fmt, name, kind, ending):
    """`area -o a.pdf` wrote the text result into a.pdf, which no PDF reader opens, where every other command
    refuses a name of another format: exit 2 before anything is printed, nothing written."""
    site = Path(__file__).resolve().parents[2] / "examples" / "site.geojson"
    out = tmp_path / name
    result = run("area", str(site), "--format", fmt, "-o", str(out))
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert (f"-o: {out} ends in '{out.suffix}', but this writes {kind}; give a name ending in {ending}"
            in " ".join(result.stderr.split()))
    assert not out.exists()


@pytest.mark.parametrize(("fmt", "name"), [("text", "a.txt"), ("text", "a.TXT"), ("text", "a"), ("json", "a.json")])
def test_area_writes_an_output_name_of_its_format(tmp_path, fmt, name):
    site = Path(__file__).resolve().parents[2] / "examples" / "site.geojson"
    result = run("area", str(site), "--format", fmt, "-o", str(tmp_path / name))
    assert result.exit_code == 0, result.output
    assert (tmp_path / name).read_text(encoding="utf-8") == result.stdout


def test_area_refuses_an_existing_output_before_printing_the_result(tmp_path):
    """An existing -o file was refused (exit 2) after the result had been printed, as if it had been done:
    now nothing is printed, and the file is kept; --force overwrites it."""
    site = Path(__file__).resolve().parents[2] / "examples" / "site.geojson"
    out = tmp_path / "a.json"
    out.write_text("old", encoding="utf-8")
    refused = run("area", str(site), "--format", "json", "-o", str(out))
    assert refused.exit_code == 2 and refused.stdout == "", refused.output
    assert f"-o: {out} exists; give --force to overwrite it" in " ".join(refused.stderr.split())
    assert out.read_text(encoding="utf-8") == "old"
    forced = run("area", str(site), "--format", "json", "-o", str(out), "--force")
    assert forced.exit_code == 0 and json.loads(out.read_text(encoding="utf-8"))["occupant_load"] > 0


def test_area_bad_geojson_exits_2(tmp_path):
    site = as_json_file(tmp_path, "p.geojson", {"type": "Point", "coordinates": [0, 0]})
    result = run("area", str(site))
    assert result.exit_code == 2 and "has no area" in result.output and "Traceback" not in result.output


def test_certificate_permit_notice_summons_petition_from_json(tmp_path, certificate_record, permit_record,
                                                              hearing_record, summons_record, petition_record):
    cases = [("certificate", certificate_record, "Lawful occupancy: 460 persons"),
             ("permit", permit_record, "PA-2025-003"),
             ("notice", hearing_record, "Putnam County Courier"),
             ("summons", summons_record, "Town Justice Court of the Town of Mount Pleasant"),
             ("petition", petition_record, "Gleneida Farm LLC")]
    for command, record, needle in cases:
        src = as_json_file(tmp_path, f"{command}.json", asdict(record))
        out = tmp_path / f"{command}.pdf"
        result = run(command, "--from-json", str(src), "-o", str(out))
        assert result.exit_code == 0, (command, result.output)
        assert needle in pdf_text(out.read_bytes()), command
    blank = run("petition", "-o", str(tmp_path / "blank.pdf"))
    assert blank.exit_code == 0 and "(15)" in pdf_text((tmp_path / "blank.pdf").read_bytes())


def test_record_with_a_bad_field_exits_2_naming_it(tmp_path, permit_record):
    data = jsonable(asdict(permit_record))
    data["first_day"] = "15 August"
    src = as_json_file(tmp_path, "permit.json", data)
    result = run("permit", "--from-json", str(src), "-o", str(tmp_path / "p.pdf"))
    assert result.exit_code == 2 and "first_day" in result.output and "Traceback" not in result.output
    data = jsonable(asdict(permit_record)) | {"colour": "blue"}
    result = run("permit", "--from-json", str(as_json_file(tmp_path, "p2.json", data)), "-o", str(tmp_path / "p.pdf"))
    assert result.exit_code == 2 and "colour" in result.output


def test_calendar_from_json(tmp_path, hearing_record):
    src = as_json_file(tmp_path, "cal.json", {
        "town": "Town of Carmel", "hearings": [asdict(hearing_record)],
        "deadlines": [{"application_reference": "PA-2025-003", "name": "hearing_notice_due", "due": "2025-06-14"}]})
    out = tmp_path / "town.ics"
    result = run("calendar", "--from-json", str(src), "-o", str(out))
    assert result.exit_code == 0, result.output
    cal = Calendar.from_ical(out.read_bytes())
    assert [t.decoded("due").isoformat() for t in cal.walk("VTODO")] == ["2025-06-14"]
    assert len(cal.walk("VEVENT")) == 1


def test_export_blds_csv(tmp_path):
    src = as_json_file(tmp_path, "blds.json", {"permits": [
        {"permit_num": "PA-1", "description": "Festival", "status": "issued", "issued_date": "2025-07-01",
         "extra": {"maximum_persons": 4200}}]})
    out = tmp_path / "permits.csv"
    result = run("export", "blds", "--from-json", str(src), "-o", str(out))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[0]["StatusCurrentMapped"] == "Permit Issued" and rows[0]["IssuedDate"] == "2025-07-01"
    bad = run("export", "blds", "--from-json", str(src), "--format", "xml", "-o", str(tmp_path / "x"))
    assert bad.exit_code == 2 and "--format" in bad.output


def test_sign_help_shows_where_the_qr_code_leads():
    """The help names the look-up address in full (angle brackets were once eaten by the help's markup)."""
    out = "".join(run("sign", "--help").output.replace("│", "").split())
    assert "opensBASE-URL/certificates/NUMBER/(thepubliclook-up)" in out
