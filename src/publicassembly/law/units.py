"""Exact quantities: areas in square feet, money in US dollars (whole cents), persons as integers."""

from __future__ import annotations

import math
import unicodedata
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from fractions import Fraction
from typing import Annotated, Literal, cast

from pydantic import AfterValidator, BeforeValidator, Field, PlainSerializer

from publicassembly.law.dates import KNOWN_YEARS
from publicassembly.law.messages import Message, _, join

#: One square foot is exactly 0.09290304 square metres (international foot, 0.3048 m, squared).
SQUARE_METRES_PER_SQUARE_FOOT = Decimal("0.09290304")

#: Input limits (not law: sanity bounds of the facts a case may state, so that an absurd number is refused with
#: a clear message instead of computed into a meaningless answer). No room or site reaches ten billion square
#: feet (about 360 square miles); no assembly a billion persons.
MAX_AREA_SQ_FT = Decimal(10) ** 10
MAX_COUNT = 10**9
#: The longest free text a fact may be (names, addresses, descriptions, hours written out): 2,000 characters,
#: about a page. An input bound, not law (interpretation register, "Input bounds"): a petition's statements
#: are attached documents, the case holds their summary.
MAX_TEXT = 2000
#: The most items a list of a case may hold (properties, directors and officers, sound devices, rooms and areas,
#: signs, connected spaces): 1,000. An input bound, not law (interpretation G-4): without it a request of a few
#: hundred kilobytes listing hundreds of thousands of empty items kept a server worker busy past its timeout,
#: naming each item's missing facts.
MAX_ITEMS = 1000


