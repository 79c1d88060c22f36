"""The API instance: /api/v1 (routers), /api/docs (Swagger UI), /api/openapi.json."""

from __future__ import annotations

from typing import Any

from ninja import NinjaAPI

from publicassembly.api import (
    actions,
    attachments,
    errors,
    fees,
    idempotency,
    law,
    media_type,
    resources,
    tokens,
)
from publicassembly.api.parser import JSONBodyParser
from publicassembly.api.renderers import JSONRenderer


class _API(NinjaAPI):
    """ninja's API, its OpenAPI schema documenting the ``Idempotency-Key`` header of every unsafe operation and the
    415 of every operation that reads a body (W-17, W-20)."""

    def get_openapi_schema(self, **kwargs: Any) -> Any:
        return media_type.document(idempotency.document(super().get_openapi_schema(**kwargs)))


api = _API(
    title="publicassembly",
    version="1",
    description="Town laws on public assemblies as code: Carmel (NY) Code ch. 31 and Mount Pleasant (NY) Code "
                "ch. 164. Authenticate with `Authorization: Bearer <token>` (POST /api/v1/auth/token, or create "
                "one at /account/tokens/).",
    urls_namespace="api",
    docs_url="/docs",
    openapi_url="/openapi.json",
    renderer=JSONRenderer(),
    parser=JSONBodyParser(),
)
errors.install(api)
api.add_decorator(errors.refuse_unknown_query, mode="view")  # an unknown query parameter is 422, not ignored
# (after it, so outside it: the whole operation runs in the transaction that stores its answer)
api.add_decorator(idempotency.idempotent, mode="view")  # Idempotency-Key: a request sent again is answered once
# (outermost: a body of a media type the operation does not read is refused 415 before anything runs, W-17)
api.add_decorator(media_type.refuse_unsupported_media_type, mode="view")
api.add_router("/v1", law.router)
api.add_router("/v1", tokens.router)
api.add_router("/v1", resources.router)
api.add_router("/v1", resources.public)
api.add_router("/v1", actions.router)
api.add_router("/v1", attachments.router)
api.add_router("/v1", fees.router)
api.add_router("/v1", "publicassembly.api.documents.router")
