"""Batch files end to end, bulk and per-row alike: an area of 0 written as a negative zero in each input format
(§ 164-7: a room of no floor area is refused, M-31; a bowling alley's additional area of 0 is shown 0), and a Parquet column of text (venue_id, space, use_group,
jurisdiction, area_unit) that holds numbers or booleans, refused up front naming the column and its type, as a
JSON Lines row giving a number there is an error row naming the column."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from publicassembly.batch import InputError, run_batch
from publicassembly.cli import app

from .helpers import AS_OF


def _rows(out: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))


def _both(src: Path, tmp_path: Path) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """The output rows of `src` by the bulk path and by the per-row path (``--per-row``)."""
    bulk, per_row = tmp_path / "bulk.csv", tmp_path / "per_row.csv"
    run_batch(src, bulk, AS_OF, force=True)
    run_batch(src, per_row, AS_OF, per_row=True, force=True)
    return _rows(bulk), _rows(per_row)


# --- -0.0, -0, 0.0: the area 0 (§ 164-7; M-31) ---------------------------------------------------------------

ZEROS = ["0", "0.0", "-0", "-0.0", "-0e3"]
NO_FLOOR_AREA = "area: must be more than 0 sq ft: a room or area of no floor area holds no one"


def _refused_as_no_room(rows: list[dict[str, str]]) -> bool:
    """Every row an error row naming the area of floor area 0 (M-31), its row number kept."""
    return all(r["status"] == "error" and r["error"].startswith(NO_FLOOR_AREA) and r["occupant_load"] == ""
               for r in rows)


def test_csv_zero_areas_however_written_are_refused_and_a_bowling_alleys_is_0_section_164_7_m31(tmp_path):
    """A room of floor area 0 however written is refused (M-31), by both paths, naming its row and the zero as
    written; the run goes on: the bowling alley's additional area -0.0 is 0 (12 alleys hold 60), -0.0001 is
    refused as negative."""
    src = tmp_path / "in.csv"
    src.write_text("use_group,area,alleys\n" + "".join(f"business,{z},\n" for z in ZEROS)
                   + "bowling_alley,-0.0,12\nbusiness,-0.0001,\n", encoding="utf-8")
    bulk, per_row = _both(src, tmp_path)
    assert bulk == per_row
    assert _refused_as_no_room(bulk[:len(ZEROS)])
    assert [r["row"] for r in bulk[:len(ZEROS)]] == [str(i) for i in range(1, len(ZEROS) + 1)]
    assert [r["error"].rsplit("(got ", 1)[1] for r in bulk[:len(ZEROS)]] == [f"{z})" for z in ZEROS]
    assert (bulk[-2]["status"], bulk[-2]["area_sq_ft"], bulk[-2]["occupant_load"]) == ("ok", "0", "60")
    assert bulk[-1]["error"].startswith("area: an area cannot be negative (got -0.0001)")


def test_jsonl_zero_areas_however_written_are_refused_section_164_7_m31(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"use_group": "business"})[:-1] + f', "area": {z}}}\n' for z in ZEROS)
                   + '{"use_group": "business", "area": "-0.0"}\n'
                   + '{"use_group": "bowling_alley", "area": -0.0, "alleys": 2}\n', encoding="utf-8")
    bulk, per_row = _both(src, tmp_path)
    assert bulk == per_row
    assert _refused_as_no_room(bulk[:6])
    assert (bulk[6]["status"], bulk[6]["area_sq_ft"], bulk[6]["occupant_load"]) == ("ok", "0", "10")


def test_parquet_zero_areas_of_every_numeric_type_are_refused_section_164_7_m31(tmp_path):
    """A float's -0.0 (which Arrow writes as "-0"), a decimal's -0.00 and a text "-0.0" are the area 0: refused
    for a room (M-31); a bowling alley's additional area of 0 is taken."""
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({
        "use_group": ["business"] * 3,
        "area": [-0.0, 0.0, -0.0],
        "area_dec": pa.array([Decimal("-0.00"), Decimal("0.0"), Decimal("-0")], pa.decimal128(5, 2)),
    }), src)
    bulk, per_row = _both(src, tmp_path)
    assert bulk == per_row and _refused_as_no_room(bulk)
    pq.write_table(pa.table({"use_group": ["business", "business", "bowling_alley"],
                             "area": pa.array([Decimal("-0.00"), Decimal("0.0"), Decimal("-0")],
                                              pa.decimal128(5, 2)),
                             "alleys": pa.array(["", "", "4"])}), src)
    bulk, per_row = _both(src, tmp_path)
    assert bulk == per_row and _refused_as_no_room(bulk[:2])
    assert (bulk[2]["status"], bulk[2]["area_sq_ft"], bulk[2]["occupant_load"]) == ("ok", "0", "20")
    pq.write_table(pa.table({"use_group": ["business"], "area": ["-0.0"]}), src)
    bulk, per_row = _both(src, tmp_path)
    assert bulk == per_row and _refused_as_no_room(bulk)


