"""Downloads of the documents from the database: a Town's public iCalendar feed of hearings and deadlines, one
application's calendar and verified petition (for those who may see the application), and the BLDS export of
permits and inspections for the Town's officials. The records come from the apps' adapters
(``permits.documents``, ``venues.documents``); the bytes from ``publicassembly.documents``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from publicassembly.permits import documents as permit_docs
from publicassembly.permits import services as sv
from publicassembly.web.forms.widgets import address_refused
from publicassembly.web.towns import town_for
from publicassembly.web.views.applications import no_permits_before_login
from publicassembly.web.views.errors import read_only

ICS = "text/calendar; charset=utf-8"


def download(data: bytes, content_type: str, filename: str, *, inline: bool = True, private: bool = True
             ) -> HttpResponse:
    """An HTTP response carrying a document: its type, file name and caching (``private, no-store`` for
    records that are not public)."""
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'{"inline" if inline else "attachment"}; filename="{filename}"'
    response["Cache-Control"] = "private, no-store" if private else "public, max-age=300"
    return response


@no_permits_before_login  # (none of a town that runs no permits, whatever the method: W-23)
@read_only
def town_feed(request: HttpRequest, town: str) -> HttpResponse:
    """A Town's public calendar (no sign-in): its public hearings and the statutory deadlines of the
    applications whose hearing has been scheduled (Carmel ch. 31 ¶ B). It takes no field in its address: a
    parameter (``?x=1``), or one not UTF-8, is refused, 422 naming it (`address_refused`, W-11), not answered
    with the whole calendar as if filtered; the tags of a shared link are taken."""
    refused = address_refused(request)
    if refused:
        from publicassembly.web.views.errors import error_page

        return error_page(request, 422, " ".join(refused))
    t = town_for(town)
    return download(permit_docs.town_calendar(t, public=True), ICS, f"{t.jurisdiction_alias}-hearings.ics",
                    private=False)


@no_permits_before_login  # (none of a town that runs no permits, whatever the method: W-23)
@read_only
@login_required
def application_ics(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    """One application's calendar: its hearing and deadlines (the applicant and the Town's officials)."""
    app = sv.get_application(request.user, town_for(town), pk)
    return download(permit_docs.application_calendar(app), ICS, f"application-{app.pk}.ics")


@no_permits_before_login  # (none of a town that runs no permits, whatever the method: W-23)
@read_only
@login_required
def petition_pdf(request: HttpRequest, town: str, pk: int) -> HttpResponse:
    """The verified petition of an application as filed (Carmel ch. 31 ¶ B)."""
    from publicassembly.documents.pdf import render_petition

    app = sv.get_application(request.user, town_for(town), pk)
    return download(render_petition(permit_docs.petition_record(app)), "application/pdf", f"petition-{app.pk}.pdf")


@read_only
@login_required
def blds_export(request: HttpRequest, town: str, dataset: str, fmt: str) -> HttpResponse:
    """The Town's permits or inspections in BLDS (CSV or JSON), for its Clerk, Building Inspector or
    administrator; in CSV a text field a spreadsheet would run as a formula is written after a single quote
    (`publicassembly.documents.csv_cells`), in JSON every text as stored."""
    data, content_type, filename = permit_docs.blds_export(request.user, town_for(town), dataset, fmt)
    return download(data, content_type, filename, inline=False)
