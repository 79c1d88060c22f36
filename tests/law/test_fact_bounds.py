"""The law core refuses bad facts when a case is validated (`parse_case`), naming the field: dates outside the
years whose public holidays are known (GCL § 24, interpretation G-2), booleans given as numbers, a jurisdiction
that is not text, and free text longer than `units.MAX_TEXT` (an input bound, not law)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from publicassembly.law import InvalidCase, evaluate, parse_case
from publicassembly.law.units import MAX_TEXT

CARMEL = {"jurisdiction": "carmel-ny", "subject": "event"}
VENUE = {"jurisdiction": "mount-pleasant-ny", "subject": "venue",
         "spaces": [{"name": "Hall", "use_group": "business", "area": 1000}]}


def _refused(case: dict[str, object]) -> InvalidCase:
    with pytest.raises(InvalidCase) as caught:
        parse_case(case)
    return caught.value


def _set(case: dict[str, object], path: str, value: object) -> dict[str, object]:
    """A copy of `case` with the dotted `path` set to `value` (intermediate mappings created)."""
    out: dict[str, object] = {**case}
    node = out
    *parents, last = path.split(".")
    for part in parents:
        child = dict(node.get(part) or {})  # type: ignore[call-overload]
        node[part] = child
        node = child
    node[last] = value
    return out


#: Every date fact of both chapters (facts in 1778-2099, so that periods counted from them stay in the years
#: 1777-2100 whose GCL § 24 holidays are known): (base case, dotted field).
DATE_FACTS = [
    (CARMEL, "dates.first_day"), (CARMEL, "dates.last_day"), (CARMEL, "sponsor.chapter_in_town_since"),
    (CARMEL, "conditions.toilets.health_department_approved_on"),
    (CARMEL, "conditions.parking.town_board_approved_on"), (CARMEL, "hearing.held_on"),
    (CARMEL, "hearing.notice_published_on"), (CARMEL, "filed_on"), (CARMEL, "submitted_on"),
    (CARMEL, "board_decision_on"), (CARMEL, "cleanup_completed_on"), (CARMEL, "violation.first_day"),
    (VENUE, "certificate.issued"), (VENUE, "inspection.date"), (VENUE, "violation.date"),
]


def _with_date(base: dict[str, object], field: str, day: str) -> dict[str, object]:
    case = _set(base, field, day)
    if field == "dates.last_day":
        case = _set(case, "dates.first_day", "1778-01-01")
    elif field.startswith("dates."):
        case = _set(case, "dates.last_day", None)
    if field == "violation.first_day":
        case = _set(case, "violation.days_of_continued_violation", 1)
    if field == "violation.date":
        case = _set(_set(case, "violation.rule", "164-10"), "violation.offender", "A. Owner")
        case = _set(case, "violation.prior_offenses", 0)
    return case


@pytest.mark.parametrize(("base", "field"), DATE_FACTS)
@pytest.mark.parametrize("day", ["1777-12-31", "2100-01-01", "9999-12-31", "0001-01-01"])
def test_g2_a_date_fact_outside_the_fact_years_is_refused_naming_the_field(base, field, day):
    """Interpretation G-2: legal time is counted only in 1777-2100, so a date fact outside 1778-2099 is refused at
    validation (not later, when a deadline is counted), under the field's own name."""
    error = _refused(_with_date(base, field, day))
    assert error.field == field
    assert error.message == (f"must be a date from 1778-01-01 to 2099-12-31 (so that the periods counted from it stay in the years whose public "
                             f"holidays, GCL § 24, are known); got {day}")


@pytest.mark.parametrize(("base", "field"), DATE_FACTS)
@pytest.mark.parametrize("day", ["1778-01-01", "2099-12-31"])
def test_g2_a_date_fact_on_the_edges_of_the_fact_years_is_accepted(base, field, day):
    """Interpretation G-2: the first and the last day of the known years are facts like any other."""
    parse_case(_with_date(base, field, day))


