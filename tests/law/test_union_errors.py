"""A fact that may be one of two kinds (Carmel ¶ B(6): ``sound_equipment`` is a list of devices, or "none") is
refused in the words of the kind it was given as, under its own name: a list whose device has a bad number is
told that device's problems at ``petition.sound_equipment[0].number`` — not pydantic's member names
(``list[SoundDevice]``, ``literal['none']``) and not also "should be 'none'". A value of neither kind is told
both kinds, in one refusal ("must be a list or one of: 'none'")."""

from __future__ import annotations

from datetime import date as _date
from pathlib import Path
from typing import Annotated, Literal

import hypothesis
import pytest
import yaml
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from pydantic import BaseModel, Field, ValidationError

from publicassembly.law import jurisdictions
from publicassembly.law.cases import _member_parts, invalid_from, parse_case
from publicassembly.law.errors import InvalidCase
from publicassembly.law.units import CaseDate, Count, Money


def _errors(sound_equipment) -> list[tuple[str, str]]:
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01", "max_persons_at_one_time": 600,
            "petition": {"sound_equipment": sound_equipment}}
    with pytest.raises(InvalidCase) as caught:
        parse_case(case)
    return [(field, str(message)) for field, message in caught.value.errors]


def test_a_list_is_told_its_devices_problems_only():
    errors = _errors([{"type": "loudspeaker", "number": 8.5}])
    assert errors == [("petition.sound_equipment[0].number",
                       "must be a whole number, without a fractional part (got 8.5)")]


def test_no_member_name_of_the_union_is_shown():
    errors = _errors([{"kind": "loudspeaker", "number": 8.5}])
    fields = [field for field, _message in errors]
    assert fields == ["petition.sound_equipment[0].type", "petition.sound_equipment[0].number",
                      "petition.sound_equipment[0].kind"]
    assert not any("[SoundDevice]" in f or "literal" in f for f in fields)


@pytest.mark.parametrize(("value", "given"), [(5, "5"), ("nothing", "'nothing'"), ({"a": 1}, "a mapping"),
                                               (True, "true")])
def test_a_value_of_neither_kind_is_told_both_kinds_in_one_refusal(value, given):
    """¶ B(6): one refusal naming both kinds (it was two, each saying only one kind was allowed)."""
    assert _errors(value) == [("petition.sound_equipment", f"must be a list or one of: 'none' (got {given})")]


def test_a_value_of_neither_kind_beside_another_bad_fact_is_one_refusal_among_the_others():
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01", "max_persons_at_one_time": -1,
            "petition": {"sound_equipment": 5}}
    with pytest.raises(InvalidCase) as caught:
        parse_case(case)
    assert [(f, str(m)) for f, m in caught.value.errors] == [
        ("max_persons_at_one_time", "must be at least 0 (got -1)"),
        ("petition.sound_equipment", "must be a list or one of: 'none' (got 5)")]


def test_the_words_of_either_kind_are_taken():
    for given in ("none", [{"type": "loudspeaker", "number": 8}]):
        case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-05-01",
                "max_persons_at_one_time": 600, "petition": {"sound_equipment": given}}
        assert parse_case(case).facts.petition.sound_equipment is not None


def test_a_files_own_key_is_named_whatever_it_looks_like():
    """An unknown key of the file is named as written, even one that looks like pydantic's name of a member
    (``list[x]``) or holds brackets."""
    errors = _errors([{"type": "loudspeaker", "number": 1, "list[x]": 2, "a[b": 3}])
    assert [field for field, _message in errors] == ["petition.sound_equipment[0].list[x]",
                                                     "petition.sound_equipment[0].a[b"]


def test_a_bad_as_of_is_told_with_the_facts_errors_not_instead_of_them():
    """A case whose date is not of the calendar and whose persons are negative is told both (the date first),
    not only the date."""
    case = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-02-30", "max_persons_at_one_time": -4}
    with pytest.raises(InvalidCase) as caught:
        parse_case(case)
    assert [field for field, _message in caught.value.errors] == ["as_of", "max_persons_at_one_time"]
    assert caught.value.field == "as_of" and str(caught.value.message).endswith("(and 1 more error)")
    alone = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-02-30", "max_persons_at_one_time": 4}
    with pytest.raises(InvalidCase) as caught:
        parse_case(alone)
    assert caught.value.errors == (("as_of", caught.value.message),)


# --- every name pydantic gives a union's member, stripped when the model is known --------------------------


class _Hall(BaseModel):
    kind: Literal["hall"]
    seats: int


class _Field(BaseModel):
    kind: Literal["field"]
    acres: int


class _Deadline(BaseModel):
    date: CaseDate  # a field named like pydantic's name of a member (``date``): kept


class _Kinds(BaseModel):
    count: Count | Literal["unknown"] | None = None
    day: CaseDate | Literal["tbd"] | None = None
    fee: Money | Literal["waived"] | None = None
    scalar: str | int | bool | None = None
    either: list[int] | dict[str, int] | None = None
    places: dict[str, _Hall | _Field] = Field(default_factory=dict)
    tagged: Annotated[_Hall | _Field, Field(discriminator="kind")] | None = None
    deadlines: dict[str, _Deadline] = Field(default_factory=dict)
    when: _date | None = None


