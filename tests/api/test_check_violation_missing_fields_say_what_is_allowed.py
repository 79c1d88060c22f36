"""A violation case (``publicassembly check``, ``POST /api/v1/check``) missing a required field is told what is
allowed, not "is required" alone, in the law core's one message (`law.cases`), which the command line, the API and
the pages all show: Carmel's ``violation.days_of_continued_violation`` its range of days (ch. 31 penalties ¶ A:
each day's continued violation is a separate violation, from 1, and no more than the days from the first day to the
day the case is evaluated as of), Mount Pleasant's ``violation.rule`` the requirements a person can violate
(§ 164-14; the jurisdiction's ``violable_rules``, W-19)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from django.test import Client
from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.law import jurisdictions
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import VIOLABLE_SECTIONS

ROOT = Path(__file__).resolve().parents[2]

DAYS_ALLOWED = ("is required; allowed: a whole number of days, from 1 to 1,000,000,000 (each day's continued "
                "violation is a separate violation, penalties ¶ A); with first_day, at most the days from it to the "
                "day the case is evaluated as of, both counted")


def _rule_allowed() -> str:
    rules = jurisdictions.get("mount-pleasant-ny").violable_rules
    return ("is required; allowed: the section of a requirement of ch. 164 a person can violate (§ 164-14), one of "
            f"{', '.join(VIOLABLE_SECTIONS)}; or one of the rule ids {', '.join(rules)}")


def _case(example: str, leave_out: str) -> dict:
    case = yaml.safe_load((ROOT / "examples" / example).read_text(encoding="utf-8"))
    del case["violation"][leave_out]
    return json.loads(json.dumps(case, default=str))


CASES = [("carmel-unpermitted-concert.yaml", "days_of_continued_violation", DAYS_ALLOWED),
         ("mount-pleasant-blocked-exits-second-offense.yaml", "rule", None)]


@pytest.mark.parametrize(("example", "field", "allowed"), CASES, ids=["carmel-days", "mount-pleasant-rule"])
def test_the_api_check_says_what_the_missing_field_takes(db, example, field, allowed):
    r = Client().post("/api/v1/check", data=json.dumps(_case(example, field)), content_type="application/json")
    assert r.status_code == 422, r.content
    told = {e["field"]: e["msg"] for e in r.json()["errors"]}
    assert told == {f"violation.{field}": allowed or _rule_allowed()}


@pytest.mark.parametrize(("example", "field", "allowed"), CASES, ids=["carmel-days", "mount-pleasant-rule"])
def test_the_check_command_says_what_the_missing_field_takes(tmp_path, example, field, allowed):
    path = tmp_path / "case.json"
    path.write_text(json.dumps(_case(example, field)), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert f"violation.{field}: {allowed or _rule_allowed()}" in result.output


@pytest.mark.parametrize(("example", "field"), [("carmel-unpermitted-concert.yaml", "days_of_continued_violation"),
                                                ("mount-pleasant-blocked-exits-second-offense.yaml", "rule")])
def test_the_field_given_the_case_is_determined(tmp_path, example, field):
    """The other side: the same case with the field is taken (exit 0 or 1 by its verdict, never 2)."""
    path = ROOT / "examples" / example
    assert CliRunner().invoke(app, ["check", str(path)]).exit_code in (0, 1)


def test_a_field_of_no_such_hint_is_still_is_required_alone(db):
    """Only the fields that say what they take are told more: Mount Pleasant's violation.offender (a name) is "is
    required" as before."""
    r = Client().post("/api/v1/check", data=json.dumps(_case("mount-pleasant-blocked-exits-second-offense.yaml",
                                                             "offender")), content_type="application/json")
    assert r.status_code == 422
    assert {e["field"]: e["msg"] for e in r.json()["errors"]} == {"violation.offender": "is required"}
