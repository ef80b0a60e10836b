"""The Gemini clients' connection pool (llm.pool) over real sockets: connections reused, limits
kept, and an idle connection the server has hung up on never handed a request."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import httpx

from holmes_backend.config import Settings
from holmes_backend.llm.gemini import build_gemini, genai_client
from holmes_backend.llm.pool import ConnectionPool, use_pool


@dataclass
class Server:
    """A minimal HTTP/1.1 server: answers each request with "ok" after `delay`; with
    `hang_up`, closes each connection a moment after its first answer, with no notice."""

    delay: float = 0.0
    hang_up: bool = False
    set_cookie: bool = False
    heads: list[bytes] = field(default_factory=list)
    accepted: int = 0
    open_now: int = 0
    most_open: int = 0
    served: int = 0
    closed: asyncio.Event = field(default_factory=asyncio.Event)

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        self.open_now += 1
        self.most_open = max(self.most_open, self.open_now)
        try:
            while head := await reader.readuntil(b"\r\n\r\n"):
                self.heads.append(head)
                await asyncio.sleep(self.delay)
                cookie = b"Set-Cookie: session=abc; Path=/\r\n" if self.set_cookie else b""
                writer.write(b"HTTP/1.1 200 OK\r\n" + cookie + b"Content-Length: 2\r\n\r\nok")
                await writer.drain()
                self.served += 1
                if self.hang_up:
                    await asyncio.sleep(0.05)
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.open_now -= 1
            writer.close()
            self.closed.set()


@asynccontextmanager
async def serving(server: Server) -> AsyncIterator[str]:
    listener = await asyncio.start_server(server.handle, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        listener.close()


def client_on_pool(**limits: int) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(limits=httpx.Limits(**limits))
    use_pool(transport)
    assert type(transport._pool) is ConnectionPool
    return httpx.AsyncClient(transport=transport)


async def test_the_gemini_clients_use_the_pool() -> None:
    settings = Settings(gemini_api_key="test-key")
    model = build_gemini("pro", settings)
    for client in (model.api_client, genai_client(settings)):
        httpx_client = client._api_client._async_httpx_client
        assert httpx_client is not None
        assert type(httpx_client._transport._pool) is ConnectionPool
    assert model.api_client is model.api_client  # still one client per event loop


async def test_the_gemini_clients_keep_no_cookies() -> None:
    server = Server(set_cookie=True)
    client = genai_client(Settings(gemini_api_key="test-key"))  # kept: it owns the httpx client
    httpx_client = client._api_client._async_httpx_client
    assert httpx_client is not None
    async with serving(server) as url:
        for _ in range(2):
            assert (await httpx_client.get(url)).text == "ok"
    assert len(httpx_client.cookies) == 0
    assert all(b"cookie:" not in head.lower() for head in server.heads)


async def test_sequential_requests_reuse_one_connection() -> None:
    server = Server()
    async with serving(server) as url, client_on_pool() as client:
        for _ in range(5):
            assert (await client.get(url)).text == "ok"
    assert server.accepted == 1
    assert server.served == 5


async def test_parallel_requests_keep_the_limits() -> None:
    server = Server(delay=0.05)
    async with (
        serving(server) as url,
        client_on_pool(max_connections=3, max_keepalive_connections=2) as client,
    ):
        answers = await asyncio.gather(*(client.get(url) for _ in range(8)))
        assert [a.text for a in answers] == ["ok"] * 8
        assert server.most_open == 3  # the other requests waited for a connection
        pool = client._transport._pool  # type: ignore[attr-defined]
        # Surplus idle connections are closed as requests end; the rest stay for reuse.
        assert len(pool.connections) <= 2
        accepted = server.accepted
        assert (await client.get(url)).text == "ok"
        assert server.accepted == accepted  # an idle one was reused


async def test_a_connection_the_server_closed_is_not_reused() -> None:
    server = Server(hang_up=True)
    async with serving(server) as url, client_on_pool() as client:
        assert (await client.get(url)).text == "ok"
        await asyncio.wait_for(server.closed.wait(), 5)
        await asyncio.sleep(0.05)  # the hang-up reaches the client's socket
        # The idle connection is found closed when picked, and a new one is opened.
        assert (await client.get(url)).text == "ok"
    assert server.accepted == 2
