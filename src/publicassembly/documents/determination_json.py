"""The JSON form of a determination (`publicassembly.law.determination.Determination.to_json`, what
``publicassembly check --format json`` and ``POST /api/v1/check`` give), read back: the report accepts it in
place of a case file, and a file edited by hand is refused naming the field rather than crashing the renderer.

`check_determination_json` validates the parts the report prints — a jurisdiction (`jurisdictions.names`) and
one of its subjects, dates (``YYYY-MM-DD``, 1778-2099), counts (whole numbers, 0 to 10^9), amounts (finite
numbers or numeric strings, 0 to 10^15), the law core's answers (true, false, "needs_review", null), findings
with a rule, a status of the law core (`publicassembly.law.core.Status`), a citation and a reason, a penalty's
fines in order and its classification in the law's words, deadlines named as the chapter names them
(`Jurisdiction.deadlines`) — and leaves any other key as it is; once its form is
accepted, the legal values it states are checked against the law core (`determination_law.against_the_law`,
interpretation G-9). A mapping with any key only a determination has (`keys_of_a_determination`) is one, for
`publicassembly report`."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from functools import cache
from typing import Annotated, Any, Literal, Self

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from publicassembly.law import jurisdictions
from publicassembly.law.cases import invalid_from
from publicassembly.law.core import Status
from publicassembly.law.errors import FactError, UnknownJurisdiction
from publicassembly.law.labels import DOLLAR_KEYS
from publicassembly.law.units import (
    MAX_MAGNITUDE,
    MAX_TEXT,
    CaseDate,
    Count,
    InvalidNumber,
    Number,
    Text,
    given,
    not_finite,
    to_decimal,
)

#: An amount (US dollars, square feet): a number or numeric string from 0 to 10^15.
Amount = Annotated[Number, Field(ge=Decimal(0), le=MAX_MAGNITUDE)]


def _finite_dollars(value: Any) -> Any:
    if not_finite(value):
        raise ValueError(f"must be a finite amount in US dollars (got {given(value)})")
    return value


def _finite_square_feet(value: Any) -> Any:
    if not_finite(value):
        raise ValueError(f"must be a finite number of square feet (got {given(value)})")
    return value


#: An amount in US dollars (a fine) and an area in square feet, each refusing infinity in its own words.
Dollars = Annotated[Amount, BeforeValidator(_finite_dollars)]
SquareFeet = Annotated[Amount, BeforeValidator(_finite_square_feet)]
StatusValue = Literal["met", "not_met", "missing", "not_applicable", "needs_review"]


def _answer(value: Any) -> Any:
    """An answer of the law core (``permit_required``, ``certificate_required``): true, false, "needs_review" or
    null, told in one sentence naming them all (not once for each kind, as pydantic checks a union)."""
    if value is None or isinstance(value, bool) or (isinstance(value, str) and value == "needs_review"):
        return value
    raise ValueError(f'must be true, false, "needs_review" or null (got {given(value)})')


Tristate = Annotated[bool | Literal["needs_review"] | None, BeforeValidator(_answer)]


class _Part(BaseModel):
    model_config = ConfigDict(extra="allow")  # keys the report does not print are left as they are


class _Finding(_Part):
    rule: Text
    status: StatusValue
    citation: Text
    reason: Text = ""
    values: dict[str, Any] = Field(default_factory=dict)


class _Deadline(_Part):
    date: CaseDate
    counted: Text = ""
    office_closed: Text | None = None
    act_by: CaseDate | None = None


class _Space(_Part):
    name: Text
    use_group: Text
    area_sq_ft: SquareFeet | None = None
    occupant_load: Count


class _Occupancy(_Part):
    spaces: list[_Space] = Field(default_factory=list)
    lawful_occupancy: Count | None = None
    overcrowded: bool | None = None


#: What an offense constitutes, in the law's words (Carmel ch. 31 penalties ¶ B; Mount Pleasant § 164-14).
Classification = Literal["violation", "misdemeanor"]


class _Penalty(_Part):
    offense_number: Count | None = None
    violations: Count | None = None
    min_fine: Dollars
    max_fine: Dollars
    max_jail_days: Count | None = None
    max_jail_months: Count | None = None
    classification: Classification | None = None
    citation: Text | None = None

    @model_validator(mode="after")
    def _range(self) -> Self:
        if self.min_fine > self.max_fine:
            raise FactError("min_fine", f"must be at most the max_fine, {given(self.max_fine)} (got "
                                        f"{given(self.min_fine)})")
        return self


class DeterminationJson(_Part):
    """The keys of `Determination.to_json` that the report prints."""

    jurisdiction: Text
    as_of: CaseDate
    subject: Text
    verdict: Text
    permit_required: Tristate = None
    certificate_required: Tristate = None
    exemption: dict[str, Any] | None = None
    requirements: dict[str, Any] | None = None
    occupancy: _Occupancy | None = None
    deadlines: dict[str, _Deadline] = Field(default_factory=dict)
    missing: list[Text] = Field(default_factory=list)
    findings: list[_Finding]
    penalty: _Penalty | None = None

    @field_validator("jurisdiction")
    @classmethod
    def _jurisdiction(cls, value: str) -> str:
        try:
            jurisdictions.get(value)
        except UnknownJurisdiction:
            raise ValueError(f"must be one of: {', '.join(jurisdictions.names())} (got {given(value)})") from None
        return value

    @field_validator("subject")
    @classmethod
    def _subject(cls, value: str, info: ValidationInfo) -> str:
        """A subject of the determination's jurisdiction (of any, when the jurisdiction is not known)."""
        try:
            jurisdiction = jurisdictions.get(str(info.data["jurisdiction"]))
            allowed, where = list(jurisdiction.subjects), f" of {jurisdiction.alias}"
        except (KeyError, UnknownJurisdiction):
            allowed = sorted({s for j in jurisdictions.all_jurisdictions() for s in j.subjects})
            where = ""
        if value not in allowed:
            raise ValueError(f"must be one of the subjects{where}: {', '.join(allowed)} (got {given(value)})")
        return value


