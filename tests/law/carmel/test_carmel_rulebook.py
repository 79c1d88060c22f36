"""The Carmel ch. 31 package as a whole: rules in the chapter's order, stable citations, parameters dated and
cited, the input model strict, and the JSON Schema of a case."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.law import InvalidCase, ParameterNotInForce, case_schema, evaluate
from publicassembly.law.jurisdictions import get
from publicassembly.law.jurisdictions.us_ny_carmel import JURISDICTION, RULES

CHAPTER_ORDER = ["definitions", "exemptions", "permit", "petition", "conditions", "issuance", "fee", "penalties"]


def test_rules_registered_in_the_order_of_the_chapter() -> None:
    parts = [r.id.split("/")[1] for r in RULES]
    assert parts == sorted(parts, key=CHAPTER_ORDER.index)
    items = [r.id for r in RULES if r.id.startswith("carmel/petition/b")]
    assert [int(i.split("/b")[1].split("-")[0]) for i in items] == list(range(1, 16))
    conditions = [r.id for r in RULES if r.id.startswith("carmel/conditions/c")]
    assert [int(i.split("/c")[2].split("-")[0]) for i in conditions] == list(range(1, 11))


def test_every_rule_cites_chapter_31_and_has_a_summary() -> None:
    for r in RULES:
        assert r.citation.startswith("Carmel Code ch. 31, ")
        assert r.summary


def test_every_parameter_has_unit_citation_and_value() -> None:
    for p in JURISDICTION.parameters:
        assert p.unit and p.cite.startswith("Carmel Code ch. 31") and p.values
    assert JURISDICTION.parameters.at(date(2026, 1, 1))["fees.filing"] is None


def test_found_by_ocd_id_and_alias() -> None:
    assert get("carmel-ny") is JURISDICTION
    assert get("ocd-division/country:us/state:ny/county:putnam/place:carmel") is JURISDICTION


def test_unknown_fact_is_rejected_with_its_field() -> None:
    with pytest.raises(InvalidCase) as err:
        evaluate({"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-01-01", "attendance": 5})
    assert err.value.field == "attendance"


def test_negative_count_and_fraction_of_a_cent_are_rejected() -> None:
    with pytest.raises(InvalidCase) as err:
        evaluate({"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-01-01",
                  "max_persons_at_one_time": -1})
    assert err.value.field == "max_persons_at_one_time"
    with pytest.raises(InvalidCase) as err:
        evaluate({"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-01-01",
                  "filing_fee_paid": "10.001"})
    assert err.value.field == "filing_fee_paid"


def test_last_day_before_first_day_is_rejected() -> None:
    with pytest.raises(InvalidCase) as err:
        evaluate({"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-01-01",
                  "dates": {"first_day": "2026-09-12", "last_day": "2026-09-11"}})
    assert err.value.field == "dates"


def test_date_before_the_chapter_is_refused() -> None:
    with pytest.raises(ParameterNotInForce):
        evaluate({"jurisdiction": "carmel-ny", "subject": "event", "max_persons_at_one_time": 600},
                 as_of=date(1971, 12, 31))


def test_case_schema_has_the_event_subject() -> None:
    schemas = [s for s in case_schema()["oneOf"] if s["properties"]["subject"] == {"const": "event"}]
    assert len(schemas) == 1
    props = schemas[0]["properties"]
    assert {"sponsor", "applicant", "properties", "dates", "petition", "conditions", "violation"} <= set(props)


def test_case_schema_states_the_input_bounds_in_json_schema_words() -> None:
    """Counts are 0 to a billion and money below a trillion dollars (input bounds, not law): the schema says so
    with JSON Schema's own keywords, which a client's validator applies."""
    event = next(s for s in case_schema()["oneOf"] if s["properties"]["subject"] == {"const": "event"})
    persons = next(a for a in event["properties"]["max_persons_at_one_time"]["anyOf"] if a.get("type") == "integer")
    assert (persons["minimum"], persons["maximum"]) == (0, 1_000_000_000)
    fee = next(a for a in event["properties"]["admission_fee"]["anyOf"] if a.get("type") == "number")
    assert (fee["minimum"], fee["exclusiveMaximum"]) == (0, 10**12)


def test_an_item_is_missing_exactly_when_its_fact_is_absent() -> None:
    """Permit requirements ¶ B: an item of the petition is missing when its fact is absent (`fact_state`: None,
    blank text, an empty collection), not when it is given or marked not applicable. `Items.need` decides the
    usual facts without calling `fact_state` and must answer as it does, for every kind of fact and whether
    the item applies or not."""
    from decimal import Decimal

    from publicassembly.law.core import fact_state
    from publicassembly.law.jurisdictions.us_ny_carmel.context import Items
    from publicassembly.law.jurisdictions.us_ny_carmel.facts import Agent, Plan

    facts: list[object] = [None, "", "  ", "\t\n", "Ann Ferris", " x ", "not_applicable", " N/A ", "n/a", "NOT_APPLICABLE",
                           "na", 0, 1, 501, True, False, 0.0, Decimal("0"), Decimal("10.00"), date(2026, 8, 14),
                           [], [""], ["Ann"], (), ("a",), {}, {"a": 1}, set(), {1}, Agent(), Agent(name="Ann"),
                           Plan(title="Survey")]
    for applies in (True, False):
        for value in facts:
            items = Items()
            state = items.need(value, "petition.1.applicant_name", applies=applies)
            assert state is fact_state(value, applies=applies), (value, applies)
            absent = state.value == "absent"
            assert items.missing == (["petition.1.applicant_name"] if absent else []), (value, applies)
            assert items.defects == []


def test_no_permit_follows_whether_a_permit_is_required() -> None:
    """Permit requirements ¶ A: a rule of a permit (¶¶ B-F, the fee) does not apply when no permit is required.
    `Context.no_permit` is true exactly when ``permit_required`` is False — as made, and after each answer
    `determine` gives it (True, False, "needs_review", not known) — and is not part of the context's repr."""
    from publicassembly.law.jurisdictions.us_ny_carmel.context import Context
    from publicassembly.law.jurisdictions.us_ny_carmel.facts import EventCase

    values = JURISDICTION.parameters.at(date(2026, 7, 1))
    assert Context(EventCase(), values).no_permit is False
    assert Context(EventCase(), values, permit_required=False).no_permit is True
    ctx = Context(EventCase(), values)
    for answer, none_required in ((False, True), (True, False), ("needs_review", False), (None, False), (False, True)):
        ctx.permit_required = answer
        assert ctx.no_permit is none_required, answer
    assert "no_permit" not in repr(ctx)
    assert evaluate({"jurisdiction": "carmel-ny", "subject": "event", "max_persons_at_one_time": 500,
                     "as_of": "2026-07-01"}).finding("carmel/petition/b1-applicant").status.value == "not_applicable"