def test_g2_a_yaml_date_object_is_checked_too():
    error = _refused(_set(CARMEL, "dates.first_day", date(9999, 12, 31)))
    assert error.field == "dates.first_day"


@pytest.mark.parametrize(("as_of", "ok"), [("1777-12-31", False), ("1778-01-01", True), ("2099-12-31", True),
                                           ("2100-01-01", False), (date(2100, 1, 1), False)])
def test_g2_the_cases_as_of_is_bounded_like_the_facts(as_of, ok):
    case = {**CARMEL, "as_of": as_of}
    if ok:
        assert parse_case(case).as_of == date.fromisoformat(str(as_of))
    else:
        error = _refused(case)
        assert error.field == "as_of"
        assert error.message.startswith("must be a date from 1778-01-01 to 2099-12-31")


def test_g2_a_far_date_no_longer_fails_later_when_legal_time_is_counted():
    """Before: `dates.first_day: 9999-12-31` was accepted and failed as `date` when the deadlines were counted."""
    with pytest.raises(InvalidCase) as caught:
        evaluate({**CARMEL, "max_persons_at_one_time": 600, "dates": {"first_day": "9999-12-31"}},
                 date(2026, 3, 2))
    assert caught.value.field == "dates.first_day"


#: Every count and number of both chapters: (base case, dotted field, the value's kind in the message).
NUMBER_FACTS = [
    (CARMEL, "max_persons_at_one_time", "whole number"), (CARMEL, "persons_collectively", "whole number"),
    (CARMEL, "vehicles_at_one_time", "whole number"), (CARMEL, "vehicles_collectively", "whole number"),
    (CARMEL, "applicant.age", "whole number"), (CARMEL, "conditions.parking.spaces", "whole number"),
    (CARMEL, "conditions.housing.persons_housed", "whole number"),
    (CARMEL, "conditions.medical.physicians_at_all_times", "whole number"),
    (CARMEL, "insurance.cancellation_notice_days", "whole number"),
    (CARMEL, "petition.security.number", "whole number"),
    (CARMEL, "admission_fee", "number"), (CARMEL, "filing_fee_paid", "number"), (CARMEL, "bond.amount", "number"),
    (CARMEL, "town_board.bodily_injury_limit", "number"), (CARMEL, "petition.max_noise_decibels", "number"),
    (VENUE, "attendance", "whole number"), (VENUE, "toilets_provided", "whole number"),
    (VENUE, "certificate.lawful_occupancy", "whole number"), (VENUE, "inspection.persons_present", "whole number"),
]


@pytest.mark.parametrize(("base", "field", "kind"), NUMBER_FACTS)
@pytest.mark.parametrize("value", [True, False])
def test_a_boolean_is_not_a_number(base, field, kind, value):
    """`true` was read as 1 by pydantic's lax mode ("1 persons"): a count or amount refuses it, naming the field."""
    error = _refused(_set(base, field, value))
    assert error.field == field
    assert error.message == f"expected a {kind}, got {'true' if value else 'false'}"


#: The number facts whose 0 is refused: a bond of $0 is no bond (Carmel ch. 31 ¶ F, P-13).
_MORE_THAN_ZERO = frozenset({"bond.amount"})


@pytest.mark.parametrize(("base", "field", "kind"), NUMBER_FACTS)
@pytest.mark.parametrize("value", [0, "0", "12"])
def test_zero_and_numeric_strings_from_web_forms_are_still_numbers(base, field, kind, value):
    """A bond's amount is more than $0 (Carmel ch. 31 ¶ F, interpretation P-13): its 0 is refused, naming it."""
    if field in _MORE_THAN_ZERO and int(value) == 0:
        error = _refused(_set(base, field, value))
        assert error.field == field and error.message.startswith("must be more than $0 (got 0)")
        return
    facts = parse_case(_set(base, field, value)).facts
    node: object = facts
    for part in field.split("."):
        node = getattr(node, part)
    assert node == int(value)


