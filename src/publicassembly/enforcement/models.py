"""Enforcement of both chapters: offenders and their offense history, complaints, stop orders (Mount Pleasant
§§ 164-5, 164-13), violations, summonses (§ 164-12; Carmel ch. 31 penalties), dispositions within the law's range
and payment.

A case runs: complaint (filed) → violation (recorded, with the law core's rule and citation) → summons (returnable
in the Town Justice Court) → disposition (fine and imprisonment within the range the law core gives, or dismissed)
→ paid → closed. Changes go through `publicassembly.enforcement.services`; every model keeps its history.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from publicassembly.workflow.models import TownScoped, Versioned
from publicassembly.workflow.states import StateMachine, refused_in_words

BI, EO, CLERK = "building_inspector", "enforcement_officer", "town_clerk"


class EnforcerKind(models.TextChoices):
    """Who observed or complained (Mount Pleasant § 164-12)."""

    BUILDING_INSPECTOR = "building_inspector", _("Building Inspector")
    FIRE_DISTRICT_INSPECTOR = "fire_district_inspector", _("fire department inspector of a fire district")
    TOWN_FIRE_MARSHAL = "town_fire_marshal", _("town fire marshal")
    POLICE_OFFICER = "police_officer", _("police officer")


class Offender(TownScoped, Versioned):
    """A person or firm against whom violations are recorded in one town; its offense history runs across
    cases (Mount Pleasant § 164-14 counts prior offenses; Carmel's "person" includes firms)."""

    PERSON, FIRM = "person", "firm"

    kind = models.CharField(_("kind"), max_length=8, choices=[(PERSON, _("person")), (FIRM, _("firm"))])
    name = models.CharField(_("name"), max_length=200)
    address = models.CharField(_("address"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("offender")

    def __str__(self) -> str:
        return self.name


#: Where a complaint stands, by state, naming it (``id``), for a refusal of an action its state does not allow
#: (`Complaint.state_refusal`; translated where it is written).
COMPLAINT_STANDS = {
    "filed": gettext_noop("complaint %(id)s is filed and no violation has been recorded on it"),
    "violations_recorded": gettext_noop("complaint %(id)s has violations recorded on it"),
    "dismissed": gettext_noop("complaint %(id)s has been dismissed"),
    "closed": gettext_noop("complaint %(id)s is closed"),
}
#: Why an action cannot be taken on a complaint: by (action, state), else by action.
COMPLAINT_WHY = {
    ("dismiss", "violations_recorded"): gettext_noop(
        "a complaint on which a violation was recorded is not dismissed; it is closed once its violations are "
        "closed or dismissed"),
    ("dismiss", "dismissed"): gettext_noop("a complaint is dismissed once"),
    ("close", "filed"): gettext_noop("a complaint on which no violation was recorded is dismissed, not closed"),
    ("close", "dismissed"): gettext_noop("a dismissed complaint needs no closing"),
    ("close", "closed"): gettext_noop("a complaint is closed once"),
    "record_violation": gettext_noop("a violation is recorded only on a complaint still open (filed, or with "
                                     "violations recorded)"),
    "dismiss": gettext_noop("only a complaint on which no violation was recorded can be dismissed"),
    "close": gettext_noop("only a complaint with violations recorded is closed, once they are closed or dismissed"),
}


class Complaint(TownScoped, Versioned):
    """A complaint of a violation: filed by an enforcement officer (a fire district inspector, the town fire
    marshal or a police officer, with the Building Inspector, § 164-12) or the Building Inspector's own."""

    FILED, ACTED_ON, DISMISSED, CLOSED = "filed", "violations_recorded", "dismissed", "closed"

    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                 verbose_name=_("filed by"))
    complainant_kind = models.CharField(_("complainant"), max_length=40, choices=EnforcerKind.choices)
    filed_on = models.DateField(_("filed on"))
    observed_on = models.DateField(_("violation observed on"))
    in_presence = models.BooleanField(_("occurred in the complainant's presence"), null=True, default=None)
    offender = models.ForeignKey(Offender, on_delete=models.PROTECT, null=True, blank=True, related_name="complaints")
    venue = models.ForeignKey("venues.Venue", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    inspection = models.ForeignKey("venues.Inspection", on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+")
    place = models.CharField(_("place or event"), max_length=300, blank=True)
    description = models.TextField(_("what was observed"))
    state = models.CharField(_("state"), max_length=24, default=FILED, choices=[
        (FILED, _("filed")), (ACTED_ON, _("violations recorded")), (DISMISSED, _("dismissed")), (CLOSED, _("closed"))])

    state_machine = StateMachine({
        "record_violation": ([FILED, ACTED_ON], ACTED_ON, [BI, EO]),
        "dismiss": ([FILED], DISMISSED, [BI]),
        "close": ([ACTED_ON], CLOSED, [BI]),
    })
    history = HistoricalRecords()

    class Meta:
        ordering = ["-filed_on", "-id"]
        verbose_name = _("complaint")

    def __str__(self) -> str:
        return f"Complaint #{self.pk} ({self.get_complainant_kind_display()}, {self.filed_on})"

    def state_refusal(self, action: str) -> str | None:
        """Why `action` cannot be taken on this complaint in its state, in words (`refused_in_words`)."""
        return refused_in_words(COMPLAINT_STANDS, COMPLAINT_WHY, self.state, action, id=self.pk)


#: Where a stop order stands, by state, naming it (``id``, ``performance``, ``venue``; ``lifted``: when it was
#: lifted), for a refusal of an action its state does not allow (`StopOrder.state_refusal`).
STOP_ORDER_STANDS = {
    "in_force": gettext_noop("stop order %(id)s (%(performance)s at %(venue)s) is in force"),
    "lifted": gettext_noop("stop order %(id)s (%(performance)s at %(venue)s) was lifted on %(lifted)s"),
    "lifted at no time on record": gettext_noop("stop order %(id)s (%(performance)s at %(venue)s) has been lifted"),
}
#: Why an action cannot be taken on a stop order: by (action, state), else by action.
STOP_ORDER_WHY = {
    ("lift", "lifted"): gettext_noop("a stop order is lifted once"),
    "lift": gettext_noop("only a stop order in force can be lifted"),
}


class StopOrder(TownScoped, Versioned):
    """An officer's order stopping a performance, presentation, spectacle or entertainment at a venue for
    overcrowding, obstructed egress or a serious menace to life and safety, until corrected (Mount Pleasant
    § 164-5), lifted when the condition is corrected (§ 164-13). The grounds are those the law core found."""

    IN_FORCE, LIFTED = "in_force", "lifted"
    CERTIFICATE, FORMER_CERTIFICATE, OCCUPANT_LOAD = "certificate", "former_certificate", "occupant_load"

    venue = models.ForeignKey("venues.Venue", on_delete=models.PROTECT, related_name="+")
    complaint = models.ForeignKey(Complaint, on_delete=models.PROTECT, null=True, blank=True,
                                  related_name="stop_orders")
    performance = models.CharField(_("performance"), max_length=300)
    ordered_at = models.DateTimeField(_("ordered at"))
    ordered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                   verbose_name=_("ordered by"))
    officer_kind = models.CharField(_("officer"), max_length=40, choices=EnforcerKind.choices)
    persons_present = models.PositiveIntegerField(_("persons present"), null=True, blank=True)
    #: The officer's count in each room (space name → persons), when given: a room above its own occupant load is
    #: overcrowding though the place as a whole has room (§§ 164-5, 164-7; register M-8).
    persons_by_space = models.JSONField(_("persons in each room"), default=dict, blank=True)
    approved_number = models.PositiveIntegerField(_("approved number of occupants"), null=True, blank=True)
    #: Where the approved number came from when the order was given, as the law core found it (its stop-performance
    #: finding's ``approved_number_from``): kept with the order, so that a certificate issued or revoked since does
    #: not rewrite it; empty on an order recorded before it was kept, or without an approved number.
    approved_number_from = models.CharField(_("approved number from"), max_length=24, blank=True, choices=[
        (CERTIFICATE, _("the certificate in force")),
        (FORMER_CERTIFICATE, _("the last certificate issued, no longer in force")),
        (OCCUPANT_LOAD, _("the occupant load computed from the rooms"))])
    #: The number of the certificate that stated the approved number (``approved_number_from`` a certificate).
    approved_certificate = models.CharField(_("certificate stating the approved number"), max_length=40, blank=True)
    overcrowding = models.BooleanField(_("overcrowding"), default=False)
    egress_obstructed = models.BooleanField(_("egress obstructed"), default=False)
    serious_menace = models.BooleanField(_("serious menace to life and safety"), default=False)
    rule_id = models.CharField(_("rule"), max_length=120)
    citation = models.CharField(_("citation"), max_length=120)
    description = models.TextField(_("description"), blank=True)
    state = models.CharField(_("state"), max_length=16, default=IN_FORCE,
                             choices=[(IN_FORCE, _("in force")), (LIFTED, _("lifted"))])
    lifted_at = models.DateTimeField(_("lifted at"), null=True, blank=True)
    lifted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                  related_name="+", verbose_name=_("lifted by"))
    correction = models.TextField(_("how the condition was corrected"), blank=True)

    state_machine = StateMachine({"lift": ([IN_FORCE], LIFTED, [BI, EO])})
    history = HistoricalRecords()

    class Meta:
        ordering = ["-ordered_at", "-id"]
        verbose_name = _("stop order")
        constraints = [
            # One stop order in force per performance at a place (interpretation W-40): the service refuses a
            # second in words under the venue's lock; this is the backstop. A lifted order blocks nothing.
            models.UniqueConstraint(fields=["venue", "performance"], condition=models.Q(state="in_force"),
                                    name="stop_order_one_in_force_per_performance"),
        ]

    def __str__(self) -> str:
        return f"Stop order: {self.performance} ({self.get_state_display()})"

    def approved_number_source(self) -> str:
        """Where the approved number came from when the order was given (`approved_number_from`), in the active
        language: "stated by the certificate in force, MP-CO-2026-0001"; "stated by the last certificate issued,
        MP-CO-2025-0003, no longer in force"; "the occupant load computed from the rooms". Empty when not kept (an
        order recorded before it was) or without an approved number."""
        if self.approved_number is None:
            return ""
        certificate = self.approved_certificate or gettext("its number not given")
        if self.approved_number_from == self.CERTIFICATE:
            return gettext("stated by the certificate in force, %(certificate)s") % {"certificate": certificate}
        if self.approved_number_from == self.FORMER_CERTIFICATE:
            return gettext("stated by the last certificate issued, %(certificate)s, no longer in force: the rooms are "
                           "approved for no more until a new certificate prescribes their number (§ 164-9)") % {
                "certificate": certificate}
        if self.approved_number_from == self.OCCUPANT_LOAD:
            return gettext("the occupant load computed from the rooms (§§ 164-7, 164-8)")
        return ""

    def state_refusal(self, action: str) -> str | None:
        """Why `action` cannot be taken on this stop order in its state, in words (`refused_in_words`): "stop order
        4 (Saturday dance at Kensico Manor) was lifted on 2026-05-01 19:30: a stop order is lifted once"."""
        stands = STOP_ORDER_STANDS if self.lifted_at is not None else {
            **STOP_ORDER_STANDS, "lifted": STOP_ORDER_STANDS["lifted at no time on record"]}
        lifted = timezone.localtime(self.lifted_at).strftime("%Y-%m-%d %H:%M") if self.lifted_at is not None else ""
        return refused_in_words(stands, STOP_ORDER_WHY, self.state, action, id=self.pk,
                                performance=self.performance, venue=self.venue.name, lifted=lifted)


#: Where a violation stands, by state, naming it (``id``), for a refusal of an action its state does not allow
#: (`Violation.state_refusal`; translated where it is written).
VIOLATION_STANDS = {
    "recorded": gettext_noop("violation %(id)s is recorded and no summons has been issued for it"),
    "summoned": gettext_noop("violation %(id)s is summoned and awaits the court's disposition"),
    "disposed": gettext_noop("violation %(id)s has been disposed of by the court (convicted and sentenced)"),
    "dismissed": gettext_noop("violation %(id)s has been dismissed by the court"),
    "paid": gettext_noop("the fine of violation %(id)s has been paid"),
    "closed": gettext_noop("violation %(id)s is closed"),
}
#: Why an action cannot be taken on a violation: by (action, state), else by action.
VIOLATION_WHY = {
    ("issue_summons", "closed"): gettext_noop("no summons is issued for a closed violation"),
    ("dispose", "recorded"): gettext_noop("the court's disposition is recorded once a summons has been issued"),
    ("dismiss", "recorded"): gettext_noop("the court's disposition is recorded once a summons has been issued"),
    ("pay", "recorded"): gettext_noop("a fine is paid once the court has imposed it"),
    ("pay", "summoned"): gettext_noop("a fine is paid once the court has imposed it"),
    ("pay", "dismissed"): gettext_noop("a violation the court dismissed carries no fine"),
    ("pay", "paid"): gettext_noop("a fine is paid once"),
    ("pay", "closed"): gettext_noop("a closed violation has no fine left to pay"),
    ("close", "summoned"): gettext_noop("a summoned violation is closed only after the court's disposition"),
    ("close", "dismissed"): gettext_noop("a violation the court dismissed needs no closing"),
    ("close", "closed"): gettext_noop("a violation is closed once"),
    "issue_summons": gettext_noop("a summons is issued once, for a violation recorded"),
    "dispose": gettext_noop("the court's disposition is recorded once, for a violation summoned"),
    "dismiss": gettext_noop("the court's disposition is recorded once, for a violation summoned"),
    "pay": gettext_noop("a fine is paid once, after the court has imposed it"),
    "close": gettext_noop("a violation is closed before its summons, or after the court's disposition with no "
                          "fine left unpaid"),
}


class Violation(TownScoped, Versioned):
    """A violation by one offender of a rule of the town's chapter: ``rule_id`` and ``citation`` from the law
    core's rule book; Carmel: ``days_of_continued_violation`` (each day a separate violation, ch. 31 penalties ¶ A).

    States: recorded → summoned → disposed (convicted, sentence recorded) → paid → closed; summoned → dismissed;
    recorded → closed (withdrawn); disposed → closed (nothing left to pay)."""

    RECORDED, SUMMONED, DISPOSED, DISMISSED, PAID, CLOSED = (
        "recorded", "summoned", "disposed", "dismissed", "paid", "closed")

    complaint = models.ForeignKey(Complaint, on_delete=models.PROTECT, related_name="violations")
    offender = models.ForeignKey(Offender, on_delete=models.PROTECT, related_name="violations")
    rule_id = models.CharField(_("rule"), max_length=120)
    citation = models.CharField(_("citation"), max_length=120)
    observed_on = models.DateField(_("observed on"))
    observed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                    verbose_name=_("recorded by"))
    observer_kind = models.CharField(_("officer"), max_length=40, choices=EnforcerKind.choices)
    in_presence = models.BooleanField(_("in the officer's presence"), null=True, default=None)
    venue = models.ForeignKey("venues.Venue", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    deficiency = models.ForeignKey("venues.Deficiency", on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+")
    place = models.CharField(_("place or event"), max_length=300, blank=True)
    description = models.TextField(_("description"))
    days_of_continued_violation = models.PositiveIntegerField(_("days of continued violation"), null=True,
                                                              blank=True)
    state = models.CharField(_("state"), max_length=16, default=RECORDED, choices=[
        (RECORDED, _("recorded")), (SUMMONED, _("summons issued")), (DISPOSED, _("disposed")),
        (DISMISSED, _("dismissed")), (PAID, _("fine paid")), (CLOSED, _("closed"))])

    state_machine = StateMachine({
        "issue_summons": ([RECORDED], SUMMONED),  # who issues is decided per town in the service
        "dispose": ([SUMMONED], DISPOSED, [BI, CLERK]),
        "dismiss": ([SUMMONED], DISMISSED, [BI, CLERK]),
        "pay": ([DISPOSED], PAID, [BI, CLERK]),
        "close": ([RECORDED, DISPOSED, PAID], CLOSED, [BI]),
    })
    history = HistoricalRecords()

    class Meta:
        ordering = ["-observed_on", "-id"]
        verbose_name = _("violation")

    def __str__(self) -> str:
        return f"Violation #{self.pk}: {self.offender} — {self.citation} on {self.observed_on}"

    def state_refusal(self, action: str) -> str | None:
        """Why `action` cannot be taken on this violation in its state, in words (`refused_in_words`): "the fine of
        violation 6 has been paid: a fine is paid once"."""
        return refused_in_words(VIOLATION_STANDS, VIOLATION_WHY, self.state, action, id=self.pk)


class Summons(TownScoped, Versioned):
    """A summons for a violation, returnable in the Town Justice Court (Mount Pleasant § 164-12; the court named
    by the law core's parameters). ``number`` is unique in its town."""

    violation = models.OneToOneField(Violation, on_delete=models.PROTECT, related_name="summons")
    number = models.CharField(_("summons number"), max_length=40)
    issued_on = models.DateField(_("issued on"))
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                  verbose_name=_("issued by"))
    court = models.CharField(_("returnable in"), max_length=200)
    return_date = models.DateField(_("return date"))
    return_time = models.CharField(_("return time"), max_length=40, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-issued_on", "-id"]
        verbose_name = _("summons")
        verbose_name_plural = _("summonses")
        constraints = [models.UniqueConstraint(fields=["town", "number"], name="enforcement_summons_number_per_town")]

    def __str__(self) -> str:
        return f"Summons {self.number}"


class Disposition(TownScoped, Versioned):
    """The court's disposition of a violation: ``convicted`` with a fine (US dollars) and imprisonment (days or
    months) within ``penalty`` (the law core's range, JSON) for ``offense_number`` (Mount Pleasant § 164-14) or
    the ``violations`` of Carmel's days of continued violation; or ``dismissed``. Payment: ``amount_paid``,
    ``paid_on``."""

    CONVICTED, DISMISSED = "convicted", "dismissed"

    violation = models.OneToOneField(Violation, on_delete=models.PROTECT, related_name="disposition")
    decided_on = models.DateField(_("decided on"))
    outcome = models.CharField(_("outcome"), max_length=16,
                               choices=[(CONVICTED, _("convicted")), (DISMISSED, _("dismissed"))])
    offense_number = models.PositiveIntegerField(_("offense number"), null=True, blank=True)
    prior_offenses = models.PositiveIntegerField(_("prior offenses"), null=True, blank=True)
    penalty = models.JSONField(_("penalty range"), default=dict, blank=True)
    fine = models.DecimalField(_("fine (US dollars)"), max_digits=10, decimal_places=2, default=0)
    jail_days = models.PositiveIntegerField(_("imprisonment (days)"), default=0)
    jail_months = models.PositiveIntegerField(_("imprisonment (months)"), default=0)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                    verbose_name=_("recorded by"))
    amount_paid = models.DecimalField(_("amount paid (US dollars)"), max_digits=10, decimal_places=2, null=True,
                                      blank=True)
    paid_on = models.DateField(_("paid on"), null=True, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-decided_on", "-id"]
        verbose_name = _("disposition")

    def __str__(self) -> str:
        return f"Disposition of violation #{self.violation_id}: {self.outcome}"
