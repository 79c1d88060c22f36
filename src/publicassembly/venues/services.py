"""Services of places of assembly (Mount Pleasant Code ch. 164): one function per action.

Each action checks who (the role in the venue's town, `workflow.access.require_role`), which town, and which
state, calls the law core for every number of law, and writes the change with its history (who, when, why) in
one transaction. Updates take ``expected_version`` (the version the user saw; None → the version the object was
loaded at): a stale one raises `StaleUpdate` and writes nothing.

Errors (all `publicassembly.workflow.errors.WorkflowError`): `NotAllowed` (role or town), `NotFound`,
`InvalidTransition` (state), `StaleUpdate` (version), `ValidationFailed` (a value; ``field`` names it).

Who may act (roles in the venue's town):

- create_venue, update_venue, add_space, update_space, remove_space: building inspector, or an applicant for a
  venue they own (an applicant who creates a venue owns it)
- approve_religious_worship_exemption, issue_certificate, revoke_certificate: building inspector (§§ 164-3, 164-9)
  (`issue_certificate` raises `Blocked`, 409, for a place that is not a place of assembly, whose lawful
  occupancy is 0 persons, that is exempt for religious worship, or whose last inspection found its exits not
  clear: `certificate_blockers`, interpretations M-17, M-18)
- schedule_inspection, record_inspection, cancel_inspection: building inspector or enforcement officer
- compute_occupancy, lookup_certificate, venue_timeline: anyone (public information)
- visible_venues, get_venue (the places a person's pages show): building inspector or enforcement officer, every
  place of the town; an applicant, in a town whose chapter has places of assembly, the places they own (another's
  place is `NotFound`, never revealed: interpretation W-14)

The ``can_*`` functions answer the same checks with True or False (no exception), for pages that show only the
forms their reader may use.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from pydantic import TypeAdapter, ValidationError

from publicassembly.accounts.models import Role, Town
from publicassembly.law.cases import invalid_from
from publicassembly.law.core import Status
from publicassembly.law.determination import Determination
from publicassembly.law.errors import InvalidCase, LawError, ParameterNotInForce
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import JURISDICTION as MOUNT_PLEASANT
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import USE_GROUPS, VenueCase, exits
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import cite
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.names import same_name
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.occupancy import may_have_no_floor_area
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.places import threshold_persons
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.signs import sign_faults
from publicassembly.law.messages import capitalized, join
from publicassembly.law.units import (
    AREA_UNITS,
    Count,
    InvalidNumber,
    NumberTooLarge,
    area_sq_ft,
    area_too_large,
    given,
    to_decimal,
)
from publicassembly.venues.models import (
    Certificate,
    Deficiency,
    DeficiencyKind,
    Inspection,
    Space,
    SpaceConnection,
    SpaceKind,
    Venue,
)
from publicassembly.venues.names import SpaceNames, names_two, rooms_given
from publicassembly.workflow import reasons as history_words
from publicassembly.workflow.access import require_role
from publicassembly.workflow.blocked import Blocked, Blocker
from publicassembly.workflow.dates import a_date, chapter_in_force, happened
from publicassembly.workflow.errors import NotAllowed, NotFound, StaleUpdate, ValidationFailed, WorkflowError
from publicassembly.workflow.models import apply_changes, file_changed, save_with_history
from publicassembly.workflow.people import person_name
from publicassembly.workflow.printable import controls_found, problems, require_no_controls, require_printable
from publicassembly.workflow.states import transition
from publicassembly.workflow.timeline import TimelineEntry, timeline
from publicassembly.workflow.words import first_alike, not_in_force

EDITORS = (Role.BUILDING_INSPECTOR, Role.APPLICANT)
INSPECTORS = (Role.BUILDING_INSPECTOR, Role.ENFORCEMENT_OFFICER)
#: Who issues (and re-issues) a certificate of lawful occupancy (§§ 164-3, 164-9).
CERTIFIERS = (Role.BUILDING_INSPECTOR,)

#: Fields of a venue an editor may change with `update_venue`.
VENUE_FIELDS = ("name", "address", "commercial", "used_solely_for_religious_worship", "toilets_provided")
#: Fields of a space that `update_space` accepts (``connects_with``: names or spaces of the same venue).
SPACE_FIELDS = ("name", "kind", "use_group", "area", "area_unit", "alleys", "story", "common_entrance",
                "connects_with")


# --- helpers ------------------------------------------------------------------------------------------------


def _today() -> dt.date:
    return timezone.localdate()


def _why(reason: str, default: str) -> str:
    return reason.strip() if isinstance(reason, str) and reason.strip() else default


def _require_reason(reason: str) -> str:
    if not isinstance(reason, str) or not reason.strip():
        raise ValidationFailed("reason", _("give the reason for this change; it is kept in the history"))
    return reason.strip()


def has_places_of_assembly(town: Town) -> bool:
    """Whether the chapter of `town` has places of assembly (its subject ``venue``: Mount Pleasant ch. 164; Carmel
    ch. 31 regulates assemblies, not places)."""
    return "venue" in town.jurisdiction.subjects


class NoPlacesOfAssembly(NotFound):
    """A town whose law has no places of assembly (no ``venue`` among its jurisdiction's subjects: Carmel ch. 31
    regulates assemblies by permit, not places): its places of assembly, their rooms, certificates, inspections
    and stop orders do not exist (HTTP 404, as a town's permit pages where its law issues no permit,
    `permits.services.NoPermits`), said in one sentence naming the town, what its law is about and the towns
    whose law has places of assembly, in the active language. Nothing is read or stored."""

    worded = True

    def __init__(self, town: Any) -> None:
        from publicassembly.law import jurisdictions

        j = town.jurisdiction
        towns = ", ".join(t.name for t in jurisdictions.all_jurisdictions() if "venue" in t.subjects)
        said = (_("%(town)s keeps no places of assembly here: its law (%(code)s) is about permits for public "
                  "assemblies, not places of assembly and their certificates of lawful occupancy, which are kept "
                  "here for %(towns)s.") if towns else
                _("%(town)s keeps no places of assembly here: its law (%(code)s) is about permits for public "
                  "assemblies, not places of assembly and their certificates of lawful occupancy."))
        WorkflowError.__init__(self, said % {"town": town, "code": j.code, "towns": towns})
        self.what, self.key = "place of assembly", getattr(town, "jurisdiction_alias", str(town))


def require_places_of_assembly(town: Town) -> None:
    """Refuse a town whose law has no places of assembly (Carmel ch. 31) with `NoPlacesOfAssembly` (404), before
    anything is read or stored: the API's venue, space, certificate, inspection and stop-order endpoints under
    the town, as `permits.services.require_permits` refuses the permit endpoints of a town that issues no
    permits."""
    if not has_places_of_assembly(town):
        raise NoPlacesOfAssembly(town)


def require_places_of_assembly_law(town: Town) -> None:
    """Refuse (`ValidationFailed`, field ``town``) a town whose chapter has no places of assembly (subject
    ``venue``): Carmel ch. 31 regulates assemblies, not places, so it has no venues or certificates."""
    if town is None or getattr(town, "pk", None) is None:
        raise ValidationFailed("town", _("a saved town is required"))
    if not has_places_of_assembly(town):
        raise ValidationFailed(
            "town", _("%(town)s has no law on places of assembly (its chapter decides: %(subjects)s); certificates "
                      "of lawful occupancy are Mount Pleasant ch. 164's")
            % {"town": town, "subjects": ", ".join(town.jurisdiction.subjects)})


def locked_venue(venue: Venue, expected_version: int | None) -> Venue:
    """`venue` read again and locked (``SELECT … FOR UPDATE``) for the transaction that records something on it;
    `StaleUpdate` (409) when `expected_version` (the version the page or client read; None: not checked) is no
    longer its version — the same form sent twice records once. Call inside ``transaction.atomic()``."""
    fresh = Venue.objects.select_for_update().get(pk=venue.pk)
    if expected_version is not None and fresh.version != expected_version:
        raise StaleUpdate(expected_version, fresh.version, record=Venue._meta.verbose_name)
    return fresh


def _require_editor(by: Any, venue: Venue) -> Any:
    membership = require_role(by, venue.town, *EDITORS)
    if membership.role == Role.APPLICANT and venue.owner_id != by.pk:
        # another owner's place is not found, as one that does not exist: its name is not told (W-14)
        get_venue(by, venue.town, venue.pk)
    return membership


def _allowed(check: Any) -> bool:
    try:
        check()
    except (NotAllowed, NotFound):  # (another owner's place is not found to an owner: W-14)
        return False
    return True


def can_register_venue(by: Any, town: Town) -> bool:
    """Whether `by` may `create_venue` in `town` (building inspector or applicant): the same role check, no
    exception."""
    return _allowed(lambda: require_role(by, town, *EDITORS))


def can_edit_spaces(by: Any, venue: Venue) -> bool:
    """Whether `by` may add, change or remove the spaces of `venue` (`add_space`, `update_space`,
    `remove_space`): the building inspector, or an applicant who owns it."""
    return _allowed(lambda: _require_editor(by, venue))


def can_issue_certificate(by: Any, venue: Venue) -> bool:
    """Whether `by` may `issue_certificate` (or re-issue it) for `venue`: its town's building inspector
    (§§ 164-3, 164-9)."""
    return _allowed(lambda: require_role(by, venue.town, *CERTIFIERS))


def can_revoke_certificate(by: Any, venue: Venue) -> bool:
    """Whether `by` may `revoke_certificate` of `venue`: the roles of the ``revoke`` transition of
    `Certificate.state_machine` (the building inspector), whatever the certificate's status."""
    roles = Certificate.state_machine.transitions["revoke"].roles
    return _allowed(lambda: require_role(by, venue.town, *roles))


def can_inspect(by: Any, venue: Venue) -> bool:
    """Whether `by` may `schedule_inspection`, `record_inspection` or `cancel_inspection` at `venue`: a building
    inspector or enforcement officer of its town."""
    return _allowed(lambda: require_role(by, venue.town, *INSPECTORS))


def venue_readers(town: Town) -> tuple[str, ...]:
    """The roles whose pages show places of assembly of `town`: the building inspector and enforcement officers
    (`INSPECTORS`: every place), and, where its chapter has places of assembly (`has_places_of_assembly`), an
    applicant (the places they own: W-14)."""
    return INSPECTORS + ((Role.APPLICANT,) if has_places_of_assembly(town) else ())


def visible_venues(by: Any, town: Town) -> Any:
    """The places of assembly of `town` that `by` may see (a queryset): every one for its building inspector or
    an enforcement officer; for an applicant, in a town whose chapter has places of assembly, those they own
    (``owner``), which they registered (`create_venue`) — the places whose rooms they may change
    (`can_edit_spaces`). `NotAllowed` for anyone else (interpretation W-14)."""
    membership = require_role(by, town, *venue_readers(town))
    venues = Venue.objects.for_town(town)
    if membership.role == Role.APPLICANT:
        venues = venues.filter(owner_id=by.pk)
    return venues


def get_venue(by: Any, town: Town, pk: int) -> Venue:
    """The place of assembly `pk` of `town` as `by` may see it (`visible_venues`); `NotFound`, as for a place
    that does not exist or is another town's, for one `by` may not see (another's place is never revealed:
    W-14); `NotAllowed` for one who may see none."""
    return visible_venues(by, town).get_in_town(town, pk=pk)


def sees_every_venue(by: Any, town: Town) -> bool:
    """Whether `by` sees every place of assembly of `town` (`INSPECTORS`), not only those they own."""
    return _allowed(lambda: require_role(by, town, *INSPECTORS))


def _fresh(obj: Any) -> Any:
    """The stored row of `obj` (NotFound if deleted)."""
    try:
        return type(obj)._default_manager.get(pk=obj.pk)
    except type(obj).DoesNotExist:
        raise NotFound(str(type(obj)._meta.verbose_name), obj.pk) from None


def _same_town(obj: Any, town: Town, what: str) -> None:
    if obj.town_id != town.pk:
        raise NotFound(what, obj.pk, town)


