"""The JSON API (django-ninja) under /api/v1, with OpenAPI at /api/docs: the law core's check, rules and
parameters, and the towns' records through the workflow services, with token authentication and the same
permissions and town isolation as the pages."""
