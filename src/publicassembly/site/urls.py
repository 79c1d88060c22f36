"""URL routes of the site. The permits, venues, enforcement, web and API engineers add their includes here."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from publicassembly.api.urls import api
from publicassembly.site.health import healthz
from publicassembly.web.views.errors import FORM_METHODS, methods

handler400 = "publicassembly.web.views.errors.bad_request"
handler403 = "publicassembly.web.views.errors.permission_denied"
handler404 = "publicassembly.web.views.errors.not_found"
handler500 = "publicassembly.web.views.errors.server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    # Django's language switch (django.conf.urls.i18n), given the methods it takes (it sets the language on a
    # POST and redirects on a GET), so that another method is 405 before the CSRF check.
    path("i18n/setlang/", methods(*FORM_METHODS)(set_language), name="set_language"),
    path("", include("publicassembly.web.urls")),
]
