"""A case file names its rooms as the pages, the API and the CLI read them (interpretation M-27; M-23, M-26):
letter case, the spaces around and between the words and how a letter is encoded aside. ``connects_with:
["east"]`` joins the room "East" (§ 164-4), a sign of ``room: "  HALL "`` is the sign of "Hall" (§ 164-9), each
told in the room's own spelling. A name read otherwise (a letter more or less) is still no room; a room that reads
as itself cannot connect with itself; one room's sign given twice, in any spelling, is refused naming the field;
two rooms named alike are refused as before. The reading is one pure function of the law core
(`names.same_name`, `names.SpaceNames`), which the workflow's `venues.names` uses too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from publicassembly.law import evaluate
from publicassembly.law.errors import InvalidCase
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import names as law_names

SIGN = "mount-pleasant/164-9/sign"
PLACE = "mount-pleasant/164-4/place-of-assembly"


def room(name, persons, **kw):
    """A 'school' room holding `persons` (40 sq ft each, § 164-7)."""
    return {"name": name, "use_group": "school", "area": 40 * persons, **kw}


def case(spaces, **facts):
    return {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2025-03-03", "name": "Centre",
            "commercial": True, "spaces": spaces, **facts}


def refused(data) -> tuple[str, str]:
    with pytest.raises(InvalidCase) as caught:
        evaluate(data)
    return caught.value.field, caught.value.message


@pytest.mark.parametrize("written", ["West", "west", "WEST", "  west "])
def test_164_4_two_15_person_rooms_joined_by_a_name_in_any_case_or_spacing_are_one_place_of_30_m27(written):
    """§ 164-4: East (15) connects with West (15), both with a common entrance: 30 ≥ 25 commercial, one group
    named in the rooms' own spelling, however the connection was written."""
    d = evaluate(case([room("East", 15, connects_with=[written], common_entrance=True),
                       room("West", 15, common_entrance=True)]))
    assert d.certificate_required is True
    groups = d.finding(PLACE).values["groups"]
    assert [(g["spaces"], g["occupant_load"]) for g in groups] == [(["East", "West"], 30)]


def test_164_4_the_same_rooms_without_the_connection_are_two_places_of_15_not_one_m27():
    """The other side of the boundary: without the connection each room holds 15 < 25, no certificate."""
    d = evaluate(case([room("East", 15, common_entrance=True), room("West", 15, common_entrance=True)]))
    assert d.certificate_required is False


@pytest.mark.parametrize("written", ["Wes", "Westt", "W est", "West 2"])
def test_164_4_a_connection_read_otherwise_is_no_room_naming_the_field_m27(written):
    assert refused(case([room("East", 15, connects_with=[written]), room("West", 15)])) == (
        "spaces[0].connects_with", f"no space is named {written!r}; spaces: East, West")


@pytest.mark.parametrize("written", ["East", "east", " EAST  "])
def test_164_4_a_room_naming_itself_in_any_spelling_cannot_connect_with_itself_m27(written):
    assert refused(case([room("East", 15, connects_with=[written]), room("West", 15)])) == (
        "spaces[0].connects_with", "a space cannot connect with itself")


def test_164_4_a_connection_with_a_letter_encoded_otherwise_is_the_same_room_m27():
    """"CAFE" with e and a combining accent is the room "Café" written with a composed é."""
    d = evaluate(case([room("Caf\u00e9", 15, common_entrance=True),
                       room("Bar", 15, connects_with=["CAFE\u0301"], common_entrance=True)]))
    assert [g["spaces"] for g in d.finding(PLACE).values["groups"]] == [["Caf\u00e9", "Bar"]]


def test_164_4_one_room_named_twice_in_two_spellings_is_one_connection_m27():
    """As the pages and the API take it (M-23): "West" and "west" are one connection, 30 persons, not 45."""
    d = evaluate(case([room("East", 15, connects_with=["West", "west"], common_entrance=True),
                       room("West", 15, common_entrance=True)]))
    assert [g["occupant_load"] for g in d.finding(PLACE).values["groups"]] == [30]


@pytest.mark.parametrize("written", ["Hall", "hall", "  HALL "])
def test_164_9_a_sign_of_a_room_written_in_any_case_or_spacing_is_that_rooms_sign_m27(written):
    """§ 164-9: the Hall's sign, posted, stating 30 (its lawful occupancy, 1,200 sq ft of school use at 40) in
    conforming letters: met, the room named "Hall"."""
    d = evaluate(case([room("Hall", 30)], inspection={
        "signs": [{"room": written, "posted": True, "states": 30, "conforms_to_specification": True}]}))
    f = d.finding(SIGN)
    assert f.status.value == "met", f.reason
    assert f.values["rooms"] == [{"room": "Hall", "lawful_occupancy": 30, "posted": True, "states": 30,
                                  "conforms_to_specification": True}]


