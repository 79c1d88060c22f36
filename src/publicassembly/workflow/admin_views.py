"""The Django admin's view of the legal records (permit applications and their records, places of assembly,
certificates, inspections, enforcement cases): read only, with their history.

Every change to such a record goes through its app's services — the pages, the API, the command line — which check
the official's role in the town, the case's state, the law core's rules and ranges, and write the history row
that says who made the change and why. An edit or a deletion in the admin would bypass all of it: a certificate's
lawful occupancy typed over, a fine changed after the conviction, a permit application deleted with its
approvals and bonds (its uploaded files left behind). So the admin shows these records and their history, and
adds, changes, deletes and reverts none (people and their roles in each town stay the admin's to manage:
accounts/admin.py)."""

from __future__ import annotations

from typing import Any

from simple_history.admin import SimpleHistoryAdmin


class RecordAdmin(SimpleHistoryAdmin):
    """A legal record in the admin: listed, opened and its history read; never added, changed, deleted or reverted
    to an earlier version there (its services make every change, with who and why)."""

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