# --- the law core's venue case ----------------------------------------------------------------------------


def _space_facts(venue: Venue, spaces: list[Space], names_by_id: dict[int, str],
                 attendance: Mapping[str, int] | None) -> list[dict[str, Any]]:
    links: dict[int, set[str]] = {s.pk: set() for s in spaces}
    for c in SpaceConnection.objects.filter(venue=venue):
        links[c.from_space_id].add(names_by_id[c.to_space_id])
        links[c.to_space_id].add(names_by_id[c.from_space_id])
    out = []
    for s in spaces:
        facts: dict[str, Any] = {
            "name": s.name, "use_group": s.use_group, "area": str(s.area), "area_unit": s.area_unit,
            "story": s.story, "connects_with": sorted(links[s.pk]), "common_entrance": s.common_entrance,
            "used_solely_for_religious_worship": venue.used_solely_for_religious_worship,
        }
        if s.use_group == "bowling_alley":
            facts["alleys"] = s.alleys
        if attendance and s.name in attendance:
            facts["attendance"] = attendance[s.name]
        out.append(facts)
    return out


def certificate_in_force(venue: Venue, day: dt.date) -> Certificate | None:
    """The certificate of `venue` that was in force on `day` (interpretation M-28): one issued on or before it
    (``issued_on``, the Building Inspector's day) that still stood that day — not superseded by a certificate
    issued on or before it, not made stale by a change of the place's rooms (W-5) nor revoked on or before it (the
    day the certificate's history records that change); of several, the last issued. None when none was: the
    place had no certificate on record that day (one issued later did not exist yet, G-10)."""
    issued = (venue.certificates.filter(issued_on__lte=day).select_related("superseded_by")
              .order_by("-issued_on", "-id"))
    for cert in issued:
        if cert.superseded_by is not None and cert.superseded_by.issued_on <= day:
            continue  # (its successor was in force)
        if cert.status != Certificate.VALID:
            ended = (Certificate.history.filter(id=cert.pk, status__in=[Certificate.STALE, Certificate.REVOKED])
                     .order_by("history_date").values_list("history_date", flat=True).first())
            if ended is None and cert.status != Certificate.SUPERSEDED:
                continue  # (stale or revoked on a day not recorded: not taken to have stood)
            if ended is not None and timezone.localdate(ended) <= day:
                continue
        return cert
    return None


def _certificate_facts(certificate: Certificate) -> dict[str, Any]:
    """The law core's facts of a stored certificate: its number, day of issue, lawful occupancy and the number
    it states for each room or area (its signs', § 164-9)."""
    return {"number": certificate.number, "issued": certificate.issued_on,
            "lawful_occupancy": certificate.lawful_occupancy,
            "spaces": {s["name"]: s["occupant_load"] for s in certificate.space_loads
                       if s.get("occupant_load") is not None}}


def _why_not_in_force(certificate: Certificate, on: dt.date | None) -> str | None:
    """Why `certificate`, the last one issued, was not in force on `on` (today when None), as its record says:
    ``stale`` or ``revoked``, the last of these its history records by that day (a stale certificate may be
    revoked after), else its status when it is one of them (made so on a day not recorded); None when the record
    says neither (§ 164-3's finding then says only that it is no longer in force: M-29)."""
    ended = Certificate.history.filter(id=certificate.pk, status__in=[Certificate.STALE, Certificate.REVOKED])
    last = None
    for when, status in ended.order_by("history_date").values_list("history_date", "status"):
        if on is None or timezone.localdate(when) <= on:
            last = status
    if last is None and certificate.status in (Certificate.STALE, Certificate.REVOKED):
        last = certificate.status
    return last


def venue_case_data(venue: Venue, *, attendance: int | None = None,
                    persons_by_space: Mapping[str, int] | None = None, toilets_provided: int | None = None,
                    inspection: Mapping[str, Any] | None = None, on: dt.date | None = None) -> dict[str, Any]:
    """The law core's venue case (Mount Pleasant subject ``venue``) built from the stored venue, its spaces,
    connections, worship approval and certificate, plus optional gathering facts: ``attendance`` (persons
    in the whole place), ``persons_by_space`` (space name → persons), ``toilets_provided`` (else the venue's),
    ``inspection`` (the law core's inspection facts). The certificate: the one in force on `on`, the day of an
    inspection or a stop order (`certificate_in_force`, M-28); without `on`, the one valid now; none in force,
    the last issued (by `on`) as ``former_certificate`` (M-29). Plain data, ready for
    ``VenueCase.model_validate``."""
    spaces = list(venue.spaces.order_by("id"))
    names = {s.pk: s.name for s in spaces}
    certificate = (certificate_in_force(venue, on) if on is not None
                   else venue.certificates.filter(status=Certificate.VALID).order_by("-id").first())
    data: dict[str, Any] = {
        "name": venue.name, "address": venue.address, "commercial": venue.commercial,
        "spaces": _space_facts(venue, spaces, names, persons_by_space),
        "worship_use_approved_by_building_inspector": True if venue.certificate_exempt else None,
        "toilets_provided": toilets_provided if toilets_provided is not None else venue.toilets_provided,
    }
    if attendance is not None:
        data["attendance"] = attendance
    if certificate is not None:
        data["certificate"] = _certificate_facts(certificate)
    else:  # none in force: the last issued, whose numbers the approved numbers never exceed (§ 164-5, M-29)
        former = venue.certificates.filter(issued_on__lte=on) if on is not None else venue.certificates.all()
        last = former.order_by("-issued_on", "-id").first()
        if last is not None:
            data["former_certificate"] = {**_certificate_facts(last), "status": _why_not_in_force(last, on)}
    if inspection is not None:
        data["inspection"] = dict(inspection)
    return data


def _problem(error: ValueError, field: str) -> str:
    """The law core's complaint about `field` without the field's name: its translatable message when it is one
    of the law core's `InvalidNumber`s of `field`, else the error's text without the leading ``<field>: ``."""
    if isinstance(error, InvalidNumber) and error.field == field:
        return error.problem
    return str(error).removeprefix(f"{field}: ")


def _invalid(error: ValidationError) -> ValidationFailed:
    """The law core's refusal of a case as `ValidationFailed` naming the field (a whole-case check names its
    field at the head of its message: ``inspection.signs[0].room: ...``)."""
    err = invalid_from(error, model=VenueCase)
    errors = [_named(field, message) for field, message in err.errors]
    field, message = _named(err.field, err.message)
    return ValidationFailed(field, message, errors=errors)


def _named(field: str, message: str) -> tuple[str, str]:
    """(field, message) of a refusal, the field taken from the head of the message for a whole-case check."""
    head, sep, rest = message.partition(": ")
    if field == "(case)" and sep and " " not in head:
        return head, rest
    return field, message


def determine_venue(venue: Venue, data: dict[str, Any], as_of: dt.date) -> Determination:
    """The law core's determination of `data` (from `venue_case_data`) on `as_of`, without a certificate (in
    force or former, M-29) issued after that day (an inspection recorded as done before the venue's certificate
    was issued: the certificate did not exist yet, interpretation G-10). Raises `ValidationFailed` naming the field
    the law core refuses (``spaces`` when the venue has none)."""
    if not data["spaces"]:
        raise ValidationFailed("spaces", _("%(venue)s has no room or open-air area yet; add its spaces first")
                               % {"venue": venue.name})
    for key in ("certificate", "former_certificate"):  # (the former one too: M-29)
        issued = (data.get(key) or {}).get("issued")
        if issued is not None and str(issued) > as_of.isoformat():  # not issued yet on that day (G-10)
            data = {k: v for k, v in data.items() if k != key}
    try:
        case = VenueCase.model_validate(data)
    except ValidationError as e:
        raise _invalid(e) from None
    try:
        return venue.town.jurisdiction.determine(case, as_of)
    except ParameterNotInForce as e:
        raise ValidationFailed("as_of", not_in_force(as_of, e.first)) from None
    except InvalidCase as e:
        raise ValidationFailed(e.field, e.message, errors=e.errors) from None
    except LawError as e:
        raise ValidationFailed("as_of", str(e)) from None


def compute_occupancy(venue: Venue, *, as_of: dt.date | None = None, attendance: int | None = None,
                      persons_by_space: Mapping[str, int] | None = None) -> Determination:
    """The law core's determination of `venue` on `as_of` (default today): occupant load of each space and
    lawful occupancy (§§ 164-7, 164-8; ``determination.occupancy``), whether it is a place of assembly and needs a
    certificate (§§ 164-3, 164-4), toilets (§ 164-6), signs (§ 164-9). With ``attendance`` / ``persons_by_space``
    (persons) it also judges overcrowding (§ 164-5). Read-only; no role needed.

    Raises `ValidationFailed`: field ``spaces`` when the venue has none, ``town`` outside Mount Pleasant, or
    the field of the case the law core refuses."""
    require_places_of_assembly_law(venue.town)
    data = venue_case_data(venue, attendance=attendance, persons_by_space=persons_by_space)
    return determine_venue(venue, data, as_of or _today())


# --- venues ---------------------------------------------------------------------------------------------------


def _check_venue_values(values: Mapping[str, Any]) -> None:
    for f in ("name", "address"):
        if f in values and (not isinstance(values[f], str) or not values[f].strip()):
            raise ValidationFailed(f, _("the name of the place of assembly is required") if f == "name" else
                                   _("the address of the place of assembly is required"))
    if "commercial" in values and values["commercial"] not in (True, False, None):
        raise ValidationFailed("commercial", _("true (commercial), false (noncommercial) or empty (not stated)"))
    if "used_solely_for_religious_worship" in values and not isinstance(
            values["used_solely_for_religious_worship"], bool):
        raise ValidationFailed("used_solely_for_religious_worship", _("true or false"))
    t = values.get("toilets_provided")
    if t is not None and (isinstance(t, bool) or not isinstance(t, int) or t < 0):
        raise ValidationFailed("toilets_provided", _("a whole number of toilets, 0 or more (got %(value)s)")
                               % {"value": repr(t)})
    require_printable(*((f, values[f]) for f in ("name", "address") if f in values))  # certificate, G-6


