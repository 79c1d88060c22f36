"""Fixtures of the permit tests: Carmel and Mount Pleasant, a user of every role in each, the county fair's
facts (examples/carmel-county-fair.yaml without the Town's own acts), attachments stored in a temporary folder,
and `Walk`, which takes an application along the process to any state with the dates of a real calendar.

The calendar (2026): petition submitted Monday 1 June (the Board's 30 days end Wednesday 1 July); notice
published 12 June for the hearing of 22 June (exactly 10 days); decision 24 June; permit issued 1 July; the
fair 14-16 August; cleanup due Friday 21 August.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
import yaml

from publicassembly.accounts.models import Membership, OfficerKind, Role, Town, User
from publicassembly.permits import services as sv
from publicassembly.permits.models import PermitApplication, State

ROOT = Path(__file__).resolve().parents[2]
ROLES = [r.value for r in Role]

#: A whole PNG image of one white pixel (Pillow reads it to its end).
PNG = (b'\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\r\xefF\xb8\x00\x00\x00\x00IEND\xaeB`\x82')
PDF = b"%PDF-1.4\n% approval\n%%EOF\n"

SUBMITTED = date(2026, 6, 1)
HEARING = date(2026, 6, 22)
NOTICE = date(2026, 6, 12)
DECIDED = date(2026, 6, 24)
APPROVALS = date(2026, 6, 20)
ISSUED = date(2026, 7, 1)
LAST_DAY = date(2026, 8, 16)
INSPECTED = date(2026, 8, 21)


def fair_facts() -> dict:
    """The county fair of the examples as an applicant gives it: without the Town's acts and records."""
    data = yaml.safe_load((ROOT / "examples" / "carmel-county-fair.yaml").read_text())
    for key in ("jurisdiction", "subject", "as_of", *sv.TOWN_FACTS):
        data.pop(key, None)
    data["petition"].pop("verified", None)
    for facility in data["conditions"].values():
        for key in ("health_department_approved_on", "town_board_approved_on"):
            facility.pop(key, None)
    for prop in data["properties"]:
        prop.pop("owner_authorization_to_inspect", None)
        prop.pop("tenant_authorization_to_inspect", None)
    return data


@pytest.fixture(autouse=True)
def _documents_dir(settings, tmp_path):
    settings.PUBLICASSEMBLY_DOCUMENTS_DIR = str(tmp_path / "documents")


@pytest.fixture
def carmel(db) -> Town:
    return Town.objects.for_jurisdiction("carmel-ny")


@pytest.fixture
def mount_pleasant(db) -> Town:
    return Town.objects.for_jurisdiction("mount-pleasant-ny")


def make_user(username: str, town: Town, *roles: str) -> User:
    user = User.objects.create_user(username=username, email=f"{username}@example.org")
    for role in roles:
        kind = OfficerKind.POLICE_OFFICER if role == Role.ENFORCEMENT_OFFICER else ""
        Membership.objects.create(user=user, town=town, role=role, officer_kind=kind)
    return user


@pytest.fixture
def people(carmel, mount_pleasant) -> dict[str, User]:
    """One user per role in Carmel (key: the role), one per role in Mount Pleasant (key: ``mp_<role>``), and
    a second Carmel applicant (``other_applicant``)."""
    out = {role: make_user(f"carmel_{role}", carmel, role) for role in ROLES}
    out.update({f"mp_{role}": make_user(f"mp_{role}", mount_pleasant, role) for role in ROLES})
    out["other_applicant"] = make_user("other_applicant", carmel, Role.APPLICANT)
    return out


@pytest.fixture
def fee_2026(carmel, people):
    return sv.set_fee_schedule(people["town_clerk"], carmel, year=2026, amount="250.00",
                               resolution_date=date(2026, 1, 6))


