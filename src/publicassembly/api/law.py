"""The law core over HTTP: ``POST /check`` (a case in, the determination out — the same JSON as
``publicassembly check --format json``), ``GET /rules``, ``GET /parameters``, ``GET /schema``."""

from __future__ import annotations

import inspect
from datetime import date
from typing import Any

from django.http import HttpResponse
from ninja import Router, Schema

from publicassembly.api.errors import NOT_AN_OBJECT, body
from publicassembly.api.parser import read_json
from publicassembly.api.renderers import dumps_law
from publicassembly.law import case_schema, evaluate, jurisdictions
from publicassembly.law.cases import parse_date
from publicassembly.law.errors import InvalidCase, ParameterNotInForce, UnknownJurisdiction
from publicassembly.law.jsonable import as_is, jsonable
from publicassembly.permits.services import public_parameters

router = Router(tags=["law"])


class ErrorOut(Schema):
    detail: str
    field: str | None = None
    errors: list[dict[str, Any]] = []


def _selected(name: str | None) -> tuple[jurisdictions.Jurisdiction, ...]:
    if not name:
        return jurisdictions.all_jurisdictions()
    try:
        return (jurisdictions.get(name),)
    except UnknownJurisdiction as exc:
        raise InvalidCase("jurisdiction", str(exc)) from None


def _date(value: str | None, field: str) -> date | None:
    if value is None or value == "":
        return None
    return parse_date(value, field)  # YYYY-MM-DD in 1778-2099 (G-2), else InvalidCase naming `field` (422)


#: The request body of ``POST /check`` as ninja would document a ``Body[dict[str, Any]]`` parameter (a JSON object).
_CASE_BODY = {"content": {"application/json": {"schema": {"additionalProperties": True, "title": "Data",
                                                          "type": "object"}}}, "required": True}
#: The query parameter ``as_of`` of ``POST /check`` as ninja would document an ``as_of: str | None = None``
#: parameter (any text, or none).
_AS_OF = {"in": "query", "name": "as_of", "schema": {"anyOf": [{"type": "string"}, {"type": "null"}],
                                                     "title": "As Of"}, "required": False}


@router.post("/check", response={200: dict[str, Any], 409: ErrorOut, 422: ErrorOut},  # (411, 413, 415: media_type.document)
             summary="Determine a case", operation_id="check",
             openapi_extra={"requestBody": _CASE_BODY, "parameters": [_AS_OF]})
def check(request: Any) -> Any:
    """What the law says of one event (Carmel) or venue (Mount Pleasant) on a date: the determination, the
    same JSON as ``publicassembly check --format json`` — for Carmel with the filing fee of the Town Board's
    schedule on file here (`permits.services.public_parameters`). The date is the query's ``as_of``, else the case's
    own, else today. Bad case data: 422 naming the field."""
    # The query's as_of is read here (the last one given, as ninja reads a query parameter) rather than by a
    # ninja parameter, whose model validated it as text (which any query value is) and was then copied into
    # the view's arguments: about 1.5% of a check's instructions for nothing checked.
    when = _date(request.GET.get("as_of"), "as_of")
    # The body is the case file, as the CLI reads it: read here rather than by a ninja ``Body`` parameter,
    # which would copy it into a pydantic model only to hand the same mapping on (parse_case validates it).
    case = read_json(request)
    if not isinstance(case, dict):
        raise InvalidCase("body", NOT_AN_OBJECT)
    has_date = case.get("as_of") is not None
    on = when if when is not None else (None if has_date else date.today())
    # The determination's JSON is written here, not by ninja (which would validate the large dict against
    # `dict[str, Any]` on the way out: a check that cannot fail, about a tenth of the request), and in one
    # pass: the findings' values go to the writer as they are and it converts them (`dumps_law`), the same JSON
    # as `dumps(determination.to_json())` (docs/performance.md).
    # (a town that runs permits: with the filing fee its Board set, when the schedule is on file here)
    content = dumps_law(evaluate(case, on, public_parameters(case.get("jurisdiction"))).to_json(as_is))
    return HttpResponse(content, content_type="application/json; charset=utf-8")


def _summary(rule: Any) -> str:
    paragraph = inspect.cleandoc(rule.func.__doc__ or "").split("\n\n")[0]
    return " ".join(paragraph.split()) or rule.summary


class RuleOut(Schema):
    jurisdiction: str
    id: str
    citation: str
    summary: str
    decides: str | None
    priority: int


@router.get("/rules", response={200: list[RuleOut], 422: ErrorOut}, summary="The rules", operation_id="rules")
def rules(request: Any, jurisdiction: str | None = None) -> Any:
    """Every rule in the order of its chapter (or of one jurisdiction: alias or OCD id)."""
    return [{"jurisdiction": j.alias, "id": r.id, "citation": r.citation, "summary": _summary(r),
             "decides": r.decides, "priority": r.priority} for j in _selected(jurisdiction) for r in j.rules]


@router.get("/parameters", response={200: list[dict[str, Any]], 422: ErrorOut}, summary="The numbers of the law",
            operation_id="parameters")
def parameters(request: Any, jurisdiction: str | None = None, as_of: str | None = None) -> Any:
    """Every parameter with unit, citation and dated values; with ``as_of``, the value in force that day
    (null and ``in_force: false`` before its first date). ``null_means``: what a null value of the parameter
    says — "not fixed by the chapter" (Carmel's filing fee, the Town Board's) or none (Mount Pleasant § 164-14:
    no imprisonment for a first offense)."""
    when = _date(as_of, "as_of")
    rows: list[dict[str, Any]] = []
    for j in _selected(jurisdiction):
        for p in j.parameters:
            row: dict[str, Any] = {"jurisdiction": j.alias, "name": p.name, "unit": p.unit, "cite": p.cite,
                                   "description": p.description, "null_means": p.null_said}
            if when is None:
                row["values"] = [{"effective": s.isoformat(), "value": jsonable(v)} for s, v in p.values]
            else:
                row["as_of"] = when.isoformat()
                try:
                    row["value"], row["in_force"] = jsonable(p.at(when)), True
                except ParameterNotInForce:
                    row["value"], row["in_force"] = None, False
                since = p.effective_since(when)
                row["effective_since"] = since.isoformat() if since else None
            rows.append(row)
    return rows


@router.get("/schema", response=dict[str, Any], summary="JSON Schema of a case", operation_id="case_schema")
def schema(request: Any) -> Any:
    """The JSON Schema of a case file (one alternative per jurisdiction and subject)."""
    return case_schema()


class JurisdictionOut(Schema):
    alias: str
    ocd_id: str
    name: str
    code: str
    subjects: list[str]


@router.get("/jurisdictions", response=list[JurisdictionOut], summary="The towns whose laws are run",
            operation_id="jurisdictions")
def list_jurisdictions(request: Any) -> Any:
    return [{"alias": j.alias, "ocd_id": j.ocd_id, "name": j.name, "code": j.code, "subjects": list(j.subjects)}
            for j in jurisdictions.all_jurisdictions()]


__all__ = ["body", "router"]
