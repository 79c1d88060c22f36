"""Adapters from the places of assembly (Mount Pleasant ch. 164) to the documents layer, shared by the CLI, the
web pages and the API: the certificate (§ 164-9), the occupancy sign of each room or area (§ 164-9), and the
certificates and inspections as BLDS rows. Field copying only: occupant loads are those the law core computed
when the certificate was issued."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from publicassembly.documents.records import CertificateRecord
from publicassembly.workflow.errors import WorkflowError
from publicassembly.workflow.people import person_name


def find_certificate(number: str, town: Any = None) -> Any:
    """The certificate numbered `number` (case and surrounding spaces ignored), in `town` when given.
    Raises `NotFound`, or `ValidationFailed` (field ``town``) when several towns use the number."""
    from django.utils.translation import gettext as _

    from publicassembly.venues.models import Certificate
    from publicassembly.workflow.errors import NotFound, ValidationFailed

    key = (number or "").strip()
    if not key:
        raise ValidationFailed("number", _("give the certificate number, e.g. MP-2025-0001"))
    qs = Certificate.objects.select_related("town", "venue", "issued_by", "superseded_by").filter(number__iexact=key)
    if town is not None:
        qs = qs.filter(town=town)
    found = list(qs[:2])
    if not found:
        raise NotFound("certificate", key.upper(), town)
    if len(found) > 1:
        raise ValidationFailed("town", _("certificate number %(number)s is used in several towns; choose the town")
                               % {"number": key.upper()})
    return found[0]


def certificate_record(cert: Any) -> CertificateRecord:
    """The documents layer's `CertificateRecord` of `cert` (the certificate PDF and the occupancy signs), with
    its status (valid, stale, revoked or superseded; a superseded one names the certificate that replaced it) and
    a bowling alley's alleys as issued (§ 164-7; `venues.services.alleys_when_issued`), which the certificate
    states beside the additional area, as one read from JSON does."""
    from publicassembly.documents.records import CertificateSpace
    from publicassembly.venues.services import describe_certificate

    view = describe_certificate(cert)
    return CertificateRecord(
        number=view.number, issued_date=view.issued_on, venue_name=view.venue_name, venue_address=view.venue_address,
        spaces=tuple(CertificateSpace(s.name, s.use_group, s.area_sq_ft, s.occupant_load, alleys=s.alleys)
                     for s in view.spaces),
        lawful_occupancy=view.lawful_occupancy, inspector_name=view.issued_by, status=cert.status,
        superseded_by=cert.superseded_by.number if cert.superseded_by_id else "",
    )


class CertificateNotInForce(WorkflowError):
    """An occupancy sign asked of a certificate that is not in force (HTTP 409): a sign is posted on the wall
    and read by the public and officers as the lawful occupancy (Mount Pleasant § 164-9), so a revoked, stale or
    superseded certificate gets none. ``number``, ``status`` (``revoked``, ``stale`` or ``superseded``) and
    ``superseded_by`` (the number of the certificate that replaced it, else ``""``)."""

    http_status = 409

    def __init__(self, number: str, status: str, status_label: str, superseded_by: str = "") -> None:
        from django.utils.translation import gettext as _

        self.number, self.status, self.superseded_by = number, status, superseded_by
        message = _("certificate %(number)s is %(status)s; an occupancy sign states the lawful occupancy of a "
                    "certificate in force (§ 164-9)") % {"number": number, "status": status_label}
        if superseded_by:
            message += "; " + _("print the sign of certificate %(number)s") % {"number": superseded_by}
        super().__init__(message)


def require_in_force(cert: Any) -> None:
    """Raise `CertificateNotInForce` unless `cert` is valid: the sign of a revoked, stale or superseded
    certificate would state an occupancy that is not (or may no longer be) the lawful one (§ 164-9). The CLI,
    the web page and the API all refuse through this."""
    if cert.status != "valid":
        label = str(cert.get_status_display()) if hasattr(cert, "get_status_display") else cert.status
        raise CertificateNotInForce(cert.number, cert.status, label,
                                    cert.superseded_by.number if getattr(cert, "superseded_by_id", None) else "")


@dataclass(frozen=True)
class SignData:
    """What one occupancy sign states (§ 164-9): the room or area, its lawful occupancy (persons) and the
    certificate's number."""

    room: str
    occupancy: int
    certificate_number: str


def certificate_room(cert: Any, room: str) -> tuple[str, int]:
    """The room or area of `cert` named `room` — read as the check of a name taken reads it ("lanes" is the room
    "Lanes", interpretation M-26) — in the certificate's spelling, with its occupant load. `ValidationFailed`
    naming ``room`` for a name of no room of the certificate (with the rooms there are) or, a pair stored before
    two rooms could not be so named, of two (naming both)."""
    from django.utils.translation import gettext as _

    from publicassembly.venues.names import SpaceNames, names_two
    from publicassembly.workflow.errors import ValidationFailed

    loads = {str(s["name"]): int(s["occupant_load"]) for s in cert.space_loads}
    rooms = SpaceNames(loads).named(room)
    if len(rooms) > 1:
        raise ValidationFailed("room", names_two(cert.venue.name, room, rooms))
    if not rooms:
        raise ValidationFailed("room", _("“%(room)s” is not a room of certificate %(number)s; give one of: "
                                         "%(rooms)s, or no room for the signs of every room or area.")
                               % {"room": room[:80], "number": cert.number, "rooms": ", ".join(loads) or "—"})
    return rooms[0], loads[rooms[0]]


