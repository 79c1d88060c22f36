"""Fixtures of the places-of-assembly tests: the same as the enforcement tests' (both towns, one user per role
in each, venues built through the services; Mount Pleasant ch. 164), kept in one place."""

from tests.enforcement.conftest import _users, bi, carmel, day, hall, mount_pleasant, mp, other  # noqa: F401