def create_venue(by: Any, town: Town, *, name: str, address: str, commercial: bool | None = None,
                 used_solely_for_religious_worship: bool = False, toilets_provided: int | None = None,
                 owner: Any = None, reason: str = "") -> Venue:
    """Register a place of assembly in `town` (Mount Pleasant). Building inspector (``owner`` optional) or an
    applicant (who becomes its owner). Returns the saved `Venue` (version 1), history "created".

    One place, one record: its certificate (§ 164-3), inspections and violations belong to it, and a second
    record of it would split them (and offer two places alike in every list). So a place of the same name and
    address as one already registered in the town (spaces and letter case aside) is refused, `ValidationFailed`
    naming ``name`` and the place registered — also the same form or request sent twice, which has no record of
    its own whose version it could send (interpretation W-10). Two places of one name are told apart by the
    address."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    require_places_of_assembly_law(town)
    membership = require_role(by, town, *EDITORS)
    _check_venue_values({"name": name, "address": address, "commercial": commercial,
                         "used_solely_for_religious_worship": used_solely_for_religious_worship,
                         "toilets_provided": toilets_provided})
    if membership.role == Role.APPLICANT:
        owner = by
    with transaction.atomic():
        town.lock()  # one registration at a time per town: the check holds
        venue = Venue(town=town, name=name.strip(), address=address.strip(), commercial=commercial,
                      used_solely_for_religious_worship=used_solely_for_religious_worship,
                      toilets_provided=toilets_provided, owner=owner)
        same = _same_venue(town, venue)
        if same is not None and membership.role == Role.APPLICANT and same.owner_id != by.pk:
            # an owner is not told another's place (W-14): the place they typed is registered, by whom is the
            # Building Inspector's to say
            raise ValidationFailed("name", _(
                "a place of assembly of this name and address is already registered in this town; a place is "
                "registered once: ask the Building Inspector to record you as its owner, or tell this place apart "
                "by its address"))
        if same is not None:
            raise ValidationFailed("name", _(
                "%(name)s, %(address)s is already registered as place of assembly %(id)s of this town; a place is "
                "registered once (its certificate, inspections and violations are its own): open that one, or "
                "tell this place apart by its address") % {"name": same.name, "address": same.address, "id": same.pk})
        save_with_history(venue, by=by, reason=_why(reason, history_words.VENUE_REGISTERED()))
    return venue


def _same_venue(town: Town, new: Venue, besides: int | None = None) -> Venue | None:
    """The place of assembly of `town` (other than the one numbered `besides`) of `new`'s name and address
    (spaces and letter case aside), if any (W-10)."""
    return first_alike(Venue.objects.for_town(town).exclude(pk=besides).order_by("id"), name=new.name,
                       address=new.address)


def update_venue(by: Any, venue: Venue, *, expected_version: int | None = None, reason: str = "",
                 **changes: Any) -> Venue:
    """Change fields of `venue` (any of `VENUE_FIELDS`). Ceasing to be used solely for religious worship
    clears the Building Inspector's approval (§ 164-3). Raises `StaleUpdate`, `ValidationFailed` (unknown
    field or bad value), `NotAllowed`."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    unknown = [k for k in changes if k not in VENUE_FIELDS]
    if unknown:
        raise ValidationFailed(unknown[0], _("not a field you may change; allowed: %(allowed)s")
                               % {"allowed": ", ".join(VENUE_FIELDS)})
    _check_venue_values(changes)
    changes = {k: v.strip() if isinstance(v, str) else v for k, v in changes.items()}
    if changes.get("used_solely_for_religious_worship") is False:
        changes.update(worship_approved_by=None, worship_approved_on=None)

    def check(fresh: Venue) -> None:
        _require_editor(by, fresh)
        if "name" in changes or "address" in changes:  # renamed as another place of the town (W-10)
            renamed = Venue(town=fresh.town, name=changes.get("name", fresh.name),
                            address=changes.get("address", fresh.address))
            same = _same_venue(fresh.town, renamed, besides=fresh.pk)
            if same is not None:
                raise ValidationFailed("name", _(
                    "%(name)s, %(address)s is already registered as place of assembly %(id)s of this town; a "
                    "place is registered once: give this one a name or address telling it apart")
                    % {"name": same.name, "address": same.address, "id": same.pk})

    return apply_changes(venue, changes, by=by, reason=_why(reason, history_words.VENUE_CHANGED()),
                         expected_version=expected_version, check=check)


def approve_religious_worship_exemption(by: Any, venue: Venue, *, approved_on: dt.date | None = None,
                                        expected_version: int | None = None, reason: str = "") -> Venue:
    """The Building Inspector approves the venue's use solely as a place of religious worship: it is then
    exempt from the certificate (§ 164-3). Building inspector only."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)

    def check(fresh: Venue) -> None:
        require_role(by, fresh.town, Role.BUILDING_INSPECTOR)

    return apply_changes(
        venue,
        {"used_solely_for_religious_worship": True, "worship_approved_by": by,
         "worship_approved_on": chapter_in_force(
             "approved_on", happened("approved_on", approved_on if approved_on is not None else _today()),
             venue.town.jurisdiction.parameters.in_force_from)},
        by=by, reason=_why(reason, history_words.WORSHIP_APPROVED()),
        expected_version=expected_version, check=check,
    )


# --- spaces ---------------------------------------------------------------------------------------------------


def floor_area_problem(area: Decimal, use_group: str) -> str | None:
    """What a room's or area's recorded floor area `area` (in its unit) is told, or None when it may be
    recorded: more than 0 — a room of no floor area holds no one and its sign (§ 164-9) would state 0 — but for a
    bowling alley, whose area is the additional area beyond its alleys and runways, 0 or more (§ 164-7;
    `occupancy.may_have_no_floor_area`, interpretation D-8). Says what is allowed, so that a value refused as
    negative is not then refused again as 0 (the API's schema, the service and the venue page's form alike)."""
    if may_have_no_floor_area(use_group):
        if area < 0:
            return _("a bowling alley's additional area (beyond its alleys and their runways) is 0 or more "
                     "(§ 164-7; got %(value)s)") % {"value": given(area)}
        return None
    if area <= 0:  # holds no one, its sign would say 0
        return _("a room or area has a floor area of more than 0; only a bowling alley's additional area (beyond "
                 "its alleys) may be 0")
    return None


def use_group_problem(kind: str, use_group: str) -> str | None:
    """What a space's use group is told when it does not fit its kind (an open-air area has use group
    ``open_air``, § 164-8; a room one of § 164-7), or None (the service and the API's schema alike)."""
    if (kind == SpaceKind.OPEN_AIR) != (use_group == "open_air"):
        return _("an open-air area has use group open_air (§ 164-8) and a room one of the use groups of § 164-7")
    return None


def _clean_space(values: dict[str, Any], *, venue: Venue | None = None, but: int | None = None) -> dict[str, Any]:
    """Validate a space's values (all fields present), returning them normalised. Every refusal is told at once
    (`ValidationFailed.of_all`: each (field, message) in ``errors``, the first named), as the API tells a body's
    schema errors: a bad name with a bad area, a use group not of its kind (§ 164-8) with alleys missing, each
    beside its field on the page. A check of one field against another is made when both are known (an area or
    alleys are judged by a use group that is one; a use group against a kind that is one). `venue`: also refuse a
    name another space of it (not space `but`) has as a reader takes it (`_name_taken`)."""
    errors: list[tuple[str, str]] = []
    name = values.get("name")
    if not isinstance(name, str) or not name.strip():
        errors.append(("name", _("each room or area needs a name")))
    else:
        values["name"] = name.strip()
        unprintable = problems(values["name"], "name")  # the certificate and the room's occupancy sign (G-6)
        errors += unprintable
        taken = _name_taken(venue, values["name"], but=but) if venue is not None and not unprintable else None
        if taken is not None:
            errors.append(("name", taken))
    kind_known = values.get("kind") in SpaceKind.values
    if not kind_known:
        errors.append(("kind", _("%(value)s is not a kind of space; allowed: %(allowed)s")
                       % {"value": repr(values.get("kind")), "allowed": ", ".join(SpaceKind.values)}))
    use_group = values.get("use_group") if values.get("use_group") in USE_GROUPS else None
    if use_group is None:
        errors.append(("use_group", _("%(value)s is not a use group of §§ 164-7, 164-8; allowed: %(allowed)s")
                       % {"value": repr(values.get("use_group")), "allowed": ", ".join(USE_GROUPS)}))
    elif kind_known and (problem := use_group_problem(values["kind"], use_group)) is not None:
        errors.append(("use_group", problem))
    unit_known = values.get("area_unit") in AREA_UNITS
    if not unit_known:
        errors.append(("area_unit", _("%(value)s; allowed: %(allowed)s")
                       % {"value": repr(values.get("area_unit")), "allowed": ", ".join(AREA_UNITS)}))
    area_error = _area_problem(values, use_group, unit_known)
    if area_error is not None:
        errors.append(("area", area_error))
    alleys = values.get("alleys")
    if use_group == "bowling_alley":
        if alleys is None:  # (not given: said without "got null")
            errors.append(("alleys", _("a bowling alley space needs its number of alleys, 0 or more (§ 164-7)")))
        elif isinstance(alleys, bool) or not isinstance(alleys, int) or alleys < 0:
            errors.append(("alleys", _("a bowling alley space needs its number of alleys, 0 or more (§ 164-7); got "
                                       "%(value)s") % {"value": given(alleys)}))
    elif use_group is not None and alleys is not None:
        errors.append(("alleys", _("only a space of use group bowling_alley has alleys")))
    story = values.get("story")
    if story is not None and (isinstance(story, bool) or not isinstance(story, int)):
        errors.append(("story", _("a whole number (1 for the first story, 0 or less below grade); got %(value)s")
                       % {"value": repr(story)}))
    if values.get("common_entrance") not in (True, False, None):
        errors.append(("common_entrance", _("true, false or empty (not stated)")))
    if errors:
        raise ValidationFailed.of_all(errors)
    return values


def _area_problem(values: dict[str, Any], use_group: str | None, unit_known: bool) -> str | None:
    """What a space's ``area`` is told (None: it may be recorded, `values["area"]` then normalised): a number
    (`law.units.to_decimal`); more than 0 but for a bowling alley (`floor_area_problem`, before the law core's
    "cannot be negative"; with no use group known, only a negative area is told, in the same words); at most the
    law core's bound in its unit (when the unit is one); at most 4 decimal places."""
    try:
        area = to_decimal(values.get("area"), "area")  # (bounded: at most 10^15, 20 decimal places)
    except NumberTooLarge as e:  # (told the area's own bound, or that it is negative: the final trial)
        return area_too_large(e.shown, values["area_unit"] if unit_known else None)
    except ValueError as e:
        return _problem(e, "area")
    if use_group is not None or area < 0:
        problem = floor_area_problem(area, use_group or "")
        if problem is not None:
            return problem
    if unit_known:
        try:
            area_sq_ft(area, values["area_unit"], "area")  # the law core's checks (too large, unit)
        except ValueError as e:
            return _problem(e, "area")
    if area != area.quantize(Decimal("0.0001")):
        return str(_("at most 4 decimal places (got %(value)s)") % {"value": area})
    values["area"] = area.copy_abs() if area == 0 else area  # -0 is 0 (never kept or shown as "-0.0")
    return None


def _connected_spaces(venue: Venue, items: Iterable[Any], exclude: Space | None = None, *,
                      own_name: Any = None) -> tuple[list[Space], list[tuple[str, str]]]:
    """The spaces of `venue` that `items` (names, or `Space` objects) name — the spaces a space connects with
    (§ 164-4), without `exclude` (the space itself, as stored) — and every refusal of them as (``connects_with``,
    message): a space of another venue, a name no space of it has, the space itself. A name is read as the check
    of a name taken reads it (`same_name`: "ballroom" is the room "Ballroom", which is kept, in its own spelling);
    `own_name`, the name the space is being added or renamed with, is the space itself too (interpretation M-23).
    A name that reads as two spaces' names (a pair stored before two could not be so named) is refused naming
    both (M-26). Each refusal is told once (a name of no space given twice, the space itself named twice).
    Collected, not raised, so that they are told with the space's other refusals at once (interpretation M-21)."""
    stored = list(venue.spaces.all())
    spaces: dict[str, list[Space]] = {}
    for s in stored:
        spaces.setdefault(same_name(s.name), []).append(s)
    own = same_name(own_name) if isinstance(own_name, str) and own_name.strip() else None
    out: list[Space] = []
    errors: list[tuple[str, str]] = []
    unknown: set[str] = set()  # the names of no space, or of two (a legacy pair), already told (as read)
    for item in items:
        space: Space | None
        if isinstance(item, Space):
            if item.venue_id != venue.pk:
                errors.append(("connects_with", _("%(space)s is not a space of %(venue)s")
                               % {"space": item.name, "venue": venue.name}))
                continue
            space = item
        elif isinstance(item, str) and len(spaces.get(same_name(item), ())) > 1:  # (stored before M-23: M-26)
            if same_name(item) not in unknown:
                unknown.add(same_name(item))
                errors.append(("connects_with", names_two(venue.name, item, [s.name for s in spaces[same_name(item)]])))
            continue
        elif isinstance(item, str) and same_name(item) in spaces:
            space = spaces[same_name(item)][0]
        elif isinstance(item, str) and own is not None and same_name(item) == own:
            space = None  # (itself, by the name it is being given: not stored yet, or stored under another)
        else:
            key = same_name(item) if isinstance(item, str) else repr(item)
            if key not in unknown:
                unknown.add(key)
                errors.append(("connects_with", _("no space of %(venue)s is named %(name)s; spaces: %(spaces)s")
                               % {"venue": venue.name, "name": repr(item),
                                  "spaces": ", ".join(sorted(s.name for s in stored)) or _("none yet")}))
            continue
        if space is None or (exclude is not None and space.pk == exclude.pk):
            itself = ("connects_with", _("a space cannot connect with itself"))
            if itself not in errors:
                errors.append(itself)
        elif space.pk not in {s.pk for s in out}:
            out.append(space)
    return out, errors


def _resolve_spaces(venue: Venue, items: Iterable[Any], exclude: Space | None = None, *,
                    own_name: Any = None) -> list[Space]:
    """`_connected_spaces`, its refusals raised (`ValidationFailed.of_all`)."""
    out, errors = _connected_spaces(venue, items, exclude, own_name=own_name)
    if errors:
        raise ValidationFailed.of_all(errors)
    return out


def connected_names(space: Space) -> list[str]:
    """The names of the spaces `space` connects with (§ 164-4; a connection is one, whichever of the two named the
    other), in the order they were entered: what its page shows ticked, and sends back unchanged."""
    ids = set()
    for a, b in SpaceConnection.objects.filter(Q(from_space=space) | Q(to_space=space)).values_list(
            "from_space_id", "to_space_id"):
        ids.add(b if a == space.pk else a)
    return list(Space.objects.filter(pk__in=ids).order_by("id").values_list("name", flat=True))


def connections_of(venue: Venue) -> dict[int, list[str]]:
    """The names of the spaces each space of `venue` connects with (§ 164-4), by the space's id (an empty list
    for one connected with none), each list in the order the spaces were entered: `connected_names` of every
    space of the place at once (two queries), as the API gives a place's spaces."""
    spaces = list(venue.spaces.order_by("id").values_list("id", "name"))
    linked: dict[int, set[int]] = {pk: set() for pk, _name in spaces}
    for a, b in SpaceConnection.objects.filter(venue=venue).values_list("from_space_id", "to_space_id"):
        linked.setdefault(a, set()).add(b)
        linked.setdefault(b, set()).add(a)
    return {pk: [name for other, name in spaces if other in linked[pk]] for pk, _name in spaces}


def _set_connections(by: Any, space: Space, others: list[Space], why: str) -> list[str]:
    """Make `space`'s connections exactly `others` (history on each added or removed pair). Returns the
    change in words (empty when none)."""
    current = {c.to_space_id if c.from_space_id == space.pk else c.from_space_id: c
               for c in SpaceConnection.objects.filter(Q(from_space=space) | Q(to_space=space))}
    wanted = {s.pk: s for s in others}
    said: list[str] = []
    for pk, conn in current.items():
        if pk not in wanted:
            conn._history_user = by
            conn._change_reason = why
            conn.delete()
            said.append(history_words.DISCONNECTS(pk=pk))
    for pk, other in wanted.items():
        if pk not in current:
            a, b = sorted([space.pk, pk])
            save_with_history(SpaceConnection(town_id=space.town_id, venue_id=space.venue_id, from_space_id=a,
                                              to_space_id=b), by=by, reason=why)
            said.append(history_words.CONNECTS(name=other.name))
    return said


def _mark_stale(by: Any, venue: Venue, what: str) -> Certificate | None:
    """A space of `venue` changed: its version moves (`file_changed`) and its valid certificate, if any, becomes
    stale (the lawful occupancy must be re-certified). The Building Inspector's approval of its use solely for
    religious worship (§ 164-3), given for the place as it was, is withdrawn (interpretation M-20): the place is
    exempt again once he approves it again."""
    if venue.certificate_exempt:
        apply_changes(venue, {"worship_approved_by": None, "worship_approved_on": None}, by=by,
                      reason=history_words.WORSHIP_APPROVAL_LAPSED(what=what), expected_version=venue.version)
    file_changed(venue)
    cert = venue.certificates.filter(status=Certificate.VALID).order_by("-id").first()
    if cert is None:
        return None
    return transition(cert, "mark_stale", by=by,
                      reason=history_words.RECERTIFY(what=what))


def _check_case(venue: Venue) -> None:
    """The law core accepts the venue's case (e.g. connections, areas); else `ValidationFailed`."""
    data = venue_case_data(venue)
    if data["spaces"]:
        try:
            VenueCase.model_validate(data)
        except ValidationError as e:
            raise _invalid(e) from None


def add_space(by: Any, venue: Venue, *, name: str, kind: str, use_group: str, area: Any, area_unit: str = "sq_ft",
              alleys: int | None = None, story: int | None = None, common_entrance: bool | None = None,
              connects_with: Iterable[Any] = (), reason: str = "", expected_version: int | None = None) -> Space:
    """Add a room or open-air area to `venue`. ``area`` in ``area_unit`` (``sq_ft`` or ``sq_m``, converted
    exactly by the law core); for ``bowling_alley`` the additional area and ``alleys`` (§ 164-7);
    ``connects_with``: names (or `Space` objects) of the venue's spaces it connects with (§ 164-4).
    `expected_version`: the venue's version the page read (None: not checked); adding a space moves it, so a
    form opened before another change of the venue's rooms is `StaleUpdate` (409), as every page form changing a
    record is. A valid certificate of the venue becomes stale in the same transaction. Returns the new `Space`.
    Every bad value is told at once (`_clean_space`; the spaces it connects with, `_connected_spaces`, as the
    venue has them when asked), with a name another space has when one is bad; a space of good values whose name
    is taken is refused after the version (the same form sent twice is 409). The spaces it connects with are
    found again once the venue is locked (a space removed meanwhile is then refused alone)."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    require_places_of_assembly_law(venue.town)
    values, errors = _new_space(venue, {"name": name, "kind": kind, "use_group": use_group, "area": area,
                                        "area_unit": area_unit, "alleys": alleys, "story": story,
                                        "common_entrance": common_entrance}, connects_with)
    if errors:
        raise ValidationFailed.of_all(errors)
    given = venue
    with transaction.atomic():
        venue = locked_venue(venue, expected_version)
        _require_editor(by, venue)
        _refuse_a_name_taken(venue, values["name"])
        others = _resolve_spaces(venue, connects_with, own_name=values["name"])
        why = _why(reason, history_words.SPACE_ADDED(name=values["name"]))
        space = Space(town=venue.town, venue=venue, **values)
        save_with_history(space, by=by, reason=why)
        _set_connections(by, space, others, why)
        _check_case(venue)
        _mark_stale(by, venue, history_words.SPACE_ADDED(name=space.name))
    given.version = venue.version  # (the caller's venue moved with it)
    return space


def _new_space(venue: Venue, given: dict[str, Any], connects_with: Iterable[Any]
               ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """A space's values `given` (every field of `_clean_space`) to add to `venue`, normalised, and every refusal
    of them at once: `_clean_space`'s, the spaces it connects with (`_connected_spaces`, as `venue` has them
    now) and, when one of them is refused, a name another space has (else told after the version)."""
    values: dict[str, Any] = {}
    errors: list[tuple[str, str]] = []
    try:
        values = _clean_space(dict(given))
    except ValidationFailed as e:
        errors = list(e.errors)
    errors += _connected_spaces(venue, connects_with, own_name=given.get("name"))[1]
    name = given.get("name")
    if errors and isinstance(name, str) and name.strip() and all(f != "name" for f, _m in errors):
        taken = _name_taken(venue, name.strip())
        if taken is not None:
            errors.insert(0, ("name", taken))
    return values, errors


def space_refusals(venue: Venue, given: dict[str, Any]) -> list[tuple[str, str]]:
    """What `add_space` refuses (its checks of the values, before the venue's version and the user's role) of a
    space of `venue` with the values `given` (a field left out: not given, ``area_unit`` then ``sq_ft``), as
    (field, message), every one; empty when it refuses none. Nothing is written. The API lists them with its
    schema's refusals of the fields they do not name (interpretation W-30), the page with its form's (W-31): asked
    only when those refuse a value, so a name another space has is told too (`add_space` tells it, when no value
    is refused, after the version)."""
    fields = ("name", "kind", "use_group", "area", "alleys", "story", "common_entrance")
    values = {f: given.get(f) for f in fields} | {"area_unit": given.get("area_unit", "sq_ft")}
    errors = _new_space(venue, values, given.get("connects_with") or ())[1]
    name = given.get("name")
    if isinstance(name, str) and name.strip() and all(f != "name" for f, _m in errors):
        taken = _name_taken(venue, name.strip())
        if taken is not None:
            errors.insert(0, ("name", taken))
    return errors


def space_change_refusals(space: Space, changes: dict[str, Any]) -> list[tuple[str, str]]:
    """What `update_space` refuses of `changes` (fields of `SPACE_FIELDS`; ``connects_with`` the names of the
    spaces it is to connect with) to `space` as it is stored now — the space judged as it would be after them
    (M-21), before its version and the user's role — as (field, message), every one; empty when it refuses none.
    Nothing is written. The page changing a room lists them with its form's refusals (interpretation W-31)."""
    fresh = Space.objects.filter(pk=space.pk).first() or space
    venue = Venue.objects.get(pk=space.venue_id)
    unknown = [(k, _("not a field of a space; allowed: %(allowed)s") % {"allowed": ", ".join(SPACE_FIELDS)})
               for k in changes if k not in SPACE_FIELDS]
    given = {k: v for k, v in changes.items() if k in SPACE_FIELDS and k != "connects_with"}
    return unknown + _space_change_errors(venue, fresh, given, changes.get("connects_with"))[2]


