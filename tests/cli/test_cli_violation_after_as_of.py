"""`publicassembly check` and `POST /api/v1/check`: a Mount Pleasant violation (§§ 164-12, 164-14) dated after
the day the case is evaluated as of is bad input naming ``violation.date`` (exit 2, HTTP 422); one of that very
day, or of the day before, is determined."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from publicassembly.cli import app

from .conftest import VENUE_YAML  # as_of: 2026-03-02

DAYS = [("2026-03-01", False), ("2026-03-02", False), ("2026-03-03", True)]


def _case(day: str) -> str:
    return VENUE_YAML + ("violation:\n  rule: '164-10'\n  offender: J. Doe\n  prior_offenses: 0\n"
                         f"  date: {day}\n")


@pytest.mark.parametrize("day, refused", DAYS)
def test_check_refuses_a_violation_after_as_of_164_14(runner, write, day, refused):
    """§ 164-14: exit 2 and one line naming the file and violation.date for the day after as_of; exit 0 with
    the first offense's penalty for as_of itself and the day before."""
    result = runner.invoke(app, ["check", str(write("hall.yaml", _case(day))), "--format", "json"])
    if not refused:
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["penalty"]["offense_number"] == 1
        return
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert "hall.yaml" in result.stderr and "violation.date" in result.stderr
    assert "2026-03-03 is after the day the case is evaluated as of (2026-03-02)" in result.stderr
    assert "Traceback" not in result.output


def test_check_as_of_option_moves_the_day_164_14(runner, write):
    """§ 164-14: --as-of replaces the file's as_of, and the violation is measured against it: a violation of
    2026-03-03 is refused as of 2026-03-02 (the file's) but determined with --as-of 2026-03-03."""
    path = str(write("hall.yaml", _case("2026-03-03")))
    assert runner.invoke(app, ["check", path]).exit_code == 2
    assert runner.invoke(app, ["check", path, "--as-of", "2026-03-03"]).exit_code == 0


@pytest.mark.parametrize("day, refused", DAYS)
def test_api_check_refuses_a_violation_after_as_of_164_14(db, day, refused):
    """§ 164-14: 422 naming violation.date for the day after as_of; 200 with the penalty otherwise."""
    import yaml

    case = yaml.safe_load(_case(day))
    r = Client().post("/api/v1/check", json.dumps(case, default=str), content_type="application/json")
    if not refused:
        assert r.status_code == 200, r.content
        assert r.json()["penalty"]["offense_number"] == 1
        return
    assert r.status_code == 422, r.content
    assert r.json()["field"] == "violation.date"
