"""What the API's request bodies are made of: their base (unknown fields refused) and the API's own types."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Annotated, Any, NoReturn

from ninja import Path, Schema
from pydantic import (
    AfterValidator,
    AwareDatetime,
    BeforeValidator,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from publicassembly.law.units import FACT_YEARS, READ_MONEY


class BodyIn(Schema):
    """A request body whose fields are the schema's: a field it does not have is refused, 422 naming it
    ("is not a field here"), not dropped — a misspelt optional field (``"recipt"``) would otherwise be lost
    without a word, and the request still succeed."""

    model_config = ConfigDict(extra="forbid")


class RefusalsKept(BodyIn):
    """A body (a JSON object) whose schema refusals are kept rather than raised, so that the operation can tell
    them in one answer with what its service refuses of the other values (interpretation W-30): the operation
    receives the fields the schema takes, validated and converted as in a body of good values (`model_fields_set`
    names them), and `refused`, pydantic's errors of the others (their ``loc`` within the body); it must answer
    them (`refuse_with`) before anything else. Not an object: refused as any body is. When a parameter of the
    path is refused, the operation does not run: the refusals kept are told with it (`api.errors`, from
    ``request.pa_refusals_kept``), as they were before they were kept.

    A list refused in some of its items only (``"conditions": ["", "\\u0007"]``: the first empty) is taken with
    its other items, each in its place, so that the service judges those too (the bell, ``conditions[1]``): the
    items the schema refused are left as given, and what the service says of them is not told again
    (`refuse_with`; interpretation P-33). ``items_refused`` names those lists and the places refused."""

    _refused: list[dict[str, Any]] = PrivateAttr(default_factory=list)
    _items_refused: dict[str, set[int]] = PrivateAttr(default_factory=dict)

    @model_validator(mode="wrap")
    @classmethod
    def _keep_refusals(cls, data: Any, handler: ModelWrapValidatorHandler[Any], info: ValidationInfo) -> Any:
        try:
            return handler(data)
        except ValidationError as e:
            if not isinstance(data, dict):
                raise
            errors: list[dict[str, Any]] = [dict(err) for err in e.errors()]
            request = (info.context or {}).get("request")
            if request is not None:  # (told by the error handler when the path is refused: the operation won't run)
                request.pa_refusals_kept = [{**err, "loc": ("body", "data", *err["loc"])} for err in errors]
            refused = {err["loc"][0] for err in errors if err.get("loc")}
            kept = cls.model_construct()
            kept.__pydantic_fields_set__ = set()
            items: dict[str, set[int]] = {}
            for name in cls.model_fields:  # (in order: a field's validator reads those before it, as in a body)
                if name in data and name not in refused:
                    cls.__pydantic_validator__.validate_assignment(kept, name, data[name])
                elif (name in data and (places := _items_refused(errors, name, data[name]))
                      and _take_items(cls, kept, name, data[name], places)):
                    items[name] = places
            kept._refused = errors
            kept._items_refused = items
            return kept

    @property
    def items_refused(self) -> dict[str, set[int]]:
        return self._items_refused

    @property
    def refused(self) -> list[dict[str, Any]]:
        return self._refused


def _items_refused(errors: list[dict[str, Any]], name: str, given: object) -> set[int]:
    """The places of the list `given` (field `name`) that the schema's `errors` refuse, when they refuse only
    items of it (each error's ``loc`` is ``(name, place, …)``); else empty (the list refused as a whole, or not
    a list)."""
    locs = [tuple(err.get("loc") or ()) for err in errors if (err.get("loc") or (None,))[0] == name]
    if not isinstance(given, list) or not locs or any(len(loc) < 2 or type(loc[1]) is not int for loc in locs):
        return set()
    return {loc[1] for loc in locs}


def _take_items(cls: type[RefusalsKept], kept: RefusalsKept, name: str, given: list[Any], places: set[int]) -> bool:
    """Set `kept`'s field `name` to the list `given` with its items not at `places` as the schema takes them, those
    at `places` (refused) as given, each in its place; False, nothing set, when the schema refuses the list of the
    others (a bound of the list's)."""
    others = [item for i, item in enumerate(given) if i not in places]
    try:
        cls.__pydantic_validator__.validate_assignment(kept, name, others)
    except ValidationError:
        return False
    took = iter(getattr(kept, name))
    kept.__dict__[name] = [item if i in places else next(took) for i, item in enumerate(given)]
    return True


def refuse_with(body: RefusalsKept, more: list[tuple[str, str]]) -> NoReturn:
    """Answer 422 with `body`'s schema refusals, then `more` ((field, message): the service's refusals of the
    values the schema took), each field named once (the schema's words first), as one refusal of the body: a
    field the schema refused is not told again (a list refused in some items, as a whole), nor a place of a list
    the schema refused (``conditions[0]``; the list's other items are judged: `RefusalsKept`)."""
    from ninja.errors import ValidationError as SchemaRefused

    told = [{**err, "loc": ("body", "data", *err["loc"])} for err in body.refused]
    named = {err["loc"][0] for err in body.refused if err.get("loc")}
    places = [f"{name}[{i}]" for name, refused in body.items_refused.items() for i in refused]
    raise SchemaRefused(told + [{"loc": ("body", "data", field), "msg": message, "type": "refused_by_service"}
                                for field, message in more
                                if field.split(".")[0] not in named and not _within(field, places)])


def _within(field: str, told: Iterable[str]) -> bool:
    """Whether `field` is one of the fields `told` or a part of one (``conditions[1]`` of ``conditions[1]``,
    ``signs.Hall`` of ``signs``, ``conditions[1]`` not of ``conditions[10]``)."""
    return any(field == t or field.startswith((f"{t}.", f"{t}[")) for t in told)


def taken(body: RefusalsKept) -> dict[str, Any]:
    """The values `body`'s schema took: each field it did not refuse, as given or, left out, its default; a list
    refused in some of its items only, with them as given (`RefusalsKept`)."""
    refused = {err["loc"][0] for err in body.refused if err.get("loc")} - set(body.items_refused)
    return {name: getattr(body, name) for name in type(body).model_fields
            if name not in refused and hasattr(body, name)}


def refuse_every(body: RefusalsKept, judge: Callable[[dict[str, Any]], list[tuple[str, str]]]) -> None:
    """Answer 422 with every refusal of `body` at once when any is refused (interpretation W-32): the schema's,
    then a text holding a NUL character (PostgreSQL cannot keep it), then what the service refuses of the other
    values it took (`judge`: the values taken, each field once; a `NotFound` or `NotAllowed` of it — a record the
    user may not see, a role the user does not hold — leaves the schema's and the NUL's alone, as before). Nothing
    when nothing is refused: the operation goes on, and its service judges the values again as it records them."""
    from publicassembly.api.resources import nuls_found
    from publicassembly.workflow.errors import NotAllowed, NotFound

    values = taken(body)
    nul = [found for name, value in values.items() for found in nuls_found(value, name)]
    if not body.refused and not nul:
        return
    held = [field for field, _message in nul]
    try:
        more = judge({k: v for k, v in values.items() if k not in held})
    except (NotFound, NotAllowed):
        more = []
    # (a text told for its NUL is not told again: an item of a list the service judged with the others)
    refuse_with(body, nul + [(field, message) for field, message in more if not _within(field, held)])


#: The text of a date the API reads (``YYYY-MM-DD``) and the start of a moment's (``YYYY-MM-DDTHH:MM…``): pydantic
#: would read a string of digits (``"1764700000"``) as seconds since 1970, as it reads a JSON number.
_DAY_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}")
_MOMENT_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}")
_DAY_WANTED = 'a date is a string YYYY-MM-DD, e.g. "2026-07-04"'
_MOMENT_WANTED = 'a moment is a string, ISO 8601 with its UTC offset, e.g. "2026-07-04T21:30:00-04:00"'


