"""The OpenAPI document, plus the one contract FastAPI cannot see: the SSE event envelope.

The event stream's `data` is an EventEnvelope; publishing its schema (and EventType) lets the UI's
generated client type every event instead of a hand-written copy.
"""

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from holmes_shared.events import EventEnvelope

_REF = "#/components/schemas/{model}"


def install_openapi(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            envelope = EventEnvelope.model_json_schema(ref_template=_REF)
            schemas.update(envelope.pop("$defs", {}))
            schemas["EventEnvelope"] = envelope
            for item in document["paths"].values():
                for operation in item.values():
                    stream = operation.get("responses", {}).get("200", {}).get("content", {})
                    if "text/event-stream" in stream and operation["operationId"].startswith(
                        "stream_"
                    ):
                        stream["text/event-stream"]["schema"] = {
                            "$ref": _REF.format(model="EventEnvelope")
                        }
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
