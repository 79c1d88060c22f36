"""What the documents read from the law core: the sign's prescribed form (Mount Pleasant § 164-9), the court a
summons is returnable in (§ 164-12), and the occupant load of an open-air area (§ 164-8).

The documents never restate a number of the law: they ask the jurisdiction's parameters or rules, and fail
loudly (`LawNotAvailable`) when the law core does not (yet) provide what they need.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

MOUNT_PLEASANT = "mount-pleasant-ny"

#: The parameters of the sign's form, Mount Pleasant § 164-9.
SIGN_PARAMETERS = ("signs.letter_height_in", "signs.letter_width_in", "signs.lettering_colour",
                   "signs.background_colour", "signs.letter_weight")


class LawNotAvailable(RuntimeError):
    """The law core does not provide a value or rule a document needs (named in the message)."""


def _values(jurisdiction: str, as_of: date) -> Any:
    from publicassembly.law import jurisdictions

    try:
        return jurisdictions.get(jurisdiction).parameters.at(as_of)
    except Exception as exc:  # an unfinished or missing jurisdiction package
        raise LawNotAvailable(f"the parameters of {jurisdiction} cannot be read: {exc}") from exc


@dataclass(frozen=True)
class SignSpec:
    """The prescribed form of an occupancy sign: letters ``letter_height_in`` high and ``letter_width_in``
    wide (inches, Decimal), ``lettering_colour`` on ``background_colour`` (colour names), ``letter_weight``
    (``bold``), and ``citation``."""

    letter_height_in: Decimal
    letter_width_in: Decimal
    lettering_colour: str
    background_colour: str
    letter_weight: str
    citation: str


def sign_spec(as_of: date) -> SignSpec:
    """The sign's form in force on `as_of`, from the Mount Pleasant parameters ``signs.*`` (§ 164-9).

    Raises `LawNotAvailable` naming the parameter that is missing."""
    values = _values(MOUNT_PLEASANT, as_of)
    got: dict[str, Any] = {}
    for name in SIGN_PARAMETERS:
        try:
            got[name] = values[name]
        except Exception as exc:
            raise LawNotAvailable(f"Mount Pleasant parameter {name!r} (§ 164-9) is not available on "
                                  f"{as_of}: {exc}") from exc
    try:
        citation = values.cite("signs.letter_height_in")
    except Exception:
        citation = "Mount Pleasant Code § 164-9"
    return SignSpec(
        letter_height_in=Decimal(str(got["signs.letter_height_in"])),
        letter_width_in=Decimal(str(got["signs.letter_width_in"])),
        lettering_colour=str(got["signs.lettering_colour"]),
        background_colour=str(got["signs.background_colour"]),
        letter_weight=str(got["signs.letter_weight"]),
        citation=citation,
    )


def court_name(as_of: date) -> str | None:
    """The court a summons is returnable in (Mount Pleasant § 164-12), when the parameters name it: the first
    parameter whose name mentions ``court`` and whose value is text. None when there is none."""
    try:
        values = _values(MOUNT_PLEASANT, as_of)
    except LawNotAvailable:
        return None
    for name in sorted(values):
        if "court" in name.lower():
            try:
                value = values[name]
            except Exception:
                continue
            if isinstance(value, str) and value.strip():
                return value.strip()
    return None


def open_air_occupant_load(area_sq_ft: Decimal, as_of: date) -> tuple[int, str]:
    """The occupant load (persons) of an unenclosed open-air area of `area_sq_ft` square feet under Mount
    Pleasant § 164-8, and the citation, by evaluating a venue case with one ``open_air`` space in the law core.

    Raises `LawNotAvailable` when the law core cannot evaluate it."""
    from publicassembly.law import evaluate

    case = {"jurisdiction": MOUNT_PLEASANT, "subject": "venue",
            "spaces": [{"name": "site", "use_group": "open_air", "area_sq_ft": str(area_sq_ft)}]}
    try:
        determination = evaluate(case, as_of=as_of)
    except Exception as exc:
        raise LawNotAvailable(f"the law core cannot evaluate an open-air area: {exc}") from exc
    if determination.occupancy is None or not determination.occupancy.spaces:
        raise LawNotAvailable("the law core gave no occupancy for an open-air area")
    citation = "Mount Pleasant Code § 164-8"
    for finding in determination.findings:
        if "164-8" in finding.citation:
            citation = finding.citation
            break
    return determination.occupancy.spaces[0].occupant_load, citation
