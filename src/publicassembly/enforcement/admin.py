"""Admin of offenders, complaints, stop orders, violations, summonses and dispositions, with their history
(changes belong in `publicassembly.enforcement.services`, which check roles, the law's powers and ranges)."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from publicassembly.enforcement.models import Complaint, Disposition, Offender, StopOrder, Summons, Violation


@admin.register(Offender)
class OffenderAdmin(SimpleHistoryAdmin):
    list_display = ("name", "kind", "town", "address")
    list_filter = ("town", "kind")
    search_fields = ("name",)


@admin.register(Complaint)
class ComplaintAdmin(SimpleHistoryAdmin):
    list_display = ("id", "town", "complainant_kind", "filed_by", "filed_on", "offender", "state")
    list_filter = ("town", "state", "complainant_kind")


@admin.register(StopOrder)
class StopOrderAdmin(SimpleHistoryAdmin):
    list_display = ("performance", "venue", "ordered_at", "officer_kind", "state", "lifted_at")
    list_filter = ("town", "state")


@admin.register(Violation)
class ViolationAdmin(SimpleHistoryAdmin):
    list_display = ("id", "offender", "citation", "observed_on", "state")
    list_filter = ("town", "state")
    search_fields = ("offender__name", "rule_id")


@admin.register(Summons)
class SummonsAdmin(SimpleHistoryAdmin):
    list_display = ("number", "violation", "issued_on", "issued_by", "court", "return_date")
    list_filter = ("town",)


@admin.register(Disposition)
class DispositionAdmin(SimpleHistoryAdmin):
    list_display = ("violation", "outcome", "offense_number", "fine", "jail_days", "jail_months", "paid_on")
    list_filter = ("town", "outcome")
