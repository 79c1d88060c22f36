"""API routes of the documents (under /api/v1), with the same permissions as the web pages:

- ``GET /towns/{town}/hearings.ics`` — the Town's public calendar (no token);
- ``GET /towns/{town}/applications/{id}/calendar.ics`` and ``.../permit.pdf`` — the applicant and the Town's
  officials (Carmel ch. 31);
- ``GET /towns/{town}/blds/{dataset}?format=csv|json`` — the Town's Clerk, Building Inspector or administrator;
- ``GET /towns/{town}/certificates/{number}/certificate.pdf`` — public, as the certificate look-up
  (Mount Pleasant § 164-9);
- ``GET /towns/{town}/summonses/{number}/summons.pdf`` — the Town's Building Inspector, enforcement officers
  and Clerk;
- ``GET /towns/{town}/hearings`` and ``GET /towns/{town}/hearings/{id}/notice.pdf`` — the upcoming public
  hearings and each one's notice, public as the web's hearings page (Carmel ch. 31 ¶ B);
- ``GET /towns/{town}/applications/{id}/petition.pdf`` — the verified petition as filed, for the applicant and
  the Town's officials;
- ``GET /towns/{town}/certificates/{number}/sign.pdf?room=`` — the occupancy signs of every room or area of a
  certificate, one page each, or of one room, public as the certificate (Mount Pleasant § 164-9, D-14).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from ninja import Router

from publicassembly.api.auth import token_auth
from publicassembly.api.inputs import RecordId
from publicassembly.api.law import ErrorOut
from publicassembly.web.towns import town_for
from publicassembly.workflow.access import require_role
from publicassembly.workflow.errors import NotFound

router = Router(tags=["documents"])

ERRORS = {401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}
ICS = "text/calendar; charset=utf-8"
PDF = "application/pdf"
SUMMONS_READERS = ("building_inspector", "enforcement_officer", "town_clerk")


def _town(alias: str) -> Any:
    try:
        return town_for(alias)
    except Http404:
        raise NotFound("town", alias) from None


def _places_town(alias: str) -> Any:
    """The Town of `alias`, whose law has places of assembly (else `NoPlacesOfAssembly`, 404: Carmel ch. 31
    certifies no place)."""
    from publicassembly.venues import services as vs

    t = _town(alias)
    vs.require_places_of_assembly(t)
    return t


def _permit_town(alias: str) -> Any:
    """The Town of `alias`, which runs permits (else `NoPermits`, 404: it holds no hearing under ch. 31 ¶ B)."""
    from publicassembly.permits import services as sv

    t = _town(alias)
    sv.require_permits(t)
    return t


def _file(data: bytes, content_type: str, filename: str, *, private: bool = True) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, no-store" if private else "public, max-age=300"
    return response


@router.get("/towns/{town}/hearings.ics", auth=None, response={404: ErrorOut},
            operation_id="town_calendar", summary="A Town's public hearings and deadlines (iCalendar)")
def town_calendar(request: Any, town: str) -> HttpResponse:
    """The public hearings (VEVENT) and the statutory deadlines (VTODO with an alarm) of the applications whose
    hearing is scheduled (Carmel ch. 31 ¶ B), as ``text/calendar``."""
    from publicassembly.permits import documents as permit_docs

    t = _town(town)
    return _file(permit_docs.town_calendar(t, public=True), ICS, f"{t.jurisdiction_alias}-hearings.ics",
                 private=False)


@router.get("/towns/{town}/applications/{id}/calendar.ics", auth=token_auth, response=ERRORS,
            operation_id="application_calendar", summary="One application's hearing and deadlines (iCalendar)")
def application_calendar(request: Any, town: str, pk: RecordId) -> HttpResponse:
    """The application's hearing and statutory deadlines (the applicant and the Town's officials)."""
    from publicassembly.permits import documents as permit_docs
    from publicassembly.permits import services as sv

    app = sv.get_application(request.user, _town(town), pk)
    return _file(permit_docs.application_calendar(app), ICS, f"application-{app.pk}.ics")


@router.get("/towns/{town}/applications/{id}/permit.pdf", auth=token_auth, response={**ERRORS, 409: ErrorOut},
            operation_id="permit_pdf", summary="The permit of an issued application (PDF)")
def permit_pdf(request: Any, town: str, pk: RecordId) -> HttpResponse:
    """The permit (Carmel ch. 31 ¶ A); 409 when none has been issued on the application, naming its state and
    what must happen first (the Town Board's approval and every precondition of issuance met), or that none
    will be (denied, withdrawn, closed without one)."""
    from publicassembly.documents.pdf import render_permit
    from publicassembly.permits import documents as permit_docs
    from publicassembly.permits import services as sv

    app = sv.get_application(request.user, _town(town), pk)
    permit_docs.require_permit_issued(app)
    return _file(render_permit(permit_docs.permit_record(app)), PDF, f"permit-{app.permit_number}.pdf")


@router.get("/towns/{town}/blds/{dataset}", auth=token_auth, response=ERRORS,
            operation_id="blds_export", summary="Permits or inspections in BLDS (CSV or JSON)")
def blds_export(request: Any, town: str, dataset: str, format: str = "csv") -> HttpResponse:  # noqa: A002
    """The Town's permits (applications and certificates) or inspections in the Building and Land Development
    Specification; ``dataset``: permits or inspections; ``format``: csv (``text/csv``, UTF-8, a header row,
    CRLF) or json (an array of records).

    In CSV, a text field that a spreadsheet would run as a formula — beginning with ``=``, ``+``, ``-`` or
    ``@`` or another form of them (full-width ``＝ ＋ － ＠``, small, superscript, subscript), also after white
    space, or with a tab, a carriage return, a line feed or a NUL — is written after a single quote
    (``'=SUM(A1)``; OWASP, "CSV Injection"); the number fields (TotalSqFt, Latitude, Longitude, Fee, ...) are
    written as they are. JSON gives every text exactly as stored."""
    from publicassembly.permits import documents as permit_docs

    return _file(*permit_docs.blds_export(request.user, _town(town), dataset, format))


@router.get("/towns/{town}/certificates/{number}/certificate.pdf", auth=None,
            response={404: ErrorOut, 422: ErrorOut}, operation_id="certificate_pdf",
            summary="A place of assembly's certificate (PDF)")
def certificate_pdf(request: Any, town: str, number: str) -> HttpResponse:
    """The Building Inspector's certificate (Mount Pleasant § 164-9), public as the certificate look-up."""
    from publicassembly.documents.pdf import render_certificate
    from publicassembly.venues import documents as venue_docs

    cert = venue_docs.find_certificate(number, _places_town(town))
    return _file(render_certificate(venue_docs.certificate_record(cert)), PDF, f"certificate-{cert.number}.pdf",
                 private=False)


def _hearing(t: Any, pk: int) -> Any:
    """An application of `t` whose public hearing is scheduled (not a draft or withdrawn), else `NotFound`."""
    from publicassembly.permits.models import PermitApplication, State

    app = (PermitApplication.objects.for_town(t).select_related("town", "applicant")
           .filter(pk=pk, hearing_on__isnull=False).exclude(state__in=[State.DRAFT, State.WITHDRAWN]).first())
    if app is None:
        raise NotFound("public hearing", pk, t)
    return app


@router.get("/towns/{town}/hearings", auth=None, response={200: list[dict[str, Any]], 404: ErrorOut},
            operation_id="list_hearings", summary="A Town's upcoming public hearings (public)")
def list_hearings(request: Any, town: str) -> Any:
    """The applications whose public hearing is scheduled for today or later, soonest first (Carmel ch. 31
    ¶ B): the assembly, the applicant, the property, the hearing's date (``YYYY-MM-DD``), time (``HH:MM`` or
    null: to be announced), place and newspaper, the day the newspaper published the notice
    (``notice_published_on``, ``YYYY-MM-DD``, or null while its publication is not recorded: interpretation
    G-10), and the URL of its notice — as the public hearings page."""
    from django.utils import timezone

    from publicassembly.permits import documents as permit_docs
    from publicassembly.permits.models import PermitApplication, State

    t = _permit_town(town)
    apps = (PermitApplication.objects.for_town(t).select_related("town", "applicant")
            .filter(state=State.HEARING_SCHEDULED, hearing_on__gte=timezone.localdate()).order_by("hearing_on", "pk"))
    return [{"application": a.pk, "event": permit_docs.event_name(a), "applicant": permit_docs.applicant_name(a),
             "property_address": permit_docs.property_address(a), "hearing_on": a.hearing_on.isoformat(),
             "hearing_time": a.hearing_time.strftime("%H:%M") if a.hearing_time else None,
             "place": a.hearing_place, "newspaper": a.newspaper,
             "notice_published_on": a.notice_published_on.isoformat() if a.notice_published_on else None,
             "notice": f"/api/v1/towns/{t.jurisdiction_alias}/hearings/{a.pk}/notice.pdf"} for a in apps]


@router.get("/towns/{town}/hearings/{id}/notice.pdf", auth=None, response={404: ErrorOut, 422: ErrorOut},
            operation_id="hearing_notice_pdf", summary="The notice of a public hearing (PDF, public)")
def hearing_notice_pdf(request: Any, town: str, pk: RecordId) -> HttpResponse:
    """The published notice of a scheduled (or held) hearing, public once it is scheduled (Carmel ch. 31 ¶ B);
    an application without one, a draft or a withdrawn one is 404."""
    from publicassembly.documents.pdf import render_hearing_notice
    from publicassembly.permits import documents as permit_docs

    app = _hearing(_permit_town(town), pk)
    return _file(render_hearing_notice(permit_docs.hearing_notice_record(app)), PDF,
                 f"hearing-notice-{app.pk}.pdf", private=False)


@router.get("/towns/{town}/applications/{id}/petition.pdf", auth=token_auth, response=ERRORS,
            operation_id="petition_pdf", summary="The verified petition as filed (PDF)")
def petition_pdf(request: Any, town: str, pk: RecordId) -> HttpResponse:
    """The petition of ¶ B (1)-(15) as the applicant filled it in, for the applicant and the Town's officials."""
    from publicassembly.documents.pdf import render_petition
    from publicassembly.permits import documents as permit_docs
    from publicassembly.permits import services as sv

    app = sv.get_application(request.user, _town(town), pk)
    return _file(render_petition(permit_docs.petition_record(app)), PDF, f"petition-{app.pk}.pdf")


@router.get("/towns/{town}/certificates/{number}/sign.pdf", auth=None,
            response={404: ErrorOut, 409: ErrorOut, 422: ErrorOut},
            operation_id="occupancy_sign_pdf",
            summary="The occupancy signs of every room or area, or of one room (PDF, public)")
def occupancy_sign_pdf(request: Any, town: str, number: str, room: str = "") -> HttpResponse:
    """The signs to post (Mount Pleasant § 164-9: "in each room or area … stating the lawful occupancy of the
    room or area"): without ``room``, one page per room or area of the certificate, each stating its name and
    its lawful occupancy, in the certificate's order (interpretation D-14; a certificate with no room recorded,
    one page of the place); with ``room`` (a room or area named on the certificate, read with letter case and
    spaces aside: ``lanes`` is the room "Lanes", its sign naming "Lanes" (M-26); another name is 422 naming
    ``room`` and the rooms there are), that room's sign alone. Its QR code opens the certificate's public page.
    A certificate not in force (revoked, stale or superseded) is 409 naming its state: a posted sign must state
    the lawful occupancy."""
    from publicassembly.documents.pdf import render_occupancy_signs
    from publicassembly.venues import documents as venue_docs

    cert = venue_docs.find_certificate(number, _places_town(town))
    venue_docs.require_in_force(cert)
    # (a value of the query, read as a room's name is ("lanes" is "Lanes", M-26): told with the rooms there are,
    # as the web page does; the sign names the room as the certificate does)
    signs = venue_docs.sign_pages(cert, room)
    pdf = render_occupancy_signs(signs, cert.number, base_url=request.build_absolute_uri("/"))
    return _file(pdf, PDF, f"sign-{cert.number}.pdf", private=False)


@router.get("/towns/{town}/summonses/{number}/summons.pdf", auth=token_auth, response=ERRORS,
            operation_id="summons_pdf", summary="A summons (PDF)")
def summons_pdf(request: Any, town: str, number: str) -> HttpResponse:
    """A summons of the Town (Mount Pleasant §§ 164-12, 164-14; Carmel ch. 31 penalties), for its Building
    Inspector, enforcement officers and Clerk."""
    from publicassembly.documents.pdf import render_summons
    from publicassembly.enforcement import documents as enf_docs

    t = _town(town)
    require_role(request.user, t, *SUMMONS_READERS)
    s = enf_docs.find_summons(number, t)
    return _file(render_summons(enf_docs.summons_record(s)), PDF, f"summons-{s.number}.pdf")
