"""Django admin of the permits app: read-only views of applications and their records, with history (`RecordAdmin`).

Changes of state go through `publicassembly.permits.services` (the admin offers no state edits)."""

from __future__ import annotations

from django.contrib import admin

from publicassembly.permits import models as m
from publicassembly.workflow.admin_views import RecordAdmin


class _ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


class ApprovalInline(_ReadOnlyInline):
    model = m.Approval


class AuthorizationInline(_ReadOnlyInline):
    model = m.Authorization


class DocumentInline(_ReadOnlyInline):
    model = m.Document
    exclude = ("storage_name",)


@admin.register(m.PermitApplication)
class PermitApplicationAdmin(RecordAdmin):
    list_display = ("id", "town", "name", "state", "applicant", "submitted_on", "permit_number")
    list_filter = ("town", "state")
    search_fields = ("permit_number", "applicant__username")
    inlines = (ApprovalInline, AuthorizationInline, DocumentInline)

    def get_readonly_fields(self, request, obj=None):  # type: ignore[no-untyped-def]
        return [f.name for f in m.PermitApplication._meta.concrete_fields]


for model in (m.InsuranceCertificate, m.Bond, m.FeeSchedule, m.FeePayment, m.Document, m.Approval,
              m.Authorization):
    admin.site.register(model, RecordAdmin)
