"""How records name a person on documents (`workflow.people.person_name`): an official named after the office and
the town (the demo's: "Building Inspector" of "Town of Mount Pleasant, New York") with a comma between, as the
certificate look-up, the summons, the permit and the exports print it; anyone else by the full name, else the
user name."""

from __future__ import annotations

import pytest

from publicassembly.accounts.models import Town, User
from publicassembly.workflow.people import person_name


@pytest.fixture
def mount_pleasant(db):
    return Town.objects.for_jurisdiction("mount-pleasant-ny")


@pytest.mark.django_db
@pytest.mark.parametrize(("first", "last", "username", "named"), [
    ("Building Inspector", "Town of Mount Pleasant, New York", "bi", "Building Inspector, Town of Mount Pleasant, New York"),
    ("Building Inspector", "town of  mount pleasant, new york", "bi", "Building Inspector, town of  mount pleasant, new york"),
    ("Ann", "Ferris", "af", "Ann Ferris"),
    ("Building Inspector", "Town of Carmel, New York", "bc", "Building Inspector Town of Carmel, New York"),
    ("", "", "jdoe", "jdoe"),
])
def test_person_name(mount_pleasant, first, last, username, named):
    user = User.objects.create(username=username, first_name=first, last_name=last)
    assert person_name(user, mount_pleasant) == named


def test_no_one_is_no_name():
    assert person_name(None) == ""
