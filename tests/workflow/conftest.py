"""Fixtures of the workflow foundation tests: the two towns, users with roles, and a sample case model.

`SampleCase` is a small concrete model built only from the shared mixins (TownScoped, Versioned, a state
machine, history), its tables created in the test database once per session — the permits, venues and
enforcement apps build their real models the same way.
"""

from __future__ import annotations

import pytest
from django.db import connection, models
from simple_history.models import HistoricalRecords

from publicassembly.accounts.models import Membership, OfficerKind, Role, Town, User
from publicassembly.workflow.models import TownScoped, Versioned
from publicassembly.workflow.states import StateMachine

CARMEL_OCD = "ocd-division/country:us/state:ny/county:putnam/place:carmel"
MOUNT_PLEASANT_OCD = "ocd-division/country:us/state:ny/county:westchester/place:mount_pleasant"


class SampleCase(TownScoped, Versioned):
    """A case with the permit application's first states (test model only)."""

    title = models.CharField(max_length=100)
    persons = models.PositiveIntegerField(default=0)
    state = models.CharField(max_length=32, default="draft")

    state_machine = StateMachine(
        {
            "submit": (["draft"], "submitted"),
            "accept": (["submitted"], "accepted", [Role.TOWN_CLERK]),
            "mark_incomplete": (["submitted"], "incomplete", [Role.TOWN_CLERK]),
            "resubmit": (["incomplete"], "submitted"),
        }
    )
    history = HistoricalRecords(app="accounts")

    class Meta:
        app_label = "accounts"
        verbose_name = "sample case"


class SampleNote(TownScoped):
    """A record related to a case (for merged timelines)."""

    case = models.ForeignKey(SampleCase, on_delete=models.CASCADE, related_name="notes")
    text = models.CharField(max_length=200)
    history = HistoricalRecords(app="accounts")

    class Meta:
        app_label = "accounts"
        verbose_name = "sample note"


@pytest.fixture(scope="session", autouse=True)
def _sample_tables(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), connection.schema_editor() as editor:
        for model in (SampleCase, SampleCase.history.model, SampleNote, SampleNote.history.model):
            editor.create_model(model)


@pytest.fixture
def carmel(db) -> Town:
    return Town.objects.for_jurisdiction(CARMEL_OCD)


@pytest.fixture
def mount_pleasant(db) -> Town:
    return Town.objects.for_jurisdiction("mount-pleasant-ny")


@pytest.fixture
def make_user(db):
    """make_user(username, (town, role[, officer_kind]), ...) → a User holding those roles."""

    def make(username: str, *roles: tuple) -> User:
        user = User.objects.create_user(username=username, email=f"{username}@example.org")
        for town, role, *kind in roles:
            Membership.objects.create(user=user, town=town, role=role, officer_kind=kind[0] if kind else "")
        return user

    return make


@pytest.fixture
def carmel_clerk(make_user, carmel) -> User:
    return make_user("carmel_clerk", (carmel, Role.TOWN_CLERK))


@pytest.fixture
def mp_clerk(make_user, mount_pleasant) -> User:
    return make_user("mp_clerk", (mount_pleasant, Role.TOWN_CLERK))


@pytest.fixture
def applicant(make_user, carmel) -> User:
    return make_user("organizer", (carmel, Role.APPLICANT))


@pytest.fixture
def fire_marshal(make_user, mount_pleasant) -> User:
    return make_user("marshal", (mount_pleasant, Role.ENFORCEMENT_OFFICER, OfficerKind.TOWN_FIRE_MARSHAL))
