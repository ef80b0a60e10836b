"""The OpenAPI document, plus the one contract FastAPI cannot see: the SSE events.

The event stream's `data` is a CaseEvent (contracts.events): a union discriminated on `type`,
one payload model per event type. Publishing it lets the UI's generated client type every event
and its payload instead of a hand-written copy.
"""

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import TypeAdapter

from holmes_backend.contracts.events import CaseEvent

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
            events = TypeAdapter(CaseEvent).json_schema(ref_template=_REF)
            schemas.update(events.pop("$defs", {}))
            schemas["CaseEvent"] = events
            for item in document["paths"].values():
                for operation in item.values():
                    stream = operation.get("responses", {}).get("200", {}).get("content", {})
                    if "text/event-stream" in stream and operation["operationId"].startswith(
                        "stream_"
                    ):
                        stream["text/event-stream"]["schema"] = {
                            "$ref": _REF.format(model="CaseEvent")
                        }
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
