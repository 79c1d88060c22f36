"""Carmel ch. 31 permit applications on the database: the application and its state, the written approvals of
¶ C, the authorizations of ¶ D, the insurance certificate of ¶ E, the bond of ¶ F, the filing fee and the
Town Board's fee schedule, attached documents, and the reminders sent.

Every model keeps an append-only history (django-simple-history) with who and why. Change these records only
through `publicassembly.permits.services`: it checks the role, the town and the state, asks the law core, and
writes the change with its history in one transaction.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from publicassembly.workflow.models import TownScoped, Versioned
from publicassembly.workflow.states import STAYS, StateMachine


class State(models.TextChoices):
    """The states of a permit application (Carmel ch. 31, permit requirements ¶¶ A-G)."""

    DRAFT = "draft", _("draft")
    SUBMITTED = "submitted", _("submitted")
    INCOMPLETE = "incomplete", _("incomplete")
    AMENDED = "amended", _("amended")
    ACCEPTED = "accepted", _("accepted")
    HEARING_SCHEDULED = "hearing_scheduled", _("hearing scheduled")
    HEARING_HELD = "hearing_held", _("hearing held")
    APPROVED = "approved", _("approved with conditions")
    DENIED = "denied", _("denied")
    ISSUED = "issued", _("issued")
    ASSEMBLY_HELD = "assembly_held", _("assembly held")
    CLEANUP_INSPECTED = "cleanup_inspected", _("cleanup inspected")
    BOND_RELEASED = "bond_released", _("bond released")
    BOND_FORFEITED = "bond_forfeited", _("bond forfeited")
    CLOSED = "closed", _("closed")
    WITHDRAWN = "withdrawn", _("withdrawn")
    REVOKED = "revoked", pgettext_lazy("state of a permit application", "revoked")


S = State
#: States from which the applicant may withdraw: every state before a decision, and an approved application
#: not yet issued (an issued permit is revoked, not withdrawn; see docs/interpretations.md P-2).
OPEN_STATES = (S.DRAFT, S.SUBMITTED, S.INCOMPLETE, S.AMENDED, S.ACCEPTED, S.HEARING_SCHEDULED,
               S.HEARING_HELD, S.APPROVED)
#: States in which the Town Board's 30 days to act run (from submission until the decision).
AWAITING_DECISION = (S.SUBMITTED, S.INCOMPLETE, S.AMENDED, S.ACCEPTED, S.HEARING_SCHEDULED, S.HEARING_HELD)
#: States in which approvals, authorizations, insurance, bond, fee and Board limits may be recorded.
UNDER_REVIEW = (*AWAITING_DECISION, S.APPROVED)
FINAL_STATES = (S.CLOSED, S.WITHDRAWN, S.REVOKED)

CLERK = "town_clerk"
BOARD = "town_board_member"
INSPECTOR = "building_inspector"

PERMIT_MACHINE = StateMachine(
    {
        "submit": ([S.DRAFT], S.SUBMITTED),
        "mark_incomplete": ([S.SUBMITTED, S.AMENDED], S.INCOMPLETE, [CLERK]),
        "amend": ([S.INCOMPLETE], S.AMENDED),
        "accept": ([S.SUBMITTED, S.AMENDED], S.ACCEPTED, [CLERK]),
        "schedule_hearing": ([S.ACCEPTED], S.HEARING_SCHEDULED, [CLERK]),
        # (no change of state: the notice's publication recorded once it has happened, `services`, G-10)
        "record_notice_published": ([S.HEARING_SCHEDULED], S.HEARING_SCHEDULED, [CLERK]),
        # (no change of state: the hearing moved to another day, its notice cleared unless given, G-10)
        "reschedule_hearing": ([S.HEARING_SCHEDULED], S.HEARING_SCHEDULED, [CLERK]),
        "record_hearing_held": ([S.HEARING_SCHEDULED], S.HEARING_HELD, [CLERK]),
        "approve": ([S.HEARING_HELD], S.APPROVED, [BOARD]),
        "deny": ([S.HEARING_HELD], S.DENIED, [BOARD]),
        "issue": ([S.APPROVED], S.ISSUED, [CLERK]),
        "record_assembly_held": ([S.ISSUED], S.ASSEMBLY_HELD, [CLERK]),
        # (again after an inspection that found the waste not completely removed: `services`, P-3)
        "record_cleanup_inspection": ([S.ASSEMBLY_HELD, S.CLEANUP_INSPECTED], S.CLEANUP_INSPECTED,
                                      [CLERK, INSPECTOR]),
        "release_bond": ([S.CLEANUP_INSPECTED], S.BOND_RELEASED, [BOARD]),
        "forfeit_bond": ([S.CLEANUP_INSPECTED], S.BOND_FORFEITED, [BOARD]),
        # (from an application still under review only once its assembly is over: `services.close`, P-11)
        "close": ([S.BOND_RELEASED, S.BOND_FORFEITED, S.DENIED, *UNDER_REVIEW], S.CLOSED, [CLERK]),
        "withdraw": (list(OPEN_STATES), S.WITHDRAWN),
        "revoke": ([S.ISSUED], S.REVOKED, [BOARD]),
        # (no change of state: the bond posted stays with the Clerk after a revocation until the Board releases or
        # forfeits it, giving its reason; the permit stays revoked: `services.release_bond`, P-32)
        "release_revoked_bond": ([S.REVOKED], S.REVOKED, [BOARD]),
        "forfeit_revoked_bond": ([S.REVOKED], S.REVOKED, [BOARD]),
        # (no change of state: a bond posted on an application that ended without a permit — denied, withdrawn, or
        # closed unheard — is released by the Board, giving its reason: `services.release_bond`, P-36)
        "release_unissued_bond": ([S.DENIED, S.WITHDRAWN, S.CLOSED], STAYS, [BOARD]),
    }
)


class RevocationGround(models.TextChoices):
    """The grounds on which the Town Board, through its Clerk, may revoke a permit (¶ G)."""

    FACILITIES_NOT_PROVIDED = "facilities_not_provided_as_specified", _(
        "the applicant has failed to provide the facilities as specified in the application")
    SETUP_NOT_IN_TIME = "setup_cannot_be_accomplished_in_time", _(
        "the setting up of the facilities cannot reasonably be accomplished within the time set for the assembly")


class CleanupResult(models.TextChoices):
    """What the Town found at the cleanup inspection (¶ F)."""

    COMPLETE = "complete", _("waste completely removed")
    INCOMPLETE = "incomplete", _("waste not completely removed")


class BondDisposition(models.TextChoices):
    RELEASED = "released", _("released")
    FORFEITED = "forfeited", _("forfeited")


class Agency(models.TextChoices):
    """The two bodies whose written approval each condition of ¶ C needs."""

    HEALTH_DEPARTMENT = "health_department", _("Putnam County Health Department")
    TOWN_BOARD = "town_board", _("Town Board")


class Party(models.TextChoices):
    """Who furnishes a written authorization to inspect (¶ D)."""

    OWNER = "owner", _("owner")
    TENANT = "tenant", _("tenant or lessee")


#: The conditions of ¶ C(1)-(10), by number: the EventCase field that holds each facility.
CONDITIONS: dict[int, str] = {
    1: "drinking_water", 2: "toilets", 3: "sewage", 4: "solid_waste", 5: "food_supply", 6: "parking",
    7: "housing", 8: "access_roads", 9: "medical", 10: "fire_protection",
}


class Document(TownScoped):
    """An attached file (map, plan, insurance certificate, written approval, ...), stored under the data
    directory outside any static root under a random name. ``sha256`` (hex), ``size`` (bytes) and
    ``content_type`` (one of pdf, png, jpeg, checked against the file's own signature)."""

    application = models.ForeignKey("PermitApplication", on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(_("kind"), max_length=60)
    original_name = models.CharField(_("file name"), max_length=255)
    storage_name = models.CharField(max_length=80, unique=True, editable=False)
    content_type = models.CharField(_("content type"), max_length=40)
    size = models.PositiveBigIntegerField(_("size (bytes)"))
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    uploaded_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("document")

    def __str__(self) -> str:
        return f"{self.kind}: {self.original_name} ({self.size:,} bytes, sha256 {self.sha256[:12]}…)"


class PermitApplication(TownScoped, Versioned):
    """A verified petition for a permit of the Town Board for an assembly in excess of 500 persons
    (Carmel ch. 31, permit requirements ¶¶ A-B), and what the Town did with it.

    ``facts``: the applicant's facts of the assembly as JSON validated by the Carmel `EventCase` model (without
    the Town's own acts, which live in the fields and related records below and are layered on when the law
    core is asked). Money in US dollars is stored as a decimal string in whole cents (``"10.00"``, `units.money_json`,
    whatever form it was given in) and read as a Decimal; dates as ``YYYY-MM-DD``.
    """

    applicant = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="permit_applications")
    state = models.CharField(_("state"), max_length=32, choices=State.choices, default=State.DRAFT)
    facts = models.JSONField(_("facts of the assembly"), default=dict)
    submitted_on = models.DateField(_("submitted on"), null=True, blank=True)
    verification_statement = models.TextField(_("verification statement"), blank=True)
    missing_items = models.JSONField(_("items found missing"), default=list, blank=True)
    # Board decision
    decided_on = models.DateField(_("decided on"), null=True, blank=True)
    conditions = models.JSONField(_("conditions of the permit"), default=list, blank=True)
    reasons = models.TextField(_("reasons for denial"), blank=True)
    exemption_not_accepted_on = models.DateField(_("exemption not accepted by the Town Board on"), null=True,
                                                 blank=True)
    exemption_not_accepted_because = models.TextField(_("reasons for not accepting the exemption"), blank=True)
    bond_amount = models.DecimalField(_("bond fixed by the Town Board (US dollars)"), max_digits=12,
                                      decimal_places=2, null=True, blank=True)
    bodily_injury_limit = models.DecimalField(_("bodily injury limit set by the Town Board (US dollars)"),
                                              max_digits=12, decimal_places=2, null=True, blank=True)
    # Public hearing (¶ B)
    hearing_on = models.DateField(_("hearing date"), null=True, blank=True)
    hearing_time = models.TimeField(_("hearing time"), null=True, blank=True, default=None)
    hearing_place = models.CharField(_("hearing place"), max_length=200, blank=True)
    notice_published_on = models.DateField(_("notice published on"), null=True, blank=True)
    newspaper = models.CharField(_("official newspaper"), max_length=200, blank=True)
    hearing_held_on = models.DateField(_("hearing held on"), null=True, blank=True)
    # Permit
    permit_number = models.CharField(_("permit number"), max_length=30, blank=True)
    issued_on = models.DateField(_("issued on"), null=True, blank=True)
    revoked_on = models.DateField(_("revoked on"), null=True, blank=True)
    revocation_grounds = models.JSONField(_("grounds of revocation"), default=list, blank=True)
    # After the assembly (¶ F)
    assembly_ended_on = models.DateField(_("assembly ended on"), null=True, blank=True)
    cleanup_inspected_on = models.DateField(_("cleanup inspected on"), null=True, blank=True)
    cleanup_result = models.CharField(_("cleanup result"), max_length=20, choices=CleanupResult.choices,
                                      blank=True)
    cleanup_completed_on = models.DateField(_("cleanup completed on"), null=True, blank=True)
    bond_disposition = models.CharField(_("bond disposition"), max_length=20, choices=BondDisposition.choices,
                                        blank=True)
    #: The day the Town Board released or forfeited the bond (``bond_disposition``), as it was given: the day of
    #: its decision, which may be before the day it is recorded (interpretation P-38).
    bond_disposition_on = models.DateField(_("bond released or forfeited on"), null=True, blank=True)
    withdrawn_on = models.DateField(_("withdrawn on"), null=True, blank=True)
    closed_on = models.DateField(_("closed on"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    state_machine = PERMIT_MACHINE
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("permit application")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["town", "permit_number"], condition=~models.Q(permit_number=""),
                                    name="permits_one_permit_number_per_town"),
        ]
        #: The Clerk's queue counts, orders and pages a town's applications by state and submission date; the
        #: index holds those columns, so the database never reads the rows' facts to sort 10,000 applications.
        indexes = [models.Index(fields=["town", "state", "submitted_on"], name="permits_queue_idx")]

    def __str__(self) -> str:
        name = self.facts.get("name") if isinstance(self.facts, dict) else None
        return f"permit application #{self.pk} ({name or 'unnamed'}, {self.get_state_display()})"

    @property
    def name(self) -> str:
        """The assembly's name as the applicant gave it (empty if none)."""
        return str(self.facts.get("name") or "") if isinstance(self.facts, dict) else ""

    def related_records(self) -> list[Any]:
        """Every record of this case whose history belongs on its timeline."""
        return [*self.approvals.all(), *self.authorizations.all(), *self.insurance_certificates.all(),
                *self.bonds.all(), *self.fee_payments.all(), *self.documents.all()]


class Approval(TownScoped):
    """A written approval of one condition of ¶ C(n) by the Health Department or the Town Board: who reviewed
    it, on what date, and the document that is the approval in writing."""

    application = models.ForeignKey(PermitApplication, on_delete=models.CASCADE, related_name="approvals")
    condition = models.PositiveSmallIntegerField(_("condition ¶ C(n)"), choices=[(n, f"¶ C({n}) {f}")
                                                                               for n, f in CONDITIONS.items()])
    agency = models.CharField(_("agency"), max_length=30, choices=Agency.choices)
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    approved_on = models.DateField(_("approved on"))
    document = models.ForeignKey(Document, on_delete=models.PROTECT, related_name="+")
    #: The facts the approval was given for (`approval_basis` of the petition when it was recorded): it counts
    #: only while the petition states the same (interpretation P-21); null for none recorded (counts).
    basis = models.JSONField(_("facts approved"), null=True, blank=True, default=None)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("written approval")


def approval_basis(facts: Any, condition: int) -> dict[str, Any]:
    """What a written approval of ¶ C(`condition`) is given for, from the petition's `facts` (as stored): the
    facility the condition concerns (``conditions.<name>``, as the applicant states it) and the number of persons
    it serves — the expected maximum at one time, or, when not given, the properties' numbers — and, for the
    housing of ¶ C(7) (needed when the assembly extends from one day to another), the dates and hours.
    An approval counts only while this is unchanged (interpretation P-21)."""
    facts = facts if isinstance(facts, dict) else {}
    conditions = facts.get("conditions") if isinstance(facts.get("conditions"), dict) else {}
    basis: dict[str, Any] = {"facility": conditions.get(CONDITIONS[condition]),
                             "persons_at_one_time": facts.get("max_persons_at_one_time")}
    if basis["persons_at_one_time"] is None:
        basis["properties_persons"] = [p.get("max_persons_at_one_time") if isinstance(p, dict) else None
                                       for p in facts.get("properties") or []]
    if condition == 7:
        basis["dates"] = facts.get("dates")
    return basis


class Authorization(TownScoped):
    """The owner's or the tenant's written authorization for the Town to go upon a property to inspect it
    (¶ D). ``property_index``: the property's position in the application's facts (0 = first) when it was
    recorded; ``property_address``: that property's address then. The authorization counts for the property
    of the petition that has this address (interpretation P-12), so removing or reordering properties never
    moves it onto another one; an authorization whose property is no longer named counts for none."""

    application = models.ForeignKey(PermitApplication, on_delete=models.CASCADE, related_name="authorizations")
    property_index = models.PositiveSmallIntegerField(_("property"), default=0)
    property_address = models.TextField(_("property's address"), blank=True, default="")
    party = models.CharField(_("party"), max_length=10, choices=Party.choices)
    name = models.CharField(_("name of who authorizes"), max_length=200)
    given_on = models.DateField(_("given on"))
    document = models.ForeignKey(Document, on_delete=models.PROTECT, related_name="+")
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("authorization to inspect")


class InsuranceCertificate(TownScoped):
    """The comprehensive liability policy furnished to the Town (¶ E); limits in US dollars. The latest
    certificate recorded is the one the law core reads."""

    application = models.ForeignKey(PermitApplication, on_delete=models.CASCADE,
                                    related_name="insurance_certificates")
    insurer = models.CharField(_("insurer"), max_length=200)
    policy_number = models.CharField(_("policy number"), max_length=100)
    comprehensive_liability = models.BooleanField(_("comprehensive liability"))
    insures_town = models.BooleanField(_("insures the Town"))
    bodily_injury_limit = models.DecimalField(_("bodily injury limit"), max_digits=12, decimal_places=2)
    property_damage_limit = models.DecimalField(_("property damage limit"), max_digits=12, decimal_places=2)
    cancellation_notice_days = models.PositiveIntegerField(_("days' notice of cancellation"))
    document = models.ForeignKey(Document, on_delete=models.PROTECT, related_name="+")
    recorded_on = models.DateField(_("recorded on"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("insurance certificate")
        ordering = ["recorded_on", "id"]


class Bond(TownScoped):
    """The cleanup bond posted with the Town Clerk (¶ F), in US dollars."""

    application = models.ForeignKey(PermitApplication, on_delete=models.CASCADE, related_name="bonds")
    amount = models.DecimalField(_("amount"), max_digits=12, decimal_places=2)
    posted_on = models.DateField(_("posted on"))
    surety = models.CharField(_("surety"), max_length=200, blank=True)
    document = models.ForeignKey(Document, on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("bond")
        ordering = ["posted_on", "id"]


class FeeSchedule(TownScoped):
    """The filing fee established by the Town Board for a year and on file with the Town Clerk (fee):
    ``amount`` in US dollars, ``resolution_date`` of the Board's resolution."""

    year = models.PositiveIntegerField(_("year"))
    amount = models.DecimalField(_("filing fee (US dollars)"), max_digits=10, decimal_places=2)
    resolution_date = models.DateField(_("resolution date"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("filing fee schedule")
        ordering = ["year"]
        constraints = [models.UniqueConstraint(fields=["town", "year"], name="permits_one_fee_per_town_year")]

    def __str__(self) -> str:
        return f"{self.town}: filing fee {self.year} ${self.amount}"

    def clean(self) -> None:
        """The Django admin's check (the services refuse it too, `services.fee_amount`): the fee is more than
        $0.00 (ch. 31, fee: it compensates the Town for examining and processing the application; C-19)."""
        from django.core.exceptions import ValidationError

        from publicassembly.permits.services import fee_refused

        super().clean()
        refused = fee_refused(self.amount) if self.amount is not None else None
        if refused is not None:
            raise ValidationError({"amount": refused})


class FeePayment(TownScoped):
    """A payment of the filing fee (US dollars), with the Clerk's receipt. The fee is not refundable."""

    application = models.ForeignKey(PermitApplication, on_delete=models.CASCADE, related_name="fee_payments")
    amount = models.DecimalField(_("amount"), max_digits=10, decimal_places=2)
    paid_on = models.DateField(_("paid on"))
    receipt = models.CharField(_("receipt"), max_length=100, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("filing fee payment")


class ReminderSent(TownScoped):
    """A reminder e-mailed by `publicassembly remind`: one row per application, kind of deadline, due date,
    recipient and day, so a second run on the same day sends nothing again."""

    application = models.ForeignKey(PermitApplication, on_delete=models.CASCADE, related_name="reminders")
    kind = models.CharField(max_length=40)
    due_on = models.DateField()
    recipient = models.EmailField()
    sent_on = models.DateField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("reminder sent")
        constraints = [models.UniqueConstraint(fields=["application", "kind", "due_on", "recipient", "sent_on"],
                                               name="permits_one_reminder_per_day")]
