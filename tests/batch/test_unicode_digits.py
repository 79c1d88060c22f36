"""Digits other than 0-9 (interpretation G-5): batch reads them as the law core reads the same fact (``check``
and the API validate a case with the same models). An area (a decimal, `units.to_decimal`) takes full-width
``１５００`` or Arabic-Indic ``١٥٠٠`` for 1500; a count (`units.Count`: alleys, attendance) takes only 0-9, and
batch refuses the row naming the column and the form allowed — it used to take ``１２`` as 12 (Python's `int` and
`Decimal` do), where ``check`` refuses it. The bulk and per-row paths give the same rows."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from publicassembly.batch.evaluate import RowError, evaluate_row
from publicassembly.cli import app
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import Space

from .helpers import AS_OF, both_paths, setting

#: The digit zero of some scripts with decimal digits (each script's 0-9 are consecutive code points).
ZEROS = {"full-width": 0xFF10, "arabic-indic": 0x0660, "extended-arabic-indic": 0x06F0, "devanagari": 0x0966}
SCRIPTS = pytest.mark.parametrize("zero", list(ZEROS.values()), ids=list(ZEROS))

HALL = {"use_group": "assembly_without_fixed_seats", "area": "1500"}  # § 164-7: 15 sq ft per person → 100
LANES = {"use_group": "bowling_alley", "area": "1000"}  # § 164-7: 5 persons per alley, and 10 sq ft per person


def in_script(text: str, zero: int) -> str:
    """`text` with its ASCII digits written in the script whose zero is `zero` ("12.5" → "１２.５")."""
    return "".join(chr(zero + int(c)) if "0" <= c <= "9" else c for c in text)


def test_in_script_writes_other_digits() -> None:
    assert in_script("1500.5", ZEROS["full-width"]) == "１５００.５"
    assert in_script("12", ZEROS["arabic-indic"]) == "١٢"
    assert not in_script("12", ZEROS["devanagari"]).isascii()


@SCRIPTS
@pytest.mark.parametrize(("written", "shown"), [("1500", "1500"), ("1500.5", "1500.5"), ("1500.50", "1500.5")])
def test_area_in_other_digits_is_the_same_area_as_check_reads_it(zero: int, written: str, shown: str) -> None:
    """§ 164-7: 1,500 (or 1,500.5) sq ft at 15 sq ft per person → 100 persons, in any digits."""
    other = in_script(written, zero)
    bulk_rows, per_rows = both_paths([{**HALL, "area": other}, {**HALL, "area": written}])
    assert bulk_rows == per_rows
    assert bulk_rows[0]["status"] == "ok", bulk_rows[0]["error"]
    assert {k: v for k, v in bulk_rows[0].items() if k != "row"} == {k: v for k, v in bulk_rows[1].items()
                                                                     if k != "row"}
    assert bulk_rows[0]["area_sq_ft"] == shown
    assert bulk_rows[0]["occupant_load"] == 100
    # the law core's own model of a space (check, the API) takes the same text as the same area
    assert Space(name="Hall", use_group="assembly_without_fixed_seats", area=other).area_sq_ft == Decimal(written)


@SCRIPTS
@pytest.mark.parametrize(("column", "base", "what"), [("attendance", HALL, "persons"), ("alleys", LANES, "alleys")])
@pytest.mark.parametrize("written", ["12", "0", "12.0"])
def test_count_in_other_digits_is_refused_as_check_refuses_it(zero: int, column: str, base: dict[str, str],
                                                              what: str, written: str) -> None:
    other = in_script(written, zero)
    message = (f"{column}: {other!r} is not a whole number written in the digits 0-9; a whole number of {what}, "
               "0 or more, in the digits 0-9")
    with pytest.raises(RowError) as caught:
        evaluate_row({**base, column: other}, setting())
    assert str(caught.value) == message
    bulk_rows, per_rows = both_paths([{**base, column: other}, {**base, column: written}])
    assert bulk_rows == per_rows
    assert [(r["status"], r["error"]) for r in bulk_rows] == [("error", message), ("ok", None)]
    # the law core refuses the same text for the same fact, naming it, and takes the digits 0-9
    with pytest.raises(ValidationError) as refused:
        Space(name="S", **{**base, column: other})
    assert [e["loc"] for e in refused.value.errors()] == [(column,)]
    assert getattr(Space(name="S", **{**base, column: written}), column) == int(Decimal(written))


def test_cli_batch_of_ascii_and_other_digits_exact_output(tmp_path: Path) -> None:
    """Rows 1 and 2 are the same space (§ 164-7: 1,500 sq ft → 100 persons; § 164-6: one toilet per 75, for the
    attendance of 12 → 1); row 3 gives its attendance in full-width digits and is refused naming its column;
    row 4's area is written in Arabic-Indic digits with a full-width fraction (1,500.5 sq ft → 100 persons, 2
    toilets for them). Exit 2: a row is in error; the others are complete."""
    src = tmp_path / "spaces.csv"
    src.write_text("venue_id,use_group,area,attendance\n"
                   "a,assembly_without_fixed_seats,1500,12\n"
                   "b,assembly_without_fixed_seats,１５００,12\n"
                   "c,assembly_without_fixed_seats,1500,１２\n"
                   "d,assembly_without_fixed_seats,١٥٠٠.５,\n", encoding="utf-8")
    expected = (
        '"row","jurisdiction","venue_id","space","use_group","area_sq_ft","floor_area_per_occupant_sq_ft",'
        '"occupant_load","place_of_assembly","toilets_required","overcrowded","status","error"\n'
        '1,"mount-pleasant-ny","a",,"assembly_without_fixed_seats","1500","15",100,"true",1,false,"ok",\n'
        '2,"mount-pleasant-ny","b",,"assembly_without_fixed_seats","1500","15",100,"true",1,false,"ok",\n'
        '3,"mount-pleasant-ny","c",,"assembly_without_fixed_seats",,,,,,,"error","attendance: \'１２\' is not a '
        'whole number written in the digits 0-9; a whole number of persons, 0 or more, in the digits 0-9"\n'
        '4,"mount-pleasant-ny","d",,"assembly_without_fixed_seats","1500.5","15",100,"true",2,,"ok",\n'
    )
    for path in ([], ["--per-row"]):
        result = CliRunner().invoke(app, ["batch", str(src), "-o", "-", "-q", "--as-of", AS_OF.isoformat(),
                                          *path])
        assert result.exit_code == 2
        assert result.stdout == expected
        assert result.stderr == ("publicassembly: error: 1 row could not be evaluated; see the status and error "
                                 "columns of standard output\n")
