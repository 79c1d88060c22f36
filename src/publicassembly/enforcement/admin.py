"""Admin of offenders, complaints, stop orders, violations, summonses and dispositions, with their history
(read only, `RecordAdmin`: changes belong in `publicassembly.enforcement.services`, which check roles, the
law's powers and ranges)."""

from django.contrib import admin

from publicassembly.enforcement.models import Complaint, Disposition, Offender, StopOrder, Summons, Violation
from publicassembly.workflow.admin_views import RecordAdmin


@admin.register(Offender)
class OffenderAdmin(RecordAdmin):
    list_display = ("name", "kind", "town", "address")
    list_filter = ("town", "kind")
    search_fields = ("name",)


@admin.register(Complaint)
class ComplaintAdmin(RecordAdmin):
    list_display = ("id", "town", "complainant_kind", "filed_by", "filed_on", "offender", "state")
    list_filter = ("town", "state", "complainant_kind")


@admin.register(StopOrder)
class StopOrderAdmin(RecordAdmin):
    list_display = ("performance", "venue", "ordered_at", "officer_kind", "state", "lifted_at")
    list_filter = ("town", "state")


@admin.register(Violation)
class ViolationAdmin(RecordAdmin):
    list_display = ("id", "offender", "citation", "observed_on", "state")
    list_filter = ("town", "state")
    search_fields = ("offender__name", "rule_id")


@admin.register(Summons)
class SummonsAdmin(RecordAdmin):
    list_display = ("number", "violation", "issued_on", "issued_by", "court", "return_date")
    list_filter = ("town",)


@admin.register(Disposition)
class DispositionAdmin(RecordAdmin):
    list_display = ("violation", "outcome", "offense_number", "fine", "jail_days", "jail_months", "paid_on")
    list_filter = ("town", "outcome")
