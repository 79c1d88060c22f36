"""Admin of places of assembly, spaces, certificates and inspections, with their history (read only,
`RecordAdmin`: changes belong in `publicassembly.venues.services`, which check roles and keep certificates in
step)."""

from django.contrib import admin

from publicassembly.venues.models import Certificate, Deficiency, Inspection, Space, SpaceConnection, Venue
from publicassembly.workflow.admin_views import RecordAdmin


class SpaceInline(admin.TabularInline):
    model = Space
    extra = 0
    fields = ("name", "kind", "use_group", "area", "area_unit", "alleys", "story", "common_entrance")
    readonly_fields = fields
    can_delete = False


@admin.register(Venue)
class VenueAdmin(RecordAdmin):
    list_display = ("name", "address", "town", "commercial", "used_solely_for_religious_worship", "version")
    list_filter = ("town", "commercial", "used_solely_for_religious_worship")
    search_fields = ("name", "address")
    inlines = [SpaceInline]


@admin.register(Space)
class SpaceAdmin(RecordAdmin):
    list_display = ("name", "venue", "kind", "use_group", "area", "area_unit", "alleys", "version")
    list_filter = ("town", "kind", "use_group")


@admin.register(SpaceConnection)
class SpaceConnectionAdmin(RecordAdmin):
    list_display = ("venue", "from_space", "to_space")


@admin.register(Certificate)
class CertificateAdmin(RecordAdmin):
    list_display = ("number", "venue", "issued_on", "lawful_occupancy", "status", "issued_by")
    list_filter = ("town", "status")
    search_fields = ("number", "venue__name")


class DeficiencyInline(admin.TabularInline):
    model = Deficiency
    extra = 0
    fields = ("kind", "rule_id", "citation", "space_name", "detail")
    readonly_fields = fields
    can_delete = False


@admin.register(Inspection)
class InspectionAdmin(RecordAdmin):
    list_display = ("venue", "scheduled_for", "inspector", "state", "done_on", "done_by", "result")
    list_filter = ("town", "state", "result")
    inlines = [DeficiencyInline]


@admin.register(Deficiency)
class DeficiencyAdmin(RecordAdmin):
    list_display = ("inspection", "kind", "citation", "space_name")
    list_filter = ("town", "kind")
