"""URL routes of the site. The permits, venues, enforcement, web and API engineers add their includes here."""

from django.contrib import admin
from django.urls import include, path

from publicassembly.api.urls import api
from publicassembly.site.health import healthz

handler400 = "publicassembly.web.views.errors.bad_request"
handler403 = "publicassembly.web.views.errors.permission_denied"
handler404 = "publicassembly.web.views.errors.not_found"
handler500 = "publicassembly.web.views.errors.server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("publicassembly.web.urls")),
]