#: What a number fact of `NUMBER_FACTS` allows, as its refusal of infinity says it (the rest: whole numbers).
_FINITE_WORDS = {"admission_fee": "a finite amount in US dollars", "filing_fee_paid": "a finite amount in US dollars",
                 "bond.amount": "a finite amount in US dollars",
                 "town_board.bodily_injury_limit": "a finite amount in US dollars",
                 "petition.max_noise_decibels": "a finite number of decibels"}


@pytest.mark.parametrize(("base", "field", "kind"), NUMBER_FACTS)
@pytest.mark.parametrize(("value", "given"), [(Decimal("Infinity"), "Infinity"), (Decimal("-Infinity"), "-Infinity"),
                                              (Decimal("NaN"), "NaN"), (float("inf"), "inf"), (float("nan"), "nan"),
                                              ("Infinity", "'Infinity'")])
def test_infinity_is_refused_naming_the_field_and_what_it_allows(base, field, kind, value, given):
    """YAML's ``.inf`` and ``.nan`` (or "Infinity" in JSON text) were told in pydantic's words, "Input should be
    a finite number": each number fact says what it allows, in the project's words."""
    error = _refused(_set(base, field, value))
    assert error.field == field
    assert error.message == f"must be {_FINITE_WORDS.get(field, 'a whole number')} (got {given})"


def test_a_number_of_another_type_refuses_infinity_in_the_project_words():
    """A plain Decimal fact (no type of the law core's own) is told by `invalid_from`'s table, not pydantic."""
    from pydantic import BaseModel, ValidationError

    from publicassembly.law.cases import invalid_from

    class Plain(BaseModel):
        width: Decimal

    with pytest.raises(ValidationError) as caught:
        Plain.model_validate({"width": Decimal("Infinity")})
    assert invalid_from(caught.value).errors == (("width", "must be a finite number (got Infinity)"),)


@pytest.mark.parametrize("field", ["spaces[0].area", "spaces[0].story", "spaces[0].alleys"])
def test_a_boolean_is_not_a_number_in_a_space(field):
    name = field.rsplit(".", 1)[-1]
    space = {"name": "Hall", "use_group": "bowling_alley" if name == "alleys" else "business", "area": 1000,
             name: True}
    error = _refused({**VENUE, "spaces": [space]})
    assert error.field == field
    assert error.message in ("expected a number, got true", "expected a whole number, got true")


@pytest.mark.parametrize("value", [5, 5.0, ["carmel-ny"], {"a": 1}, True])
def test_a_jurisdiction_that_is_not_text_is_said_to_be_text_not_missing(value):
    error = _refused({"jurisdiction": value, "subject": "event"})
    assert error.field == "jurisdiction"
    assert error.message.startswith("must be text, one of the allowed names: carmel-ny, ")
    assert "required" not in error.message


def test_a_missing_jurisdiction_is_still_required():
    assert _refused({"subject": "event"}).message.startswith("is required; allowed: carmel-ny")


TEXT_FACTS = [
    (CARMEL, "name"), (CARMEL, "purpose"), (CARMEL, "applicant.residence_address"), (CARMEL, "sponsor.name"),
    (CARMEL, "dates.daily_hours"), (CARMEL, "petition.duration"), (CARMEL, "conditions.toilets.description"),
    (VENUE, "name"), (VENUE, "address"), (VENUE, "certificate.number"),
]


@pytest.mark.parametrize(("base", "field"), TEXT_FACTS)
def test_free_text_is_bounded_to_max_text_characters(base, field):
    """An input bound, not law (docs/interpretations.md, "Input bounds"): 2,000 characters pass, 2,001 do not."""
    case = _set(base, field, "x" * MAX_TEXT)
    if field.startswith("dates."):
        case = _set(case, "dates.first_day", "2026-07-04")
    parse_case(case)
    error = _refused(_set(case, field, "x" * (MAX_TEXT + 1)))
    assert error.field == field
    assert error.message == "is too long: at most 2,000 characters (got 2,001)"