def _iso_day(value: object) -> object:
    """A date is a ``YYYY-MM-DD`` string (or, from Python, a `date`): pydantic's lax mode would read a JSON number
    such as 20261127, or a string of digits such as ``"1764700000"``, as seconds since 1970. The service checks
    its range and that it is not in the future. A null reaches this only where the date is required (a field
    ``Day | None`` takes it as no date)."""
    if isinstance(value, date) or (isinstance(value, str) and _DAY_TEXT.fullmatch(value.strip())):
        return value.strip() if isinstance(value, str) else value
    if value is None:  # (JSON's null, where a date is required: told so, not "got None")
        raise ValueError('is required: a date, a string YYYY-MM-DD, e.g. "2026-07-04"')
    raise ValueError(f"{_DAY_WANTED}; got {value!r}")


#: A date given to the API: ``YYYY-MM-DD`` (a JSON string), never a number.
Day = Annotated[date, BeforeValidator(_iso_day)]


def iso_moment(value: object) -> object:
    """A moment is an ISO 8601 string with its UTC offset (or, from Python, a `datetime`): pydantic's lax mode
    would read a JSON number such as 1764700000, or a string of digits, as seconds since 1970 and record a moment
    no one wrote, as `_iso_day` refuses for a date. A null reaches this only where the moment is required."""
    if isinstance(value, datetime) or (isinstance(value, str) and _MOMENT_TEXT.match(value.strip())):
        return value.strip() if isinstance(value, str) else value
    if value is None:
        raise ValueError('is required: a moment, ISO 8601 with its UTC offset, e.g. "2026-07-04T21:30:00-04:00"')
    raise ValueError(f"{_MOMENT_WANTED}; got {value!r}")