@pytest.mark.parametrize("states, status", [(30, "met"), (31, "not_met"), (29, "not_met")])
def test_164_9_the_number_on_a_sign_named_in_lower_case_is_held_to_the_rooms_30_m27(states, status):
    d = evaluate(case([room("Hall", 30)], inspection={
        "signs": [{"room": "hall", "posted": True, "states": states, "conforms_to_specification": True}]}))
    f = d.finding(SIGN)
    assert f.status.value == status
    if status == "not_met":
        assert f"the sign in Hall states {states}, not its lawful occupancy 30" in f.reason


def test_164_9_a_sign_not_posted_named_in_lower_case_is_a_fault_of_the_room_in_its_own_spelling_m27():
    d = evaluate(case([room("Main Hall", 30)], inspection={"signs": [{"room": "main  hall", "posted": False}]}))
    f = d.finding(SIGN)
    assert (f.status.value, str(f.reason)) == ("not_met", "Occupancy signs: no sign is posted in Main Hall.")


def test_164_9_a_room_without_its_sign_is_missing_by_its_own_name_m27():
    d = evaluate(case([room("Hall", 30), room("Den", 30)], inspection={
        "signs": [{"room": "HALL", "posted": True, "states": 30, "conforms_to_specification": True}]}))
    f = d.finding(SIGN)
    assert f.status.value == "missing" and "inspection.signs[Den]" in f.missing
    assert not any(m.startswith("inspection.signs[Hall]") for m in f.missing)


@pytest.mark.parametrize("second", ["hall", "Hall", " HALL"])
def test_164_9_one_rooms_sign_given_twice_in_any_spelling_is_refused_naming_the_second_m27(second):
    """Which of two signs of one room did the inspection see? Neither is taken: refused, as the API refuses one
    room named twice (M-26)."""
    assert refused(case([room("Hall", 30), room("Den", 30)], inspection={"signs": [
        {"room": "Hall", "posted": True}, {"room": "Den", "posted": True}, {"room": second, "posted": False}]})) == (
        "inspection.signs[2].room",
        f"the sign of space 'Hall' is given more than once ('Hall', {second!r}); give it once")


@pytest.mark.parametrize("written", ["Hal", "Halls", "Ha ll"])
def test_164_9_a_signs_room_read_otherwise_is_no_room_m27(written):
    assert refused(case([room("Hall", 30)], inspection={"signs": [{"room": written}]})) == (
        "inspection.signs[0].room", f"no space is named {written!r}; spaces: Hall")


@pytest.mark.parametrize("second", ["hall", "HALL ", " Hall"])
def test_two_rooms_whose_names_read_alike_are_refused_naming_the_second_m27(second):
    """The rooms a name is read against cannot themselves read alike (its sign, § 164-9, would not tell them
    apart): refused naming ``spaces[1].name``, as the pages refuse a name taken."""
    assert refused(case([room("Hall", 30), room(second, 10)])) == (
        "spaces[1].name", f"{second!r} is the name of space 'Hall' written differently; each room or area needs "
                          "its own name")


def test_space_names_finds_a_name_in_any_case_spacing_or_encoding_and_nothing_else_m27():
    names = law_names.SpaceNames(["Main Hall", "Caf\u00e9", "Den"])
    assert names.named(" main   HALL ") == ["Main Hall"]
    assert names.named("Cafe\u0301") == ["Caf\u00e9"]  # (é as e and a combining accent)
    assert names.named("Main Hal") == [] and names.named("MainHall") == [] and names.named(None) == []
    assert law_names.SpaceNames(["Hall", "HALL"]).named("Hall") == ["Hall", "HALL"]  # (never the exact one first)


def test_the_reading_is_the_law_cores_one_definition_without_django_m27():
    """The workflow reads names through the law core's functions, not a copy; the law core's module imports no
    Django (pure: DESIGN.md)."""
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant import facts
    from publicassembly.venues import names as workflow_names

    assert workflow_names.SpaceNames is law_names.SpaceNames
    assert workflow_names.same_name is law_names.same_name is facts.same_name
    tree = ast.parse(Path(law_names.__file__).read_text(encoding="utf-8"))
    imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    # (the law core's own pure modules only: law.units holds the reading of a text, read_alike, M-30)
    assert not {m for m in imported if m.split(".")[0] == "django"
                or (m.startswith("publicassembly") and not m.startswith("publicassembly.law."))}, imported