def test_a_200000_character_case_name_is_refused():
    assert _refused({**CARMEL, "name": "x" * 200_000}).field == "name"


@pytest.mark.parametrize("where", ["name", "connects_with"])
def test_a_space_name_and_its_connections_are_bounded(where):
    long = "x" * (MAX_TEXT + 1)
    space = {"name": long, "use_group": "business", "area": 10} if where == "name" else \
        {"name": "Hall", "use_group": "business", "area": 10, "connects_with": [long]}
    error = _refused({**VENUE, "spaces": [space]})
    assert error.field == ("spaces[0].name" if where == "name" else "spaces[0].connects_with[0]")


# --- "1 persons": counted words through the law core's plural helper (`messages.plural`) -----------------------

def test_plural_helper_on_both_sides_of_one():
    from publicassembly.law.messages import plural

    assert plural(1, "person") == "1 person"
    assert plural(0, "person") == "0 persons"
    assert plural(2, "toilet") == "2 toilets"
    assert plural(1500, "person") == "1,500 persons"
    assert plural(999, "person") == "999 persons"


def test_carmel_permit_ap_one_person_is_singular_and_501_plural():
    """Carmel ch. 31, permit requirements ¶ A: the sentence names "1 person", and "501 persons" as before."""
    one = evaluate({**CARMEL, "max_persons_at_one_time": 1}, date(2026, 3, 2)).to_json()
    assert "1 person at one time is not in excess of 500" in json_text(one)
    assert "1 persons" not in json_text(one)
    many = evaluate({**CARMEL, "max_persons_at_one_time": 501}, date(2026, 3, 2)).to_json()
    assert "501 persons at one time is in excess of 500" in json_text(many)


def test_mount_pleasant_164_6_one_toilet_for_one_person():
    """§ 164-6: one toilet per 75 persons; 1 person needs 1 toilet, said in the singular."""
    result = evaluate({**VENUE, "attendance": 1, "toilets_provided": 1}, date(2026, 3, 2)).to_json()
    text = json_text(result)
    assert "1 toilet provided; at least 1 is required for 1 person (one per 75, rounded up)." in text
    assert "1 persons" not in text and "1 toilets" not in text
    result = evaluate({**VENUE, "attendance": 76, "toilets_provided": 1}, date(2026, 3, 2)).to_json()
    assert "1 toilet provided; at least 2 are required for 76 persons" in json_text(result)


def json_text(value: object) -> str:
    import json

    return json.dumps(value, default=str, ensure_ascii=False)


def test_a_space_larger_than_any_room_is_refused_when_the_case_is_read_section_164_7():
    """§ 164-7 occupant load is computed from the floor area: an area above `MAX_AREA_SQ_FT` (in its unit) is
    refused as the case is read, naming ``spaces[0].area`` — never later, while computing, as an internal error."""
    from decimal import Decimal

    import pytest

    from publicassembly.law import evaluate
    from publicassembly.law.errors import InvalidCase
    from publicassembly.law.units import MAX_AREA_SQ_FT, SQUARE_METRES_PER_SQUARE_FOOT

    def case(area, unit="sq_ft"):
        return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-01-01",
                "spaces": [{"name": "Field", "use_group": "business", "area": str(area), "area_unit": unit}]}

    assert evaluate(case(MAX_AREA_SQ_FT)).occupancy.spaces[0].area_sq_ft == MAX_AREA_SQ_FT
    with pytest.raises(InvalidCase) as e:
        evaluate(case(MAX_AREA_SQ_FT + Decimal("0.0001")))
    assert e.value.field == "spaces[0].area" and "10,000,000,000.0001 sq_ft is larger" in str(e.value)
    largest_sq_m = (MAX_AREA_SQ_FT * SQUARE_METRES_PER_SQUARE_FOOT).quantize(Decimal("1"))
    assert evaluate(case(largest_sq_m, "sq_m")).occupancy is not None
    with pytest.raises(InvalidCase) as e:
        evaluate(case(largest_sq_m + 1, "sq_m"))
    assert e.value.field == "spaces[0].area"