#: The earliest moment the API takes: the first of the fact years (interpretation G-2), as on the pages.
EARLIEST_MOMENT = datetime(FACT_YEARS[0], 1, 1, tzinfo=UTC)


def _in_fact_years(value: datetime) -> datetime:
    """A moment before the fact years is refused here, in the API's words; the bound is not given to pydantic
    (``Field(ge=…)``), which would publish it as ``ge`` in the OpenAPI document, a keyword clients ignore."""
    if value < EARLIEST_MOMENT:
        raise ValueError(f"must be on or after {EARLIEST_MOMENT.date().isoformat()} (the years a date may lie in: "
                         f"{FACT_YEARS[0]}-{FACT_YEARS[-1]}, interpretation G-2); got {value.isoformat()}")
    return value


#: A moment that has happened, in the years a date fact may lie in (interpretation G-2, as on the pages): the
#: service refuses one in the future or before the chapter (422 naming the field), so no upper bound here.
#: A JSON number or a string of digits is refused (`iso_moment`): pydantic would read it as seconds since 1970.
Moment = Annotated[AwareDatetime, BeforeValidator(iso_moment), AfterValidator(_in_fact_years),
                   Field(description=f"ISO 8601 with its UTC offset, e.g. 2026-07-04T21:30:00-04:00; from "
                                     f"{FACT_YEARS[0]}-01-01, not in the future")]


#: A record's number in a path (``/towns/{town}/applications/{id}``): named ``id`` in the OpenAPI schema and in a
#: refusal (``id: must be a whole number``), as the record's JSON names it, whatever the view's parameter is called.
RecordId = Annotated[int, Path(alias="id", description="the record's number: its `id` in the API's answers")]


def dollars(*, max_digits: int, more_than_zero: bool = False) -> Any:
    """US dollars given to the API, for a body's annotation: a decimal string (``"250.00"``) or a JSON number
    (``250``, ``250.5``), at most 2 decimal places and `max_digits` digits, 0 or more (more than 0 when
    `more_than_zero`: a bond, a fee payment). Read as a case file's and a web form's money is read
    (`law.units.READ_MONEY`, interpretation W-24): text with Python's grouping (``"1_0"``), a boolean, NaN or
    an infinity is 422 naming the field and what is allowed, never read as another number and stored."""
    bound = {"gt": 0} if more_than_zero else {"ge": 0}
    return Annotated[Decimal, Field(**bound, max_digits=max_digits, decimal_places=2,
                                    description="US dollars" + (", more than 0" if more_than_zero else "")),
                     READ_MONEY, BeforeValidator(_no_null_amount)]


def _no_null_amount(value: object) -> object:
    """JSON's null where an amount is required is told so (not "must be a decimal number"); an amount that
    may be left out (``… | None``) takes null as not given before this is reached."""
    if value is None:
        raise ValueError('is required: US dollars, a decimal string in whole cents such as "250.00" or a JSON '
                         "number such as 250")
    return value