assert set(StatusValue.__args__) == {s.value for s in Status}  # the law core's statuses, no other


def _requirement_problems(value: Any, where: str) -> list[str]:
    """What is wrong in a determination's ``requirements`` (their keys differ by chapter): an amount of
    `DOLLAR_KEYS` that is not one (0 to 10^15 US dollars), a negative or non-finite number, a text too long."""
    problems: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            at = f"{where}.{key}"
            if key in DOLLAR_KEYS and item is not None:
                try:
                    amount = to_decimal(item, at)
                except InvalidNumber as exc:
                    problems.append(f"{at}: {exc.problem}")
                    continue
                if amount < 0:
                    problems.append(f"{at}: an amount in US dollars cannot be negative (got {item})")
            else:
                problems += _requirement_problems(item, at)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            problems += _requirement_problems(item, f"{where}[{i}]")
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, int | float | Decimal):  # (a file's numbers with a fraction are read as Decimal)
        if not_finite(value) or value < 0 or value > MAX_MAGNITUDE:
            problems.append(f"{where}: must be a number from 0 to {MAX_MAGNITUDE:,} (got {value})")
    elif isinstance(value, str):
        if len(value) > MAX_TEXT:
            problems.append(f"{where}: at most {MAX_TEXT:,} characters (got {len(value):,})")
    else:
        problems.append(f"{where}: must be a number, text, true/false, a list or a mapping")
    return problems


def _deadline_name_problems(data: Mapping[str, Any]) -> list[str]:
    """The names of a determination's ``deadlines`` that its chapter does not set (`Jurisdiction.deadlines`: the
    law core's own), one line each naming ``deadlines.<name>`` and the names allowed; for a jurisdiction the file
    does not name right (refused itself), the names of every chapter (interpretation G-9)."""
    stated = data.get("deadlines")
    if not isinstance(stated, dict):
        return []
    try:
        j = jurisdictions.get(str(data.get("jurisdiction")))
        allowed, whose = j.deadlines, f"{j.alias} ({j.code.split(',')[0]})"
        if not allowed:
            whose = f"{j.alias}: {j.code.split(',')[0]} sets no deadline"
    except UnknownJurisdiction:
        allowed = tuple(dict.fromkeys(n for each in jurisdictions.all_jurisdictions() for n in each.deadlines))
        whose = "any chapter"
    shown = ", ".join(allowed) if allowed else 'none ("deadlines": {})'
    return [f"deadlines.{name}: is not a deadline of {whose}; allowed: {shown}"
            for name in stated if name not in allowed]


#: The keys a case file shares with a determination (`parse_case`'s envelope).
_ENVELOPE = frozenset({"jurisdiction", "subject", "as_of"})


@cache
def determination_keys() -> frozenset[str]:
    """The keys of a determination's JSON that no case has: `Determination.to_json`'s keys (``verdict``,
    ``findings``, ``requirements``, ``deadlines``, ``penalty`` …) less the envelope and every fact of every
    jurisdiction's subjects (none today; a fact so named later would not make a case a determination)."""
    facts = {name for j in jurisdictions.all_jurisdictions() for model in j.subjects.values()
             for name in model.model_fields}
    return frozenset(DeterminationJson.model_fields) - _ENVELOPE - facts


#: The keys that most plainly make a determination, named first when the report says why it read one.
_TELLING = ("verdict", "findings", "requirements", "deadlines", "missing", "penalty")


def keys_of_a_determination(data: Mapping[Any, Any]) -> list[str]:
    """The keys of `data` that only a determination has (empty for a case), the plainest first: `publicassembly
    report` reads a mapping with any of them as a determination, not a case."""
    keys = [key for key in DeterminationJson.model_fields if key in determination_keys() and key in data]
    return sorted(keys, key=lambda k: _TELLING.index(k) if k in _TELLING else len(_TELLING))


def lacking(data: Mapping[Any, Any]) -> list[str]:
    """The keys a determination must have (``verdict``, ``findings`` …) that `data` lacks."""
    return [key for key, info in DeterminationJson.model_fields.items() if info.is_required() and key not in data]


def check_determination_json(data: object) -> dict[str, Any]:
    """`data` itself when it is a determination's JSON object the report can print and the legal values it states
    are the law's for the facts it states. Raises ValueError with one line per problem, each naming its field
    (``findings[0].status: is required``, ``verdict: is required in a determination``,
    ``occupancy.lawful_occupancy: the file states 99,999; the law gives 540 (…)``)."""
    if not isinstance(data, dict):
        raise ValueError(f"determination: expected a JSON object (Determination.to_json()), got "
                         f"{given(data)}")
    problems: list[str] = []
    try:
        DeterminationJson.model_validate(data)
    except ValidationError as exc:
        for field, message in invalid_from(exc, model=DeterminationJson).errors:
            if field in DeterminationJson.model_fields and field not in data:
                message = "is required in a determination"
            problems.append(f"{field}: {message}")
    problems += _requirement_problems(data.get("requirements"), "requirements")
    problems += _deadline_name_problems(data)
    if not problems:  # (its form accepted: the values it states, against the law core)
        from publicassembly.documents.determination_law import against_the_law

        problems = against_the_law(data)
    if problems:
        raise ValueError("\n".join(problems))
    return data