def _space_change_errors(venue: Venue, fresh: Space, changes: dict[str, Any], connects: Iterable[Any] | None
                         ) -> tuple[dict[str, Any], list[Space], list[tuple[str, str]]]:
    """`fresh` (a space of `venue` as stored) with `changes` applied, checked as a space added is (`_clean_space`,
    each field against the others: M-21; its name against the venue's other spaces when renamed) and the spaces
    it is to connect with (`connects`, None: unchanged): its values normalised, those spaces, and every refusal
    at once."""
    merged = {f: getattr(fresh, f) for f in SPACE_FIELDS if f != "connects_with"}
    merged.update(changes)  # the space as it would be: the checks of one field against another see both
    renamed = not isinstance(merged["name"], str) or merged["name"].strip() != fresh.name
    values: dict[str, Any] = {}
    errors: list[tuple[str, str]] = []
    try:
        values = _clean_space(merged, venue=venue if renamed else None, but=fresh.pk)
    except ValidationFailed as e:
        errors = list(e.errors)
    others: list[Space] = []
    if connects is not None:  # (told with the other refusals, at once: M-21)
        others, unconnected = _connected_spaces(venue, connects, exclude=fresh, own_name=merged["name"])
        errors += unconnected
    return values, others, errors


def _name_taken(venue: Venue, name: str, *, but: int | None = None) -> str | None:
    """What ``name`` is told when another space of `venue` (not space `but`) has that name as a reader takes it
    (`same_name`: "Hall", "hall" and "HALL" are one name, which a sign could not tell apart), else None."""
    wanted = same_name(name)
    for pk, taken in venue.spaces.values_list("pk", "name"):
        if pk != but and same_name(taken) == wanted:
            return str(_("%(venue)s already has a space named %(name)s") % {"venue": venue.name, "name": repr(taken)})
    return None


def _refuse_a_name_taken(venue: Venue, name: str, *, but: int | None = None) -> None:
    """Raise `ValidationFailed` naming ``name`` when another space of `venue` has that name (`_name_taken`)."""
    taken = _name_taken(venue, name, but=but)
    if taken is not None:
        raise ValidationFailed("name", taken)


