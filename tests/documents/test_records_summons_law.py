"""A summons read with ``--from-json`` states the law of its jurisdiction or is refused (exit 2) naming the field,
what the law says with its section, and what was given: its ``rule_id`` is a rule of the town's rule book; a
Mount Pleasant summons has an offense number and the range of § 164-14 for it (first offense $25-$100, a
violation; second $100-$250 or 15 days, a violation; third and later $500-$1,000 or 6 months, a misdemeanor),
no days of continued violation; a Carmel summons has days of continued violation, each day a separate violation
(ch. 31 penalties ¶ A), and ¶ B's $250 and 15 days for each summed over them, no offense number. The values are
those in force on the offense's day. The numbers are written here as the law text says them, so that the law
core's answer is checked too; each check is tried on both sides of its boundary."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.records import SummonsRecord, against_the_law, record_from_json
from publicassembly.law.jsonable import jsonable

runner = CliRunner()

#: § 164-14 by offense number: the penalty fields of a summons.
MP_FIRST = {"offense_number": 1, "min_fine": "25", "max_fine": "100", "max_jail_days": None,
            "max_jail_months": None, "classification": "violation"}
MP_SECOND = {"offense_number": 2, "min_fine": "100", "max_fine": "250", "max_jail_days": 15,
             "max_jail_months": None, "classification": "violation"}
MP_THIRD = {"offense_number": 3, "min_fine": "500", "max_fine": "1000", "max_jail_days": None,
            "max_jail_months": 6, "classification": "misdemeanor"}
#: Carmel ch. 31 penalties ¶¶ A, B: $250 and 15 days for each day of continued violation, no least fine.
CARMEL = {"jurisdiction": "carmel-ny", "town": "Town of Carmel", "rule_id": "carmel/permit/a-required",
          "citation": "Carmel Code ch. 31, permit requirements ¶ A", "offense_number": None, "min_fine": "0",
          "max_jail_months": None, "classification": "violation", "complainant_kind": "building_inspector"}
CARMEL_1 = CARMEL | {"days_of_continued_violation": 1, "max_fine": "250", "max_jail_days": 15}
CARMEL_3 = CARMEL | {"days_of_continued_violation": 3, "max_fine": "750", "max_jail_days": 45}


def _data(summons_record, **changes) -> dict:
    return jsonable(asdict(summons_record)) | changes


def _summons(tmp_path: Path, data: dict):
    """Run ``summons --from-json`` on `data`: (the result, the output file)."""
    path = tmp_path / "summons.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "s.pdf"
    out.unlink(missing_ok=True)  # (a test may write a summons before one refused)
    return runner.invoke(app, ["summons", "--from-json", str(path), "-o", str(out), "--force"]), out


def _refused(tmp_path: Path, data: dict, field: str, *needles: str) -> str:
    """Assert the CLI refuses `data` (exit 2, no PDF, no traceback) with a line starting with `field` holding
    every needle; returns that line."""
    result, out = _summons(tmp_path, data)
    assert result.exit_code == 2, result.output
    assert not out.exists() and "Traceback" not in result.output
    lines = [" ".join(line.split()) for line in result.output.split("publicassembly: error: ")[1:]]
    found = [line for line in lines if line.startswith(f"{tmp_path / 'summons.json'}: {field}: ")]
    assert found, result.output
    for needle in needles:
        assert needle in found[0], (needle, found[0])
    return found[0]


def _written(tmp_path: Path, data: dict) -> None:
    result, out = _summons(tmp_path, data)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


# --- Mount Pleasant § 164-14 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("tier", [MP_FIRST, MP_SECOND, MP_THIRD], ids=["first", "second", "third"])
def test_each_offense_tier_as_the_law_says_is_written_164_14(tmp_path, summons_record, tier):
    _written(tmp_path, _data(summons_record, **tier))


def test_a_fourth_offense_is_a_subsequent_one_164_14(tmp_path, summons_record):
    """'Any subsequent violation': the fourth offense takes the third's range."""
    _written(tmp_path, _data(summons_record, **(MP_THIRD | {"offense_number": 4})))
    _refused(tmp_path, _data(summons_record, **(MP_SECOND | {"offense_number": 4})), "min_fine",
             "the law's least fine for a 4th offense is $500.00", "got $100.00")


def test_money_is_compared_exactly_100_is_100_00_164_14(tmp_path, summons_record):
    _written(tmp_path, _data(summons_record, **(MP_SECOND | {"min_fine": "100.00", "max_fine": 250.0})))
    _written(tmp_path, _data(summons_record, **(MP_SECOND | {"min_fine": 100, "max_fine": "250.000"})))


