"""Bad input never ends in a traceback: arbitrary bytes as CSV or JSON Lines, and arbitrary cells, give error rows
or one clear `InputError` / `ReadError` — and every row read has its row number; no output cell holds a control
character (B-4)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from publicassembly.batch import InputError, run_batch
from publicassembly.batch.columns import INPUT_NAMES
from publicassembly.law.units import controls

from .helpers import AS_OF, both_paths

FUZZ = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _run(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / f"in{suffix}"
        src.write_bytes(data)
        try:
            summary = run_batch(src, Path(tmp) / "out.csv", AS_OF)
        except InputError as exc:
            assert str(exc).startswith(str(src))
            return
        assert summary.rows == summary.ok + summary.errors
        assert not controls((Path(tmp) / "out.csv").read_text(encoding="utf-8"))  # (B-4)
        if summary.stopped:
            assert "reading stopped" in summary.stopped


csv_like = st.lists(
    st.lists(st.one_of(st.sampled_from(["business", "bowling_alley", "1000", "-1", "", '"', "a,b", "\n", "\r",
                                        "sq_m", "true", "\xff", "\x00", "1e999"]),
                       st.text(max_size=5)), max_size=10),
    max_size=8,
).map(lambda rows: "\n".join(",".join(r) for r in rows))


@FUZZ
@given(st.binary(max_size=400))
def test_arbitrary_bytes_after_a_good_csv_header(tail: bytes) -> None:
    _run(b"use_group,area,alleys,attendance\n" + tail, ".csv")


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes_as_csv(data: bytes) -> None:
    _run(data, ".csv")


@FUZZ
@given(csv_like)
def test_csv_like_text(text: str) -> None:
    _run(("use_group,area,alleys,commercial\n" + text).encode("utf-8", "surrogatepass"), ".csv")


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes_as_json_lines(data: bytes) -> None:
    _run(data, ".jsonl")


json_value = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                       st.text(max_size=8), st.lists(st.integers(), max_size=2))


@FUZZ
@given(st.lists(st.dictionaries(st.sampled_from([*INPUT_NAMES, "USE_GROUP", "x"]), json_value, max_size=6),
                max_size=6))
def test_arbitrary_json_objects(objects: list[dict]) -> None:
    import json

    _run("\n".join(json.dumps(o) for o in objects).encode(), ".jsonl")


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes_as_parquet(data: bytes) -> None:
    _run(b"PAR1" + data + b"PAR1", ".parquet")


@FUZZ
@given(st.lists(st.fixed_dictionaries({c: st.one_of(st.none(), st.text(max_size=12)) for c in INPUT_NAMES}),
                min_size=1, max_size=10))
def test_arbitrary_cells_give_ok_or_error_rows_and_both_paths_agree(rows: list[dict]) -> None:
    bulk_rows, per_rows = both_paths(rows)
    assert bulk_rows == per_rows
    assert [r["row"] for r in bulk_rows] == list(range(1, len(rows) + 1))
    for r in bulk_rows:
        assert r["status"] in ("ok", "error")
        assert (r["error"] is None) == (r["status"] == "ok")
        assert not any(controls(v) for v in r.values() if isinstance(v, str))  # no cell echoes one (B-4)
