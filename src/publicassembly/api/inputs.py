"""The base of the API's request bodies."""

from __future__ import annotations

from ninja import Schema
from pydantic import ConfigDict


class BodyIn(Schema):
    """A request body whose fields are the schema's: a field it does not have is refused, 422 naming it
    ("is not a field here"), not dropped — a misspelt optional field (``"recipt"``) would otherwise be lost
    without a word, and the request still succeed."""

    model_config = ConfigDict(extra="forbid")
