"""The HTTP connection pool of the Gemini clients: httpcore's, with a cheaper bookkeeping step.

httpcore re-examines its whole pool each time a request starts or a response is closed: every
idle connection is asked whether the server has hung up (a poll of its socket, through anyio's
stream attributes) and, for each of them, every connection in the pool is counted again. With
the twenty-odd connections parallel domain workers open, that is hundreds of calls and twenty
socket polls per answer read, on the path from the workers' answers to the next request
(measured: ~0.2 ms per response, ~10 ms a job). Here a pass over the pool is linear, and an
idle connection is asked whether it is still usable when it is about to be reused, which is the
moment that matters: a connection the server closed is then dropped and the next one tried,
as httpcore would have dropped it on its next pass. Everything else (limits, surplus idle
connections closed, queueing) is httpcore's.

The same clients keep no cookies: Gemini sets none and needs none sent, and httpx's cookie jar
(http.cookiejar) read every answer's headers for them and wrote every request's (measured:
~0.2 ms an answer and ~0.3 ms a request, on the same path).
"""

from http.cookiejar import CookieJar
from typing import Any

import httpx
from google import genai
from httpcore import AsyncConnectionInterface, AsyncConnectionPool


class ConnectionPool(AsyncConnectionPool):
    def _assign_requests_to_connections(self) -> list[AsyncConnectionInterface]:
        closing: list[AsyncConnectionInterface] = []
        connections: list[AsyncConnectionInterface] = self._connections
        count = len(connections)
        kept = []
        for connection in connections:
            if connection.is_closed():
                count -= 1
            elif connection.is_idle():
                if count > self._max_keepalive_connections:  # surplus idle: closed
                    count -= 1
                    closing.append(connection)
                else:
                    kept.append(connection)  # usable or not: checked when reused
            elif connection.has_expired():  # not idle: no socket poll, only its state
                count -= 1
                closing.append(connection)
            else:
                kept.append(connection)
        connections[:] = kept

        for pool_request in [r for r in self._requests if r.is_queued()]:
            origin = pool_request.request.url.origin
            chosen = self._available(origin, closing)
            if chosen is None:
                if len(connections) < self._max_connections:
                    chosen = self.create_connection(origin)
                    connections.append(chosen)
                else:
                    idle = next((c for c in connections if c.is_idle()), None)
                    if idle is None:
                        continue  # stays queued until a connection frees up
                    connections.remove(idle)
                    closing.append(idle)
                    chosen = self.create_connection(origin)
                    connections.append(chosen)
            pool_request.assign_to_connection(chosen)
        return closing

    def _available(
        self, origin: Any, closing: list[AsyncConnectionInterface]
    ) -> AsyncConnectionInterface | None:
        """The first connection that can take a request to `origin` now; idle ones the server
        has closed (or whose keep-alive ran out) are dropped on the way."""
        connections = self._connections
        for connection in list(connections):
            if not (connection.can_handle_request(origin) and connection.is_available()):
                continue
            if connection.is_idle() and connection.has_expired():
                connections.remove(connection)
                closing.append(connection)
                continue
            return connection
        return None


def use_pool(transport: httpx.AsyncHTTPTransport) -> None:
    """The transport's pool does its bookkeeping as ConnectionPool (same state, same limits)."""
    pool = transport._pool
    if type(pool) is AsyncConnectionPool:  # not a proxy's pool
        pool.__class__ = ConnectionPool


class NoCookies(CookieJar):
    """A cookie jar that keeps nothing and sends nothing."""

    def extract_cookies(self, response: Any, request: Any) -> None:
        return None

    def add_cookie_header(self, request: Any) -> None:
        return None


def use_pool_in(client: genai.Client) -> None:
    """A google-genai client's async requests go through ConnectionPool, with no cookies."""
    httpx_client = client._api_client._async_httpx_client
    if httpx_client is not None:  # None when the SDK talks through google-auth's session
        httpx_client.cookies = NoCookies()
        transport = httpx_client._transport
        if isinstance(transport, httpx.AsyncHTTPTransport):
            use_pool(transport)


__all__ = ["ConnectionPool", "NoCookies", "use_pool", "use_pool_in"]
