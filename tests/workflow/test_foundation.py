"""The workflow foundation: towns as tenants, roles per town, optimistic locking, transitions with their
reasons in the history, readable timelines, and the database commands (migrate, backup, restore)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import dj_database_url
import pytest
from django.db import connection, transaction
from django.db.utils import IntegrityError

from publicassembly.accounts.models import Membership, OfficerKind, Role, Town
from publicassembly.workflow.access import require_role, roles_of
from publicassembly.workflow.errors import (
    InvalidTransition,
    NotAllowed,
    NotFound,
    StaleUpdate,
    ValidationFailed,
    WorkflowError,
)
from publicassembly.workflow.models import save_versioned
from publicassembly.workflow.states import STAYS, StateMachine, transition
from publicassembly.workflow.timeline import timeline

from .conftest import CARMEL_OCD, MOUNT_PLEASANT_OCD, SampleCase, SampleNote

pytestmark = pytest.mark.django_db


# --- Towns ------------------------------------------------------------------------------------------------


def test_town_is_a_law_jurisdiction_keyed_by_ocd_id(carmel, mount_pleasant):
    assert (carmel.ocd_id, carmel.jurisdiction_alias) == (CARMEL_OCD, "carmel-ny")
    assert (mount_pleasant.ocd_id, mount_pleasant.jurisdiction_alias) == (
        MOUNT_PLEASANT_OCD,
        "mount-pleasant-ny",
    )
    assert carmel.jurisdiction.ocd_id == CARMEL_OCD
    assert Town.objects.for_jurisdiction("carmel-ny") == carmel  # alias finds the same town


def test_town_outside_the_law_registry_is_refused():
    with pytest.raises(ValidationFailed) as e:
        Town.objects.create(ocd_id="ocd-division/country:us/state:ny/county:putnam/place:kent", name="Kent")
    assert e.value.field == "ocd_id" and "carmel-ny" in str(e.value)
    assert not Town.objects.exists()


# --- Town isolation --------------------------------------------------------------------------------------------


def test_for_town_shows_nothing_of_another_town(carmel, mount_pleasant, carmel_clerk, mp_clerk):
    a = SampleCase.objects.create(town=carmel, title="Carmel fair")
    b = SampleCase.objects.create(town=mount_pleasant, title="Hall dance")
    assert list(SampleCase.objects.for_town(carmel)) == [a]
    assert list(SampleCase.objects.for_town(mount_pleasant)) == [b]
    assert list(Membership.objects.for_town(carmel).values_list("user__username", flat=True)) == [
        "carmel_clerk"
    ]
    with pytest.raises(NotFound):
        SampleCase.objects.get_in_town(mount_pleasant, pk=a.pk)
    assert SampleCase.objects.get_in_town(carmel, pk=a.pk) == a


def test_for_town_without_a_town_is_a_bug_not_all_towns():
    with pytest.raises(ValueError):
        SampleCase.objects.for_town(None)


# --- Roles -----------------------------------------------------------------------------------------------------


def test_require_role_accepts_the_role_in_its_own_town(carmel, carmel_clerk):
    m = require_role(carmel_clerk, carmel, Role.TOWN_BOARD_MEMBER, Role.TOWN_CLERK)
    assert (m.role, m.town) == (Role.TOWN_CLERK, carmel)


def test_require_role_refuses_another_towns_clerk(carmel, mp_clerk):
    with pytest.raises(NotAllowed) as e:
        require_role(mp_clerk, carmel, Role.TOWN_CLERK)
    assert "town clerk" in str(e.value) and "Carmel" in str(e.value) and "none" in str(e.value)


def test_require_role_refuses_a_wrong_role(carmel, applicant):
    with pytest.raises(NotAllowed) as e:
        require_role(applicant, carmel, Role.TOWN_CLERK)
    assert "their roles there: applicant" in str(e.value)


def test_require_role_refuses_an_ended_membership(carmel, carmel_clerk):
    Membership.objects.filter(user=carmel_clerk).update(active=False)
    with pytest.raises(NotAllowed):
        require_role(carmel_clerk, carmel, Role.TOWN_CLERK)


def test_require_role_refuses_anonymous_and_unknown_roles(carmel, carmel_clerk):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(NotAllowed):
        require_role(AnonymousUser(), carmel, Role.TOWN_CLERK)
    with pytest.raises(ValidationFailed) as e:
        require_role(carmel_clerk, carmel, "mayor")
    assert e.value.field == "role"


def test_user_holds_roles_in_several_towns(make_user, carmel, mount_pleasant):
    u = make_user("inspector", (carmel, Role.APPLICANT), (mount_pleasant, Role.BUILDING_INSPECTOR))
    assert roles_of(u, carmel) == {"applicant"}
    assert u.roles_in(mount_pleasant) == {"building_inspector"}


def test_enforcement_officer_names_the_kind_of_officer_of_164_12(fire_marshal, mount_pleasant, make_user):
    m = require_role(fire_marshal, mount_pleasant, Role.ENFORCEMENT_OFFICER)
    assert m.officer_kind == OfficerKind.TOWN_FIRE_MARSHAL
    with pytest.raises(ValidationFailed) as e:
        make_user("cop", (mount_pleasant, Role.ENFORCEMENT_OFFICER))
    assert e.value.field == "officer_kind" and "police_officer" in str(e.value)
    with pytest.raises(ValidationFailed):
        make_user("clerk2", (mount_pleasant, Role.TOWN_CLERK, OfficerKind.POLICE_OFFICER))


def test_officer_kind_is_also_a_database_constraint(make_user, mount_pleasant):
    u = make_user("someone")
    with pytest.raises(IntegrityError):
        Membership.objects.bulk_create(
            [Membership(user=u, town=mount_pleasant, role=Role.ENFORCEMENT_OFFICER, officer_kind="")]
        )


# --- Optimistic locking ------------------------------------------------------------------------------------------


def test_stale_update_raises_and_overwrites_nothing(carmel, carmel_clerk, applicant):
    case = SampleCase.objects.create(town=carmel, title="Fair", persons=600)
    clerk_view = SampleCase.objects.get(pk=case.pk)  # both open version 1
    applicant_view = SampleCase.objects.get(pk=case.pk)
    save_versioned(applicant_view, 1, by=applicant, reason="more expected", persons=800)
    assert applicant_view.version == 2
    with pytest.raises(StaleUpdate) as e:
        save_versioned(clerk_view, 1, by=carmel_clerk, reason="typo", title="County Fair")
    assert "changed since you opened it (version 1, now 2); reload and try again" in str(
        e.value
    )
    stored = SampleCase.objects.get(pk=case.pk)
    assert (stored.title, stored.persons, stored.version) == ("Fair", 800, 2)
    assert stored.history.count() == 2  # created + the applicant's change; nothing from the refused edit


def test_plain_save_of_a_stale_object_is_refused_too(carmel):
    case = SampleCase.objects.create(town=carmel, title="Fair")
    old = SampleCase.objects.get(pk=case.pk)
    case.title = "Fair 2"
    case.save()
    old.title = "Fair 3"
    with pytest.raises(StaleUpdate), transaction.atomic():
        old.save()
    assert SampleCase.objects.get(pk=case.pk).title == "Fair 2"
    assert old.version == 1  # unchanged in memory after the refusal


def test_save_versioned_names_an_unknown_field(carmel):
    case = SampleCase.objects.create(town=carmel, title="Fair")
    with pytest.raises(ValidationFailed) as e:
        save_versioned(case, 1, colour="red")
    assert e.value.field == "colour" and "persons" in str(e.value)


# --- Transitions and history -------------------------------------------------------------------------------------


def test_transition_records_who_and_why_in_history(carmel, applicant, carmel_clerk):
    case = SampleCase.objects.create(town=carmel, title="Fair", persons=600)
    transition(case, "submit", by=applicant, reason="petition verified and filed")
    transition(case, "accept", by=carmel_clerk, reason="all 15 items present")
    assert (case.state, case.version) == ("accepted", 3)
    latest = case.history.order_by("-history_date", "-history_id").first()
    assert latest.history_change_reason == "all 15 items present"
    assert latest.history_user == carmel_clerk
    assert [h.state for h in case.history.order_by("history_date", "history_id")] == [
        "draft",
        "submitted",
        "accepted",
    ]


def test_transition_from_the_wrong_state_is_refused_with_allowed_actions(carmel, carmel_clerk):
    case = SampleCase.objects.create(town=carmel, title="Fair")
    with pytest.raises(InvalidTransition) as e:
        transition(case, "accept", by=carmel_clerk, reason="ok")
    assert (e.value.from_state, e.value.to_state, e.value.allowed) == ("draft", "accepted", ["submit"])
    with pytest.raises(InvalidTransition) as e:
        transition(case, "approve", by=carmel_clerk, reason="ok")
    assert e.value.to_state is None and "unknown action 'approve'" in str(e.value)
    assert SampleCase.objects.get(pk=case.pk).state == "draft"


def test_an_action_that_stays_keeps_the_state_and_records_the_act(carmel, applicant, carmel_clerk):
    """A `STAYS` action (P-36: a bond released on an application that ended without a permit, whichever of its
    states it is in) changes its fields and writes its history row, the state left as it is; from another state
    it is refused, naming the state it would have stayed in."""
    machine = StateMachine({"submit": (["draft"], "submitted"),
                            "retitle": (["draft", "submitted"], STAYS, [Role.TOWN_CLERK])})
    assert machine.states == frozenset({"draft", "submitted"})
    case = SampleCase.objects.create(town=carmel, title="Fair")
    transition(case, "submit", by=applicant, reason="filed", machine=machine)
    transition(case, "retitle", by=carmel_clerk, reason="the fair's own name", machine=machine, title="County Fair")
    case.refresh_from_db()
    assert (case.state, case.title, case.version) == ("submitted", "County Fair", 3)
    latest = case.history.order_by("-history_date", "-history_id").first()
    assert (latest.state, latest.history_change_reason) == ("submitted", "the fair's own name")
    other = SampleCase.objects.create(town=carmel, title="Fair", state="accepted")
    with pytest.raises(InvalidTransition) as e:
        transition(other, "retitle", by=carmel_clerk, reason="x", machine=machine, title="Y")
    assert (e.value.from_state, e.value.to_state) == ("accepted", "accepted")
    assert SampleCase.objects.get(pk=other.pk).title == "Fair"


def test_transition_checks_roles_in_the_cases_town(carmel, mp_clerk, applicant):
    case = SampleCase.objects.create(town=carmel, title="Fair")
    transition(case, "submit", by=applicant, reason="filed")
    with pytest.raises(NotAllowed):
        transition(case, "accept", by=mp_clerk, reason="another town's clerk")
    with pytest.raises(NotAllowed):
        transition(case, "accept", by=applicant, reason="applicant cannot accept")
    stored = SampleCase.objects.get(pk=case.pk)
    assert (stored.state, stored.version, stored.history.count()) == ("submitted", 2, 2)


def test_transition_needs_a_reason(carmel, applicant):
    case = SampleCase.objects.create(town=carmel, title="Fair")
    with pytest.raises(ValidationFailed) as e:
        transition(case, "submit", by=applicant, reason="  ")
    assert e.value.field == "reason"


def test_transition_on_a_case_changed_meanwhile_is_stale(carmel, applicant, carmel_clerk):
    case = SampleCase.objects.create(town=carmel, title="Fair")
    other = SampleCase.objects.get(pk=case.pk)
    transition(other, "submit", by=applicant, reason="filed")
    with pytest.raises(StaleUpdate):
        transition(case, "submit", by=applicant, reason="filed twice", expected_version=1)


def test_every_workflow_error_is_a_workflow_error():
    for cls in (NotAllowed, InvalidTransition, StaleUpdate, ValidationFailed, NotFound):
        assert issubclass(cls, WorkflowError)


# --- Timeline --------------------------------------------------------------------------------------------------


def test_timeline_reads_who_what_and_why(carmel, applicant, carmel_clerk):
    case = SampleCase.objects.create(town=carmel, title="Fair", persons=600)
    transition(case, "submit", by=applicant, reason="filed with the Town Clerk")
    note = SampleNote(town=carmel, case=case, text="hearing notice sent to the newspaper")
    note._history_user = carmel_clerk
    note.save()
    transition(case, "mark_incomplete", by=carmel_clerk, reason="item (3) survey map missing", persons=650)
    entries = timeline(case, note)
    assert [(e.kind, e.who) for e in entries] == [
        ("created", "system"),
        ("changed", "organizer"),
        ("created", "carmel_clerk"),
        ("changed", "carmel_clerk"),
    ]
    last = entries[-1]
    assert last.why == "item (3) survey map missing"
    assert {(c.field, c.old, c.new) for c in last.changes} == {
        ("state", "submitted", "incomplete"),
        ("persons", 600, 650),
    }
    text = str(last)
    assert "carmel_clerk" in text and "state: submitted → incomplete" in text and "why: item (3)" in text
    assert "version" not in {c.field for e in entries for c in e.changes}
    assert "filed with the Town Clerk" in str(entries[1])


# --- Database commands (run as the CLI runs them: a separate process) ----------------------------------------------


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "from publicassembly.cli import main; main()", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


@pytest.fixture
def cli_env(tmp_path):
    """Environment for CLI runs on a database of their own: a SQLite file under tmp_path, or (when the tests
    run on PostgreSQL) a scratch database on the same server, dropped afterwards."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    env["PUBLICASSEMBLY_DATA_DIR"] = str(tmp_path / "data")
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        yield env, None
        return
    import psycopg

    cfg = dj_database_url.parse(url)
    name = f"pa_cli_{uuid.uuid4().hex[:12]}"
    admin = dict(
        host=cfg["HOST"] or None,
        port=cfg["PORT"] or None,
        user=cfg["USER"] or None,
        password=cfg["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    )
    with psycopg.connect(**admin) as con:
        con.execute(f'CREATE DATABASE "{name}"')
    env["DATABASE_URL"] = url.rsplit("/", 1)[0] + "/" + name
    try:
        yield env, env["DATABASE_URL"]
    finally:
        with psycopg.connect(**admin) as con:
            con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _sql(env: dict[str, str], url: str | None, statement: str, params: tuple = ()) -> list[tuple]:
    if url is None:
        con = sqlite3.connect(Path(env["PUBLICASSEMBLY_DATA_DIR"]) / "publicassembly.sqlite3")
        try:
            rows = con.execute(statement, params).fetchall()
            con.commit()
            return rows
        finally:
            con.close()
    import psycopg

    with psycopg.connect(url, autocommit=True) as con:
        cur = con.execute(statement.replace("?", "%s"), params)
        return cur.fetchall() if cur.description else []


def test_migrate_backup_restore_round_trip(cli_env, tmp_path):
    env, url = cli_env
    assert _cli("migrate", "-q", env=env).returncode == 0
    _sql(
        env,
        url,
        "INSERT INTO accounts_town (ocd_id, name, jurisdiction_alias, created_at) "
        "VALUES (?, ?, ?, CURRENT_TIMESTAMP)",
        (CARMEL_OCD, "Town of Carmel", "carmel-ny"),
    )
    backup = tmp_path / "before.backup"
    done = _cli("backup", str(backup), env=env)
    assert done.returncode == 0, done.stderr
    assert backup.is_file()

    _sql(env, url, "UPDATE accounts_town SET name = ?", ("Overwritten",))
    refused = _cli("backup", str(backup), env=env)
    assert refused.returncode == 2 and "--force" in refused.stderr
    # the database holds records: replacing them is asked for with --force, as backup asks it to overwrite
    refused = _cli("restore", str(backup), env=env)
    assert refused.returncode == 2 and "--force" in refused.stderr and "already holds records (1 town" in (
        refused.stderr), refused.stderr
    assert "Traceback" not in refused.stderr
    assert _sql(env, url, "SELECT name FROM accounts_town") == [("Overwritten",)]  # nothing replaced
    done = _cli("restore", str(backup), "--force", env=env)
    assert done.returncode == 0, done.stderr
    assert _sql(env, url, "SELECT ocd_id, name FROM accounts_town") == [(CARMEL_OCD, "Town of Carmel")]
    assert _cli("backup", str(backup), "--force", env=env).returncode == 0


def test_restore_into_a_database_without_records_needs_no_force(cli_env, tmp_path):
    """A database just migrated (Django's own content types and permissions only) holds no records: restored
    without --force, as a new data directory is."""
    env, url = cli_env
    assert _cli("migrate", "-q", env=env).returncode == 0
    _sql(env, url, "INSERT INTO accounts_town (ocd_id, name, jurisdiction_alias, created_at) "
                   "VALUES (?, ?, ?, CURRENT_TIMESTAMP)", (CARMEL_OCD, "Town of Carmel", "carmel-ny"))
    backup = tmp_path / "one.backup"
    assert _cli("backup", str(backup), env=env).returncode == 0
    _sql(env, url, "DELETE FROM accounts_town")
    done = _cli("restore", str(backup), env=env)
    assert done.returncode == 0, done.stderr
    assert _sql(env, url, "SELECT name FROM accounts_town") == [("Town of Carmel",)]


def test_sqlite_database_is_in_wal_mode(cli_env):
    env, url = cli_env
    if url is not None:
        pytest.skip("WAL is SQLite's journal mode")
    assert _cli("migrate", "-q", env=env).returncode == 0
    assert _sql(env, None, "PRAGMA journal_mode") == [("wal",)]


def test_sqlite_settings_ask_for_wal_and_immediate_transactions():
    from django.conf import settings

    from publicassembly.site.settings import SQLITE_OPTIONS

    assert "journal_mode=WAL" in SQLITE_OPTIONS["init_command"]
    assert SQLITE_OPTIONS["transaction_mode"] == "IMMEDIATE"
    if connection.vendor == "sqlite":
        assert settings.DATABASES["default"]["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_restore_refuses_a_file_that_is_not_a_database(cli_env, tmp_path):
    env, _url = cli_env
    assert _cli("migrate", "-q", env=env).returncode == 0
    junk = tmp_path / "notes.txt"
    junk.write_text("minutes of the Town Board meeting\n" * 20)
    done = _cli("restore", str(junk), env=env)
    assert done.returncode == 2
    assert str(junk) in done.stderr and "not a" in done.stderr and "Traceback" not in done.stderr


def test_restore_refuses_a_missing_file(cli_env, tmp_path):
    env, _url = cli_env
    done = _cli("restore", str(tmp_path / "nowhere.backup"), env=env)
    assert done.returncode == 2 and "does not exist" in done.stderr


def test_validation_failed_renamed_to_the_callers_field():
    """A refusal keeps its message under the caller's field name; a field not in the mapping is kept as is."""
    from publicassembly.workflow.errors import ValidationFailed

    e = ValidationFailed("facts.hearing.held_on", "must be a date from 1778-01-01 to 2099-12-31")
    r = e.renamed({"facts.hearing.held_on": "hearing_on"})
    assert (r.field, r.detail, str(r)) == ("hearing_on", e.detail, f"hearing_on: {e.detail}")
    assert e.renamed({"as_of": "issued_on"}) is e


def test_restore_help_says_a_database_holding_records_needs_force():
    from typer.testing import CliRunner

    from publicassembly.cli import app as cli_app

    out = CliRunner().invoke(cli_app, ["restore", "--help"], env={"COLUMNS": "200"})
    said = " ".join(out.output.split())
    assert out.exit_code == 0 and "--force" in said and "already holds records" in said