@pytest.mark.parametrize(("tier", "field", "value", "law", "given"), [
    (MP_FIRST, "min_fine", "24.99", "is $25.00", "got $24.99"),
    (MP_FIRST, "min_fine", "25.01", "is $25.00", "got $25.01"),
    (MP_FIRST, "max_fine", "100.01", "is $100.00", "got $100.01"),
    (MP_FIRST, "max_fine", "100.001", "is $100.00", "got $100.001"),  # finer than a cent: never shown rounded
    (MP_FIRST, "max_jail_days", 1, "is none (null)", "got 1"),
    (MP_SECOND, "min_fine", "99.99", "is $100.00", "got $99.99"),
    (MP_SECOND, "max_fine", "250.01", "is $250.00", "got $250.01"),
    (MP_SECOND, "max_jail_days", 16, "is 15", "got 16"),
    (MP_SECOND, "max_jail_days", 14, "is 15", "got 14"),
    (MP_SECOND, "max_jail_days", None, "is 15", "got none (null)"),
    (MP_SECOND, "max_jail_months", 1, "is none (null)", "got 1"),
    (MP_THIRD, "min_fine", "499.99", "is $500.00", "got $499.99"),
    (MP_THIRD, "max_fine", "1000.01", "is $1,000.00", "got $1,000.01"),
    (MP_THIRD, "max_jail_months", 7, "is 6", "got 7"),
    (MP_THIRD, "max_jail_months", 5, "is 6", "got 5"),
    (MP_THIRD, "classification", "violation", "is 'misdemeanor'", "got 'violation'"),
    (MP_FIRST, "classification", "misdemeanor", "is 'violation'", "got 'misdemeanor'"),
    (MP_SECOND, "classification", "Violation", "is 'violation'", "got 'Violation'"),
], ids=lambda v: str(v) if not isinstance(v, dict) else f"offense-{v['offense_number']}")
def test_a_penalty_other_than_the_laws_is_refused_naming_the_field_164_14(tmp_path, summons_record, tier, field,
                                                                          value, law, given):
    line = _refused(tmp_path, _data(summons_record, **(tier | {field: value})), field, law, given,
                    "Mount Pleasant Code § 164-14", "in force on offense_date 2025-04-12")
    nth = {1: "a first", 2: "a second", 3: "a third"}[tier["offense_number"]]
    assert f"for {nth} offense" in line


def test_no_imprisonment_may_be_given_as_null_or_0_164_14(tmp_path, summons_record):
    """The law gives no imprisonment for a first offense: null and 0 both say so (the summons prints neither)."""
    _written(tmp_path, _data(summons_record, **(MP_FIRST | {"max_jail_days": 0, "max_jail_months": 0})))


def test_a_mount_pleasant_summons_needs_its_offense_number_164_14(tmp_path, summons_record):
    _refused(tmp_path, _data(summons_record, offense_number=None), "offense_number",
             "is required for a Mount Pleasant summons", "1 for a first offense", "§ 164-14")
    _refused(tmp_path, _data(summons_record, offense_number=0), "offense_number",
             "is 0; it must be at least 1", "§ 164-14")


def test_a_mount_pleasant_summons_has_no_days_of_continued_violation_164_14(tmp_path, summons_record):
    _refused(tmp_path, _data(summons_record, days_of_continued_violation=1), "days_of_continued_violation",
             "a Mount Pleasant summons has none", "§ 164-14", "got 1")
    _written(tmp_path, _data(summons_record, days_of_continued_violation=None))


def test_an_offense_before_the_penalties_took_effect_is_refused_naming_offense_date_164_14(tmp_path,
                                                                                          summons_record):
    """The § 164-14 values are in force from 1976-02-24: the day before has no penalty of the chapter."""
    _refused(tmp_path, _data(summons_record, offense_date="1976-02-23", return_date="1976-03-01"), "offense_date",
             "1976-02-23 is before 1976-02-24", "Mount Pleasant Code § 164-14")
    _written(tmp_path, _data(summons_record, offense_date="1976-02-24", return_date="1976-03-01"))


# --- Carmel ch. 31 penalties ¶¶ A, B ------------------------------------------------------------------------------


@pytest.mark.parametrize("record", [CARMEL_1, CARMEL_3], ids=["1-day", "3-days"])
def test_carmel_days_as_the_law_sums_them_are_written_carmel_31_penalties_a_b(tmp_path, summons_record, record):
    _written(tmp_path, _data(summons_record, **record))


