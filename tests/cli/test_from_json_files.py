"""A ``--from-json`` record file is read as a case file is: UTF-8 with or without a byte-order mark; a binary
file, bytes that are not UTF-8, UTF-16 or an empty file refused, exit 2, in one line naming the option and the
file, never Python's codec wording."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from publicassembly.cli.app import app

CERTIFICATE = {"number": "MP-2026-0001", "issued_date": "2026-11-02", "venue_name": "Kensico Hall",
               "venue_address": "1 Main St, Valhalla", "spaces": [{"name": "Ballroom", "use_group": "assembly_without_fixed_seats",
                                          "area_sq_ft": 3000, "occupant_load": 200}],
               "lawful_occupancy": 200, "inspector_name": "R. Inspector"}


@pytest.mark.parametrize(("content", "said"), [
    (b"\x80\x81 not text", "not UTF-8 text (byte 0x80 cannot be decoded); save the JSON record as UTF-8"),
    (b"{\x00}", "a binary file (it holds NUL bytes), not a JSON record"),
    ('{"a": 1}'.encode("utf-16"), "UTF-16"),
    (b"", "the file is empty; a JSON record is a JSON object"),
])
def test_a_record_file_that_is_not_utf8_json_text_is_refused_in_one_line(tmp_path, content, said):
    src = tmp_path / "record.json"
    src.write_bytes(content)
    r = CliRunner().invoke(app, ["certificate", "--from-json", str(src), "-o", str(tmp_path / "c.pdf")])
    assert r.exit_code == 2, r.output
    assert r.output.startswith(f"publicassembly: error: --from-json: {src}"), r.output
    assert len(r.output.strip().splitlines()) == 1, r.output
    assert said in r.output and "codec" not in r.output, r.output
    assert not (tmp_path / "c.pdf").exists()


def test_a_record_file_with_a_byte_order_mark_is_read(tmp_path):
    src = tmp_path / "record.json"
    src.write_bytes(b"\xef\xbb\xbf" + json.dumps(CERTIFICATE).encode())
    r = CliRunner().invoke(app, ["certificate", "--from-json", str(src), "-o", str(tmp_path / "c.pdf")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("command", "text"), [
    ("certificate", json.dumps(CERTIFICATE)[:-1] + ', "lawful_occupancy": 300}'),
    ("notice", '{"town": "carmel-ny", "hearing_at": "2026-12-15T19:30", "hearing_at": "2026-12-14T19:30"}'),
    ("calendar", '{"town": "Town of Carmel", "hearings": [{"revision": 1, "revision": 2}]}'),
])
def test_a_record_file_naming_a_key_twice_is_refused_as_a_case_file_is(tmp_path, command, text):
    """A key given twice in one object of a ``--from-json`` file was read as its last value without a word (a
    notice printed the second of two hearing days: a new-user trial); it is refused in one line naming the key,
    exit 2, nothing written — as `check` refuses it in a case file."""
    src = tmp_path / "record.json"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / ("c.ics" if command == "calendar" else "c.pdf")
    r = CliRunner().invoke(app, [command, "--from-json", str(src), "-o", str(out)])
    assert r.exit_code == 2, r.output
    key = "lawful_occupancy" if command == "certificate" else "hearing_at" if command == "notice" else "revision"
    assert r.output == f"publicassembly: error: --from-json: {src}: key {key!r} is given twice; give each field once\n"
    assert not out.exists()