# --- a Parquet column of text that holds numbers -----------------------------------------------------------------

@pytest.mark.parametrize(("column", "values", "kind"), [
    ("venue_id", pa.array([1, 2], pa.int64()), "int64"),
    ("venue_id", pa.array([1.5, 2.0], pa.float64()), "double"),
    ("space", pa.array([101, 102], pa.int32()), "int32"),
    ("use_group", pa.array([Decimal(1), Decimal(2)], pa.decimal128(3, 0)), "decimal128(3, 0)"),
    ("jurisdiction", pa.array([True, False]), "bool"),
    ("area_unit", pa.array([1, 1], pa.int8()).dictionary_encode(), "int8"),  # (read back without its dictionary)
])
def test_a_parquet_text_column_of_numbers_is_refused_naming_it_and_its_type(tmp_path, column, values, kind):
    """A number was taken as its digits ("1", "1.5"), where a JSON Lines row refuses it naming the column: the
    type is the Parquet column's, so the file is refused before any row is read (exit 2, nothing written), by
    the bulk path and the per-row path alike."""
    data = {"use_group": ["business", "business"], "area": [100, 200]} | {column: values}
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table(data), src)
    for per_row in (False, True):
        with pytest.raises(InputError) as refused:
            run_batch(src, tmp_path / "out.csv", AS_OF, per_row=per_row)
        assert str(refused.value) == (f"{src}: column {column!r} holds {kind} values; {column} is text: allowed a "
                                      "column of strings (string, large_string; binary holding UTF-8 text; or "
                                      "only nulls): store its values as strings")
        assert not (tmp_path / "out.csv").exists()


def test_the_batch_command_refuses_a_parquet_venue_id_of_numbers_exit_2(tmp_path):
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({"venue_id": [7], "use_group": ["business"], "area": [100]}), src)
    result = CliRunner().invoke(app, ["batch", str(src), "-o", str(tmp_path / "out.csv"), "-q"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"publicassembly: error: {src}: column 'venue_id' holds int64 values; ")
    assert not (tmp_path / "out.csv").exists()


def test_a_parquet_text_column_of_strings_binary_or_nulls_is_taken(tmp_path):
    """The other side: strings (plain, large, dictionary-encoded), UTF-8 binary and a column of only nulls are
    text, echoed as given; a number column that is not text (area, alleys, attendance) is read as a number."""
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({
        "venue_id": pa.array(["7", None], pa.large_string()),
        "space": pa.array(["Hall", "Lanes"]).dictionary_encode(),
        "use_group": pa.array([b"business", b"bowling_alley"], pa.binary()),
        "jurisdiction": pa.array([None, None], pa.null()),
        "area_unit": ["sq_ft", None],
        "area": [100, 1000],
        "alleys": pa.array([None, 12], pa.int16()),
        "attendance": [5.0, None],
    }), src)
    bulk, per_row = _both(src, tmp_path)
    assert bulk == per_row
    assert [(r["status"], r["venue_id"], r["space"], r["occupant_load"]) for r in bulk] == [
        ("ok", "7", "Hall", "1"), ("ok", "", "Lanes", "160")]