@pytest.mark.parametrize(("record", "field", "value", "law", "given"), [
    (CARMEL_1, "max_fine", "250.01", "is $250.00", "got $250.01"),
    (CARMEL_1, "max_jail_days", 16, "is 15", "got 16"),
    (CARMEL_1, "min_fine", "0.01", "is $0.00", "got $0.01"),
    (CARMEL_3, "max_fine", "750.01", "is $750.00", "got $750.01"),
    (CARMEL_3, "max_fine", "250", "is $750.00", "got $250.00"),  # one day's range for three days
    (CARMEL_3, "max_jail_days", 44, "is 45", "got 44"),
    (CARMEL_3, "max_jail_days", 46, "is 45", "got 46"),
    (CARMEL_3, "max_jail_months", 1, "is none (null)", "got 1"),
    (CARMEL_3, "classification", "misdemeanor", "is 'violation'", "got 'misdemeanor'"),
], ids=lambda v: str(v) if not isinstance(v, dict) else f"{v['days_of_continued_violation']}-days")
def test_a_carmel_penalty_other_than_the_laws_is_refused_carmel_31_penalties_a_b(tmp_path, summons_record, record,
                                                                                 field, value, law, given):
    days = record["days_of_continued_violation"]
    _refused(tmp_path, _data(summons_record, **(record | {field: value})), field, law, given,
             f"for {days} day{'s' if days > 1 else ''} of continued violation", "Carmel Code ch. 31, penalties ¶ B")


def test_a_carmel_summons_needs_its_days_said_in_a_sentence_carmel_31_penalties_a(tmp_path, summons_record):
    """Without days a Carmel summons said '(got None)'; it now says what is wanted."""
    line = _refused(tmp_path, _data(summons_record, **(CARMEL_1 | {"days_of_continued_violation": None})),
                    "days_of_continued_violation", "is required for a Carmel summons",
                    "each day a separate violation", "penalties ¶ A")
    assert "None" not in line
    _refused(tmp_path, _data(summons_record, **(CARMEL_1 | {"days_of_continued_violation": 0})),
             "days_of_continued_violation", "is 0; it must be at least 1")


def test_a_carmel_summons_has_no_offense_number_carmel_31_penalties_a_b(tmp_path, summons_record):
    _refused(tmp_path, _data(summons_record, **(CARMEL_1 | {"offense_number": 1})), "offense_number",
             "a Carmel summons has none", "penalties ¶¶ A, B", "give null (got 1)")


def test_a_carmel_offense_before_the_chapter_is_refused_naming_offense_date(tmp_path, summons_record):
    """Carmel's penalty values are in force from 1972-01-01."""
    _refused(tmp_path, _data(summons_record, **CARMEL_1, offense_date="1971-12-31", return_date="1972-01-05"),
             "offense_date", "1971-12-31 is before 1972-01-01", "Carmel Code ch. 31, penalties ¶ B")
    _written(tmp_path, _data(summons_record, **CARMEL_1, offense_date="1972-01-01", return_date="1972-01-05"))


# --- the rule violated ----------------------------------------------------------------------------------------------


def test_a_rule_not_in_the_towns_rule_book_is_refused_with_how_to_list_them(tmp_path, summons_record):
    line = _refused(tmp_path, _data(summons_record, rule_id="mount-pleasant/164-5/overcrowdin"), "rule_id",
                    "'mount-pleasant/164-5/overcrowdin' is not a rule of Mount Pleasant Code ch. 164",
                    "publicassembly rules --jurisdiction mount-pleasant-ny")
    assert "did you mean 'mount-pleasant/164-5/overcrowding'?" in line
    line = _refused(tmp_path, _data(summons_record, rule_id="carmel/permit/a-required"), "rule_id",
                    "is not a rule of Mount Pleasant Code ch. 164", "it is a rule of carmel-ny")
    _refused(tmp_path, _data(summons_record, **(CARMEL_1 | {"rule_id": "mount-pleasant/164-5/overcrowding"})),
             "rule_id", "is not a rule of Carmel Code ch. 31", "publicassembly rules --jurisdiction carmel-ny")


def test_a_rule_of_the_towns_rule_book_is_written(tmp_path, summons_record):
    _written(tmp_path, _data(summons_record, rule_id="mount-pleasant/164-10/exits-not-blocked",
                             citation="Mount Pleasant Code § 164-10"))
    _written(tmp_path, _data(summons_record, **(CARMEL_1 | {"rule_id": "carmel/penalties/ab-violation",
                                                            "citation": "Carmel Code ch. 31, penalties ¶¶ A, B"})))


# --- every problem at once, and the fixtures ------------------------------------------------------------------------


def test_every_problem_of_a_summons_is_told_at_once_each_naming_its_field(summons_record):
    data = _data(summons_record, rule_id="nope", days_of_continued_violation=2, min_fine="1", classification="x")
    with pytest.raises(ValueError) as caught:
        record_from_json(SummonsRecord, data, prefix="summons.")
    assert [line.split(":")[0] for line in str(caught.value).splitlines()] == [
        "summons.rule_id", "summons.days_of_continued_violation", "summons.min_fine", "summons.classification"]


def test_the_fixtures_state_the_law(summons_record):
    assert against_the_law(summons_record) == []
    assert against_the_law(record_from_json(SummonsRecord, _data(summons_record, **CARMEL_3))) == []
