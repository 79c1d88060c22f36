"""A CSV row of fewer fields than the header's columns is an error row that echoes what the row gives of
``venue_id``, ``space`` and ``use_group``, each by its place in the header, so that the row can be found in the
output as any other error row can (before, these were empty: "v2,short" gave an error row of no venue and no
space). A cell the row does not reach stays empty; a row whose quote is never closed echoes nothing (its cells
ran on into the rows after it); a cell of bytes that are not UTF-8 is not echoed."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from publicassembly.batch import run_batch

from .helpers import AS_OF

HEADER = "venue_id,space,use_group,area,area_unit,alleys,commercial,attendance\n"


def _rows(tmp_path: Path, content: bytes) -> list[dict[str, str]]:
    src, out = tmp_path / "in.csv", tmp_path / "out.csv"
    src.write_bytes(content)
    run_batch(src, out, AS_OF)
    return list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))


def test_a_short_row_echoes_its_venue_id_space_and_use_group(tmp_path):
    rows = _rows(tmp_path, (HEADER + "v1,Hall,assembly_without_fixed_seats,1500,,,true,\n"
                            "v2,short,business\n"  # 3 of 8: the ids it gives
                            "v3\n"  # 1 of 8: only venue_id
                            '"v4,x","Room ""A"""\n'  # quoted cells, read as the CSV writes them
                            "v5,Hall,assembly_without_fixed_seats,1500,,,true\n").encode())  # 7 of 8
    got = [(r["row"], r["venue_id"], r["space"], r["use_group"], r["status"]) for r in rows]
    assert got == [("1", "v1", "Hall", "assembly_without_fixed_seats", "ok"),
                   ("2", "v2", "short", "business", "error"), ("3", "v3", "", "", "error"),
                   ("4", "v4,x", 'Room "A"', "", "error"),
                   ("5", "v5", "Hall", "assembly_without_fixed_seats", "error")]
    assert rows[1]["error"] == "(row): has 3 fields where the header has 8 columns"
    assert rows[4]["error"] == "(row): has 7 fields where the header has 8 columns"


def test_the_ids_are_echoed_by_their_place_in_the_header(tmp_path):
    rows = _rows(tmp_path, b"area,space,use_group,venue_id\n100,Lobby\n100,Lobby,business,v9\n")
    assert [(r["venue_id"], r["space"], r["use_group"], r["status"]) for r in rows] == [
        ("", "Lobby", "", "error"), ("v9", "Lobby", "business", "ok")]


def test_a_row_whose_quote_is_never_closed_or_not_utf8_echoes_nothing_doubtful(tmp_path):
    rows = _rows(tmp_path, HEADER.encode() + b"v6,Sp\xe9ce\nv7,\"Hall\n")
    assert [(r["venue_id"], r["space"], r["status"]) for r in rows] == [("v6", "", "error"), ("", "", "error")]
    assert "never closed" in rows[1]["error"]
