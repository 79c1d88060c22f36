"""Every output row names the jurisdiction whose law the run applies (Mount Pleasant Code ch. 164), error rows
too: a row the per-row path refuses, a row the reader could not read at all (a CSV record with the wrong number
of fields, a JSON line that is not an object), a row naming another jurisdiction (its message quotes what it
named). Error rows once left the column blank (a review found it), although the column is documented as
``mount-pleasant-ny`` on every row."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from publicassembly.batch import run_batch

from .helpers import AS_OF, both_paths

MP = "mount-pleasant-ny"


def test_a_refused_row_names_the_run_s_jurisdiction_on_both_paths():
    rows = [{"venue_id": "v1", "use_group": "business", "area": "-5"},
            {"venue_id": "v2", "jurisdiction": "carmel-ny", "use_group": "business", "area": "100"},
            {"venue_id": "v3", "jurisdiction": "Mount-Pleasant-NY", "use_group": "ballroom", "area": "100"},
            {"venue_id": "v4", "use_group": "business", "area": "100"}]
    bulk, per_row = both_paths(rows)
    assert bulk == per_row
    assert [r["jurisdiction"] for r in bulk] == [MP] * 4
    assert [r["status"] for r in bulk] == ["error", "error", "error", "ok"]
    assert "'carmel-ny' is not evaluated by batch" in bulk[1]["error"]


@pytest.mark.parametrize("per_row", [False, True])
def test_a_csv_record_with_the_wrong_number_of_fields_names_the_run_s_jurisdiction(tmp_path: Path, per_row):
    src = tmp_path / "in.csv"
    src.write_text("venue_id,use_group,area\nv1,business,100\nv2,business,100,extra\nv3,business\n",
                   encoding="utf-8")
    out = tmp_path / "out.csv"
    summary = run_batch(src, out, AS_OF, per_row=per_row)
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert summary.errors == 2
    assert [(r["row"], r["jurisdiction"], r["status"]) for r in rows] == [
        ("1", MP, "ok"), ("2", MP, "error"), ("3", MP, "error")]


def test_a_json_line_that_is_not_an_object_names_the_run_s_jurisdiction(tmp_path: Path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"venue_id": "v1", "use_group": "business", "area": 100}\n[1, 2]\nnot json\n',
                   encoding="utf-8")
    out = tmp_path / "out.jsonl"
    run_batch(src, out, AS_OF)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["row"], r["jurisdiction"], r["status"]) for r in rows] == [
        (1, MP, "ok"), (2, MP, "error"), (3, MP, "error")]
