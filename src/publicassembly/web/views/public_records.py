"""Public records, no sign-in: upcoming public hearings (with their notices) and certificates of occupancy
looked up by number (with the certificate and occupancy-sign PDFs)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from publicassembly.documents.certificate_number import MAX_CERTIFICATE_CHARS, as_given, is_certificate_number
from publicassembly.permits.models import PermitApplication, State
from publicassembly.web import records
from publicassembly.web.forms.widgets import OnceEach, address_refused, given_twice, raw_query, reads_query
from publicassembly.web.views.errors import read_only, refusal_detail
from publicassembly.workflow.errors import NotFound, ValidationFailed


def upcoming_hearings() -> list[PermitApplication]:
    today = timezone.localdate()
    return list(PermitApplication.objects.filter(state=State.HEARING_SCHEDULED, hearing_on__gte=today)
                .select_related("town", "applicant").order_by("hearing_on", "pk"))


@read_only
def hearings(request: HttpRequest) -> HttpResponse:
    """The upcoming public hearings (Carmel ch. 31, permit requirements ¶ B). The page takes no field in its
    address: a parameter (``?town=carmel-ny``, read as if it filtered the list) is refused, 422, naming it, and no
    hearing is listed as if filtered (`address_refused`); the tags of a shared link (``?fbclid=…``) are taken."""
    refused = address_refused(request)
    rows = [] if refused else [
        {"app": a, "event": records.event_name(a), "applicant": records.applicant_name(a),
         "address": records.property_address(a)} for a in upcoming_hearings()]
    return render(request, "web/public/hearings.html",
                  {"title": _("Upcoming public hearings"), "rows": rows, "refused": refused},
                  status=422 if refused else 200)


@read_only
def hearing_notice_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The published notice of an upcoming (or held) hearing: public once the hearing is scheduled. It takes no
    field in its address: a parameter, or one not UTF-8, is refused, 422 naming it (`address_refused`, W-11)."""
    from publicassembly.documents.pdf import render_hearing_notice

    refused = address_refused(request)
    if refused:
        return _refused(request, refused)
    app = PermitApplication.objects.select_related("town").filter(
        pk=pk, hearing_on__isnull=False).exclude(state__in=[State.DRAFT, State.WITHDRAWN]).first()
    if app is None:
        raise NotFound("public hearing", pk)
    pdf = render_hearing_notice(records.hearing_notice_record(app))
    return _pdf(pdf, f"hearing-notice-{app.pk}.pdf")


def _refused(request: HttpRequest, refused: list[str]) -> HttpResponse:
    """A page or PDF whose address is refused (`address_refused`): 422, each parameter told."""
    from publicassembly.web.views.errors import error_page

    return error_page(request, 422, " ".join(refused))