def update_space(by: Any, space: Space, *, expected_version: int | None = None, reason: str = "",
                 **changes: Any) -> Space:
    """Change a space (any of `SPACE_FIELDS`; ``connects_with`` replaces its connections). A valid
    certificate of the venue becomes stale in the same transaction. The space is checked as it would be after the
    change — its stored values with the changes applied — by the same checks as a space added (`_clean_space`,
    each field against the others too: a use group against the stored kind, the stored area and alleys against a
    new use group; interpretation M-21), every refusal at once, and nothing is saved when one is refused. Raises
    `StaleUpdate` when the space moved on from `expected_version`, `ValidationFailed`, `NotAllowed`."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    unknown = [k for k in changes if k not in SPACE_FIELDS]
    if unknown:
        raise ValidationFailed(unknown[0], _("not a field of a space; allowed: %(allowed)s")
                               % {"allowed": ", ".join(SPACE_FIELDS)})
    connects = changes.pop("connects_with", None)
    with transaction.atomic():
        venue = Venue.objects.select_for_update().get(pk=space.venue_id)
        why = _why(reason, history_words.SPACE_CHANGED(name=space.name))
        cleaned: dict[str, Any] = {}
        others: list[Space] = []

        def check(fresh: Space) -> None:
            _require_editor(by, venue)
            values, found, errors = _space_change_errors(venue, fresh, changes, connects)
            if errors:
                raise ValidationFailed.of_all(errors)
            others.extend(found)
            cleaned.update({k: values[k] for k in changes})

        expected = space.version if expected_version is None else expected_version
        fresh = Space.objects.select_for_update().filter(pk=space.pk).first()
        if fresh is None:
            raise StaleUpdate(expected, None, record=Space._meta.verbose_name)
        if fresh.version != expected:
            raise StaleUpdate(expected, fresh.version, record=Space._meta.verbose_name)
        check(fresh)
        apply_changes(space, cleaned, by=by, reason=why, expected_version=expected)
        said = [history_words.SPACE_FIELD(field=k, value=v) for k, v in cleaned.items()]
        if connects is not None:
            said += _set_connections(by, space, others, why)
        _check_case(venue)
        _mark_stale(by, venue, history_words.SPACE_CHANGED_AS(name=space.name, changes="; ".join(said)
                                                              or history_words.NO_FIELD_CHANGED()))
    return space


def remove_space(by: Any, space: Space, *, expected_version: int | None = None, reason: str) -> None:
    """Remove a space from its venue (with its connections), a reason required. A valid certificate of the
    venue becomes stale in the same transaction. Raises `StaleUpdate`, `NotAllowed`, `ValidationFailed`."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    why = _require_reason(reason)
    expected = space.version if expected_version is None else expected_version
    with transaction.atomic():
        venue = Venue.objects.select_for_update().get(pk=space.venue_id)
        fresh = Space.objects.select_for_update().filter(pk=space.pk).first()
        if fresh is None:
            raise StaleUpdate(expected, None, record=Space._meta.verbose_name)
        if fresh.version != expected:
            raise StaleUpdate(expected, fresh.version, record=Space._meta.verbose_name)
        _require_editor(by, venue)
        _set_connections(by, fresh, [], why)
        fresh._history_user = by
        fresh._change_reason = why
        fresh.delete()
        _mark_stale(by, venue, history_words.SPACE_REMOVED(name=fresh.name))


# --- certificates ---------------------------------------------------------------------------------------------


def _number_prefix(town: Town) -> str:
    words = town.jurisdiction_alias.split("-")[:-1] or [town.jurisdiction_alias]
    return "".join(w[0] for w in words).upper()


def _next_number(town: Town, year: int) -> str:
    Town.objects.select_for_update().get(pk=town.pk)  # one numbering at a time per town
    prefix = f"{_number_prefix(town)}-{year}-"
    taken = Certificate.objects.for_town(town).filter(number__startswith=prefix).count()
    return f"{prefix}{taken + 1:04d}"


#: Issuing the certificate, in words: the action a `Blocked` refusal names (translated where it is shown).
ISSUE_CERTIFICATE = gettext_noop("issue the certificate")
#: The law core's rule deciding whether the place is a place of assembly (§ 164-4).
PLACE_OF_ASSEMBLY_RULE = "mount-pleasant/164-4/place-of-assembly"
#: The law core's rule on the number a certificate states (§ 164-9).
CERTIFIED_NUMBER_RULE = "mount-pleasant/164-9/certificate-lawful-occupancy"


def certificate_blockers_of(venue: Venue, det: Determination) -> list[Blocker]:
    """What stops the Building Inspector from issuing `venue`'s certificate, judged by `det` (the law core's
    determination of the venue as recorded; interpretation M-17), each a `Blocker` with its rule and citation:

    - the place is not a place of assembly (§ 164-4): no certificate is required (`certificate_required`
      false, not by the religious-worship exception, listed as its own blocker below), and
      the certificate this system issues is the § 164-3 certificate of a place of assembly. The reason says
      what would make it one. A place whose answer ``needs_review`` (e.g. commercial or not, not stated, with
      25 to 74 persons: M-4) is not blocked: the Building Inspector decides.
    - its lawful occupancy is 0 persons (§§ 164-7, 164-8): there is no number to certify (§ 164-9).

    - the place is exempt as used solely for religious worship as the Building Inspector approved (§ 164-3,
      W-5): no certificate is required; this alone is listed for it (`exemption_blocker`).
    - an inspection of the place found its exits blocked (§ 164-10), access to them not clear (§ 164-11) or its
      fire exits not designated or not complying (§ 164-2), and no inspection since has stated each fact found
      deficient compliant (`exit_blockers`, interpretations M-18, M-22).

    Empty when nothing stops it; a lawful occupancy not yet computable is `issue_certificate`'s refusal of
    ``spaces``, not a blocker."""
    if venue.certificate_exempt:
        return [exemption_blocker(venue)]
    out: list[Blocker] = []
    if det.certificate_required is False and det.exemption is None:
        out.append(_not_a_place_of_assembly(venue, det))
    if det.occupancy is not None and det.occupancy.lawful_occupancy == 0:
        out.append(Blocker(CERTIFIED_NUMBER_RULE, cite("164-9"), _(
            "The lawful occupancy of %(venue)s is 0 persons: no room or area has the floor area of one person at "
            "its use group's floor area per occupant (§§ 164-7, 164-8), so there is no number of persons for a "
            "certificate to state or a sign to post (§ 164-9). Record each room or area's true floor area (a "
            "bowling alley's number of alleys) and use group.") % {"venue": venue.name}))
    out.extend(exit_blockers(venue))
    return out


#: The law core's rule of the religious-worship exception (§ 164-3).
WORSHIP_RULE = "mount-pleasant/164-3/religious-worship-exception"


def exemption_blocker(venue: Venue) -> Blocker:
    """The blocker of a place exempt as used solely for religious worship as approved (§ 164-3; W-5, M-6)."""
    return Blocker(WORSHIP_RULE, cite("164-3"), _(
        "%(venue)s is used solely for religious worship as approved by the Building Inspector: no certificate is "
        "required (§ 164-3)") % {"venue": venue.name})  # (the words of the former refusal: translated already)


def last_inspection(venue: Venue, *, with_deficiencies: bool = False) -> Inspection | None:
    """The last inspection done of `venue` (M-18), None when none was done: the one done on the latest day; of
    several done on that day, the one recorded last (`recorded_at`: "an inspection recorded later that finds none
    lifts them"), not the one scheduled later or with the higher id; the id decides only between inspections
    with no time of recording (recorded before it was kept, with no history row of the recording)."""
    done = venue.inspections.filter(state=Inspection.DONE).order_by(*Inspection.LAST_FIRST)
    return (done.prefetch_related("deficiencies") if with_deficiencies else done).first()


def exit_blockers(venue: Venue) -> list[Blocker]:
    """The exit deficiencies that stop `venue`'s certificate, one blocker each with its rule and citation
    (interpretations M-18, M-22; the law core's `exits.standing_exit_faults` decides them from the observations
    of the place's done inspections, last first as `last_inspection` orders them): an exit found blocked
    (§ 164-10), access to the exits found not clear (§ 164-11) or the fire exits found not designated or not
    complying (§ 164-2), even when the officer had them cleared on the spot (§ 164-13), stops it until a later
    inspection STATES each fact found deficient compliant; an inspection that leaves one unstated lifts nothing.
    The reason gives the day and finding of the latest inspection that found it and the facts still to state,
    and, only when that finding was recorded corrected on the spot, that the correction does not lift it
    (`exits.corrected_on_the_spot_note`, § 164-13). Empty when the place was never inspected or no inspection found such a deficiency not since corrected."""
    done = list(venue.inspections.filter(state=Inspection.DONE).order_by(*Inspection.LAST_FIRST)
                .prefetch_related("deficiencies"))
    out = []
    for fault in exits.standing_exit_faults([i.observations or {} for i in done]):
        found = done[fault.inspection]
        d = next((d for d in found.deficiencies.all() if d.rule_id == fault.rule), None)
        kind = d.get_kind_display() if d is not None else _FINDING_KIND[fault.rule].label
        detail = _(d.detail) if d is not None and d.detail else ""  # (the law core's sentence, as recorded)
        to_state = "; ".join(w.translated(_) for w in exits.exit_fact_words(fault.facts))
        reason = _(
            "The inspection of %(venue)s on %(day)s found: %(kind)s. %(detail)s No inspection since has stated "
            "it corrected. A certificate of the number of persons who may lawfully occupy the place is not issued "
            "while its exits are not shown clear: record an inspection that states %(facts)s.") % {
            "venue": venue.name, "day": found.done_on.isoformat() if found.done_on else "—", "kind": kind,
            "detail": detail, "facts": to_state}
        note = exits.corrected_on_the_spot_note(fault)  # (only when the record has the correction, § 164-13)
        if note is not None:
            reason = f"{reason} {note.translated(_)}"
        out.append(Blocker(fault.rule, d.citation if d is not None else cite(fault.rule.split("/")[1]), reason))
    return out


def exits_not_stated(inspection: Inspection) -> list[str]:
    """The facts of the exits (`exits.EXIT_FACT_NAMES`) a done inspection left unstated: it is not passed and
    lifts no earlier finding of them (M-22). Empty for an inspection not done."""
    if inspection.state != Inspection.DONE:
        return []
    return list(exits.unstated_exit_facts(inspection.observations or {}))


def _not_a_place_of_assembly(venue: Venue, det: Determination) -> Blocker:
    """The blocker of a place that is not a place of assembly (§ 164-4): the most persons a room or space
    (with its connecting rooms) holds, the number that would make it one, and what to record to change it."""
    finding = next(f for f in det.findings if f.rule == PLACE_OF_ASSEMBLY_RULE)
    groups = [g for g in finding.values.get("groups", []) if g.get("persons") is not None]
    top = max(groups, key=lambda g: g["persons"]) if groups else {"persons": 0, "spaces": []}
    thresholds = finding.values["threshold_persons"]
    commercial = finding.values["commercial"]
    values = {"venue": venue.name, "persons": top["persons"], "spaces": ", ".join(top["spaces"])}
    if commercial is True:
        head = _("%(venue)s is not a place of assembly: no room or space, with its connecting rooms, holds or is "
                 "used for %(threshold)s or more persons, as a commercial place must; the most is %(persons)s "
                 "(%(spaces)s).") % {**values, "threshold": thresholds}
        threshold, more = thresholds, ""
    elif commercial is False:
        head = _("%(venue)s is not a place of assembly: no room or space, with its connecting rooms, holds or is "
                 "used for %(threshold)s or more persons, as a noncommercial place must; the most is "
                 "%(persons)s (%(spaces)s).") % {**values, "threshold": thresholds}
        threshold = thresholds
        more = " " + (_("If the place is commercial, record it so: a commercial place is one from %(threshold)s "
                        "persons.") % {"threshold": _commercial_threshold(venue, det)})
    else:  # not stated: below the commercial threshold it is none either way (M-4)
        threshold = thresholds["commercial"]
        head = _("%(venue)s is not a place of assembly: no room or space, with its connecting rooms, holds or is "
                 "used for %(threshold)s or more persons, as even a commercial place must; the most is "
                 "%(persons)s (%(spaces)s).") % {**values, "threshold": threshold}
        more = ""
    reason = " ".join((
        head,
        _("The certificate of the Building Inspector is for a place of assembly (§ 164-3); none is required "
          "here."),
        _("It would be one if a room or space, with its connecting rooms, held %(threshold)s or more persons: "
          "record its true floor area and use group (§ 164-7), or its connection, with a common entrance, to "
          "other rooms (§ 164-4).") % {"threshold": threshold},
    )) + more
    return Blocker(finding.rule, finding.citation, reason)