class InvalidNumber(ValueError):
    """A number, area or amount that breaks the law core's input rules: ``field`` names it, ``problem`` says
    what is wrong without naming it (a `Message`, so a page can translate it and put it beside the field); the
    text of the error is ``"<field>: <problem>"``."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(_("{field}: {problem}", field=field, problem=problem))


#: The largest magnitude `to_decimal` accepts (a quadrillion).
MAX_MAGNITUDE = Decimal(10) ** 15
#: The most decimal places `to_decimal` accepts: no measure needs more, and a number such as ``1e-999999999``
#: would make the exact arithmetic that follows carry a billion digits (minutes of CPU on one request).
MAX_PLACES = 20

AreaUnit = Literal["sq_ft", "sq_m"]
AREA_UNITS: tuple[str, ...] = ("sq_ft", "sq_m")


def to_decimal(value: object, field: str = "value") -> Decimal:
    """An exact Decimal from an int, a Decimal, a numeric string (digits, a point, an exponent; no "_" groups),
    or a float (via its shortest repr).

    Raises `InvalidNumber` naming `field` when the value is not a finite number, is larger in magnitude than
    10^15 (`MAX_MAGNITUDE`) or has more than 20 decimal places (`MAX_PLACES`)."""
    kind = type(value)
    if kind is Decimal or kind is int:  # the usual cases (validated facts, parameter values), taken as they are
        return _bounded(value if isinstance(value, Decimal) else Decimal(cast(int, value)), value, field)
    if isinstance(value, Decimal):  # a `WrittenNumber`: its value, quoted as written
        return _bounded(Decimal(value), value, field)
    if isinstance(value, bool | list | tuple | set | dict):  # (true, a list, a mapping: said as such, `given`)
        raise InvalidNumber(field, _("expected a number, got {value}", value=given(value)))
    try:
        if isinstance(value, float):
            if not math.isfinite(value):
                raise InvalidNumber(field, _("must be a finite number, got {value!r}",
                                   value=value))
            result = Decimal(repr(value))
        elif isinstance(value, Fraction):
            result = Decimal(value.numerator) / Decimal(value.denominator)
        else:
            text = str(value).strip()
            if "_" in text:  # Python's grouping ("1_000") is not a way people write numbers: refused as such
                raise InvalidOperation
            result = Decimal(text)
    except InvalidOperation:
        raise InvalidNumber(field, _("expected a number, got {value!r}", value=value)) from None
    return _bounded(result, value, field)


def _bounded(result: Decimal, value: object, field: str) -> Decimal:
    """`result` (read from `value`) when finite and at most `MAX_MAGNITUDE`, a zero without its sign (``-0.0``
    is 0: no quantity of the law is a negative zero, and none is shown as one); else `InvalidNumber` quoting
    `value` as written (`as_written`)."""
    if not result.is_finite():
        raise InvalidNumber(field, _("must be a finite number, got {value!r}", value=as_written(value)))
    if result.copy_abs() > MAX_MAGNITUDE:  # (copy_abs: no context, so 1e1000000 does not overflow it)
        try:
            shown = as_written(value)[:40]
        except ValueError:  # an integer of more digits than Python writes (sys.get_int_max_str_digits)
            shown = f"{str(result)[:40]}..."
        raise NumberTooLarge(field, _("{value!r} is too large (at most {most:,})", value=shown,
                                      most=MAX_MAGNITUDE), shown)
    exponent = result.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -MAX_PLACES and result != result.to_integral_value():
        raise InvalidNumber(field, _("{value!r} has more than {places} decimal places; give at most {places}",
                                     value=as_written(value)[:40], places=MAX_PLACES))
    if result.is_signed() and result.is_zero():
        return result.copy_abs()
    return result


class NumberTooLarge(InvalidNumber):
    """A number beyond `MAX_MAGNITUDE`, which `to_decimal` reads for no quantity; ``shown``: the value as written
    (its first 40 characters), so that a quantity with a bound of its own (an area) says its own bound."""

    def __init__(self, field: str, problem: str, shown: str) -> None:
        super().__init__(field, problem)
        self.shown = shown


def read_alike(text: str) -> str:
    """`text` as a reader sees it, for telling whether two texts say the same: letter case, the spaces around
    and between its words, how its letters are encoded or which form of them is written (Unicode NFKC: "Café"
    with a composed é or with e and a combining accent, full-width "Ｈａｌｌ" or "Hall", a superscript "²" or
    "2") and the characters that show nothing (Unicode's format characters, category Cf: a zero-width space, a
    soft hyphen, a byte-order mark, a word joiner) not counted. Interpretation M-30; pure."""
    shown = unicodedata.normalize("NFKC", text)
    if not shown.isascii():
        shown = "".join(ch for ch in shown if unicodedata.category(ch) != "Cf")
    return " ".join(shown.split()).casefold()


def area_too_large(shown: str, unit: str | None = None) -> Message:
    """What an area beyond the number reader's bound (`NumberTooLarge`, `shown` as written) is told: the area's
    own bound, `MAX_AREA_SQ_FT`, not the reader's 10^15, with its `unit` when known (a form's field is read
    before its unit); a negative one that an area cannot be negative."""
    if shown.lstrip().startswith("-"):
        return _("an area cannot be negative (got {amount})", amount=shown)
    if unit is None:
        return _("{amount} is larger than any room or site (at most {most:,} sq ft)", amount=shown,
                 most=MAX_AREA_SQ_FT)
    return _("{amount} {unit} is larger than any room or site (at most {most:,} sq ft)", amount=shown, unit=unit,
             most=MAX_AREA_SQ_FT)


def area_sq_ft(value: object, unit: str = "sq_ft", field: str = "area") -> Decimal:
    """An area in square feet (Decimal, exact) from a value in `unit` (``sq_ft`` or ``sq_m``).

    Square metres are divided by the exact factor 0.09290304. Raises `InvalidNumber` naming `field` when the
    value is negative, not a finite number or more than ten billion square feet (`MAX_AREA_SQ_FT`), or the unit
    is not one of ``sq_ft``, ``sq_m``."""
    try:
        amount = to_decimal(value, field)
    except NumberTooLarge as exc:  # (told the area's own bound, not the reader's: a trial followed the larger one)
        if unit not in AREA_UNITS:
            raise
        raise InvalidNumber(field, area_too_large(exc.shown, unit)) from None
    if amount < 0:
        raise InvalidNumber(field, _("an area cannot be negative (got {amount})", amount=as_written(value)))
    if unit in ("sq_ft", "sq_m"):
        sq_ft = amount if unit == "sq_ft" else amount / SQUARE_METRES_PER_SQUARE_FOOT
        if sq_ft > MAX_AREA_SQ_FT:
            raise InvalidNumber(field, _("{amount} {unit} is larger than any room or site (at most "
                               "{most:,} sq ft)", amount=f"{amount:,f}", unit=unit,
                               most=MAX_AREA_SQ_FT))
        return sq_ft
    raise InvalidNumber(field, _("unknown area unit {unit!r}; allowed: {allowed}", unit=unit,
                       allowed=join(AREA_UNITS)))


def persons_per_area(area: Decimal | Fraction | int, area_per_person: Decimal | int) -> int:
    """Whole persons that fit in `area` at `area_per_person` each, rounded down (exact; no float)."""
    return math.floor(Fraction(Decimal(area)) / Fraction(Decimal(area_per_person))) if not isinstance(
        area, Fraction) else math.floor(area / Fraction(Decimal(area_per_person)))


def ceil_div(persons: int, per: int) -> int:
    """``ceil(persons / per)`` on integers: e.g. one toilet per 75 persons, 76 persons → 2."""
    if per <= 0:
        raise ValueError(_("divisor must be positive"))
    return -(-persons // per)


_CENT = Decimal("0.01")
_MAX_WHOLE = int(MAX_MAGNITUDE)


#: Whole-dollar amounts as `dollars` gives them, made once each (the law's parameters: a handful of amounts,
#: each read several times per determination; a Decimal made from an int and quantized costs about 2.5 k
#: instructions). At most `_MAX_WHOLE_DOLLARS` are kept; Decimals are immutable, so one may be shared.
_WHOLE_DOLLARS: dict[int, Decimal] = {}
_MAX_WHOLE_DOLLARS = 1024


def dollars(value: object, field: str = "amount") -> Decimal:
    """A money amount in US dollars, exact to the cent. Raises `InvalidNumber` naming `field` when not a finite
    number or when it has fractions of a cent."""
    if type(value) is int and -_MAX_WHOLE <= value <= _MAX_WHOLE:  # whole dollars (most amounts of the law)
        made = _WHOLE_DOLLARS.get(value)
        if made is None:
            made = Decimal(value).quantize(_CENT)
            if len(_WHOLE_DOLLARS) < _MAX_WHOLE_DOLLARS:
                _WHOLE_DOLLARS[value] = made
        return made
    amount = to_decimal(value, field)
    if amount != amount.quantize(_CENT, rounding=ROUND_HALF_UP):
        raise InvalidNumber(field, _("money is in whole cents (got {amount})", amount=as_written(value)))
    return amount.quantize(_CENT)


# --- The shared types of the facts of every chapter (pydantic annotated types) -------------------------------
#
# Each refuses a bad value with a law-core `Message` (a ``ValueError`` whose argument is the message), so that
# `cases.invalid_from` reports it under the field's own name and a page can translate it.


def _grouped(value: object) -> bool:
    """Whether `value` is text holding Python's digit grouping (``"1_000"``), which pydantic would read as
    1000: not a way people write numbers (`to_decimal` refuses it too), and in a YAML case file the trace of a
    YAML 1.1 number (interpretation G-7)."""
    return isinstance(value, str) and "_" in value


def not_finite(value: object) -> bool:
    """Whether `value` is infinity or not-a-number: a float or Decimal (YAML's ``.inf``, ``.nan``), or text that
    reads as one (``"Infinity"``, ``"nan"``, which pydantic reads as a Decimal)."""
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, Decimal):
        return not value.is_finite()
    if isinstance(value, str) and len(value) <= 20:
        try:
            return not Decimal(value).is_finite()
        except InvalidOperation:
            return False
    return False


class WrittenNumber(Decimal):
    """A number read exactly from a file (a JSON or YAML number with a point or an exponent, ``1e999``,
    ``1.50``) that keeps the text it was written as: its value is the Decimal's, and its text (`str`) the
    file's, so that a refusal quoting it (`given`, `to_decimal`) quotes what the person wrote, not Decimal's
    normal form (``1E+999``). Arithmetic on it gives plain Decimals, and pydantic reads it as one."""

    written: str

    def __new__(cls, text: str, written: str | None = None) -> WrittenNumber:
        self = super().__new__(cls, text)
        self.written = text if written is None else written
        return self

    def __str__(self) -> str:
        return self.written

    def __format__(self, spec: str, context: Context | None = None, /) -> str:
        # (f"{number}" as `str`; a format of its own, f"{number:,}", as a Decimal's)
        if not spec:
            return self.written
        return super().__format__(spec) if context is None else super().__format__(spec, context)


def as_written(value: object) -> str:
    """A number as a message quotes it: a `WrittenNumber` as its file wrote it (``1e999``); a Decimal whose text
    was not kept in plain digits while they are few (``1E+3`` → ``1000``, ``1.50``; its first digit at most 20
    places from the point), else in e-notation as people write it (``1e999``, ``-2.5e-40``) — never Decimal's normal form with its upper-case ``E+``; anything
    else by `str` (text stripped of surrounding spaces)."""
    if type(value) is Decimal:
        if value.is_finite() and -20 <= value.adjusted() <= 20:
            return f"{value:f}"
        return f"{value:e}".replace("e+", "e")
    return str(value).strip() if isinstance(value, str) else str(value)


def given(value: object) -> str:
    """What a case gave, as its error repeats it: a short value as written (text in quotes, a number as
    `as_written`, at most 40 characters), a list or mapping by its kind, JSON's words for true, false and
    null."""
    if isinstance(value, list | tuple | set | frozenset):  # (a YAML !!set is a collection too)
        return _("a list")
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    text = repr(value) if isinstance(value, str) else as_written(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _whole_number(value: object) -> object:
    """Refuse a boolean where a whole number is expected (pydantic's lax mode would read ``true`` as 1), an
    infinity or not-a-number, and text with Python's grouping (``"1_000"``); other numeric strings, as web forms
    send them, pass on to pydantic's own parsing."""
    if type(value) is int:  # (the usual value, and never one of those refused)
        return value
    if isinstance(value, bool):
        raise ValueError(_("expected a whole number, got {value}", value=given(value)))
    if _grouped(value):
        raise ValueError(_("must be a whole number written without '_' (got {value!r})", value=str(value)[:40]))
    if isinstance(value, float | Decimal) and not_finite(value):
        raise ValueError(_("must be a whole number (got {value})", value=given(value)))
    return value


def _number(value: object) -> object:
    """Refuse a boolean where a number (money, an area, decibels) is expected, and text with Python's grouping
    (``"1_000.5"``). (An infinity is refused by pydantic, as not a finite number.)"""
    if isinstance(value, bool):
        raise ValueError(_("expected a number, got {value}", value=given(value)))
    if _grouped(value):
        raise ValueError(_("must be a number written without '_' (got {value!r})", value=str(value)[:40]))
    return value


def _money(value: object) -> object:
    """`_number`, and an infinity or not-a-number refused in the words of money."""
    if type(value) is int:  # (whole dollars, the usual value, and never one of those refused)
        return value
    if not_finite(value):
        raise ValueError(_("must be a finite amount in US dollars (got {value})", value=given(value)))
    return _number(value)


def _decibels(value: object) -> object:
    """`_number`, and an infinity or not-a-number refused in the words of a sound level."""
    if not_finite(value):
        raise ValueError(_("must be a finite number of decibels (got {value})", value=given(value)))
    return _number(value)


#: The years a date fact may lie in: the years whose public holidays are known (`dates.KNOWN_YEARS`, 1777-2100)
#: less one at each end, so that every period the chapters count from a fact (at most 60 days before it or 30
#: days after it) stays within the known years (interpretation G-2).
FACT_YEARS = (KNOWN_YEARS[0] + 1, KNOWN_YEARS[1] - 1)


def known_date(value: date) -> date:
    """`value` when it lies in `FACT_YEARS` (1778-2099, interpretation G-2); else ``ValueError`` with a
    `Message` saying which dates are allowed. Every date fact and a case's ``as_of`` pass here, so a date legal
    time cannot be counted from is refused when the facts are validated, not later when a deadline is
    computed."""
    first, last = FACT_YEARS
    if not first <= value.year <= last:
        raise ValueError(_("must be a date from {first} to {last} (so that the periods counted from it stay in "
                           "the years whose public holidays, GCL § 24, are known); got {value}",
                           first=date(first, 1, 1).isoformat(), last=date(last, 12, 31).isoformat(),
                           value=value.isoformat()))
    return value


#: A whole number, not a boolean (e.g. a story, which may be negative for a basement).
WholeNumber = Annotated[int, BeforeValidator(_whole_number)]


def whole_number(ge: int, le: int) -> object:
    """`WholeNumber` from `ge` to `le` (both included), for a model's annotation: the bounds given before the
    validator, so that pydantic checks them in its compiled core and writes them into the JSON Schema as
    ``minimum``/``maximum`` (bounds added after a validator appear as ``ge``/``le``, which JSON Schema does not
    know and validators ignore)."""
    return Annotated[int, Field(ge=ge, le=le), BeforeValidator(_whole_number)]


#: A count of persons, vehicles, days, toilets or the like: a whole number from 0 to a billion (`MAX_COUNT`).
#: (The bounds come before the validator so that pydantic checks them with the number, in its compiled core;
#: after it they would be checked by Python functions, with the same errors, about twice as slowly.)
Count = Annotated[int, Field(ge=0, le=MAX_COUNT), BeforeValidator(_whole_number)]
#: A person's age in years: 0 to 130 (an input bound, not law: no one is older; the web petition asks the same).
Age = Annotated[int, Field(ge=0, le=130), BeforeValidator(_whole_number)]
#: A count that is at least 1 (e.g. days of continued violation, sound devices of a type).
PositiveCount = Annotated[int, Field(ge=1, le=MAX_COUNT), BeforeValidator(_whole_number)]
#: The law core's reading of a number given as text or a JSON number, for a model's own annotated type (the API's
#: bodies: a fee payment, a bond, a floor area), so that it takes what a case file and a web form take and refuses
#: what they refuse, in their words: a boolean, Python's grouping ``"1_0"`` (interpretation W-24). Infinity and
#: not-a-number are refused by pydantic's own reading of a Decimal.
READ_NUMBER = BeforeValidator(_number)
#: `READ_NUMBER` for money: an infinity or not-a-number refused in the words of money too (`Money`'s reading).
READ_MONEY = BeforeValidator(_money)


def money_json(amount: Decimal) -> str:
    """A money amount's JSON form: a decimal string in whole cents, whatever form it was given in (``10``,
    ``10.0``, ``"10"``, ``"1e1"`` → ``"10.00"``; ``-0`` → ``"0.00"``), as the API writes records' money; the
    facts stored as JSON (a petition's ``admission_fee``) thus read back as they were stored, exact."""
    cents = amount.quantize(Decimal("0.01"))
    return f"{cents.copy_abs() if cents.is_zero() else cents:f}"


#: The digits of a money amount, cents included: below a trillion dollars (an input bound, not law).
MONEY_DIGITS = 14
#: A money amount in US dollars: non-negative, whole cents, below a trillion (an input bound, not law). Exact (a
#: Decimal) in Python; in JSON a decimal string in whole cents (`money_json`).
Money = Annotated[Decimal, Field(ge=0, lt=10**(MONEY_DIGITS - 2), decimal_places=2), READ_MONEY,
                  PlainSerializer(money_json, return_type=str, when_used="json")]
#: A non-negative decimal number (e.g. decibels, an area before its unit is applied), not a boolean.
Number = Annotated[Decimal, READ_NUMBER]
#: The loudest sound level a fact may state, in decibels (an input bound, not law; no sound reaches it).
MAX_DECIBELS = 1000
#: A sound level in decibels: 0 to `MAX_DECIBELS`.
Decibels = Annotated[Decimal, Field(ge=0, le=MAX_DECIBELS), BeforeValidator(_decibels)]
#: The bidirectional classes of the controls that embed, override or isolate a direction (U+202A-U+202E,
#: U+2066-U+2069): they turn around the text shown after them.
DIRECTION_CONTROLS = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
#: A text without control characters (`controls`), as a pattern pydantic checks in its compiled core (a Python
#: validator on every text would cost about a quarter of the time of reading a case): the C0 and C1 controls
#: and DEL that are not whitespace, and the direction controls.
NO_CONTROLS = r"^[^\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f\u202a-\u202e\u2066-\u2069]*$"
#: The most control characters a refusal names (then "…").
MAX_CONTROLS_NAMED = 10


def controls(text: str) -> list[str]:
    """The control characters of `text`, each once, in the order of the text: the C0 and C1 controls and DEL
    (general category Cc) other than whitespace (a tab, a line break: printed as a space), and the direction
    controls (`DIRECTION_CONTROLS`) — the characters interpretation G-6 names "controls" that the documents
    cannot print, and that `NO_CONTROLS` refuses."""
    if text.isprintable():  # (the usual case, in C: letters, digits, punctuation, symbols and spaces)
        return []
    return list(dict.fromkeys(ch for ch in text if not ch.isspace() and (
        unicodedata.category(ch) == "Cc" or unicodedata.bidirectional(ch) in DIRECTION_CONTROLS)))


def controls_refused(found: list[str]) -> Message:
    """What a text holding the control characters `found` is told (interpretation G-6): them by their code
    points, never the characters themselves, which would act on the terminal or page showing the refusal."""
    named = ", ".join(f"U+{ord(ch):04X}" for ch in found[:MAX_CONTROLS_NAMED])
    return _("must be text without control characters (it holds {characters}, which no document prints and "
             "which would act on the screen showing them)",
             characters=named + (", …" if len(found) > MAX_CONTROLS_NAMED else ""))


#: Free text of a fact (a name, an address, a description): at most `MAX_TEXT` characters, without control
#: characters (`NO_CONTROLS`; refused in the words of `controls_refused`, `cases.invalid_from`).
Text = Annotated[str, Field(max_length=MAX_TEXT, pattern=NO_CONTROLS)]
#: Free text that must not be empty (e.g. the name of a room): 1 to `MAX_TEXT` characters, without control
#: characters.
Name = Annotated[str, Field(min_length=1, max_length=MAX_TEXT, pattern=NO_CONTROLS)]
#: A date fact: an ISO date (``YYYY-MM-DD``) in the years 1778-2099 (`known_date`).
CaseDate = Annotated[date, AfterValidator(known_date)]


class Happened:
    """The mark of a date fact that records something that has happened (a filing, an approval, a certificate
    issued, an inspection, a violation): a case evaluated as of a day cannot state it after that day
    (`cases.not_after_as_of`, interpretation G-10). Only its presence in a date type's `Annotated` metadata
    counts; pydantic ignores it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "HAPPENED"


#: The one `Happened` mark (`HappenedDate`).
HAPPENED = Happened()
#: A date fact that records something that has happened: a `CaseDate` (1778-2099) that a case evaluated as of a
#: day may not state after that day (`cases.not_after_as_of`, interpretation G-10). A date of something planned
#: (the assembly's days, the day set for a hearing) is a plain `CaseDate`.
HappenedDate = Annotated[date, AfterValidator(known_date), HAPPENED]
