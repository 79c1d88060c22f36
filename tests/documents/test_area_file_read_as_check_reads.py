"""``area``: a site map that is not UTF-8 text is told as ``check`` tells a case file (the file, the line, the
byte, what to do), never Python's codec message; a GeoJSON object naming a member twice (two "coordinates":
JSON keeps the last silently) is refused naming the key, as a case file's repeated key is. Exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.documents import sitemap

RING = [[-73.79, 41.39], [-73.79, 41.391], [-73.789, 41.391], [-73.79, 41.39]]
POLYGON = json.dumps({"type": "Polygon", "coordinates": [RING]})


def area(tmp_path: Path, raw: bytes):
    site = tmp_path / "site.geojson"
    site.write_bytes(raw)
    result = CliRunner().invoke(app, ["area", str(site), "--as-of", "2025-06-01"])
    assert "Traceback" not in result.output and "codec" not in result.output
    return result, site


@pytest.mark.parametrize(("raw", "told"), [
    (b'{"t\xd2pe": 1}', ", line 1: not UTF-8 text (byte 0xd2 cannot be decoded); save the GeoJSON site map as UTF-8"),
    (b'{"type":\n"Polygon", \xff}', ", line 2: not UTF-8 text (byte 0xff cannot be decoded); save the GeoJSON site "
                                   "map as UTF-8"),
    (b"\x00\x01", ": a binary file (it holds NUL bytes), not a GeoJSON site map"),
    (b"", ": the file is empty; a GeoJSON site map is a JSON object"),
])
def test_a_file_that_is_not_utf8_text_is_told_as_check_tells_it(tmp_path, raw, told):
    result, site = area(tmp_path, raw)
    assert result.exit_code == 2
    assert result.output.strip() == f"publicassembly: error: {site}{told}"


@pytest.mark.parametrize("raw", [POLYGON.encode("utf-8"), b"\xef\xbb\xbf" + POLYGON.encode("utf-8")])
def test_utf8_text_with_or_without_a_byte_order_mark_is_measured(tmp_path, raw):
    result, _ = area(tmp_path, raw)
    assert result.exit_code == 0, result.output
    assert "Area: " in result.output


@pytest.mark.parametrize("repeated", ['"coordinates": []', '"type": "Polygon"'])
def test_a_member_given_twice_is_refused_naming_it(tmp_path, repeated):
    result, site = area(tmp_path, (POLYGON[:-1] + ", " + repeated + "}").encode())
    assert result.exit_code == 2
    key = repeated.split('"')[1]
    assert result.output.strip() == (f"publicassembly: error: {site}: geojson: key {key!r} is given twice in one "
                                     "object; give each member once (which of the two was meant is not known)")


def test_a_member_given_twice_inside_a_feature_is_refused():
    feature = '{"type": "Feature", "properties": {"name": "A", "name": "B"}, "geometry": ' + POLYGON + "}"
    with pytest.raises(ValueError, match="key 'name' is given twice"):
        sitemap.site_area(feature)
    sitemap.site_area(feature.replace('"name": "B"', '"label": "B"'))


def test_bytes_that_are_not_utf8_are_refused_by_the_site_map_itself():
    with pytest.raises(ValueError, match=r"line 1: not UTF-8 text \(byte 0xd2"):
        sitemap.site_area(b'{"t\xd2pe": 1}')


def test_help_says_the_site_map_is_utf8_with_each_member_once():
    result = CliRunner().invoke(app, ["area", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.replace("│", " ").split())
    assert "UTF-8 text, each member of an object given once" in text