def _commercial_threshold(venue: Venue, det: Determination) -> int:
    """The persons that make a commercial place a place of assembly (§ 164-4), under the values of `det`'s
    day."""
    values = venue.town.jurisdiction.parameters.at(det.as_of)
    return threshold_persons(True, values)


def certificate_blockers(venue: Venue, *, on: dt.date | None = None) -> list[Blocker]:
    """What stops `venue`'s certificate from being issued on `on` (default today): `certificate_blockers_of`
    the law core's determination of the venue as recorded; for a place exempt as used solely for religious
    worship, `exemption_blocker` alone. Read-only, no role needed (a page shows
    them beside the button that would issue it). Raises `ValidationFailed` as `compute_occupancy` does."""
    require_places_of_assembly_law(venue.town)
    if venue.certificate_exempt:
        return [exemption_blocker(venue)]  # (without computing the determination)
    return certificate_blockers_of(venue, determine_venue(venue, venue_case_data(venue), on or _today()))


def issue_certificate(by: Any, venue: Venue, *, issued_on: dt.date | None = None, reason: str = "",
                      expected_version: int | None = None) -> Certificate:
    """The Building Inspector issues the venue's certificate stating its lawful occupancy (§§ 164-3, 164-9): the
    occupant load of each space and the total, as the law core computes them under the values in force on
    ``issued_on`` (default today). A valid or stale certificate is superseded by the new one. Returns the new
    `Certificate` (status valid, number ``<town>-<year>-NNNN``).

    Raises `NotAllowed` (not the building inspector of the venue's town); `Blocked` (409, nothing written) when
    the law core says the venue is not a place of assembly (§ 164-4: no certificate is required), its lawful
    occupancy is 0 persons (`certificate_blockers_of`, interpretation M-17), it is exempt as used solely for
    religious worship as approved (§ 164-3, W-5), or an inspection found its exits blocked or not clear and no
    later one has stated them corrected (M-18, M-22) — the same blockers `certificate_blockers` lists; a place whose answer needs review is issued one,
    the Building Inspector deciding; `ValidationFailed`: field ``spaces`` when it has none or a
    space's measure is missing, ``issued_on`` when it is not a date, is after today (a certificate is not
    dated ahead), falls before the chapter was in force (the law core has no values for that day) or before the
    day of the valid or stale certificate it supersedes (a re-issue follows the certificate it replaces);
    `StaleUpdate` when the venue is no longer at `expected_version` (the version the page or client read; None:
    not checked). Issuing moves the venue's version by one, so the same form sent twice issues one certificate."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    require_places_of_assembly_law(venue.town)
    require_role(by, venue.town, *CERTIFIERS)
    today = _today()
    when = a_date("issued_on", issued_on) if issued_on is not None else today
    if when > today:
        raise ValidationFailed("issued_on", _("%(day)s is after today (%(today)s); a certificate is issued on the "
                                              "day it is signed or recorded later, never dated ahead")
                               % {"day": when.isoformat(), "today": today.isoformat()})
    given = venue
    with transaction.atomic():
        venue = locked_venue(venue, expected_version)
        if venue.certificate_exempt:  # (as `certificate_blockers` lists it: 409, nothing written)
            raise Blocked(ISSUE_CERTIFICATE, [exemption_blocker(venue)])
        replaced = (venue.certificates.filter(status__in=[Certificate.VALID, Certificate.STALE])
                    .order_by("-issued_on", "-id").first())
        if replaced is not None and when < replaced.issued_on:
            raise ValidationFailed("issued_on", _("%(day)s is before certificate %(number)s (issued %(issued)s), "
                                                  "which the new certificate supersedes; date it %(issued)s or "
                                                  "later")
                                   % {"day": when.isoformat(), "number": replaced.number,
                                      "issued": replaced.issued_on.isoformat()})
        try:
            det = determine_venue(venue, venue_case_data(venue), when)
        except ValidationFailed as e:  # the day of issue is the day the law is applied on
            raise e.renamed({"as_of": "issued_on"}) from None
        gaps = [m for m in det.missing if m.startswith("spaces[")]
        if det.occupancy is None or gaps:
            raise ValidationFailed("spaces", _("the lawful occupancy cannot be computed; missing: %(missing)s")
                                   % {"missing": ", ".join(gaps)})
        blockers = certificate_blockers_of(venue, det)
        if blockers:  # (raised inside the transaction before anything is saved: nothing is written)
            raise Blocked(ISSUE_CERTIFICATE, blockers)
        loads = [s.to_json() for s in det.occupancy.spaces]
        alleys = dict(venue.spaces.values_list("name", "alleys"))
        for item in loads:
            item["area_sq_ft"] = None if item["area_sq_ft"] is None else str(item["area_sq_ft"])
            if item["use_group"] == "bowling_alley":  # counted by its alleys (§ 164-7): the certificate states them
                item["alleys"] = alleys.get(item["name"])
        why = _why(reason, history_words.CERTIFIED(n=det.occupancy.lawful_occupancy))
        cert = Certificate(town=venue.town, venue=venue, number=_next_number(venue.town, when.year), issued_on=when,
                           issued_by=by, space_loads=loads, lawful_occupancy=det.occupancy.lawful_occupancy)
        save_with_history(cert, by=by, reason=why)
        file_changed(venue)  # (a form still showing the venue as it was is stale: a double click issues once)
        for f in Venue._meta.concrete_fields:  # the caller's object is the venue as it now is (as a save leaves it)
            setattr(given, f.attname, getattr(venue, f.attname))
        for old in venue.certificates.filter(status__in=[Certificate.VALID, Certificate.STALE]).exclude(pk=cert.pk):
            transition(old, "supersede", by=by, reason=history_words.SUPERSEDED(number=cert.number), superseded_by=cert)
    return cert


def revoke_certificate(by: Any, certificate: Certificate, *, reason: str,
                       expected_version: int | None = None) -> Certificate:
    """The Building Inspector revokes a valid or stale certificate (reason required). Raises
    `InvalidTransition` for one already superseded or revoked, `NotAllowed`, `StaleUpdate`."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    return transition(certificate, "revoke", by=by, reason=_require_reason(reason), expected_version=expected_version)


@dataclass(frozen=True)
class CertificateSpaceLoad:
    """One room or area on a certificate: area in square feet (Decimal), occupant load in persons; ``alleys``: a
    bowling alley's number of alleys (§ 164-7: its area is then the additional area beyond them), None for another
    use group (or a bowling alley whose alleys at issue are not known, `alleys_when_issued`)."""

    name: str
    use_group: str
    area_sq_ft: Decimal | None
    occupant_load: int
    alleys: int | None = None


@dataclass(frozen=True)
class CertificateLookup:
    """What the public page shows of a certificate: its town, venue, date, issuer, status and lawful occupancy.
    ``in_force``: the status is valid (a stale one awaits re-issue after a change of its spaces)."""

    number: str
    town: str
    town_ocd_id: str
    venue_name: str
    venue_address: str
    issued_on: dt.date
    issued_by: str
    status: str
    status_label: str
    in_force: bool
    lawful_occupancy: int
    spaces: tuple[CertificateSpaceLoad, ...]
    superseded_by: str | None


def issuer_name(user: Any, town: Any) -> str:
    """The name of who issued a certificate (§ 164-9: the Building Inspector) as the look-up, the page and the PDF
    state it (`workflow.people.person_name`: "Building Inspector, Town of Mount Pleasant, New York" for an
    official named after his office and town). The page words it in its language from this (`web.present.issuer`:
    the office alone) and the PDF's signature line writes each word once (`documents.pdf._common.signature`)."""
    return person_name(user, town)


def alleys_when_issued(cert: Certificate) -> dict[str, int | None]:
    """The alleys of each bowling alley space of `cert` (space name → alleys) as the certificate counted them: as
    stored with its loads (certificates issued since they are, `issue_certificate`), else for one issued before,
    the venue's spaces as they were when it was issued (their history as of the certificate's first record; a
    space changed since makes the certificate stale, but the alleys it was issued for are those). A space whose
    alleys cannot be told is left out."""
    out = {s["name"]: s["alleys"] for s in cert.space_loads if s.get("use_group") == "bowling_alley" and "alleys" in s}
    wanted = {s["name"] for s in cert.space_loads if s.get("use_group") == "bowling_alley"} - set(out)
    if wanted:
        first = cert.history.order_by("history_date", "history_id").first()
        if first is not None:
            then = Space.history.as_of(first.history_date).filter(venue_id=cert.venue_id, name__in=wanted)
            out |= {s.name: s.alleys for s in then}
    return out


def describe_certificate(cert: Certificate) -> CertificateLookup:
    """The public view of one certificate (a bowling alley's space with its alleys, `alleys_when_issued`)."""
    alleys = alleys_when_issued(cert)
    spaces = tuple(
        CertificateSpaceLoad(s["name"], s["use_group"], None if s.get("area_sq_ft") is None else Decimal(s["area_sq_ft"]),
                             int(s["occupant_load"]), alleys.get(s["name"]) if s["use_group"] == "bowling_alley" else None)
        for s in cert.space_loads
    )
    return CertificateLookup(
        number=cert.number, town=cert.town.name, town_ocd_id=cert.town.ocd_id, venue_name=cert.venue.name,
        venue_address=cert.venue.address, issued_on=cert.issued_on, issued_by=issuer_name(cert.issued_by, cert.town),
        status=cert.status, status_label=str(cert.get_status_display()), in_force=cert.status == Certificate.VALID,
        lawful_occupancy=cert.lawful_occupancy, spaces=spaces,
        superseded_by=cert.superseded_by.number if cert.superseded_by_id else None,
    )


def lookup_certificate(number: str, *, town: Town | None = None) -> CertificateLookup:
    """The public lookup of a certificate by its number (case and spaces ignored), in `town` or in any town.
    Raises `ValidationFailed` (field ``number``) for an empty number, (field ``town``) when two towns use the
    number and none is given; `NotFound` when there is none."""
    if not isinstance(number, str) or not number.strip():
        raise ValidationFailed("number", _("give the certificate number, e.g. MP-2025-0001"))
    key = number.strip().upper()
    qs = Certificate.objects.select_related("town", "venue", "issued_by", "superseded_by").filter(number__iexact=key)
    if town is not None:
        qs = qs.filter(town=town)
    found = list(qs[:2])
    if not found:
        raise NotFound("certificate", key, town)
    if len(found) > 1:
        raise ValidationFailed("town", _("certificate number %(number)s is used in several towns; choose the town")
                               % {"number": key})
    return describe_certificate(found[0])


# --- inspections ----------------------------------------------------------------------------------------------


#: How many years ahead an inspection may be scheduled.
SCHEDULE_YEARS_AHEAD = 2


def inspection_window(town: Town, today: dt.date | None = None) -> tuple[dt.date, dt.date]:
    """The days an inspection may be scheduled for: (the first day any value of the town's chapter is in
    force, `SCHEDULE_YEARS_AHEAD` years after `today` (default the Town's date; 28 February for 29 February))."""
    on = today or _today()
    first = town.jurisdiction.parameters.in_force_from
    try:
        last = on.replace(year=on.year + SCHEDULE_YEARS_AHEAD)
    except ValueError:  # 29 February
        last = on.replace(year=on.year + SCHEDULE_YEARS_AHEAD, day=28)
    return first, last


#: The values of scheduling an inspection, in the order of the page's form and the API's body (M-25).
SCHEDULE_FIELDS = ("scheduled_for", "inspector", "reason")


def _inspector(venue: Venue, given: Any) -> Any:
    """The user `given` (a user, or a username: the API's) as an inspector of `venue`'s town: a building inspector
    or enforcement officer there; else `ValidationFailed` naming ``inspector`` (no user of that name, or the roles
    the user holds there)."""
    if isinstance(given, str):
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.filter(username=given).first()
        if user is None:
            raise ValidationFailed("inspector", _("no user is named %(name)s") % {"name": repr(given)})
        given = user
    try:
        require_role(given, venue.town, *INSPECTORS)
    except NotAllowed as e:
        raise ValidationFailed("inspector", e.message) from None
    return given


