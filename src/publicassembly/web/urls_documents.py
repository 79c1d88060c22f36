"""URL routes of the document downloads (included from ``web/urls.py`` into the ``web`` namespace)."""

from __future__ import annotations

from django.urls import path

from publicassembly.web.views import documents

urlpatterns = [
    path("towns/<slug:town>/hearings.ics", documents.town_feed, name="town_feed"),
    path("<slug:town>/applications/<int:pk>/calendar.ics", documents.application_ics, name="application_ics"),
    path("<slug:town>/applications/<int:pk>/petition.pdf", documents.petition_pdf, name="petition_pdf"),
    path("<slug:town>/export/blds/<slug:dataset>.<slug:fmt>", documents.blds_export, name="blds_export"),
]
