"""The document commands refuse bad input with exit 2 and one message naming the option: a date before the
law the document states (--as-of; Mount Pleasant ch. 164 took effect 1976-02-24), a directory or an empty
name as -o, a --base-url that is not an http(s) address (it goes into the sign's QR code, § 164-9), a
certificate number longer than the 40 characters the web's look-up allows; and ``-o -`` writes the PDF to
standard output, as ``batch -o -`` does."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from publicassembly.cli.app import app

SIGN = ["sign", "--occupancy", "5", "--room", "Hall", "--certificate", "C1"]


def run(args: list[str]):
    return CliRunner().invoke(app, args)


def test_sign_before_section_164_9_was_in_force_is_exit_2_naming_as_of(tmp_path):
    """§ 164-9 is in force from 1976-02-24: 1976-02-23 is refused naming --as-of and the first day; the
    first day itself gives the sign."""
    r = run([*SIGN, "--as-of", "1976-02-23", "-o", str(tmp_path / "a.pdf")])
    assert r.exit_code == 2, r.output
    assert "--as-of" in r.output and "1976-02-23" in r.output and "1976-02-24" in r.output
    assert not (tmp_path / "a.pdf").exists()
    ok = run([*SIGN, "--as-of", "1976-02-24", "-o", str(tmp_path / "b.pdf")])
    assert ok.exit_code == 0, ok.output


def test_area_before_section_164_8_was_in_force_is_exit_2_naming_as_of(tmp_path):
    site = tmp_path / "site.geojson"
    site.write_text('{"type": "Polygon", "coordinates": [[[-73.8, 41.1], [-73.799, 41.1], [-73.799, 41.101], '
                    '[-73.8, 41.101], [-73.8, 41.1]]]}')
    r = run(["area", str(site), "--as-of", "1900-01-01"])
    assert r.exit_code == 2 and "--as-of" in r.output and "1976-02-24" in r.output, r.output
    assert "Traceback" not in r.output


def test_output_that_is_a_directory_says_it_is_a_directory(tmp_path):
    r = run([*SIGN, "-o", str(tmp_path)])
    assert r.exit_code == 2 and "is a directory" in r.output and "--force" not in r.output, r.output
    r = run([*SIGN, "-o", str(tmp_path), "--force"])
    assert r.exit_code == 2 and "is a directory" in r.output


def test_empty_output_name_says_it_names_the_current_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run([*SIGN, "-o", ""])
    assert r.exit_code == 2 and "current directory" in r.output and ". exists" not in r.output, r.output


def test_an_existing_file_still_needs_force(tmp_path):
    out = tmp_path / "s.pdf"
    out.write_bytes(b"old")
    r = run([*SIGN, "-o", str(out)])
    assert r.exit_code == 2 and "exists; give --force" in r.output
    assert run([*SIGN, "-o", str(out), "--force"]).exit_code == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_dash_writes_the_pdf_to_standard_output(tmp_path, monkeypatch):
    """``-o -`` is standard output for a PDF as for ``batch``: no file named "-" is written."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(app, [*SIGN, "-o", "-"])
    assert r.exit_code == 0, r.output
    assert r.stdout_bytes.startswith(b"%PDF") and r.stdout_bytes.rstrip().endswith(b"%%EOF")
    assert not (tmp_path / "-").exists()
    report = CliRunner().invoke(app, ["report", str(_example()), "-o", "-"])
    assert report.exit_code == 0 and report.stdout_bytes.startswith(b"%PDF")
    assert not (tmp_path / "-").exists()


def _example():
    from pathlib import Path

    return Path(__file__).resolve().parents[2] / "examples" / "carmel-county-fair.yaml"


@pytest.mark.parametrize("url", ["javascript:alert(1)", "file:///etc/passwd", "ftp://example.org",
                                 "https://", "example.org", "https://exa mple.org", "https://x.org/" + "a" * 2000])
def test_base_url_must_be_an_http_address_section_164_9(url, tmp_path):
    r = run([*SIGN, "--base-url", url, "-o", str(tmp_path / "s.pdf")])
    assert r.exit_code == 2 and "--base-url" in r.output and "http://" in r.output, r.output
    assert not (tmp_path / "s.pdf").exists()