def _fields(data: dict, model=_Kinds) -> list[str]:
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    return [field for field, _message in invalid_from(caught.value, model=model).errors]


@pytest.mark.parametrize(("data", "fields"), [
    ({"count": "abc"}, ["count"]),  # function-before[_whole_number(), constrained-int], literal['unknown']: neither
    ({"day": "2026-13-01"}, ["day", "day"]),  # function-after[known_date(), date]
    ({"fee": "-1"}, ["fee", "fee"]),  # function-before[_money(), decimal]
    ({"scalar": [1]}, ["scalar"]),  # str, int, bool: none of them, told in one
    ({"either": [1, "a"]}, ["either[1]"]),  # list[int] (deepest), not also dict[str,int]
    ({"places": {"bool": {"kind": "hall", "seats": "x"}}},  # _Hall, _Field (class names), as deep in each
     ["places.bool.seats", "places.bool.kind", "places.bool.acres"]),
    ({"tagged": {"kind": "field", "acres": "x"}}, ["tagged.acres"]),  # the tagged union's tag, 'field'
    ({"deadlines": {"int": {"date": "x"}}}, ["deadlines.int.date"]),  # a key and a field named like members
    ({"when": "x"}, ["when"]),
])
def test_no_name_of_a_member_of_a_union_is_taken_for_a_field(data, fields):
    """pydantic names the member of a union it checked a value as (``bool``, ``int``, ``literal['x']``,
    ``function-after[...]``, a model's class name, a tagged union's tag) in the error's location: the field
    path is the field's alone; a field or a file's key of the same name (``date``, ``bool``) stays."""
    assert _fields(data) == fields


def test_without_the_model_the_bracketed_names_are_stripped():
    with pytest.raises(ValidationError) as caught:
        _Kinds.model_validate({"count": "abc", "day": "2026-13-01", "either": [1, "a"]})
    assert [field for field, _m in invalid_from(caught.value).errors] == ["count", "day", "day", "either[1]"]


@pytest.mark.parametrize(("data", "said"), [
    ({"count": "abc"}, [("count", "must be a whole number or one of: 'unknown' (got 'abc')")]),
    ({"scalar": [1]}, [("scalar", "must be text, a whole number or true or false (got a list)")]),
    # a value of one of the kinds, refused by that kind's bound: each kind tells its own
    ({"count": -1}, [("count", "must be at least 0 (got -1)"), ("count", "must be one of: 'unknown' (got -1)")]),
])
def test_a_value_of_none_of_the_kinds_is_one_refusal_naming_them_all(data, said):
    with pytest.raises(ValidationError) as caught:
        _Kinds.model_validate(data)
    assert [(f, str(m)) for f, m in invalid_from(caught.value, model=_Kinds).errors] == said


def _carmel_fair() -> dict:
    root = Path(__file__).resolve().parents[2]
    return yaml.safe_load((root / "examples" / "carmel-county-fair.yaml").read_text(encoding="utf-8"))


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False, width=32)
                     | st.sampled_from(["none", "needs_review", "x", "2026-07-04", "7"]),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
                         ["type", "number", "a", "bool", "int"]), inner, max_size=3), max_leaves=6)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*prefix, i))


def _walks(data, loc) -> bool:
    node = data
    for part in loc:
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if not (in_list or (isinstance(node, dict) and part in node)):
            return False
        node = node[part]
    return True


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@hypothesis.given(st.data())
def test_every_field_path_of_a_refused_case_is_a_path_of_its_data(data):
    """Any value put anywhere in a Carmel case (its ``sound_equipment`` is a union): the location of each error,
    its member names stripped, leads through the case's own keys and items to the value refused (a missing or
    unknown field being the last part) — no part is a name pydantic gave a kind."""
    case = _carmel_fair()
    facts = {k: v for k, v in case.items() if k not in ("jurisdiction", "subject", "as_of")}
    facts["petition"]["sound_equipment"] = data.draw(st.sampled_from(["none", [{"type": "siren", "number": 2}]]))
    paths = [p for p in _paths(facts) if p]
    in_union = [p for p in paths if p[:2] == ("petition", "sound_equipment")]
    path = data.draw(st.sampled_from(in_union) | st.sampled_from(paths))
    node = facts
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = data.draw(_JSON)
    model = jurisdictions.get("carmel-ny").subjects["event"]
    try:
        model.model_validate(facts)
    except ValidationError as exc:
        for e in exc.errors(include_url=False):
            members = _member_parts(e, model)
            loc = tuple(part for i, part in enumerate(e["loc"]) if i not in members)
            assert _walks(facts, loc[:-1]), (e["loc"], loc)


def test_a_venue_without_spaces_is_refused_in_the_projects_words_section_164_7():
    """§ 164-7: a venue's occupant load is that of its spaces; a venue with an empty list of spaces is refused
    saying what is needed, not in pydantic's words ("List should have at least 1 item after validation")."""
    with pytest.raises(InvalidCase) as caught:
        parse_case({"jurisdiction": "mount-pleasant-ny", "subject": "venue", "as_of": "2026-11-30",
                    "commercial": True, "spaces": []})
    assert caught.value.field == "spaces"
    assert str(caught.value).endswith("spaces: must hold at least one item (got none)"), str(caught.value)
