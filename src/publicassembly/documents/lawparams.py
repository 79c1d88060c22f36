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
CARMEL = "carmel-ny"
_PACKAGES = {MOUNT_PLEASANT: "publicassembly.law.jurisdictions.us_ny_mount_pleasant",
             CARMEL: "publicassembly.law.jurisdictions.us_ny_carmel"}

#: The parameters of the sign's form, Mount Pleasant § 164-9.
SIGN_PARAMETERS = ("signs.letter_height_in", "signs.letter_width_in", "signs.lettering_colour",
                   "signs.background_colour", "signs.letter_weight")


class LawNotAvailable(RuntimeError):
    """The law core does not provide a value or rule a document needs (named in the message)."""


class LawNotInForce(LawNotAvailable):
    """The date asked for precedes the law a document states (the law core's `ParameterNotInForce`): bad input,
    not a failure of the law core. ``as_of`` the date asked; ``first`` the day the law took effect (or None)."""

    def __init__(self, what: str, as_of: date, first: object | None) -> None:
        self.as_of, self.first = as_of, first
        if first is None:
            super().__init__(f"{what} was not in force on {as_of.isoformat()}")
        else:  # (the earliest date the chapter's text gives, not a day known as its start: M-1, C-2)
            super().__init__(f"{what} is applied from {first}, the earliest date its text gives: {as_of.isoformat()} "
                             "is before it")


def _not_in_force(exc: BaseException, what: str, as_of: date) -> None:
    """Raise `LawNotInForce` when `exc` (or its cause) is the law core's `ParameterNotInForce`."""
    from publicassembly.law.errors import ParameterNotInForce

    cause: BaseException | None = exc
    while cause is not None and not isinstance(cause, ParameterNotInForce):
        cause = cause.__cause__
    if isinstance(cause, ParameterNotInForce):
        raise LawNotInForce(what, as_of, cause.first) from exc


def _values(jurisdiction: str, as_of: date) -> Any:
    import importlib

    from publicassembly.law import jurisdictions

    try:
        return jurisdictions.get(jurisdiction).parameters.at(as_of)
    except Exception as exc:  # the registry fails while another town's package is unfinished
        try:  # the town's own package, directly
            return importlib.import_module(_PACKAGES[jurisdiction]).JURISDICTION.parameters.at(as_of)
        except Exception:
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

    Raises `LawNotInForce` before § 164-9 took effect, else `LawNotAvailable` naming the parameter that is
    missing."""
    values = _values(MOUNT_PLEASANT, as_of)
    got: dict[str, Any] = {}
    for name in SIGN_PARAMETERS:
        try:
            got[name] = values[name]
        except Exception as exc:
            _not_in_force(exc, "Mount Pleasant Code § 164-9 (the occupancy sign)", as_of)
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


def court_name(as_of: date, jurisdiction: str = MOUNT_PLEASANT) -> str | None:
    """The court a summons is returnable in (Mount Pleasant § 164-12; Carmel, whose ch. 31 names none: its
    parameter, interpretation W-2), when the jurisdiction's parameters name it: the parameter
    ``enforcement.court``, else the first whose name mentions ``court`` and whose value is text. None when
    there is none."""
    try:
        values = _values(jurisdiction, as_of)
    except LawNotAvailable:
        return None
    names = ["enforcement.court", *sorted(n for n in values if n != "enforcement.court")]
    for name in names:
        if "court" in name.lower() and name in values:
            try:
                value = values[name]
            except Exception:
                continue
            if isinstance(value, str) and value.strip():
                return value.strip()
    return None


def open_air_occupant_load(area_sq_ft: Decimal, as_of: date) -> tuple[int, str]:
    """The occupant load (persons) of an unenclosed open-air area of `area_sq_ft` square feet under Mount
    Pleasant § 164-8, and the citation, from the Mount Pleasant package's `occupant_load_of_space` (use group
    ``open_air``) under the values in force on `as_of`.

    Raises `LawNotInForce` before the chapter took effect, `LawNotAvailable` when the law core cannot give it,
    ValueError for a negative area."""
    values = _values(MOUNT_PLEASANT, as_of)
    try:
        from publicassembly.law.jurisdictions.us_ny_mount_pleasant import occupant_load_of_space
    except ImportError as exc:
        raise LawNotAvailable(f"the Mount Pleasant package has no occupant_load_of_space: {exc}") from exc
    try:
        persons = occupant_load_of_space("open_air", area_sq_ft, None, values)
    except Exception as exc:
        _not_in_force(exc, "Mount Pleasant Code § 164-8 (the occupant load of an open-air area)", as_of)
        raise
    try:
        citation = values.cite("occupancy.floor_area_per_occupant.open_air")
    except Exception:
        citation = "Mount Pleasant Code § 164-8"
    return persons, citation