@pytest.mark.parametrize("url", ["https://publicassembly.example.org", "http://localhost:8000/"])
def test_an_http_base_url_goes_into_the_qr_code(url, tmp_path):
    assert run([*SIGN, "--base-url", url, "-o", str(tmp_path / "s.pdf")]).exit_code == 0


@pytest.mark.parametrize(("number", "code"), [("C" * 40, 0), ("C" * 41, 2), ("C" * 500, 2), ("   ", 2)])
def test_certificate_number_is_1_to_40_characters_as_the_web_form(number, code, tmp_path):
    r = run(["sign", "--occupancy", "5", "--room", "Hall", "--certificate", number, "-o", str(tmp_path / "s.pdf")])
    assert r.exit_code == code, r.output
    if code:
        assert "--certificate" in r.output and "40" in r.output


def test_the_qr_url_percent_encodes_the_number_section_164_9():
    from publicassembly.documents.pdf.sign import certificate_url

    assert certificate_url("https://x.org/", "MP-2025-0001") == "https://x.org/certificates/MP-2025-0001/"
    assert certificate_url("https://x.org", "A/B?c") == "https://x.org/certificates/A%2FB%3Fc/"


# --- sign --certificate: the public look-up's format (letters and digits joined by hyphens) ----------------------


@pytest.mark.parametrize("number", ["MP C 1/../x", "MP-C-1/../x", "MP--1", "-MP-1", "MP-1-", "A_1", "MP-2025-0001é"])
def test_sign_certificate_not_of_the_lookups_format_is_exit_2_naming_the_format(number, tmp_path):
    r = run(["sign", "--occupancy", "15", "--room", "X", "--certificate", number, "-o", str(tmp_path / "s.pdf")])
    assert r.exit_code == 2, r.output
    assert "--certificate" in r.output and "letters and digits joined by hyphens" in r.output
    assert not (tmp_path / "s.pdf").exists()


