"""The health check a load balancer or monitor polls: the application answers and its database too."""

from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """``200 {"status": "ok", "database": "<vendor>"}`` when a query on the database succeeds; ``503
    {"status": "unavailable", ...}`` with the reason otherwise. No login, no data of any town."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # the database is down, locked or misconfigured: say so, with a 503
        return JsonResponse({"status": "unavailable", "database": connection.vendor,
                             "reason": type(exc).__name__}, status=503)
    return JsonResponse({"status": "ok", "database": connection.vendor})
