"""Places of assembly under Mount Pleasant Code ch. 164: venues, their spaces (rooms and open-air areas), the
Building Inspector's certificates of lawful occupancy (§§ 164-3, 164-9) and inspections with their deficiencies.

The numbers (occupant loads, lawful occupancy) are never computed here: `publicassembly.venues.services`
builds the law core's venue case from these rows and calls `jurisdiction.determine`. Every model keeps an
append-only history (django-simple-history); changes go through the services.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from publicassembly.law.jurisdictions.us_ny_mount_pleasant import RULES, USE_GROUPS
from publicassembly.workflow.models import TownScoped, Versioned
from publicassembly.workflow.states import StateMachine, refused_in_words

USE_GROUP_CHOICES = [(g, g.replace("_", " ")) for g in USE_GROUPS]


class Venue(TownScoped, Versioned):
    """A place where the public gathers (Mount Pleasant §§ 164-3, 164-4).

    - ``commercial``: a commercial place of assembly (25 persons make it one) or not (75); None: not stated
    - ``used_solely_for_religious_worship`` with ``worship_approved_by``/``worship_approved_on``: the Building
      Inspector's approval of that use, which exempts the place from the certificate (§ 164-3)
    - ``toilets_provided``: toilets the place provides (§ 164-6), if known
    - ``owner``: the applicant who registered it (may edit it and its spaces), if any
    """

    name = models.CharField(_("name"), max_length=200)
    address = models.CharField(_("address"), max_length=300)
    commercial = models.BooleanField(_("commercial place of assembly"), null=True, default=None)
    used_solely_for_religious_worship = models.BooleanField(_("used solely for religious worship"), default=False)
    worship_approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("worship use approved by"),
    )
    worship_approved_on = models.DateField(_("worship use approved on"), null=True, blank=True)
    toilets_provided = models.PositiveIntegerField(_("toilets provided"), null=True, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="venues_owned",
        verbose_name=_("owner"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("place of assembly")
        verbose_name_plural = _("places of assembly")

    def __str__(self) -> str:
        return f"{self.name}, {self.address}"

    @property
    def certificate_exempt(self) -> bool:
        """Used solely for religious worship as approved by the Building Inspector: no certificate (§ 164-3)."""
        return self.used_solely_for_religious_worship and self.worship_approved_by_id is not None

    def current_certificate(self) -> Certificate | None:
        """The certificate in force or awaiting re-issue (status valid or stale), if any."""
        return self.certificates.filter(status__in=[Certificate.VALID, Certificate.STALE]).order_by("-id").first()


#: The stories a room may be recorded on (informational: § 164-4 joins rooms on any story): the page's form and the
#: API take the same range.
STORY_RANGE = (-100, 300)


class SpaceKind(models.TextChoices):
    ROOM = "room", _("room")
    OPEN_AIR = "open_air", _("open-air area")


class AreaUnit(models.TextChoices):
    SQ_FT = "sq_ft", _("square feet")
    SQ_M = "sq_m", _("square metres")


class Space(TownScoped, Versioned):
    """A room or an unenclosed open-air area of a venue (§§ 164-4, 164-7, 164-8).

    ``area`` as entered, in ``area_unit`` (square metres are converted exactly by the law core); for a
    ``bowling_alley`` space, the additional area beyond the ``alleys`` and their runways. ``connects_with``:
    the spaces it connects with (each pair stored once, see `SpaceConnection`; `connected_spaces` gives both
    directions); ``common_entrance``: its entrance is common with those spaces (None: not stated)."""

    venue = models.ForeignKey(Venue, on_delete=models.CASCADE, related_name="spaces")
    name = models.CharField(_("name"), max_length=200)
    kind = models.CharField(_("kind"), max_length=16, choices=SpaceKind.choices)
    use_group = models.CharField(_("use group"), max_length=40, choices=USE_GROUP_CHOICES)
    area = models.DecimalField(_("area"), max_digits=15, decimal_places=4)  # up to the law core's 10^10 sq ft
    area_unit = models.CharField(_("area unit"), max_length=8, choices=AreaUnit.choices, default=AreaUnit.SQ_FT)
    alleys = models.PositiveIntegerField(_("bowling alleys"), null=True, blank=True)
    story = models.IntegerField(_("story"), null=True, blank=True)
    common_entrance = models.BooleanField(_("common entrance"), null=True, default=None)
    connects_with = models.ManyToManyField(
        "self", through="SpaceConnection", through_fields=("from_space", "to_space"), symmetrical=False,
        related_name="+", blank=True,
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["venue_id", "id"]
        verbose_name = _("space")
        constraints = [models.UniqueConstraint(fields=["venue", "name"], name="venues_space_name_per_venue")]

    def __str__(self) -> str:
        return f"{self.name} ({self.venue.name})"

    def connected_spaces(self) -> list[Space]:
        """The spaces this one connects with, either direction, ordered by id."""
        ids = set(
            SpaceConnection.objects.filter(from_space=self).values_list("to_space_id", flat=True)
        ) | set(SpaceConnection.objects.filter(to_space=self).values_list("from_space_id", flat=True))
        return list(Space.objects.filter(pk__in=ids).order_by("id"))


class SpaceConnection(TownScoped):
    """Two spaces of one venue that connect (§ 164-4); stored once per pair, ``from_space`` the lower id."""

    venue = models.ForeignKey(Venue, on_delete=models.CASCADE, related_name="connections")
    from_space = models.ForeignKey(Space, on_delete=models.CASCADE, related_name="connections_from")
    to_space = models.ForeignKey(Space, on_delete=models.CASCADE, related_name="connections_to")

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("space connection")
        constraints = [
            models.UniqueConstraint(fields=["from_space", "to_space"], name="venues_connection_once"),
            models.CheckConstraint(condition=Q(from_space__lt=models.F("to_space")),
                                   name="venues_connection_ordered"),
        ]


#: Where a certificate stands, by status, naming it (``number``; ``by``: the certificate that superseded it), for a
#: refusal of an action its status does not allow (`Certificate.state_refusal`; translated where it is written).
CERTIFICATE_STANDS = {
    "valid": gettext_noop("certificate %(number)s is valid"),
    "stale": gettext_noop("certificate %(number)s is stale (a space has changed since it was issued)"),
    "superseded": gettext_noop("certificate %(number)s has been superseded by certificate %(by)s"),
    "revoked": gettext_noop("certificate %(number)s has been revoked"),
}
#: A certificate superseded whose successor is not on record (kept from before the field was).
SUPERSEDED_BY_NONE = gettext_noop("certificate %(number)s has been superseded")
#: Why an action cannot be taken on a certificate: by (action, status), else by action.
CERTIFICATE_WHY = {
    ("revoke", "superseded"): gettext_noop("a superseded certificate cannot be revoked"),
    ("revoke", "revoked"): gettext_noop("a certificate is revoked once"),
    "revoke": gettext_noop("only a valid or stale certificate can be revoked"),
    "supersede": gettext_noop("only a valid or stale certificate is superseded by a new one"),
    "mark_stale": gettext_noop("only a valid certificate becomes stale"),
}


class Certificate(TownScoped, Versioned):
    """The Building Inspector's certificate for a place of assembly stating its lawful occupancy (§§ 164-3,
    164-9), with the occupant load of each space as computed by the law core on ``issued_on``.

    - ``number``: unique in its town (e.g. ``MP-2025-0003``)
    - ``space_loads``: ``[{name, use_group, area_sq_ft (string), occupant_load}]``, a bowling alley's also
      ``alleys`` (a certificate issued before they were stored lacks them: `services.alleys_when_issued` reads
      them from the spaces' history); ``lawful_occupancy``: persons
    - ``status``: ``valid``; ``stale`` once a space changes (until re-issued); ``superseded`` by a re-issue;
      ``revoked`` by the Building Inspector
    """

    VALID, STALE, SUPERSEDED, REVOKED = "valid", "stale", "superseded", "revoked"
    STATUS_CHOICES = [(VALID, _("valid")), (STALE, _("stale: a space changed since issue")),
                      (SUPERSEDED, _("superseded")), (REVOKED, _("revoked"))]

    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="certificates")
    number = models.CharField(_("certificate number"), max_length=40)
    issued_on = models.DateField(_("issued on"))
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                  verbose_name=_("issued by"))
    space_loads = models.JSONField(_("occupant load per space"), default=list)
    lawful_occupancy = models.PositiveIntegerField(_("lawful occupancy"))
    status = models.CharField(_("status"), max_length=16, choices=STATUS_CHOICES, default=VALID)
    superseded_by = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    state_machine = StateMachine(
        {
            "mark_stale": ([VALID], STALE),
            "supersede": ([VALID, STALE], SUPERSEDED, ["building_inspector"]),
            "revoke": ([VALID, STALE], REVOKED, ["building_inspector"]),
        },
        field="status",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-issued_on", "-id"]
        verbose_name = _("certificate")
        constraints = [models.UniqueConstraint(fields=["town", "number"], name="venues_certificate_number_per_town")]

    def __str__(self) -> str:
        return f"Certificate {self.number} — {self.venue.name} — lawful occupancy {self.lawful_occupancy}"

    def state_refusal(self, action: str) -> str | None:
        """Why `action` cannot be taken on this certificate in its status, in words (`refused_in_words`): "certificate
        MP-2026-0001 has been superseded by certificate MP-2026-0002: a superseded certificate cannot be revoked",
        saying which certificate of the place is in force, when one is, for a superseded one asked to be revoked."""
        stands = CERTIFICATE_STANDS if self.superseded_by_id else {**CERTIFICATE_STANDS, "superseded": SUPERSEDED_BY_NONE}
        said = refused_in_words(stands, CERTIFICATE_WHY, self.status, action, number=self.number,
                                by=self.superseded_by.number if self.superseded_by_id else "")
        if said and action == "revoke" and self.status == self.SUPERSEDED:
            current = (Certificate.objects.filter(venue_id=self.venue_id, status__in=[self.VALID, self.STALE])
                       .exclude(pk=self.pk).order_by("-issued_on", "-id").values_list("number", flat=True).first())
            if current is not None:
                said = gettext("%(refusal)s; the place's certificate in force is %(current)s") % {
                    "refusal": said, "current": current}
        return said


#: Where an inspection stands, by state, naming it (``id``, ``venue``, ``day``: the day it was scheduled for,
#: ``done``: the day it was done), for a refusal of an action its state does not allow (`Inspection.state_refusal`).
INSPECTION_STANDS = {
    "scheduled": gettext_noop("inspection %(id)s of %(venue)s is scheduled for %(day)s"),
    "done": gettext_noop("inspection %(id)s of %(venue)s has been recorded as done on %(done)s"),
    "done without a day": gettext_noop("inspection %(id)s of %(venue)s has been recorded as done"),
    "cancelled": gettext_noop("inspection %(id)s of %(venue)s, scheduled for %(day)s, has been cancelled"),
}
#: Why an action cannot be taken on an inspection: by (action, state), else by action.
INSPECTION_WHY = {
    ("record", "done"): gettext_noop("an inspection is recorded once; schedule another inspection for another "
                                     "visit"),
    ("record", "cancelled"): gettext_noop("a cancelled inspection cannot be recorded; schedule another inspection "
                                          "for the visit"),
    ("cancel", "done"): gettext_noop("an inspection that has been done cannot be cancelled"),
    ("cancel", "cancelled"): gettext_noop("an inspection is cancelled once"),
    "record": gettext_noop("only a scheduled inspection can be recorded"),
    "cancel": gettext_noop("only a scheduled inspection can be cancelled"),
}


class Inspection(TownScoped, Versioned):
    """An inspection of a venue: scheduled for a day with an inspector, then done (by whom, when) with its
    result, or cancelled. ``observations``: the facts recorded (the law core's inspection facts);
    ``determination``: the law core's determination on them (JSON), from which the deficiencies come.
    ``recorded_at``: when it was recorded; `Inspection.LAST_FIRST` orders done inspections last first (M-18)."""

    SCHEDULED, DONE, CANCELLED = "scheduled", "done", "cancelled"
    #: ``incomplete``: no deficiency found, but a fact of the exits (§§ 164-2, 164-10, 164-11) left unstated — not
    #: passed, and it lifts no earlier finding of the exits (M-22)
    PASSED, DEFICIENCIES, INCOMPLETE = "passed", "deficiencies", "incomplete"

    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="inspections")
    scheduled_for = models.DateField(_("scheduled for"))
    inspector = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                  verbose_name=_("inspector"))
    state = models.CharField(_("state"), max_length=16, default=SCHEDULED,
                             choices=[(SCHEDULED, _("scheduled")), (DONE, _("done")), (CANCELLED, _("cancelled"))])
    done_on = models.DateField(_("done on"), null=True, blank=True)
    done_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="+", verbose_name=_("done by"))
    #: when the inspection was recorded (`record_inspection`): of inspections done on the same day the one recorded
    #: last is the last inspection (M-18); null for one not recorded, or recorded before the field existed and
    #: with no history row of the recording (then its id stands in)
    recorded_at = models.DateTimeField(_("recorded at"), null=True, blank=True, editable=False)
    result = models.CharField(_("result"), max_length=16, blank=True,
                              choices=[(PASSED, _("passed")), (DEFICIENCIES, _("deficiencies found")),
                                       (INCOMPLETE, _("incomplete: the exits not all stated"))])
    observations = models.JSONField(_("observations"), default=dict, blank=True)
    determination = models.JSONField(_("determination"), default=dict, blank=True)
    notes = models.TextField(_("notes"), blank=True)

    state_machine = StateMachine(
        {
            "record": ([SCHEDULED], DONE, ["building_inspector", "enforcement_officer"]),
            "cancel": ([SCHEDULED], CANCELLED, ["building_inspector", "enforcement_officer"]),
        }
    )
    history = HistoricalRecords()

    #: done inspections, the last first (M-18): the later day done; of one day, the one recorded later; with no
    #: time of recording (recorded before it was kept and not in the history), the higher id. Nulls last on
    #: SQLite and PostgreSQL alike.
    LAST_FIRST = (models.F("done_on").desc(nulls_last=True), models.F("recorded_at").desc(nulls_last=True),
                  models.F("id").desc())

    class Meta:
        ordering = ["-scheduled_for", "-id"]
        verbose_name = _("inspection")

    def __str__(self) -> str:
        return gettext("Inspection of %(v)s on %(d)s (%(state)s)") % {
            "v": self.venue.name, "d": self.done_on or self.scheduled_for, "state": self.get_state_display()}

    def state_refusal(self, action: str) -> str | None:
        """Why `action` cannot be taken on this inspection in its state, in words (`refused_in_words`):
        "inspection 3 of Kensico Manor has been recorded as done on 2026-05-01: an inspection is recorded once; …"."""
        stands = INSPECTION_STANDS if self.done_on else {**INSPECTION_STANDS,
                                                         "done": INSPECTION_STANDS["done without a day"]}
        return refused_in_words(stands, INSPECTION_WHY, self.state, action, id=self.pk, venue=self.venue.name,
                                day=self.scheduled_for.isoformat(), done=self.done_on.isoformat() if self.done_on else "")


class DeficiencyKind(models.TextChoices):
    OVERCROWDING = "overcrowding", _("overcrowding")
    BLOCKED_EXIT = "blocked_exit", _("blocked exit")
    EXIT_ACCESS = "exit_access", _("access to exits not clear")
    MISSING_SIGN = "missing_sign", _("occupancy sign missing")
    WRONG_SIGN = "wrong_sign", _("occupancy sign wrong")
    TOO_FEW_TOILETS = "too_few_toilets", _("too few toilets")
    NO_CERTIFICATE = "no_certificate", _("no certificate")
    CERTIFICATE_NOT_ON_PREMISES = "certificate_not_on_premises", _("certificate not kept on the premises")
    FIRE_EXITS = "fire_exits", _("fire exits not designated or not complying")
    EGRESS_OBSTRUCTED = "egress_obstructed", _("aisles, passageways or other means of egress obstructed")
    SERIOUS_MENACE = "serious_menace", _("a condition that is a serious menace to life and safety")


#: The law core's rule behind each kind of deficiency (ids of the Mount Pleasant rule book; a missing id fails
#: at import, so a renamed rule cannot go unnoticed).
DEFICIENCY_RULES: dict[str, str] = {
    DeficiencyKind.OVERCROWDING: "mount-pleasant/164-5/overcrowding",
    DeficiencyKind.BLOCKED_EXIT: "mount-pleasant/164-10/exits-not-blocked",
    DeficiencyKind.EXIT_ACCESS: "mount-pleasant/164-11/exit-access",
    DeficiencyKind.MISSING_SIGN: "mount-pleasant/164-9/sign",
    DeficiencyKind.WRONG_SIGN: "mount-pleasant/164-9/sign",
    DeficiencyKind.TOO_FEW_TOILETS: "mount-pleasant/164-6/toilets",
    DeficiencyKind.NO_CERTIFICATE: "mount-pleasant/164-3/certificate",
    DeficiencyKind.CERTIFICATE_NOT_ON_PREMISES: "mount-pleasant/164-9/certificate-on-premises",
    DeficiencyKind.FIRE_EXITS: "mount-pleasant/164-2/fire-exits",
    DeficiencyKind.EGRESS_OBSTRUCTED: "mount-pleasant/164-5/stop-performance",
    DeficiencyKind.SERIOUS_MENACE: "mount-pleasant/164-5/stop-performance",
}
for _rule in DEFICIENCY_RULES.values():
    RULES[_rule]  # noqa: B018 — KeyError at import if the law core renames a rule


class Deficiency(TownScoped):
    """A deficiency found at an inspection, tied to the law core's rule (``rule_id``) and its ``citation``;
    ``space_name``: the room or area concerned, if one; ``detail``: the law core's reason."""

    inspection = models.ForeignKey(Inspection, on_delete=models.CASCADE, related_name="deficiencies")
    kind = models.CharField(_("kind"), max_length=40, choices=DeficiencyKind.choices)
    rule_id = models.CharField(_("rule"), max_length=120)
    citation = models.CharField(_("citation"), max_length=120)
    space_name = models.CharField(_("room or area"), max_length=200, blank=True)
    detail = models.TextField(_("detail"), blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["inspection_id", "id"]
        verbose_name = _("deficiency")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.citation})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Fills ``rule_id`` and ``citation`` from the kind (the law core's rule book)."""
        if not self.rule_id:
            self.rule_id = DEFICIENCY_RULES[self.kind]
        if not self.citation:
            self.citation = RULES[self.rule_id].citation
        super().save(*args, **kwargs)