@pytest.mark.parametrize(("age", "refused"), [(0, False), (130, False), (131, True), (999_999_999, True)])
def test_an_applicants_age_is_a_persons_age_paragraph_b1(age, refused):
    """¶ B(1) asks the applicant's age: 0 to 130 years (an input bound, as the web petition's), not any count."""
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-11-30", "applicant": {"age": age}}
    if refused:
        with pytest.raises(InvalidCase) as caught:
            parse_case(case)
        assert caught.value.field == "applicant.age" and "must be at most 130" in str(caught.value)
    else:
        assert parse_case(case).facts.applicant.age == age


#: A place of 1,000 rooms, each of which an inspection may record the sign of.
ROOMS_1000 = {**VENUE, "spaces": [{"name": f"Room {i}", "use_group": "business", "area": 1000} for i in range(1000)]}

#: Every list a case may hold (interpretation G-4, `units.MAX_ITEMS`): (base case, dotted field, its i-th item).
LISTS = [
    (CARMEL, "properties", lambda i: {}),
    # (a corporation's: those of an individual are refused, P-18)
    ({**CARMEL, "applicant": {"is_corporation": True}}, "applicant.directors_and_officers", lambda i: {}),
    (CARMEL, "petition.sound_equipment", lambda i: {"type": "loudspeaker", "number": 1}),
    (VENUE, "spaces", lambda i: {"name": f"Room {i}", "use_group": "business", "area": 1000}),
    # (one sign of each room: a room's sign given twice is refused, M-27; the 1,001st names no room, but the
    # list's length is told first)
    (ROOMS_1000, "inspection.signs", lambda i: {"room": f"Room {i}"}),
]


def _items(item, n: int) -> list[object]:
    return [item(i) for i in range(n)]


@pytest.mark.parametrize(("base", "field", "item"), LISTS, ids=[f for _, f, _ in LISTS])
def test_a_list_of_a_case_holds_at_most_max_items_g4(base, field, item):
    """G-4: a list of a case (properties, directors and officers, sound devices, rooms and areas, signs) holds at
    most 1,000 items: 1,000 are read, 1,001 refused naming the list and both numbers. Without the bound a request
    of a few hundred kilobytes listing hundreds of thousands of empty items held a server worker past its
    timeout (a new-user trial)."""
    from publicassembly.law.units import MAX_ITEMS

    assert MAX_ITEMS == 1000
    parse_case(_set(base, field, _items(item, MAX_ITEMS)))
    refused = _refused(_set(base, field, _items(item, MAX_ITEMS + 1)))
    # (sound equipment is a list or "none": the other alternative's refusal follows, as for any value of it)
    assert refused.errors[0] == (field, "must hold at most 1,000 items (got 1,001)")


def test_hundreds_of_thousands_of_empty_items_are_refused_by_their_number_g4():
    """The refusal names the list's length, not each empty item's missing facts (500,000 of them)."""
    refused = _refused({**CARMEL, "properties": [{}] * 500_000})
    assert (refused.field, refused.message, len(refused.errors)) == (
        "properties", "must hold at most 1,000 items (got 500,000)", 1)


def test_a_spaces_connections_hold_at_most_max_items_g4():
    rooms = [{"name": "Hall", "use_group": "business", "area": 100},
             {"name": "Foyer", "use_group": "business", "area": 100}]
    parse_case({**VENUE, "spaces": [{**rooms[0], "connects_with": ["Foyer"] * 1000}, rooms[1]]})
    refused = _refused({**VENUE, "spaces": [{**rooms[0], "connects_with": ["Foyer"] * 1001}, rooms[1]]})
    assert (refused.field, refused.message) == ("spaces[0].connects_with", "must hold at most 1,000 items (got 1,001)")
