"""Admin of towns, users and memberships, with their history."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from simple_history.admin import SimpleHistoryAdmin

from publicassembly.accounts.models import Membership, Town, User


@admin.register(Town)
class TownAdmin(SimpleHistoryAdmin):
    list_display = ("name", "jurisdiction_alias", "ocd_id")
    readonly_fields = ("jurisdiction_alias",)


@admin.register(User)
class AccountUserAdmin(UserAdmin, SimpleHistoryAdmin):
    pass


@admin.register(Membership)
class MembershipAdmin(SimpleHistoryAdmin):
    list_display = ("user", "town", "role", "officer_kind", "active")
    list_filter = ("town", "role", "active")