def sign_data(cert: Any, space: str | None = None) -> list[SignData]:
    """The signs of `cert`: one per room or area (its occupant load), or only `space`'s (read as the check of a
    name taken reads it, `certificate_room`: "lanes" is the room "Lanes", its sign naming "Lanes"). A certificate
    with no space recorded gets one sign for the whole place (its lawful occupancy). Raises `NotFound` (field
    ``space``) for a room the certificate does not name, `ValidationFailed` (field ``space``) for a name that reads
    as two of its rooms' (a legacy pair, M-26)."""
    from publicassembly.venues.names import SpaceNames, names_two
    from publicassembly.workflow.errors import NotFound, ValidationFailed

    loads = [(str(s["name"]), int(s["occupant_load"])) for s in cert.space_loads]
    if space is not None:
        rooms = SpaceNames(n for n, _o in loads).named(space)
        if len(rooms) > 1:
            raise ValidationFailed("space", names_two(cert.venue.name, space, rooms))
        if not rooms:
            raise NotFound("room or area", NotFound.Plain(f"{space!r} (the certificate names: "
                                                          f"{', '.join(n for n, _ in loads) or 'none'})"))
        loads = [(n, o) for n, o in loads if n == rooms[0]]
    if not loads:
        loads = [(cert.venue.name, cert.lawful_occupancy)]
    return [SignData(name, persons, cert.number) for name, persons in loads]


def sign_pages(cert: Any, room: str = "") -> list[tuple[int, str]]:
    """The pages of the occupancy sign PDF of `cert` (Mount Pleasant § 164-9: a sign "in each room or area …
    stating the lawful occupancy of the room or area"), each ``(lawful occupancy in persons, room or area)`` for
    `render_occupancy_signs`: without `room`, one page per room or area of the certificate, in its order, each
    its own occupant load (`sign_data`; a certificate with no room recorded, one page of the place) — never one
    sign of the whole place's total, which posted in a room would state the wrong number (interpretation D-14);
    with `room`, that room's alone (`certificate_room`: `ValidationFailed` naming ``room`` for a name of no room
    of the certificate, with the rooms there are). The web page and the API print these."""
    if room:
        name, persons = certificate_room(cert, room)
        return [(persons, name)]
    return [(s.occupancy, s.room) for s in sign_data(cert)]


def blds_certificate_rows(town: Any) -> list[Any]:
    """The certificates of `town` as BLDS Permits rows (PermitType ``Certificate of Occupancy (Place of
    Assembly)``; StatusCurrent the certificate's status), the lawful occupancy and loads in ExtraFields."""
    from publicassembly.documents import blds
    from publicassembly.venues.models import Certificate

    out = []
    for c in (Certificate.objects.for_town(town).select_related("venue", "superseded_by", "town")
              .order_by("issued_on", "pk")):
        area = sum((Decimal(s["area_sq_ft"]) for s in c.space_loads if s.get("area_sq_ft") is not None),
                   Decimal(0))
        out.append(blds.BldsPermitRow(
            permit_num=c.number, description=f"Certificate of lawful occupancy of {c.venue.name}",
            status=c.status, issued_date=c.issued_on, status_date=c.issued_on, address1=c.venue.address,
            jurisdiction=town.name, publisher=town.name, permit_class="Place of assembly",
            permit_type="Certificate of Occupancy (Place of Assembly)",
            permit_type_desc="Mount Pleasant Code §§ 164-3, 164-9", total_sq_ft=area or None,
            proposed_use="Place of assembly",
            extra={"lawful_occupancy": c.lawful_occupancy, "venue": c.venue.name,
                   "superseded_by": c.superseded_by.number if c.superseded_by_id else None,
                   "spaces": [{"name": s["name"], "use_group": s["use_group"], "occupant_load": s["occupant_load"]}
                              for s in c.space_loads]}))
    return out


#: Venue inspection results → BLDS result ids (`publicassembly.documents.blds.RESULT_MAPPED`).
INSPECTION_RESULTS = {"passed": "passed", "deficiencies": "failed", "incomplete": "partial"}  # (M-22)


def blds_inspection_rows(town: Any) -> list[Any]:
    """The inspections of `town`'s places of assembly as BLDS Inspections rows (kind ``occupancy``); a
    cancelled one has result ``cancelled``. PermitNum: the venue's certificate in force then, if any."""
    from publicassembly.documents import blds
    from publicassembly.venues.models import Inspection

    out = []
    for i in (Inspection.objects.for_town(town).select_related("venue", "inspector", "done_by")
              .order_by("scheduled_for", "pk")):
        cert = i.venue.certificates.filter(issued_on__lte=i.done_on or i.scheduled_for).order_by(
            "-issued_on", "-pk").first()
        result = "cancelled" if i.state == "cancelled" else INSPECTION_RESULTS.get(i.result, "")
        out.append(blds.BldsInspectionRow(
            permit_num=cert.number if cert else f"venue-{i.venue_id}", kind="occupancy",
            scheduled_date=i.scheduled_for, inspected_date=i.done_on, result=result, notes=i.notes,
            description=f"Inspection of the place of assembly {i.venue.name} (Mount Pleasant Code ch. 164)",
            inspector=person_name(i.done_by or i.inspector, town),
            extra={"venue": i.venue.name, "address": i.venue.address,
                   "deficiencies": [d.citation for d in i.deficiencies.all()]}))
    return out
