"""``permit --from-json`` tells each amount of money once (Carmel ch. 31, permit requirements ¶ E; interpretation
C-9). A new-user trial gave ``"bodily_injury_limit": "1000.001"`` and was told the field twice: that it is not in
whole cents, and, on the next line, that "the file states $1,000.00" — a number the file does not state — below ¶ E's
least limit. Now one line names the field, quoting the amount as written, and says both: to the cent, and at least
¶ E's limit. Every other field refused is still told on its own line; exit 2, no PDF."""

from __future__ import annotations

import pytest

from .test_permit_and_petition_from_json_law import data_of, refusals, run

CENTS = "is not in whole cents; the permit states money in dollars and cents: give it to the cent"
BODILY_LEAST = ("the law gives at least $250,000.00 for bodily injury or death (Carmel Code ch. 31, permit "
                "requirements ¶ E, in force on issued_date 2025-07-01; a higher limit is taken, interpretation C-9)")
PROPERTY_LEAST = ("the law gives at least $250,000.00 for property damage (Carmel Code ch. 31, permit requirements "
                  "¶ E, in force on issued_date 2025-07-01; a higher limit is taken, interpretation C-9)")


def _with(record, **insurance) -> dict:
    data = data_of(record)
    data["insurance"].update(insurance)
    return data


def test_a_limit_finer_than_a_cent_and_below_the_least_is_told_once_c9(tmp_path, permit_record):
    result = run(tmp_path, "permit", _with(permit_record, bodily_injury_limit="1000.001"))
    lines = [line for line in result.output.splitlines() if "insurance.bodily_injury_limit" in line]
    assert result.exit_code == 2 and not (tmp_path / "out.pdf").exists()
    assert len(lines) == 1, result.output
    assert lines[0].endswith(f"record.json: insurance.bodily_injury_limit: 1,000.001 {CENTS}; {BODILY_LEAST}"), lines
    assert "$1,000.00" not in result.output


@pytest.mark.parametrize(("written", "said"), [
    ("249999.999", f"249,999.999 {CENTS}; {BODILY_LEAST}"),  # below ¶ E's $250,000 too
    ("250000.001", f"250,000.001 {CENTS}"),  # at least ¶ E's: the cents alone
])
def test_the_cents_are_told_with_the_least_only_when_below_it_c9(permit_record, written, said):
    from publicassembly.documents.records import PermitRecord

    told = refusals(PermitRecord, _with(permit_record, bodily_injury_limit=written))
    assert told == [f"insurance.bodily_injury_limit: {said}"], told


def test_each_amount_refused_is_told_on_its_own_line_once_c9(permit_record):
    """Both limits finer than a cent and below ¶ E, the bond finer than a cent: three lines, one per field."""
    from publicassembly.documents.records import PermitRecord

    data = _with(permit_record, bodily_injury_limit="1000.001", property_damage_limit="99999.999")
    data["bond_amount"] = "0.001"
    told = refusals(PermitRecord, data)
    assert told == [f"insurance.bodily_injury_limit: 1,000.001 {CENTS}; {BODILY_LEAST}",
                    f"insurance.property_damage_limit: 99,999.999 {CENTS}; {PROPERTY_LEAST}",
                    f"bond_amount: 0.001 {CENTS}"], told


def test_a_whole_limit_below_the_least_is_told_as_before_c9(permit_record):
    """The other side: $1,000.00 (in whole cents) below ¶ E: the file states it, and the law's least."""
    from publicassembly.documents.records import PermitRecord

    told = refusals(PermitRecord, _with(permit_record, bodily_injury_limit="1000"))
    assert told == [f"insurance.bodily_injury_limit: the file states $1,000.00; {BODILY_LEAST}"], told