@pytest.mark.parametrize("number", ["MP-2025-0001", "C1", "mp-c-2025-0042", " MP-1 "])
def test_sign_certificate_of_the_lookups_format_is_written(number, tmp_path):
    r = run(["sign", "--occupancy", "15", "--room", "X", "--certificate", number, "-o", str(tmp_path / "s.pdf")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")


def test_the_sign_and_the_lookup_share_one_rule():
    """The CLI and the web form use the one definition (`documents.certificate_number`)."""
    from publicassembly.documents.certificate_number import is_certificate_number
    from publicassembly.web.views import public_records

    assert public_records.is_certificate_number is is_certificate_number
    assert is_certificate_number("A" * 40) and not is_certificate_number("A" * 41)


# --- calendar --from-json: hearings and deadlines are lists -------------------------------------------------------


@pytest.mark.parametrize(("key", "value", "kind"), [("hearings", "nope", "'nope'"), ("deadlines", {}, "a mapping"),
                                                    ("hearings", None, "null"), ("deadlines", 3, "3")])
def test_calendar_lists_that_are_not_lists_are_exit_2_naming_the_key(key, value, kind, tmp_path):
    import json

    data = {"town": "carmel-ny", "hearings": [], "deadlines": []} | {key: value}
    src = tmp_path / "cal.json"
    src.write_text(json.dumps(data), encoding="utf-8")
    r = run(["calendar", "--from-json", str(src), "-o", str(tmp_path / "c.ics")])
    assert r.exit_code == 2, r.output
    assert f"{key}: expected a list of" in r.output and f"got {kind}" in r.output, r.output
    assert "[0]" not in r.output
    assert not (tmp_path / "c.ics").exists()


def test_calendar_both_lists_wrong_names_both(tmp_path):
    import json

    src = tmp_path / "cal.json"
    src.write_text(json.dumps({"town": "carmel-ny", "hearings": "nope", "deadlines": {}}), encoding="utf-8")
    r = run(["calendar", "--from-json", str(src), "-o", str(tmp_path / "c.ics")])
    assert r.exit_code == 2 and "hearings: expected a list" in r.output and "deadlines: expected a list" in r.output


@pytest.mark.parametrize("data", [{"town": "carmel-ny", "hearings": [], "deadlines": []}, {"town": "carmel-ny"},
                                  {"town": "carmel-ny", "hearings": [], "deadlines": [
                                      {"application_reference": "PA-1", "name": "hearing_notice_due",
                                       "due": "2025-06-14"}]}])
def test_calendar_lists_given_as_lists_or_left_out_are_written(data, tmp_path):
    import json

    src = tmp_path / "cal.json"
    src.write_text(json.dumps(data), encoding="utf-8")
    r = run(["calendar", "--from-json", str(src), "-o", str(tmp_path / "c.ics")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "c.ics").read_bytes().startswith(b"BEGIN:VCALENDAR")


def test_calendar_a_list_holding_a_text_names_its_item(tmp_path):
    import json

    src = tmp_path / "cal.json"
    src.write_text(json.dumps({"town": "carmel-ny", "hearings": ["nope"]}), encoding="utf-8")
    r = run(["calendar", "--from-json", str(src), "-o", str(tmp_path / "c.ics")])
    assert r.exit_code == 2 and "hearings[0]: expected an object of fields, got 'nope'" in r.output


# --- calendar --alarm-days: 0 to 365 days before a deadline ---------------------------------------------------------

DEADLINE = {"application_reference": "PA-1", "name": "hearing_notice_due", "due": "2025-06-14"}


@pytest.mark.parametrize("days", ["-1", "366", "1000000", "1000000000", "99999999999"])
def test_calendar_alarm_days_outside_0_to_365_is_exit_2_naming_the_range(days, tmp_path):
    """An alarm more than a year before a deadline was written (-P1000000D) or ended in an OverflowError
    traceback (1000000000 and more); -1 had Typer's boxed error. Each is one line naming the range."""
    import json

    src = tmp_path / "cal.json"
    src.write_text(json.dumps({"town": "carmel-ny", "deadlines": [DEADLINE]}), encoding="utf-8")
    r = run(["calendar", "--from-json", str(src), "--alarm-days", days, "-o", str(tmp_path / "c.ics")])
    assert r.exit_code == 2, r.output
    assert f"publicassembly: error: --alarm-days: {days} is not allowed; allowed: 0 to 365" in r.output, r.output
    assert "Traceback" not in r.output and not (tmp_path / "c.ics").exists()
    db = run(["calendar", "--town", "carmel-ny", "--data-dir", str(tmp_path / "none"), "--alarm-days", days,
              "-o", str(tmp_path / "d.ics")])
    assert db.exit_code == 2 and "--alarm-days" in db.output and "no database" not in db.output, db.output
    assert not (tmp_path / "none").exists()


@pytest.mark.parametrize(("days", "trigger"), [("0", b"TRIGGER;RELATED=END:P0D"),
                                               ("365", b"TRIGGER;RELATED=END:-P365D")])
def test_calendar_alarm_days_0_and_365_are_written(days, trigger, tmp_path):
    import json

    src = tmp_path / "cal.json"
    src.write_text(json.dumps({"town": "carmel-ny", "deadlines": [DEADLINE]}), encoding="utf-8")
    r = run(["calendar", "--from-json", str(src), "--alarm-days", days, "-o", str(tmp_path / "c.ics")])
    assert r.exit_code == 0, r.output
    assert trigger in (tmp_path / "c.ics").read_bytes()


def test_calendar_alarm_days_range_is_in_the_help():
    r = run(["calendar", "--help"])
    assert r.exit_code == 0 and "0 (on the day) to 365" in " ".join(r.output.replace("│", " ").split())


@pytest.mark.parametrize("command", [["area", "examples/site.geojson"],
                                     ["sign", "--occupancy", "5", "--room", "Hall", "--certificate", "C1"]])
def test_an_output_in_a_directory_that_does_not_exist_is_refused_before_anything_is_printed(tmp_path, command):
    """-o in a directory that does not exist: exit 2 naming the directory, before the result is printed (area
    printed it, then failed to write) or the document made."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    args = [root / a if a.startswith("examples/") else a for a in command]
    r = run([str(a) for a in args] + ["-o", str(tmp_path / "nodir" / ("x.txt" if command[0] == "area" else "x.pdf"))])
    assert r.exit_code == 2, r.output
    assert r.output.strip() == (f"publicassembly: error: -o: {tmp_path / 'nodir'} is not a directory; create it "
                                "first, or give a file in an existing directory"), r.output


def test_calendar_tells_every_bad_hearing_and_deadline_each_on_its_line(tmp_path):
    """`calendar --from-json` named only the first bad record (a new-user trial: two hearings with bad
    ``revision``, only ``hearings[0]`` told); every problem of every hearing and deadline is now told on its
    own line, as `notice` tells a notice's, exit 2, nothing written."""
    import json

    src = tmp_path / "cal.json"
    src.write_text(json.dumps({"town": "carmel-ny", "hearings": [{"revision": -5}, {"revision": True}],
                               "deadlines": [{"application_reference": "PA-1", "name": "x", "due": "soon"}]}),
                   encoding="utf-8")
    r = run(["calendar", "--from-json", str(src), "-o", str(tmp_path / "c.ics")])
    assert r.exit_code == 2, r.output
    lines = [line for line in r.output.splitlines() if line.startswith("publicassembly: error:")]
    assert any("hearings[0].revision: expected a whole number from 0" in line for line in lines), r.output
    assert any("hearings[1].revision: expected a whole number" in line for line in lines), r.output
    assert any("deadlines[0].due: 'soon' is not a date" in line for line in lines), r.output
    assert any("hearings[1].town: is required" in line for line in lines), r.output
    assert all(line.startswith(f"publicassembly: error: {src}: ") for line in lines)
    assert not (tmp_path / "c.ics").exists()


def test_sign_tells_every_option_refused_in_one_run_section_164_9(tmp_path):
    """A sign by hand with a bad certificate number, a negative occupancy, a room of only spaces, a date outside
    the years counted (G-2) and a ``javascript:`` address: each option refused is told, one line each in the order of the
    options read, in one run (it told the first and stopped), exit 2, nothing written."""
    out = tmp_path / "s.pdf"
    r = CliRunner().invoke(app, ["sign", "--certificate", "bad number!", "--occupancy", "-5", "--room", "   ",
                                 "--as-of", "1776-02-23", "--base-url", "javascript:alert(1)", "-o", str(out)])
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert [line.split(":")[2].strip() for line in lines] == [
        "--as-of", "--certificate", "--base-url", "--occupancy", "--room"], lines
    assert "-5 is less than 0 persons; allowed: 0 to 1000000000" in lines[3]
    assert "not only spaces (got only spaces)" in lines[4]
    assert not out.exists() and "Traceback" not in r.output


@pytest.mark.parametrize(("occupancy", "told"), [("0", False), ("-1", True), ("1000000000", False),
                                                 ("1000000001", True)])
def test_sign_occupancy_bounds_section_164_9(occupancy, told, tmp_path):
    """The occupancy a sign states by hand: 0 to 1,000,000,000 persons, both ends taken, one beyond refused."""
    r = run(["sign", "--certificate", "C1", "--occupancy", occupancy, "--room", "Hall", "-o",
             str(tmp_path / "s.pdf")])
    assert (r.exit_code == 2 and "--occupancy" in r.output) if told else r.exit_code == 0, r.output


def test_sign_room_without_occupancy_points_at_space(tmp_path):
    """``--room`` alone (meaning one room's sign from the database) is told that --space does that."""
    r = run(["sign", "--certificate", "C1", "--room", "Lanes", "-o", str(tmp_path / "s.pdf")])
    assert r.exit_code == 2 and "go together" in r.output and "--space ROOM" in r.output, r.output


def test_sign_tells_a_bad_output_name_with_the_other_options(tmp_path):
    """``-o b.txt`` beside a bad ``--base-url``: both told in one run (the output's name was told only once the
    options were right: the final new-user trial)."""
    r = run(["sign", "--certificate", "MP-2026-0003", "--base-url", "ftp://x", "-o", str(tmp_path / "b.txt")])
    assert r.exit_code == 2
    assert [line.split(":")[2].strip() for line in r.output.strip().splitlines()] == ["--base-url", "-o"], r.output
