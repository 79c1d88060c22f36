"""A record's number beyond what a database column holds (a signed 64-bit integer) in an address is no record:
404 naming it, as any number of no record is — the schemathesis run found ``PATCH /venues/9223372036854775808/
spaces/1`` answered 500 (SQLite: "Python int too large to convert to SQLite INTEGER")."""

from __future__ import annotations

import json

import pytest
from tests.api.conftest import api_client

pytestmark = pytest.mark.django_db
V = "/api/v1/towns/mount-pleasant-ny/venues"
BEYOND, LARGEST = 2**63, 2**63 - 1


@pytest.mark.parametrize("number", [BEYOND, LARGEST, 10**30])
@pytest.mark.parametrize("where", ["venue", "space"])
@pytest.mark.parametrize("method", ["patch", "delete"])
def test_a_room_of_a_number_no_column_holds_is_not_found(mu, mount_pleasant, number, where, method):
    from publicassembly.venues import services as vs

    c = api_client(mu["building_inspector"])
    hall = vs.create_venue(mu["building_inspector"], mount_pleasant, name="Hall", address="1 Main St")
    url = f"{V}/{number}/spaces/1" if where == "venue" else f"{V}/{hall.pk}/spaces/{number}"
    if method == "patch":
        r = c.patch(url, json.dumps({"name": "x"}), content_type="application/json")
    else:
        r = c.delete(f"{url}?reason=gone")
    assert r.status_code == 404, r.content
    assert r.json()["detail"].startswith("no space" if where == "space" else "no place of assembly")