def _pdf(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response




class LookupForm(OnceEach):
    reads_whole_query = True  # (?nmber=… is told by name, with the field it was likely meant for)

    number = forms.CharField(label=gettext_lazy("Certificate number"), max_length=MAX_CERTIFICATE_CHARS,
                             help_text=gettext_lazy("As printed on the certificate or the occupancy sign."),
                             error_messages={"required": gettext_lazy(
                                 "Give the certificate number, as printed on the certificate or the occupancy "
                                 "sign, e.g. MP-2025-0001.")})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Django's "at most N characters" and "null characters" name no format: `clean_number` tells them.
        self.fields["number"].validators = []

    def clean_number(self) -> str:
        number: str = self.cleaned_data["number"]
        # What a certificate number is made of (`documents.certificate_number`, shared with the CLI's sign):
        # anything else cannot be a number and is refused naming the format.
        if not is_certificate_number(number):
            raise forms.ValidationError(
                _("A certificate number is letters and digits joined by hyphens, at most %(most)d characters, e.g. "
                  "MP-2025-0001 (got %(value)s).") % {"most": MAX_CERTIFICATE_CHARS, "value": as_given(number)}, code="format")
        return number


@read_only
def certificate_lookup(request: HttpRequest) -> HttpResponse:
    """The public look-up of a certificate by its number. A number that is not one (empty, not letters and
    digits joined by hyphens, given twice) is refused as every form refuses bad input, 422, told beside the
    field; a number of no certificate is 404."""
    from publicassembly.venues import services

    bound = reads_query(request.GET)  # (a shared link's tags alone: the form)
    form = LookupForm(request.GET if bound else None, query_string=raw_query(request))
    found = None
    status = 200
    if bound:
        status = 422
        if form.is_valid():
            try:
                found = services.lookup_certificate(form.cleaned_data["number"])
                status = 200
            except NotFound:
                form.add_error("number", _("No certificate has this number. Check it against the sign."))
                status = 404
            except ValidationFailed as e:  # (a number used in several towns: the page shows no other error)
                form.add_error("number", refusal_detail(e))
    return render(request, "web/public/certificate.html",
                  {"title": _("Look up a certificate"), "form": form, "c": found}, status=status)


def _certificate(number: str):  # type: ignore[no-untyped-def]
    from publicassembly.venues.models import Certificate

    cert = Certificate.objects.select_related("town", "venue", "issued_by", "superseded_by").filter(
        number__iexact=number.strip()).first()
    if cert is None:
        raise NotFound("certificate", number)
    return cert


@read_only
def certificate_pdf(request: HttpRequest, number: str) -> HttpResponse:
    """A certificate of occupancy as a PDF. It takes no field in its address (``?room=`` is the sign's): a
    parameter, or one not UTF-8, is refused, 422 naming it (`address_refused`, W-11)."""
    from publicassembly.documents.pdf import render_certificate
    from publicassembly.venues import documents as venue_documents

    refused = address_refused(request)
    if refused:
        return _refused(request, refused)
    cert = _certificate(number)
    return _pdf(render_certificate(venue_documents.certificate_record(cert)), f"certificate-{cert.number}.pdf")


@read_only
def sign_pdf(request: HttpRequest, number: str) -> HttpResponse:
    """The occupancy signs of a certificate (§ 164-9: a sign "in each room or area … stating the lawful occupancy
    of the room or area"): without ``?room=``, one page per room or area of the certificate, each stating its
    name and its lawful occupancy, in the certificate's order — the set the inspector prints to post
    (interpretation D-14; a certificate with no room recorded, one page of the place); with ``?room=``, that
    room's sign alone. Its QR code opens the certificate's public page. A certificate not in force (revoked,
    stale or superseded) gets no sign: 409 naming its state. ``room`` given twice, or not a room of the
    certificate, is refused as bad input, 422 naming it and the values given (not the last one printed) or the
    rooms there are. Another parameter (``?rom=Ballroom``, which printed every room's signs, not the room's), or
    one not UTF-8, is refused, 422 naming it (`address_refused`)."""
    from publicassembly.documents.pdf import render_occupancy_signs
    from publicassembly.venues import documents as venue_documents
    from publicassembly.web.views.errors import error_page

    refused = address_refused(request, ("room",))
    if refused:
        return _refused(request, refused)
    rooms = request.GET.getlist("room")
    if len(rooms) > 1:
        return error_page(request, 422, f"room: {given_twice(rooms)}")
    cert = _certificate(number)
    venue_documents.require_in_force(cert)
    room = request.GET.get("room", "")
    try:  # (a value of the query, read as a room's name is, "lanes" being "Lanes" (M-26); the sign names it so)
        signs = venue_documents.sign_pages(cert, room)
    except ValidationFailed as refused:  # (not a page: told with the rooms there are)
        return error_page(request, 422, str(refused))
    pdf = render_occupancy_signs(signs, cert.number, base_url=request.build_absolute_uri("/"))
    return _pdf(pdf, f"sign-{cert.number}.pdf")


@read_only
def certificate_detail(request: HttpRequest, number: str) -> HttpResponse:
    """The public page of one certificate (the occupancy sign's QR code opens it). It takes no field in its
    address (the look-up's ``?number=`` is /certificates/'s): a parameter, or one not UTF-8, is refused, 422
    naming it (`address_refused`, W-11)."""
    from publicassembly.venues import services

    refused = address_refused(request)
    if refused:
        return _refused(request, refused)
    found = services.lookup_certificate(number)
    return render(request, "web/public/certificate.html",
                  {"title": _("Certificate %(n)s") % {"n": found.number}, "form": LookupForm(), "c": found})
