"""Export of permits and inspections in the Building and Land Development Specification (BLDS, permitdata.org):
the core Permits dataset and the Inspections dataset, as CSV and JSON.

Fields: the required and recommended fields of each dataset (BLDS core permits: PermitNum, Description,
AppliedDate, IssuedDate, CompletedDate, StatusCurrent, OriginalAddress1/2, OriginalCity, OriginalState,
OriginalZip; recommended Jurisdiction, PermitClass(Mapped), StatusCurrentMapped, WorkClass(Mapped),
PermitType(Mapped), PermitTypeDesc, StatusDate, TotalSqFt, Link, Latitude, Longitude, EstProjectCost,
HousingUnits, PIN, Contractor*), plus the optional ExpiresDate, Publisher, Fee and ExtraFields (a JSON object
holding the event's own fields: maximum persons, bond, cleanup deadline, lawful occupancy ...).
Each workflow status is mapped to a BLDS ``StatusCurrentMapped`` value (docs/interpretations.md, D-4).
BLDS types each date TEXT (YYYY-MM-DD) and each number INTEGER or a number: in JSON a date or a number the record
does not give is null (an empty text is no date), every field of the dataset kept; in CSV, which has no null, its
cell is empty.

CSV is for spreadsheets, which clerks open it in: a text field that a spreadsheet would run as a formula (an
applicant's description, name or address beginning with ``=``, ``+``, ``-`` or ``@``, ...: the rule of
`publicassembly.documents.csv_cells`) is written after a single quote; the number fields (`NUMBER_FIELDS`: a
longitude of ``-73.79`` stays a number) never are. JSON gives every text exactly as it was.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from publicassembly.documents.csv_cells import neutralised_text
from publicassembly.law.jsonable import jsonable, number

PERMIT_FIELDS: tuple[str, ...] = (
    # required
    "PermitNum", "Description", "AppliedDate", "IssuedDate", "CompletedDate", "StatusCurrent",
    "OriginalAddress1", "OriginalAddress2", "OriginalCity", "OriginalState", "OriginalZip",
    # recommended
    "Jurisdiction", "PermitClass", "PermitClassMapped", "StatusCurrentMapped", "WorkClass", "WorkClassMapped",
    "PermitType", "PermitTypeMapped", "PermitTypeDesc", "StatusDate", "TotalSqFt", "Link", "Latitude",
    "Longitude", "EstProjectCost", "HousingUnits", "PIN", "ContractorCompanyName", "ContractorTrade",
    "ContractorTradeMapped", "ContractorLicNum", "ContractorStateLic",
    # optional
    "ProposedUse", "ExpiresDate", "Publisher", "Fee", "ExtraFields",
)

#: The fields that hold dates (BLDS: TEXT, YYYY-MM-DD), of each dataset: one not given is null in JSON, an empty
#: cell in CSV (`_json_dates`; interpretation D-4).
PERMIT_DATE_FIELDS = ("AppliedDate", "IssuedDate", "CompletedDate", "StatusDate", "ExpiresDate")
INSPECTION_DATE_FIELDS = ("ScheduledDate", "InspectedDate", "RequestDate", "DesiredDate")

#: The fields that hold numbers (whole square feet, degrees, US dollars, counts), written as they are in CSV:
#: never after a quote, whatever their sign. Every other field is text (dates and 0/1 flags included, which the
#: formula rule never changes).
NUMBER_FIELDS = frozenset({"TotalSqFt", "Latitude", "Longitude", "EstProjectCost", "HousingUnits", "Fee"})

INSPECTION_FIELDS: tuple[str, ...] = (
    "PermitNum", "InspType", "InspTypeMapped", "ScheduledDate", "InspectedDate", "Result", "ResultMapped",
    "InspectionNotes", "Description", "Final", "RequestDate", "DesiredDate", "ReInspection", "Inspector",
    "ExtraFields",
)

#: Workflow status → BLDS StatusCurrentMapped (permits of Carmel ch. 31 and certificates of Mount Pleasant ch. 164).
STATUS_MAPPED: dict[str, str] = {
    "submitted": "Application Accepted",
    "incomplete": "In Review",
    "amended": "In Review",
    "accepted": "In Review",
    "hearing_noticed": "In Review",
    "hearing_scheduled": "In Review",
    "hearing_held": "In Review",
    "approved": "In Review",
    "approved_with_conditions": "In Review",
    "denied": "Permit Cancelled",
    "withdrawn": "Permit Cancelled",
    "issued": "Permit Issued",
    "revoked": "Permit Cancelled",
    "held": "Inspection Phase",
    "assembly_held": "Inspection Phase",
    "cleanup_inspected": "Inspection Phase",
    "cleanup_verified": "Permit Finaled",
    "bond_released": "Permit Finaled",
    "bond_forfeited": "Permit Finaled with Conditions",
    "closed": "Permit Finaled",
    # a place of assembly's certificate (Mount Pleasant § 164-3)
    "valid": "Occupancy",
    "stale": "Occupancy",
    "superseded": "Permit Finaled",  # replaced by a re-issued certificate
}
#: Statuses never published (a draft has not been applied for).
UNPUBLISHED_STATUSES = frozenset({"draft"})

#: Inspection kinds → BLDS InspTypeMapped; results → ResultMapped.
INSPECTION_TYPE_MAPPED: dict[str, str] = {
    "site": "Progress Check",
    "cleanup": "Progress Check",
    "fire": "Fire Final",
    "health": "Health Final",
    "occupancy": "Building Final",
    "sign": "Building Final",
}
RESULT_MAPPED: dict[str, str] = {
    "passed": "Pass",
    "failed": "Fail",
    "partial": "Partial Pass",
    "cancelled": "Cancelled",
}

PERMIT_CLASS = "Non-Residential (Commercial, Industrial, Institutional)"


def _not_allowed(field: str, value: str, allowed: Iterable[str], what: str) -> str:
    """The refusal of `value` for `field`, listing the values `allowed`. The values are the workflow's own, in
    lower case, and are compared exactly (StatusCurrent and InspType publish the value as given): ``Issued`` is
    refused, told the value it is likely meant for."""
    allowed = list(allowed)
    hint = f" (did you mean {value.strip().lower()!r}?)" if value.strip().lower() in allowed else ""
    return f"{field}: {value!r} {what}{hint}; allowed: {', '.join(allowed)}"


def status_mapped(status: str, prefix: str = "") -> str:
    """The BLDS StatusCurrentMapped of a workflow status. Raises ValueError naming the allowed statuses."""
    try:
        return STATUS_MAPPED[status]
    except KeyError:
        raise ValueError(_not_allowed(f"{prefix}status", status, STATUS_MAPPED, "has no BLDS mapping")) from None


#: The requirements of BLDS that a row's fields alone do not state, as `export blds --help` tells them.
REQUIREMENTS_IN_WORDS = (
    "a permit's status is one of the workflow's statuses, in lower case (" + ", ".join(STATUS_MAPPED)
    + "; a draft is left out, never published), and it gives applied_date or issued_date (BLDS requires "
    "AppliedDate or IssuedDate); an inspection's kind is one of " + ", ".join(INSPECTION_TYPE_MAPPED)
    + " and its result, when given, one of " + ", ".join(RESULT_MAPPED)
)


def permit_problems(row: BldsPermitRow | Mapping[str, Any], prefix: str = "") -> list[str]:
    """What keeps a permit row (a `BldsPermitRow`, or its JSON object as read, whose fields of the wrong kind
    `record_from_json` names) from being published in BLDS, one line each naming the field after `prefix`
    (``permits[2].``): a status without a BLDS mapping; neither applied_date nor issued_date (BLDS requires
    AppliedDate or IssuedDate; not asked of a draft, which is never published)."""
    get = row.get if isinstance(row, Mapping) else lambda name: getattr(row, name, None)
    status = get("status")
    out: list[str] = []
    if isinstance(status, str) and status not in UNPUBLISHED_STATUSES and status not in STATUS_MAPPED:
        out.append(prefix + _not_allowed("status", status, STATUS_MAPPED, "has no BLDS mapping"))
    if status not in UNPUBLISHED_STATUSES and get("applied_date") is None and get("issued_date") is None:
        out.append(f"{prefix}applied_date: BLDS requires AppliedDate or IssuedDate; give applied_date or "
                   "issued_date (YYYY-MM-DD)")
    return out


def inspection_problems(row: BldsInspectionRow | Mapping[str, Any], prefix: str = "") -> list[str]:
    """What keeps an inspection row from being published in BLDS, one line each naming the field after `prefix`
    (``inspections[0].``): a kind or a result without a BLDS mapping."""
    get = row.get if isinstance(row, Mapping) else lambda name: getattr(row, name, None)
    kind, result = get("kind"), get("result")
    out: list[str] = []
    if isinstance(kind, str) and kind not in INSPECTION_TYPE_MAPPED:
        out.append(prefix + _not_allowed("kind", kind, INSPECTION_TYPE_MAPPED, "is not allowed"))
    if isinstance(result, str) and result and result not in RESULT_MAPPED:
        out.append(prefix + _not_allowed("result", result, RESULT_MAPPED, "is not allowed"))
    return out


@dataclass(frozen=True)
class BldsPermitRow:
    """One permit (or certificate) to export. Dates are `date`; money Decimal US dollars; ``extra``: the
    event-specific fields that BLDS has no column for (they go to ExtraFields as JSON)."""

    permit_num: str
    description: str
    status: str
    applied_date: date | None = None
    issued_date: date | None = None
    completed_date: date | None = None
    status_date: date | None = None
    expires_date: date | None = None
    address1: str = ""
    address2: str = ""
    city: str = ""
    state: str = "NY"
    zip: str = ""
    jurisdiction: str = ""
    permit_class: str = "Public assembly"
    permit_type: str = "Public Assembly Permit"
    permit_type_desc: str = ""
    total_sq_ft: Decimal | None = None
    link: str = ""
    latitude: Decimal | None = None
    longitude: Decimal | None = None
    pin: str = ""
    proposed_use: str = ""
    publisher: str = ""
    fee: Decimal | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class BldsInspectionRow:
    """One inspection to export: ``kind`` (keys of `INSPECTION_TYPE_MAPPED`) and ``result`` (keys of
    `RESULT_MAPPED`, or empty when not yet inspected)."""

    permit_num: str
    kind: str
    scheduled_date: date | None = None
    inspected_date: date | None = None
    result: str = ""
    notes: str = ""
    description: str = ""
    final: bool = False
    request_date: date | None = None
    reinspection: bool = False
    inspector: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


def _iso(d: date | None) -> str:
    return d.isoformat() if d else ""


def _num(v: Decimal | None) -> str:
    """A number field as text: exact, ``0`` for a zero of either sign (``-0.0`` is no place west of Greenwich)."""
    if v is None:
        return ""
    return str(v.copy_abs() if v.is_zero() else v)


def _whole_sq_ft(v: Decimal | None) -> int | None:
    """TotalSqFt: BLDS gives it as an INTEGER; the area rounded to the nearest whole square foot, half up
    (99.5 → 100; an area under half a square foot is 0)."""
    return None if v is None else int(v.to_integral_value(ROUND_HALF_UP))


def _extra_data(extra: Mapping[str, Any]) -> Any:
    """ExtraFields as JSON-ready data. Raises ValueError naming the place of a value JSON cannot hold (an
    infinity or NaN): `json` would write ``Infinity``, which no JSON reader takes."""
    if not isinstance(extra, Mapping):
        raise ValueError(f"extra: must be an object (a JSON mapping of names to values), got {type(extra).__name__}")
    data = jsonable(dict(extra))
    try:
        json.dumps(data, allow_nan=False)
    except ValueError:
        raise ValueError("extra: holds a number that is not finite (infinity or NaN), which JSON cannot "
                         "hold") from None
    return data


def _extra(extra: Mapping[str, Any]) -> str:
    return json.dumps(_extra_data(extra), sort_keys=True, ensure_ascii=False, allow_nan=False) if extra else ""


def permit_record(row: BldsPermitRow) -> dict[str, str]:
    """One BLDS Permits record (every field of `PERMIT_FIELDS`, as text). Raises ValueError for an unknown
    status or a draft, or when neither AppliedDate nor IssuedDate is given (BLDS requires one)."""
    if row.status in UNPUBLISHED_STATUSES:
        raise ValueError(f"status: a {row.status} is not published")
    problems = permit_problems(row)
    if problems:
        raise ValueError(f"{row.permit_num}: " + f"\n{row.permit_num}: ".join(problems))
    mapped = status_mapped(row.status)
    sq_ft = _whole_sq_ft(row.total_sq_ft)
    whole_sq_ft = "" if sq_ft is None else str(sq_ft)
    return {
        "PermitNum": row.permit_num, "Description": row.description,
        "AppliedDate": _iso(row.applied_date), "IssuedDate": _iso(row.issued_date),
        "CompletedDate": _iso(row.completed_date), "StatusCurrent": row.status,
        "OriginalAddress1": row.address1, "OriginalAddress2": row.address2, "OriginalCity": row.city,
        "OriginalState": row.state, "OriginalZip": row.zip, "Jurisdiction": row.jurisdiction,
        "PermitClass": row.permit_class, "PermitClassMapped": PERMIT_CLASS, "StatusCurrentMapped": mapped,
        "WorkClass": "Existing", "WorkClassMapped": "Existing", "PermitType": row.permit_type,
        "PermitTypeMapped": "", "PermitTypeDesc": row.permit_type_desc, "StatusDate": _iso(row.status_date),
        "TotalSqFt": whole_sq_ft, "Link": row.link, "Latitude": _num(row.latitude),
        "Longitude": _num(row.longitude), "EstProjectCost": "", "HousingUnits": "", "PIN": row.pin,
        "ContractorCompanyName": "", "ContractorTrade": "", "ContractorTradeMapped": "", "ContractorLicNum": "",
        "ContractorStateLic": "", "ProposedUse": row.proposed_use, "ExpiresDate": _iso(row.expires_date),
        "Publisher": row.publisher, "Fee": _num(row.fee), "ExtraFields": _extra(row.extra),
    }


def inspection_record(row: BldsInspectionRow) -> dict[str, str]:
    """One BLDS Inspections record (every field of `INSPECTION_FIELDS`). Raises ValueError for an unknown kind
    or result, naming the allowed ones."""
    problems = inspection_problems(row)
    if problems:
        raise ValueError(f"{row.permit_num}: " + f"\n{row.permit_num}: ".join(problems))
    return {
        "PermitNum": row.permit_num, "InspType": row.kind, "InspTypeMapped": INSPECTION_TYPE_MAPPED[row.kind],
        "ScheduledDate": _iso(row.scheduled_date), "InspectedDate": _iso(row.inspected_date),
        "Result": row.result, "ResultMapped": RESULT_MAPPED.get(row.result, ""),
        "InspectionNotes": row.notes, "Description": row.description, "Final": "1" if row.final else "0",
        "RequestDate": _iso(row.request_date), "DesiredDate": "", "ReInspection": "1" if row.reinspection else "0",
        "Inspector": row.inspector, "ExtraFields": _extra(row.extra),
    }


def _csv(fields: tuple[str, ...], records: Iterable[dict[str, str]]) -> bytes:
    """`records` as CSV (UTF-8, a header row of `fields`, CRLF, a cell quoted when it holds a comma, a quote or a
    line break): every field not in `NUMBER_FIELDS` through `neutralised_text`."""
    buf = io.StringIO(newline="")
    writer = csv.DictWriter(buf, fieldnames=list(fields), lineterminator="\r\n")
    writer.writeheader()
    for r in records:
        writer.writerow({name: value if name in NUMBER_FIELDS else neutralised_text(value)
                         for name, value in r.items()})
    return buf.getvalue().encode("utf-8")


def permits_csv(rows: Iterable[BldsPermitRow]) -> bytes:
    """The BLDS Permits dataset as CSV (UTF-8, header row, CRLF). Drafts are left out (not published). A text
    field that a spreadsheet would run as a formula is written after a single quote (``=HYPERLINK(...)`` →
    ``'=HYPERLINK(...)``; `csv_cells`); the number fields as they are."""
    return _csv(PERMIT_FIELDS, (permit_record(r) for r in rows if r.status not in UNPUBLISHED_STATUSES))


def _json_numbers(rec: dict[str, Any], row: BldsPermitRow) -> dict[str, Any]:
    """`rec` with its number fields as the BLDS data types give them (TotalSqFt INTEGER; Latitude, Longitude
    and Fee numbers): JSON numbers, exact (`law.jsonable.number`), null when not given."""
    values = {"TotalSqFt": _whole_sq_ft(row.total_sq_ft), "Latitude": row.latitude, "Longitude": row.longitude,
              "Fee": row.fee, "EstProjectCost": None, "HousingUnits": None}
    for name, value in values.items():
        rec[name] = None if value is None else number(value)
    return rec


def _json_dates(rec: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    """`rec` with its date `fields` as BLDS types them, TEXT YYYY-MM-DD: a date not given is null, not an empty
    text, which is no date (interpretation D-4); every field of the dataset is kept, as the specification lists
    them."""
    for name in fields:
        rec[name] = rec[name] or None
    return rec


def permits_json(rows: Iterable[BldsPermitRow]) -> bytes:
    """The BLDS Permits dataset as a JSON array of records (ExtraFields as a nested object); every text as it
    was (no quote before a formula: JSON is not opened as a spreadsheet); the number fields (`NUMBER_FIELDS`)
    JSON numbers, or null when not given (`_json_numbers`); the dates (`PERMIT_DATE_FIELDS`) YYYY-MM-DD, or null
    when not given (`_json_dates`)."""
    out = []
    for r in rows:
        if r.status in UNPUBLISHED_STATUSES:
            continue
        rec: dict[str, Any] = dict(permit_record(r))
        rec["ExtraFields"] = _extra_data(r.extra)
        out.append(_json_dates(_json_numbers(rec, r), PERMIT_DATE_FIELDS))
    return json.dumps(out, indent=2, ensure_ascii=False, allow_nan=False).encode("utf-8")


def inspections_csv(rows: Iterable[BldsInspectionRow]) -> bytes:
    """The BLDS Inspections dataset as CSV, as `permits_csv` writes it (its notes, description and inspector
    after a single quote when a spreadsheet would run them as a formula)."""
    return _csv(INSPECTION_FIELDS, (inspection_record(r) for r in rows))


def inspections_json(rows: Iterable[BldsInspectionRow]) -> bytes:
    """The BLDS Inspections dataset as a JSON array of records; the dates (`INSPECTION_DATE_FIELDS`) YYYY-MM-DD,
    or null when not given (`_json_dates`)."""
    out = []
    for r in rows:
        rec: dict[str, Any] = dict(inspection_record(r))
        rec["ExtraFields"] = _extra_data(r.extra)
        out.append(_json_dates(rec, INSPECTION_DATE_FIELDS))
    return json.dumps(out, indent=2, ensure_ascii=False, allow_nan=False).encode("utf-8")


def row_from_permit(permit: Any, *, status: str, applied_date: date | None = None,
                    status_date: date | None = None, completed_date: date | None = None, city: str = "",
                    zip: str = "", jurisdiction: str = "", link: str = "") -> BldsPermitRow:
    """A `BldsPermitRow` from a `PermitRecord` and its workflow status; the event's own fields go to
    ExtraFields (maximum persons, first and last day, hours, bond, cleanup deadline, conditions, insurance), the
    bond's with what the Town Board did with it: ``bond_disposition`` (released or forfeited, null while posted),
    its ``bond_disposition_date`` and ``bond_disposition_reason`` (null when none; interpretation P-35)."""
    return BldsPermitRow(
        permit_num=permit.number,
        description=permit.purpose or f"Public assembly permit for {permit.permittee}",
        status=status, applied_date=applied_date, issued_date=permit.issued_date, completed_date=completed_date,
        status_date=status_date, expires_date=permit.last_day, address1=permit.property_address, city=city,
        zip=zip, jurisdiction=jurisdiction, link=link, publisher=permit.town,
        extra={
            "maximum_persons": permit.maximum_persons, "first_day": permit.first_day,
            "last_day": permit.last_day, "hours": permit.hours, "bond_amount": permit.bond_amount,
            "bond_disposition": permit.bond_disposition, "bond_disposition_date": permit.bond_disposition_date,
            "bond_disposition_reason": permit.bond_disposition_reason or None,
            "cleanup_due_date": permit.cleanup_due_date, "conditions": list(permit.conditions),
            "record_owner": permit.record_owner, "permittee": permit.permittee,
            "insurance_bodily_injury_limit": permit.insurance.bodily_injury_limit,
            "insurance_property_damage_limit": permit.insurance.property_damage_limit,
        },
    )
