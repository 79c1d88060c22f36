"""URL routes of the web pages. Town pages live under ``/<town>/`` (the jurisdiction alias, e.g.
``/carmel-ny/``); nothing of one town is reachable under another's prefix."""

from __future__ import annotations

from django.urls import include, path

from publicassembly.web.views import applications, auth, enforcement, public, public_records, tokens, venues
from publicassembly.web.views.errors import FORM_METHODS, methods

app_name = "web"

urlpatterns = [
    path("", public.home, name="home"),
    path("permit-check/", public.permit_check, name="permit_check"),
    path("occupancy/", public.occupancy_check, name="occupancy_check"),
    path("hearings/", public_records.hearings, name="hearings"),
    path("hearings/<int:pk>/notice.pdf", public_records.hearing_notice_pdf, name="hearing_notice_pdf"),
    path("certificates/", public_records.certificate_lookup, name="certificate_lookup"),
    path("certificates/<str:number>/", public_records.certificate_detail, name="certificate_detail"),
    path("certificates/<str:number>/certificate.pdf", public_records.certificate_pdf, name="certificate_pdf"),
    path("certificates/<str:number>/sign.pdf", public_records.sign_pdf, name="sign_pdf"),
    # (Django's own views, given the methods they take, so that another method is 405 before the CSRF check)
    path("accounts/login/", methods(*FORM_METHODS)(auth.LoginView.as_view()), name="login"),
    path("accounts/logout/", methods("POST")(auth.LogoutView.as_view()), name="logout"),
    path("accounts/register/", auth.register, name="register"),
    path("dashboard/", auth.dashboard, name="dashboard"),
    path("account/tokens/", tokens.api_tokens, name="api_tokens"),
    path("account/tokens/<int:pk>/revoke/", tokens.revoke_token, name="revoke_token"),
    # Carmel ch. 31: permit applications
    path("<slug:town>/apply/", applications.applicant_home, name="applicant_home"),
    path("<slug:town>/apply/new/", applications.application_new, name="application_new"),
    path("<slug:town>/applications/", applications.clerk_queue, name="clerk_queue"),
    path("<slug:town>/hearings/", applications.hearing_calendar, name="hearing_calendar"),
    path("<slug:town>/applications/<int:pk>/", applications.application_detail, name="application"),
    path("<slug:town>/applications/<int:pk>/edit/", applications.application_edit, name="application_edit"),
    path("<slug:town>/applications/<int:pk>/documents/", applications.document_upload, name="document_upload"),
    path("<slug:town>/applications/<int:pk>/documents/<int:doc>/", applications.document_download,
         name="document"),
    path("<slug:town>/applications/<int:pk>/permit.pdf", applications.permit_pdf, name="permit_pdf"),
    # Mount Pleasant ch. 164: places of assembly
    path("<slug:town>/venues/", venues.venue_list, name="venues"),
    path("<slug:town>/venues/<int:pk>/", venues.venue_detail, name="venue"),
    path("<slug:town>/venues/<int:pk>/preview/", venues.space_preview, name="space_preview"),
    path("<slug:town>/venues/<int:pk>/spaces/", venues.space_add, name="space_add"),
    path("<slug:town>/venues/<int:pk>/spaces/<int:space>/", venues.space_edit, name="space_edit"),
    path("<slug:town>/venues/<int:pk>/certificates/", venues.certificate_issue, name="certificate_issue"),
    path("<slug:town>/venues/<int:pk>/worship-approval/", venues.worship_approval, name="worship_approval"),
    path("<slug:town>/venues/<int:pk>/certificates/<int:cert>/revoke/", venues.certificate_revoke,
         name="certificate_revoke"),
    path("<slug:town>/venues/<int:pk>/inspections/", venues.inspection_schedule, name="inspection_schedule"),
    path("<slug:town>/venues/<int:pk>/inspections/<int:insp>/", venues.inspection_record, name="inspection"),
    # Enforcement
    path("<slug:town>/enforcement/", enforcement.enforcement, name="enforcement"),
    path("<slug:town>/enforcement/<slug:what>/<int:pk>/", enforcement.enforcement_action, name="enforcement_action"),
    path("<slug:town>/summonses/<int:pk>.pdf", enforcement.summons_pdf, name="summons_pdf"),
    path("<slug:town>/applications/<int:pk>/<slug:action>/", applications.application_action,
         name="application_action"),
    path("", include("publicassembly.web.urls_documents")),  # calendars, petition, BLDS export
]
