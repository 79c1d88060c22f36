"""Interpretation G-10: a date fact that records something that has happened (`units.HappenedDate`) cannot lie
after the day the case is evaluated as of. For every such field of both chapters, the day itself is taken and
the day after is refused naming the field (law core, `publicassembly check` exit 2, the API's 422); dates of
what is planned (the assembly's days, the day of the hearing) may lie after it."""

from __future__ import annotations

import copy
import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
import yaml

from publicassembly.law import InvalidCase, evaluate
from publicassembly.law.cases import happened_dates, happened_fields, parse_case
from publicassembly.law.jurisdictions.us_ny_carmel.facts import EventCase
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import VenueCase

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
AFTER = "is after the day the case is evaluated as of"
_FACILITIES = ("drinking_water", "toilets", "sewage", "solid_waste", "food_supply", "parking", "housing",
               "access_roads", "medical", "fire_protection")

#: The register's list (G-10), in the models' order: a field marked or unmarked changes it on purpose.
CARMEL = ["sponsor.chapter_in_town_since",
          *[f"conditions.{f}.{agency}_approved_on" for f in _FACILITIES
            for agency in ("health_department", "town_board")],
          "town_board.exemption_not_accepted_on",  # (the Board does not accept the exemption claimed: P-20)
          "filed_on", "submitted_on", "hearing.notice_published_on", "board_decision_on", "assembly_ended_on",
          "cleanup_completed_on",
          "violation.first_day"]
MOUNT_PLEASANT = ["certificate.issued", "former_certificate.issued", "inspection.date", "violation.date"]


def _example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    return data


def _base(jurisdiction: str) -> dict[str, Any]:
    """An example whose happened facts all lie on or before its as_of, with a violation for each chapter."""
    if jurisdiction == "carmel-ny":
        data = _example("carmel-county-fair")
        data["violation"] = {"days_of_continued_violation": 1, "first_day": str(data["as_of"])}
        return data
    return _example("mount-pleasant-blocked-exits-second-offense")


def _set(data: dict[str, Any], field: str, value: str) -> dict[str, Any]:
    out = copy.deepcopy(data)
    *parents, last = field.split(".")
    node = out
    for part in parents:  # (no happened date lies in a list yet: a new one would need an item here)
        if node.get(part) is None:
            node[part] = {}
        node = node[part]
    node[last] = value
    return out


def test_the_list_of_happened_fields_is_the_registers_g_10():
    assert happened_fields(EventCase) == CARMEL
    assert happened_fields(VenueCase) == MOUNT_PLEASANT


@pytest.mark.parametrize(("jurisdiction", "field"),
                         [("carmel-ny", f) for f in happened_fields(EventCase)]
                         + [("mount-pleasant-ny", f) for f in happened_fields(VenueCase)])
def test_the_day_itself_is_taken_and_the_day_after_is_refused_naming_the_field(jurisdiction, field):
    base = _base(jurisdiction)
    as_of = date.fromisoformat(str(base["as_of"]))
    if field == "assembly_ended_on":  # (an assembly ends once begun: a one-day assembly on as_of, ¶ F)
        base["dates"] = {**base["dates"], "first_day": as_of.isoformat(), "last_day": as_of.isoformat()}
    evaluate(base)  # (the base itself is taken)
    on_the_day = _set(base, field, as_of.isoformat())
    assert (field, as_of) in happened_dates(parse_case(on_the_day).facts)
    evaluate(on_the_day)
    later = (as_of + timedelta(days=1)).isoformat()
    with pytest.raises(InvalidCase) as refused:
        evaluate(_set(base, field, later))
    assert refused.value.field == field
    assert refused.value.message.startswith(f"{later} {AFTER} ({as_of.isoformat()}): ")
    assert "or a later as_of" in refused.value.message


def test_the_message_of_a_date_with_no_refusal_of_its_own():
    data = _set(_base("mount-pleasant-ny"), "certificate.issued", "2025-06-01")
    with pytest.raises(InvalidCase) as refused:
        evaluate(data)
    assert str(refused.value) == ("certificate.issued: 2025-06-01 is after the day the case is evaluated as of "
                                  "(2025-03-03): what it records cannot have happened yet; give the day it "
                                  "happened, or a later as_of")
    assert refused.value.message.template.startswith("{date} is after the day")  # one translatable template


def test_planned_dates_may_lie_after_as_of():
    """The assembly's days and the day of the public hearing (set before it is held, its notice counted from
    it) are not things done: the county fair on 2026-07-01 has its hearing on 2026-07-07 and its first day on
    2026-08-14."""
    data = _example("carmel-county-fair")
    assert str(data["as_of"]) < str(data["hearing"]["held_on"]) < str(data["dates"]["first_day"])
    evaluate(data)
    assert "dates.first_day" not in CARMEL and "hearing.held_on" not in CARMEL


def test_the_first_date_after_as_of_in_the_models_order_is_named():
    data = _set(_set(_base("carmel-ny"), "filed_on", "2026-07-02"), "board_decision_on", "2026-07-03")
    with pytest.raises(InvalidCase) as refused:
        evaluate(data)
    assert refused.value.field == "filed_on"
    # every such date is told, as other bad facts are (a second new-user trial found only the first named)
    assert [field for field, _message in refused.value.errors] == ["filed_on", "board_decision_on"]
    assert "(and 1 more error)" in refused.value.message


def test_check_exits_2_naming_the_field(tmp_path):
    from typer.testing import CliRunner

    from publicassembly.cli import app

    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(_set(_base("carmel-ny"), "filed_on", "2026-07-02")), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert f"filed_on: 2026-07-02 {AFTER} (2026-07-01)" in result.stderr


@pytest.mark.django_db
def test_the_api_check_answers_422_naming_the_field():
    from django.test import Client

    data = _set(_base("mount-pleasant-ny"), "certificate.issued", "2025-06-01")
    r = Client().post("/api/v1/check", json.dumps(data, default=str), content_type="application/json")
    assert r.status_code == 422
    assert r.json()["field"] == "certificate.issued"


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("*.yaml")))
def test_the_quick_walk_answers_as_the_full_walk_on_every_day_around_the_examples_dates(name):
    """`not_after_as_of` asks `_any_after` (a walk without paths, for speed) before `_all_after` lists the dates
    after as_of (G-10): as of each happened date of each example, the days either side of it, and days before the
    first and after the last, the two agree."""
    from publicassembly.law.cases import _all_after, _any_after

    data = _example(name)
    if data.get("subject") not in ("event", "venue"):
        pytest.skip("not a case file")
    facts = parse_case(data).facts
    days = [d for _path, d in _all_after(facts, date(1800, 1, 1))]
    if not days:
        days = [date(2026, 1, 1)]
    for day in [min(days) - timedelta(days=1), *sorted(set(days)), max(days) + timedelta(days=1)]:
        for as_of in (day - timedelta(days=1), day, day + timedelta(days=1)):
            assert _any_after(facts, as_of) == any(True for _ in _all_after(facts, as_of)), (name, as_of)