class Walk:
    """Takes a permit application of the county fair through the process, one service call per step."""

    def __init__(self, town: Town, people: dict[str, User]) -> None:
        self.town = town
        self.p = people
        self.app: PermitApplication | None = None

    @property
    def clerk(self) -> User:
        return self.p["town_clerk"]

    @property
    def board(self) -> User:
        return self.p["town_board_member"]

    @property
    def applicant(self) -> User:
        return self.p["applicant"]

    def doc(self, kind: str = "written approval", content: bytes = PDF):
        return sv.attach_document(self.clerk, self.app, kind=kind, filename=f"{kind}.pdf", content=content)

    def draft(self, facts: dict | None = None) -> PermitApplication:
        self.app = sv.create_draft(self.applicant, self.town, facts or fair_facts())
        return self.app

    def submitted_needing_no_permit(self, facts: dict, today: date = SUBMITTED) -> PermitApplication:
        """A petition for an assembly needing no permit (`facts`: e.g. 300 persons, ¶ A) submitted before
        interpretation P-16 refused filing one: the fair submitted, then its facts stored as `facts` (a record
        of before the change, which the services still meet)."""
        self.draft()
        sv.submit(self.applicant, self.app, verification_statement="Sworn.", today=today)
        PermitApplication.objects.filter(pk=self.app.pk).update(facts=facts)
        self.app.refresh_from_db()
        return self.app

    def submitted(self) -> PermitApplication:
        self.draft()
        return sv.submit(self.applicant, self.app, verification_statement="Sworn before a notary, 29 May 2026.",
                         today=SUBMITTED)

    def accepted(self) -> PermitApplication:
        self.submitted()
        return sv.accept(self.clerk, self.app, today=SUBMITTED)

    def hearing_scheduled(self) -> PermitApplication:
        self.accepted()
        return sv.schedule_hearing(self.clerk, self.app, hearing_on=HEARING, place="Town Hall, 60 McAlpin Avenue",
                                   notice_published_on=NOTICE, newspaper="Putnam County Courier",
                                   today=NOTICE)

    def hearing_held(self) -> PermitApplication:
        self.hearing_scheduled()
        return sv.record_hearing_held(self.clerk, self.app)

    def approved(self) -> PermitApplication:
        self.hearing_held()
        return sv.approve(self.board, self.app, conditions=["Gates close at 10 p.m."], decided_on=DECIDED,
                          bond_amount="10000.00", bodily_injury_limit="500000")

    def all_preconditions(self) -> None:
        """Every precondition of issuance recorded: the 20 written approvals, the owner's authorization, the
        insurance certificate, the bond and the fee."""
        doc = self.doc()
        for n in range(1, 11):
            sv.record_approval(self.p["health_department_reviewer"], self.app, condition=n,
                               agency="health_department", approved_on=APPROVALS, document=doc)
            sv.record_approval(self.board, self.app, condition=n, agency="town_board", approved_on=APPROVALS,
                               document=doc)
        sv.record_authorization(self.clerk, self.app, party="owner", name="County of Putnam",
                                given_on=APPROVALS, document=self.doc("owner's authorization"))
        sv.record_insurance(self.clerk, self.app, insurer="Hudson Mutual", policy_number="HM-2026-1",
                            bodily_injury_limit="1000000", property_damage_limit="500000",
                            cancellation_notice_days=30, document=self.doc("insurance certificate"),
                            today=APPROVALS)
        sv.post_bond(self.clerk, self.app, amount="10000", posted_on=APPROVALS, surety="Empire Surety")
        sv.record_fee_payment(self.clerk, self.app, amount="250.00", paid_on=SUBMITTED, receipt="R-1")
        self.app.refresh_from_db()

    def issued(self) -> PermitApplication:
        self.approved()
        self.all_preconditions()
        return sv.issue(self.clerk, self.app, today=ISSUED)

    def assembly_held(self) -> PermitApplication:
        self.issued()
        return sv.record_assembly_held(self.clerk, self.app)

    def cleanup_inspected(self, completed_on: date | None = date(2026, 8, 20), inspected_on: date = INSPECTED
                          ) -> PermitApplication:
        self.assembly_held()
        result = "complete" if completed_on else "incomplete"
        return sv.record_cleanup_inspection(self.p["building_inspector"], self.app, inspected_on=inspected_on,
                                            result=result, completed_on=completed_on)

    def to(self, state: str) -> PermitApplication:
        """An application brought to `state` by the usual path."""
        paths = {
            State.DRAFT: self.draft, State.SUBMITTED: self.submitted, State.ACCEPTED: self.accepted,
            State.HEARING_SCHEDULED: self.hearing_scheduled, State.HEARING_HELD: self.hearing_held,
            State.APPROVED: self.approved, State.ISSUED: self.issued, State.ASSEMBLY_HELD: self.assembly_held,
            State.CLEANUP_INSPECTED: self.cleanup_inspected,
        }
        if state in paths:
            return paths[state]()
        if state == State.INCOMPLETE:
            self.submitted()
            return sv.mark_incomplete(self.clerk, self.app, missing_items=["a better map"])
        if state == State.AMENDED:
            self.to(State.INCOMPLETE)
            return sv.amend(self.applicant, self.app, fair_facts())
        if state == State.DENIED:
            self.hearing_held()
            return sv.deny(self.board, self.app, reasons="Too little parking", decided_on=DECIDED)
        if state == State.BOND_RELEASED:
            self.cleanup_inspected()
            return sv.release_bond(self.board, self.app)
        raise ValueError(state)


@pytest.fixture
def walk(carmel, people, fee_2026) -> Walk:
    return Walk(carmel, people)