def _scheduled_for(venue: Venue, day: Any) -> dt.date:
    """`day` as the day of an inspection of `venue`: a date of `inspection_window` (from the day the town's
    chapter came into force to `SCHEDULE_YEARS_AHEAD` years ahead); else `ValidationFailed` naming
    ``scheduled_for``."""
    day = a_date("scheduled_for", day)
    first, last = inspection_window(venue.town)
    if day < first:
        raise ValidationFailed("scheduled_for", _("%(day)s is before the chapter was in force (from %(first)s); "
                                                  "allowed %(first)s to %(last)s")
                               % {"day": day.isoformat(), "first": first.isoformat(), "last": last.isoformat()})
    if day > last:
        raise ValidationFailed("scheduled_for", _("%(day)s is more than %(years)s years ahead; allowed %(first)s to "
                                                  "%(last)s")
                               % {"day": day.isoformat(), "years": SCHEDULE_YEARS_AHEAD,
                                  "first": first.isoformat(), "last": last.isoformat()})
    return day


def _schedule_values(by: Any, venue: Venue, values: Mapping[str, Any]) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The values of `SCHEDULE_FIELDS` given in `values` (one left out not judged; the inspector None or left out
    is `by`) as the service takes them, and every refusal of them at once (M-25): the day (`_scheduled_for`), the
    inspector (`_inspector`), the reason holding a control character (G-6)."""
    out: dict[str, Any] = {}
    errors: list[tuple[str, str]] = []
    for name, check in (("scheduled_for", _scheduled_for), ("inspector", _inspector)):
        if name in values:
            try:
                out[name] = check(venue, by if name == "inspector" and not values[name] else values[name])
            except ValidationFailed as e:
                errors += e.errors
    errors += controls_found(("reason", values.get("reason")))
    return out, errors


def schedule_inspection_refusals(by: Any, venue: Venue, **values: Any) -> list[tuple[str, str]]:
    """What `schedule_inspection` refuses of `values` (its keywords of `SCHEDULE_FIELDS`, one left out not
    judged; others, such as ``expected_version``, ignored), every one, as (field, message); nothing is written
    (M-25). For a page's form or the API's body that refused some values itself. `NotAllowed` for a user who may
    not schedule inspections."""
    require_places_of_assembly_law(venue.town)
    require_role(by, venue.town, *INSPECTORS)
    return _schedule_values(by, venue, {k: v for k, v in values.items() if k in SCHEDULE_FIELDS})[1]


def schedule_inspection(by: Any, venue: Venue, *, scheduled_for: dt.date, inspector: Any = None,
                        reason: str = "", expected_version: int | None = None) -> Inspection:
    """Schedule an inspection of `venue` on `scheduled_for` by `inspector` (a user or a username; default: `by`),
    who must be a building inspector or enforcement officer of the venue's town (`ValidationFailed`, field
    ``inspector``). `by`: building inspector or enforcement officer. `scheduled_for`: a date from the day the
    chapter came into force (an inspection made earlier may be entered late) to `SCHEDULE_YEARS_AHEAD` years
    after today, else `ValidationFailed` (field ``scheduled_for``). Every bad value is refused at once, after the
    role and before the venue's version (M-25; P-29): the day, the inspector and a reason holding a control
    character (G-6), each in ``errors``. `expected_version`: the venue's version the page or client read (None:
    not checked); scheduling adds to the venue's file and moves its version by one (`file_changed`), so the same
    form sent twice is `StaleUpdate` (409) and schedules one inspection, not two. Returns the `Inspection` (state
    scheduled)."""
    require_places_of_assembly_law(venue.town)
    require_role(by, venue.town, *INSPECTORS)
    values, errors = _schedule_values(by, venue, {"scheduled_for": scheduled_for, "inspector": inspector,
                                                  "reason": reason})
    if errors:
        raise ValidationFailed.of_all(errors)
    scheduled_for, inspector = values["scheduled_for"], values["inspector"]
    given = venue
    with transaction.atomic():
        venue = locked_venue(venue, expected_version)
        insp = Inspection(town=venue.town, venue=venue, scheduled_for=scheduled_for, inspector=inspector)
        save_with_history(insp, by=by, reason=_why(reason, history_words.INSPECTION_SCHEDULED(day=scheduled_for)))
        file_changed(venue)  # (a form still showing the venue as it was is stale: a double click schedules once)
        given.version = venue.version
    return insp


def cancel_inspection(by: Any, inspection: Inspection, *, reason: str,
                      expected_version: int | None = None) -> Inspection:
    """Cancel a scheduled inspection (reason required). Building inspector or enforcement officer."""
    require_no_controls(("reason", reason))  # (G-6; values before state, P-29)
    return transition(inspection, "cancel", by=by, reason=_require_reason(reason), expected_version=expected_version)


_FINDING_KIND = {
    "mount-pleasant/164-10/exits-not-blocked": DeficiencyKind.BLOCKED_EXIT,
    "mount-pleasant/164-11/exit-access": DeficiencyKind.EXIT_ACCESS,
    "mount-pleasant/164-6/toilets": DeficiencyKind.TOO_FEW_TOILETS,
    "mount-pleasant/164-2/fire-exits": DeficiencyKind.FIRE_EXITS,
    "mount-pleasant/164-9/certificate-on-premises": DeficiencyKind.CERTIFICATE_NOT_ON_PREMISES,
}


#: The law core's rule of the stop order (§ 164-5).
STOP_RULE = "mount-pleasant/164-5/stop-performance"
#: The recorded detail of each condition of § 164-5 other than overcrowding (English, as the law core's reasons
#: are kept; translated where shown).
_STOP_DETAIL = {
    DeficiencyKind.EGRESS_OBSTRUCTED: gettext_noop(
        "Aisles, passageways or other means of egress were found obstructed: the performance is stopped until the "
        "obstruction is corrected (§ 164-5)."),
    DeficiencyKind.SERIOUS_MENACE: gettext_noop(
        "A condition that constitutes a serious menace to life and safety was found: the performance is stopped "
        "until it is corrected (§ 164-5)."),
}


def deficiencies_from(det: Determination, *, has_valid_certificate: bool) -> list[dict[str, str]]:
    """The deficiencies of an inspection, from the law core's findings that are not met: each
    ``{kind, rule_id, citation, space_name, detail}`` (detail: the finding's reason). A certificate required
    (§ 164-3) with none (`has_valid_certificate`: one in force on the day of `det`, the one its case holds, M-28)
    is ``no_certificate``; each overcrowded space, and each room whose sign is missing
    or wrong (§ 164-9: a wrong sign's detail names each failing condition and no other, `signs.sign_faults`), is
    one deficiency; obstructed means of egress and a serious menace to life and safety
    (§ 164-5, the stop order's other conditions) are one each (M-19)."""
    out: list[dict[str, str]] = []

    def add(kind: str, finding: Any, space: str = "", detail: str | None = None) -> None:
        out.append({"kind": kind, "rule_id": finding.rule, "citation": finding.citation, "space_name": space,
                    "detail": detail or finding.reason})

    for f in det.findings:
        if f.rule == "mount-pleasant/164-3/certificate" and det.certificate_required is True \
                and not has_valid_certificate:
            add(DeficiencyKind.NO_CERTIFICATE, f, detail=f"{f.reason} No valid certificate is on record.")
        if f.status is not Status.NOT_MET:
            continue
        if f.rule == "mount-pleasant/164-5/overcrowding":
            crowded = f.values.get("overcrowded_spaces") or []
            if crowded:
                for c in crowded:
                    add(DeficiencyKind.OVERCROWDING, f, c["space"],
                        f"{c['attendance']} persons in {c['space']}, occupant load {c['occupant_load']} (§ 164-7).")
            else:
                add(DeficiencyKind.OVERCROWDING, f)
        elif f.rule == "mount-pleasant/164-9/sign":
            for room in f.values.get("rooms", []):
                if room.get("posted") is False:
                    add(DeficiencyKind.MISSING_SIGN, f, room["room"], f"No occupancy sign is posted in {room['room']}.")
                    continue
                # (each failing condition only, as the finding says it, under the parameters of its day)
                wrong = sign_faults(room, MOUNT_PLEASANT.parameters.at(det.as_of))
                if wrong:
                    add(DeficiencyKind.WRONG_SIGN, f, room["room"], f"{capitalized(join(wrong, '; '))} (§ 164-9).")
        elif f.rule == STOP_RULE:
            # § 164-5: obstruction of the means of egress and a serious menace are deficiencies of their own, each
            # corrected before the performance goes on (overcrowding is the overcrowding finding's, above: M-19)
            if f.values.get("egress_obstructed"):
                add(DeficiencyKind.EGRESS_OBSTRUCTED, f, detail=_STOP_DETAIL[DeficiencyKind.EGRESS_OBSTRUCTED])
            if f.values.get("serious_menace"):
                add(DeficiencyKind.SERIOUS_MENACE, f, detail=_STOP_DETAIL[DeficiencyKind.SERIOUS_MENACE])
        elif f.rule in _FINDING_KIND:
            add(_FINDING_KIND[f.rule], f)
    return out


def _officer_kind(by: Any, town: Town) -> str:
    membership = require_role(by, town, *INSPECTORS)
    return "building_inspector" if membership.role == Role.BUILDING_INSPECTOR else membership.officer_kind


def _bool_refusals(name: str, value: Any) -> list[tuple[str, str]]:
    """[(name, what is allowed)] when `value` is neither true, false nor None (not observed); else empty."""
    if value is not None and not isinstance(value, bool):
        return [(name, _("true, false or empty (not observed); got %(value)s") % {"value": repr(value)})]
    return []


#: The law core's count (`law.units.Count`: a whole number from 0 to 1,000,000,000), read strictly: a count given
#: to the service is a number already (the page's form and the API's schema read text), never text or a boolean.
_COUNT: TypeAdapter[int] = TypeAdapter(Count)


def _count_refusals(name: str, value: Any) -> list[tuple[str, str]]:
    """[(name, the law core's words)] when `value` is given (not None) and is not a count (`law.units.Count`):
    "must be at least 0 (got -1)", "must be at most 1,000,000,000 (got …)", "expected a whole number, got true" —
    the words the law core refuses a count of a case in (a sign's number on the inspection page), so that one
    bound is said one way on a page (interpretation W-31); else empty."""
    if value is None:
        return []
    try:
        _COUNT.validate_python(value, strict=True)
    except ValidationError as e:
        return [(name, invalid_from(e).message)]
    return []


def _unknown_room(venue: Venue, names: SpaceNames) -> Callable[[Any], str]:
    """What a name of no space of `venue` is told, with the spaces there are."""
    return lambda name: str(_("no space of %(venue)s is named %(name)s; spaces: %(spaces)s")
                            % {"venue": venue.name, "name": repr(name), "spaces": ", ".join(sorted(names.names))})


def rooms_counted(venue: Venue, persons_by_space: Mapping[str, Any] | None,
                  persons_present: Any = None) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """An officer's count of persons in each room (space name → persons), as an inspection or a stop order takes
    it: the counts taken, each by its room's stored name, and every refusal, as (field, message). A room is named
    as the check of a name taken reads a name ("main hall" is the room "Main Hall", interpretation M-26;
    `names.rooms_given`): a name that is no space of `venue` (``persons_by_space``, with the spaces there are), a
    name that reads as two spaces' (a legacy pair), a room named twice in two spellings, a count that is not a
    count (``persons_by_space[<room as given>]``, `_count_refusals`). When `persons_present` (the persons counted
    in the place) is a count, the persons counted in its rooms cannot be more (M-7): the two counts contradict
    each other, and the law core would judge overcrowding from one and the toilets from the other;
    ``persons_by_space`` and ``persons_present`` are then both refused. It is judged on the rooms of `venue`
    whose counts are read, with the rooms refused told beside it: a room refused counts no one here, and
    whatever it holds only adds to persons already more than present."""
    names = SpaceNames(venue.spaces.values_list("name", flat=True))
    rooms, errors = rooms_given(venue.name, names, "persons_by_space", persons_by_space or {},
                                _unknown_room(venue, names))
    counts: dict[str, Any] = {}
    for room, (key, n) in rooms.items():
        if refused := _count_refusals(f"persons_by_space[{key}]", n):
            errors += refused
        else:
            counts[room] = n
    in_rooms = sum(counts.values())
    if persons_present is None or _count_refusals("persons_present", persons_present):
        return counts, errors
    if in_rooms > persons_present:
        numbers = {"rooms": f"{in_rooms:,}", "present": f"{persons_present:,}"}
        if errors:  # (a room refused: the others already hold more than present)
            by_space = _("the persons counted in the rooms not refused here, %(rooms)s in all, are already more "
                         "than the %(present)s persons present (persons_present): a room's persons are among "
                         "those present; correct one count or the other") % numbers
            present = _("%(present)s persons present is fewer than the %(rooms)s counted in the rooms not refused "
                        "here (persons_by_space); correct one count or the other") % numbers
        else:
            by_space = _("the persons counted in the rooms, %(rooms)s in all, are more than the %(present)s "
                         "persons present (persons_present): a room's persons are among those present; correct "
                         "one count or the other") % numbers
            present = _("%(present)s persons present is fewer than the %(rooms)s counted in the rooms "
                        "(persons_by_space); correct one count or the other") % numbers
        errors += [("persons_by_space", by_space), ("persons_present", present)]
    return counts, errors


def persons_by_space_refusals(venue: Venue, persons_by_space: Mapping[str, Any] | None,
                              persons_present: Any = None) -> list[tuple[str, str]]:
    """What `rooms_counted` refuses of an officer's count of persons in each room, every one, as (field,
    message); empty when it refuses none."""
    return rooms_counted(venue, persons_by_space, persons_present)[1]


def check_persons_by_space(venue: Venue, persons_by_space: Mapping[str, int] | None,
                           persons_present: int | None = None) -> dict[str, int]:
    """`rooms_counted` raised: `ValidationFailed` naming the first field refused (``persons_by_space`` for more
    persons in the rooms than present, M-7, with ``persons_present`` in its ``errors`` too), every refusal in its
    ``errors``; else the counts by each room's stored name ("main hall" given is "Main Hall" kept, M-26)."""
    counts, errors = rooms_counted(venue, persons_by_space, persons_present)
    if errors:
        field, message = errors[0]
        raise ValidationFailed(field, message, errors=errors)
    return counts


#: The values of an inspection's record that are yes / no / not stated (the law core's inspection facts).
_INSPECTION_BOOLS = ("exits_blocked", "exit_access_clear", "egress_obstructed", "serious_menace",
                     "fire_exits_designated", "fire_exits_comply_with_uniform_code", "certificate_on_premises",
                     "corrected")


@dataclass
class _InspectionValues:
    """An inspection's values checked by the service (`_check_inspection`): every refusal, and the values it
    took — a value refused left out (not stated), so that the law core judges the others."""

    errors: list[tuple[str, str]]
    when: dt.date
    facts: dict[str, Any]
    persons_by_space: dict[str, Any]
    toilets_provided: int | None

    def law_refusals(self, venue: Venue) -> list[tuple[str, str]]:
        """What the law core refuses of the values taken (a sign's number out of its bounds, a room's count
        beyond the law core's, a place without rooms), as (field, message); empty when it refuses none."""
        data = venue_case_data(venue, persons_by_space=self.persons_by_space or None,
                               toilets_provided=self.toilets_provided, inspection=self.facts, on=self.when)
        try:
            determine_venue(venue, data, self.when)
        except ValidationFailed as e:  # (the counts' contradiction, M-7, is the workflow's own refusal: not twice)
            return [(f, m) for f, m in e.errors if f != "inspection.persons_present"]
        return []


def _check_inspection(inspection: Inspection, officer: str, values: Mapping[str, Any]) -> _InspectionValues:
    """`record_inspection`'s checks of its values (`values`: its keywords; one left out is not stated), every
    refusal at once (interpretation W-31), before the law core's: the notes and reason (a control character,
    G-6), the day done (not in the future, not before the chapter), each count (`_count_refusals`), each yes / no
    fact, the rooms of the signs, and the rooms' counts (`persons_by_space_refusals`, M-7)."""
    venue = inspection.venue
    errors = controls_found(("notes", values.get("notes")), ("reason", values.get("reason")))
    done_on = values.get("done_on")
    try:
        when = chapter_in_force("done_on", happened("done_on", done_on if done_on is not None else _today()),
                                inspection.town.jurisdiction.parameters.in_force_from)
    except ValidationFailed as e:
        errors += e.errors
        when = _today()  # (the other values judged as of today)
    counts: dict[str, Any] = {}
    for name in ("persons_present", "toilets_provided"):
        refused = _count_refusals(name, values.get(name))
        errors += refused
        counts[name] = None if refused else values.get(name)
    facts: dict[str, Any] = {"date": when, "officer": officer, "persons_present": counts["persons_present"]}
    for name in _INSPECTION_BOOLS:
        refused = _bool_refusals(name, values.get(name))
        errors += refused
        facts[name] = None if refused else values.get(name)
    names = SpaceNames(venue.spaces.values_list("name", flat=True))
    signs, refused = rooms_given(venue.name, names, "signs", values.get("signs") or {}, _unknown_room(venue, names))
    errors += refused
    facts["signs"] = [{"room": room, **dict(seen)} for room, (_key, seen) in signs.items()]  # (as stored: M-26)
    persons_by_space, refused = rooms_counted(venue, values.get("persons_by_space"), facts["persons_present"])
    errors += refused
    return _InspectionValues(errors, when, facts, persons_by_space, counts["toilets_provided"])


def inspection_refusals(by: Any, inspection: Inspection, **values: Any) -> list[tuple[str, str]]:
    """What `record_inspection` refuses of `values` (its keywords, each one left out not stated), the law core's
    refusals of the values the service takes included, as (field, message), every one; empty when it refuses
    none. Nothing is written; `by`'s role is checked (`NotAllowed`), not the inspection's state or version. The
    inspection page lists them with its form's refusals (interpretation W-31)."""
    checked = _check_inspection(inspection, _officer_kind(by, inspection.town), values)
    return checked.errors + checked.law_refusals(inspection.venue)


def record_inspection(
    by: Any, inspection: Inspection, *, done_on: dt.date | None = None, persons_present: int | None = None,
    persons_by_space: Mapping[str, int] | None = None, exits_blocked: bool | None = None,
    exit_access_clear: bool | None = None, egress_obstructed: bool | None = None, serious_menace: bool | None = None,
    fire_exits_designated: bool | None = None, fire_exits_comply_with_uniform_code: bool | None = None,
    certificate_on_premises: bool | None = None, toilets_provided: int | None = None,
    signs: Mapping[str, Mapping[str, Any]] | None = None, corrected: bool | None = None, notes: str = "",
    reason: str = "", expected_version: int | None = None,
) -> Inspection:
    """Record what an inspection found (building inspector or enforcement officer of the venue's town). The law
    core determines the venue with these facts on ``done_on`` (default today; with the certificate in force that
    day, `certificate_in_force`, M-28: a day before the place was entered here is taken), and each rule not met becomes a
    `Deficiency` tied to that rule and its citation: overcrowding (§ 164-5), blocked exit (§ 164-10), exit access
    (§ 164-11), missing or wrong sign (§ 164-9; ``signs``: room name → ``{posted, states,
    conforms_to_specification}``), too few toilets (§ 164-6), no certificate (§ 164-3), certificate not on the
    premises (§ 164-9), fire exits (§ 164-2). Result ``deficiencies`` when one was found; else ``incomplete`` when a
    fact of the exits (§§ 164-2, 164-10, 164-11) is left unstated (None) — not passed, and it lifts no earlier
    finding of the exits (M-22); else ``passed``. The determination is kept.
    ``expected_version`` is the inspection's.

    Recording adds to the venue's file and moves the venue's version by one (`file_changed`), the venue locked as
    issuing a certificate locks it: what the last inspection found decides whether a certificate may issue (exits
    found blocked stop it, M-18), so a certificate form opened before the inspection was recorded, showing the
    venue as it was, is refused as stale (`StaleUpdate`, 409) and the Building Inspector sees the findings before
    issuing, rather than issuing on a page that did not show them.

    Every bad value is refused at once, after the role and before the state (P-29; `_check_inspection`, with the
    law core's refusals of the values it takes: W-31), nothing written.

    Raises `InvalidTransition` unless scheduled, `StaleUpdate`, `NotAllowed`, `ValidationFailed` (the field)."""
    venue = inspection.venue
    officer = _officer_kind(by, inspection.town)
    checked = _check_inspection(inspection, officer, {
        "done_on": done_on, "persons_present": persons_present, "persons_by_space": persons_by_space,
        "exits_blocked": exits_blocked, "exit_access_clear": exit_access_clear, "egress_obstructed": egress_obstructed,
        "serious_menace": serious_menace, "fire_exits_designated": fire_exits_designated,
        "fire_exits_comply_with_uniform_code": fire_exits_comply_with_uniform_code,
        "certificate_on_premises": certificate_on_premises, "toilets_provided": toilets_provided, "signs": signs,
        "corrected": corrected, "notes": notes, "reason": reason})
    if checked.errors:  # (with the law core's refusals of the other values: every one at once)
        raise ValidationFailed.of_all(checked.errors + checked.law_refusals(venue))
    when, facts = checked.when, checked.facts
    with transaction.atomic():
        Venue.objects.select_for_update().get(pk=venue.pk)  # (with issuing: one reads the other's findings)
        # (the rooms by their stored names, however the officer wrote them: M-26)
        # (with the certificate in force on the day done, not the one valid now: M-28)
        data = venue_case_data(venue, persons_by_space=checked.persons_by_space, toilets_provided=toilets_provided,
                               inspection=facts, on=when)
        det = determine_venue(venue, data, when)
        found = deficiencies_from(det, has_valid_certificate="certificate" in data)
        observations = {**facts, "date": when.isoformat(), "persons_by_space": dict(checked.persons_by_space),
                        "toilets_provided": toilets_provided}
        unstated = exits.unstated_exit_facts(facts)
        if found:
            result, said = Inspection.DEFICIENCIES, history_words.INSPECTION_DEFICIENT(n=len(found))
        elif unstated:  # (not passed: it does not show the exits clear, and lifts no earlier finding; M-22)
            result, said = Inspection.INCOMPLETE, history_words.INSPECTION_INCOMPLETE()
        else:
            result, said = Inspection.PASSED, history_words.INSPECTION_PASSED()
        why = _why(reason, said)
        transition(inspection, "record", by=by, reason=why, expected_version=expected_version, done_on=when,
                   done_by=by, recorded_at=timezone.now(), result=result, observations=observations, determination=det.to_json(),
                   notes=notes.strip() if isinstance(notes, str) else "")
        for d in found:
            save_with_history(Deficiency(town=inspection.town, inspection=inspection, **d), by=by, reason=why)
        file_changed(venue)  # (a certificate form opened before the findings is stale: M-18)
    return inspection


# --- timeline -------------------------------------------------------------------------------------------------


def venue_timeline(venue: Venue, *, inspections: bool = True) -> list[TimelineEntry]:
    """Everything that happened to a venue, oldest first: the venue, its spaces and connections (removed ones
    included), certificates, inspections and deficiencies — who, when, what changed and why. Without
    `inspections`, the history of the place as its owner reads it (W-14): the inspections (scheduled, recorded
    with the inspector's notes, cancelled) and their deficiencies left out."""
    space_ids = set(Space.history.filter(venue_id=venue.pk).values_list("id", flat=True))
    conn_ids = set(SpaceConnection.history.filter(venue_id=venue.pk).values_list("id", flat=True))
    objects: list[Any] = [venue]
    objects += [Space(pk=i) for i in sorted(space_ids)]
    objects += [SpaceConnection(pk=i) for i in sorted(conn_ids)]
    objects += list(venue.certificates.order_by("id"))
    if inspections:
        done = list(venue.inspections.order_by("id"))
        objects += done
        objects += list(Deficiency.objects.filter(inspection__in=done).order_by("id"))
    return timeline(*objects)
