"""Fixtures of the web tests: both towns, one user per role in each (signed in with the test client's
force_login), and records built through the services: a Carmel application at its public hearing, a Mount
Pleasant place of assembly with a certificate and an inspection, and a complaint with a violation."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml
from django.test import Client

from publicassembly.accounts.models import Membership, OfficerKind, Role, Town, User
from publicassembly.law.dates import next_business_day
from publicassembly.permits import services as sv

ROOT = Path(__file__).resolve().parents[2]
ROLES = tuple(Role.values)


def occupancy_query(**kw: str) -> dict[str, str]:
    """The query of the public occupancy check (Mount Pleasant §§ 164-7, 164-8) for one room, "Hall", 1,000 sq ft
    of assembly without fixed seats in a commercial place on 2026-05-01 (66 persons), with `kw` given or replaced."""
    return {"form-TOTAL_FORMS": "1", "form-INITIAL_FORMS": "0", "form-0-name": "Hall",
            "form-0-use_group": "assembly_without_fixed_seats", "form-0-area": "1000", "form-0-area_unit": "sq_ft",
            "commercial": "yes", "as_of": "2026-05-01", **kw}


def fair_facts() -> dict:
    """The county fair of the examples as an applicant gives it (without the Town's own acts)."""
    data = yaml.safe_load((ROOT / "examples" / "carmel-county-fair.yaml").read_text())
    for key in ("jurisdiction", "subject", "as_of", *sv.TOWN_FACTS):
        data.pop(key, None)
    data["petition"].pop("verified", None)
    for facility in data["conditions"].values():
        facility.pop("health_department_approved_on", None)
        facility.pop("town_board_approved_on", None)
    for prop in data["properties"]:
        prop.pop("owner_authorization_to_inspect", None)
    # dates far enough ahead that the hearing is upcoming whatever day the tests run
    first = dt.date.today() + dt.timedelta(days=120)
    data["dates"] = {"first_day": first.isoformat(), "last_day": (first + dt.timedelta(days=2)).isoformat(),
                     "daily_hours": "10:00-22:00"}
    return data


def accepted_on(carmel, cu, travel_to, day: dt.date):
    """The county fair's petition (`fair_facts`) submitted and accepted on `day`, the clock moved to `day`
    (`travel_to`): the application as the Clerk then has it, awaiting its public hearing (¶ B)."""
    travel_to(day)
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=day)
    sv.accept(cu["town_clerk"], app, today=day)
    app.refresh_from_db()
    return app


#: The further properties' management fields of a petition posted with none (the page sends them).
NO_FURTHER_PROPERTIES = {"property-TOTAL_FORMS": "0", "property-INITIAL_FORMS": "0", "property-MIN_NUM_FORMS": "0",
                         "property-MAX_NUM_FORMS": "20"}


def petition_post(facts: dict) -> dict:
    """What the petition page posts for `facts` as its edit page shows them: the form's answers, and a form for
    each property after the first with the formset's management fields."""
    from publicassembly.web.forms.application import further_properties, initial_from_facts

    data = {k: ("on" if v is True else v) for k, v in initial_from_facts(facts).items()
            if v not in (None, False, "")}
    rows = further_properties(facts)
    data.update(NO_FURTHER_PROPERTIES, **{"property-TOTAL_FORMS": str(len(rows)),
                                          "property-INITIAL_FORMS": str(len(rows))})
    for i, row in enumerate(rows):
        data.update({f"property-{i}-{k}": v for k, v in row.items() if v not in (None, "")})
    return data


def _users(town: Town, prefix: str) -> dict[str, User]:
    out = {}
    for role in ROLES:
        user = User(username=f"{prefix}_{role}", email=f"{prefix}_{role}@example.org", first_name=prefix,
                    last_name=role.replace("_", " "))
        user.set_unusable_password()
        user.save()
        kind = OfficerKind.POLICE_OFFICER if role == Role.ENFORCEMENT_OFFICER else ""
        Membership.objects.create(user=user, town=town, role=role, officer_kind=kind)
        out[role] = user
    return out


@pytest.fixture(autouse=True)
def _documents_dir(settings, tmp_path):
    settings.PUBLICASSEMBLY_DOCUMENTS_DIR = str(tmp_path / "documents")


@pytest.fixture
def carmel(db) -> Town:
    return Town.objects.for_jurisdiction("carmel-ny")


