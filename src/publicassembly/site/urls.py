"""URL routes of the site. The permits, venues, enforcement, web and API engineers add their includes here."""

from django.contrib import admin
from django.urls import path

urlpatterns = [
    path("admin/", admin.site.urls),
]
