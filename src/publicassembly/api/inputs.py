"""What the API's request bodies are made of: their base (unknown fields refused) and the API's own types."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated, Any

from ninja import Path, Schema
from pydantic import BeforeValidator, ConfigDict, Field

from publicassembly.law.units import READ_MONEY


class BodyIn(Schema):
    """A request body whose fields are the schema's: a field it does not have is refused, 422 naming it
    ("is not a field here"), not dropped — a misspelt optional field (``"recipt"``) would otherwise be lost
    without a word, and the request still succeed."""

    model_config = ConfigDict(extra="forbid")


def _iso_day(value: object) -> object:
    """A date is a ``YYYY-MM-DD`` string (or, from Python, a `date`): pydantic's lax mode would read a JSON number
    such as 20261127 as seconds since 1970. The service checks its range and that it is not in the future. A null
    reaches this only where the date is required (a field ``Day | None`` takes it as no date)."""
    if isinstance(value, date) or (isinstance(value, str) and len(value.strip()) == 10):
        return value
    if value is None:  # (JSON's null, where a date is required: told so, not "got None")
        raise ValueError("is required: a date, a string YYYY-MM-DD, e.g. \"2026-07-04\"")
    raise ValueError(f"a date is a string YYYY-MM-DD, e.g. \"2026-07-04\"; got {value!r}")


#: A date given to the API: ``YYYY-MM-DD`` (a JSON string), never a number.
Day = Annotated[date, BeforeValidator(_iso_day)]


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