@pytest.fixture
def mount_pleasant(db) -> Town:
    return Town.objects.for_jurisdiction("mount-pleasant-ny")


@pytest.fixture
def cu(carmel) -> dict[str, User]:
    """Carmel's people, one per role."""
    return _users(carmel, "carmel")


@pytest.fixture
def mu(mount_pleasant) -> dict[str, User]:
    """Mount Pleasant's people, one per role (the enforcement officer a police officer)."""
    return _users(mount_pleasant, "mp")


def version_of(record, prefix: str = "") -> dict[str, str]:
    """What a page's form changing `record` sends as the version it was opened on (``expected_version``, or
    ``<prefix>-expected_version`` for a form with a prefix): the record's version as it is now."""
    record.refresh_from_db()
    return {f"{prefix}-expected_version" if prefix else "expected_version": str(record.version)}


def client_for(user: User | None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


@pytest.fixture
def hearing_app(carmel, cu):
    """The county fair, submitted, accepted and at its public hearing 20 days ahead (notice published today)."""
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    today = dt.date.today()
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=today)
    sv.accept(cu["town_clerk"], app, today=today)
    sv.schedule_hearing(cu["town_clerk"], app, hearing_on=next_business_day(today + dt.timedelta(days=20)), place="Town Hall",
                        notice_published_on=today, newspaper="Putnam County Courier")
    app.refresh_from_db()
    return app


@pytest.fixture
def draft_app(carmel, cu):
    return sv.create_draft(cu["applicant"], carmel, fair_facts())


@pytest.fixture
def hall(mount_pleasant, mu):
    """A catering hall with a ballroom of 4,650 sq ft (assembly without fixed seats: 15 sq ft per person, 310)
    and a certificate, and a scheduled inspection."""
    from publicassembly.venues import services as vs

    bi = mu["building_inspector"]
    venue = vs.create_venue(bi, mount_pleasant, name="Kensico Manor", address="25 Lakeview Avenue, Valhalla",
                            commercial=True, toilets_provided=6)
    vs.add_space(bi, venue, name="Ballroom", kind="room", use_group="assembly_without_fixed_seats", area="4650")
    vs.issue_certificate(bi, venue)
    vs.schedule_inspection(bi, venue, scheduled_for=dt.date.today())
    return venue


@pytest.fixture
def violation(mount_pleasant, mu, hall):
    from publicassembly.enforcement import services as es

    bi = mu["building_inspector"]
    offender = es.register_offender(bi, mount_pleasant, kind="firm", name="Kensico Manor LLC")
    complaint = es.file_complaint(bi, mount_pleasant, description="Rear exit chained shut",
                                  observed_on=dt.date.today(), offender=offender, venue=hall, in_presence=True)
    return es.record_violation(bi, complaint, rule_id="mount-pleasant/164-10/exits-not-blocked")


def requirement_lines(page: str) -> list[str]:
    """The requirements table of a page (``web/_requirements.html``) as a person reads it, one line per value,
    each under the names it is nested in: "certificate › issued by: the Building Inspector", "sign › rooms ›
    Dance hall › lawful occupancy: 310". Read from the page's HTML (its first requirements table)."""
    import html as htmllib
    import xml.etree.ElementTree as ET

    start = page.find('<table class="kv">')
    if start < 0:
        return []
    depth, i = 0, start
    while True:  # (the table with the tables nested in it)
        opened, closed = page.find("<table", i + 1), page.find("</table>", i + 1)
        if opened != -1 and opened < closed:
            depth, i = depth + 1, opened
        elif depth:
            depth, i = depth - 1, closed
        else:
            end = closed + len("</table>")
            break
    root = ET.fromstring(page[start:end])

    def words(el) -> str:
        return " ".join(htmllib.unescape("".join(el.itertext())).split())

    def walk(table, path: tuple[str, ...]) -> list[str]:
        out = []
        for tr in table.find("tbody"):
            name, cell = words(tr.find("th")), tr.find("td")
            nested, entries = cell.find("table"), cell.find("ul")
            if nested is not None:
                out += walk(nested, (*path, name))
            elif entries is not None:
                for li in entries:
                    inner = li.find("table")
                    entry = (*path, name, words(li.find("span")))
                    out += walk(inner, entry) if inner is not None else [" › ".join(entry)]
            else:
                out.append(f"{' › '.join((*path, name))}: {words(cell)}")
        return out

    return walk(root, ())
