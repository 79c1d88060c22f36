"""What the API's request bodies are made of: their base (unknown fields refused) and the API's own types."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from ninja import Path, Schema
from pydantic import BeforeValidator, ConfigDict


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
