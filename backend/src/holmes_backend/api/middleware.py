"""ASGI middleware: request body limits and security headers."""

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from holmes_backend.api.errors import error_response
from holmes_shared.errors import PayloadTooLargeError

_SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
# The UI is a static export served from this origin; nothing else may run in it.
_UI_CSP = (
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; "
    "style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
# Swagger UI at /docs loads its assets from a CDN, so it gets no CSP.
_NO_CSP_PREFIXES = ("/api/", "/docs", "/redoc", "/openapi.json")


class SecurityHeadersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in _SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                if not path.startswith(_NO_CSP_PREFIXES):
                    headers.setdefault("Content-Security-Policy", _UI_CSP)
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimitMiddleware:
    """Caps request bodies, except on routes that stream and enforce their own limits."""

    def __init__(self, app: ASGIApp, *, max_bytes: int, streaming_paths: tuple[str, ...]) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.streaming_paths = streaming_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self._streams(scope["path"]):
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > self.max_bytes:
                await self._reject(scope, receive, send)
                return

        received = 0
        too_large = False

        async def limited_receive() -> Message:
            nonlocal received, too_large
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    too_large = True
                    raise PayloadTooLargeError(
                        "The request body is too large.", details={"limit_bytes": self.max_bytes}
                    )
            return message

        async def send_or_reject(message: Message) -> None:
            # FastAPI turns any failure while reading a body into its own 400; the true cause
            # is the limit, so the client gets the 413 instead.
            if not too_large:
                await send(message)
            elif message["type"] == "http.response.start":
                await self._reject(scope, receive, send)

        await self.app(scope, limited_receive, send_or_reject)

    def _streams(self, path: str) -> bool:
        return any(path.startswith(p) and path.endswith("/files") for p in self.streaming_paths)

    async def _reject(self, scope: Scope, receive: Receive, send: Send) -> None:
        error = PayloadTooLargeError(
            "The request body is too large.", details={"limit_bytes": self.max_bytes}
        )
        response = error_response(error.status_code, error.envelope().error)
        await response(scope, receive, send)
