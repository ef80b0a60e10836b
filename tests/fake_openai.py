"""A fake OpenAI-compatible model server, as Ollama, vLLM, llama.cpp's server and LM Studio speak
the API (base URL ending in /v1):
  GET  /v1/models             the models it serves
  POST /v1/chat/completions   one answer, whole or streamed ("stream": true: server-sent
                              chat.completion.chunk events, the usage last when asked for with
                              stream_options.include_usage, then [DONE])

Like those servers it refuses what they refuse, before any responder is consulted: a model it does
not serve is a 404 (Ollama's "model … not found"), a request over its context window a 400
(vLLM's "maximum context length"), a `response_format` that is not text, json_object or a
json_schema with a schema a 400, a wrong key a 401.

Answers come from `responders` (the first that answers): a JSON object (sent as the message's
content), `Text` (plain content), `ToolCalls` (the model calls functions the request declared in
`tools`, as OpenAI's `tool_calls` with JSON-encoded arguments; one not declared is a 500, as a
server constraining calls to its tools would never send it), `Refusal` (the model declines:
`refusal` set, no content), `Failure` (an HTTP error
with OpenAI's error body and any headers: a 429 with Retry-After, as a rate-limiting server or
proxy sends it) or `Stall` (the stream's first chunk, then nothing for a while: a server that
went quiet). A JSON answer is checked against the schema the request asked for,
as a server constraining its output to it would guarantee; one that does not fit is a 500 naming
why, so a test cannot pass on an answer the real server could never give. Every request is
recorded, with the most that were in flight at once.

By hand: ``uv run python -m tests.fake_openai --port 8090 --model qwen3``, then
HOLMES_LLM_BASE_URL=http://127.0.0.1:8090/v1 HOLMES_LLM_PRO_MODEL=qwen3.
"""

import argparse
import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import jsonschema
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

JsonDict = dict[str, Any]
# Characters per token the fake counts with (a real tokenizer gives ~3.5-4.5 on English).
CHARS_PER_TOKEN = 4


@dataclass
class Refusal:
    reason: str = "I can't help with that."


@dataclass
class Failure:
    status: int
    message: str = "the server failed"
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Stall:
    seconds: float


@dataclass
class Text:
    """A plain-text answer (a chat turn), as opposed to a JSON object."""

    content: str


@dataclass
class ToolCalls:
    calls: list[tuple[str, JsonDict]]


def rate_limited(retry_after: float) -> Failure:
    """A 429 as OpenAI's API sends it (and proxies in front of local servers), saying when to
    come back."""
    return Failure(
        429,
        "Rate limit reached for requests. Please try again later.",
        {"retry-after": f"{retry_after:g}"},
    )


Answer = JsonDict | Refusal | Failure | Stall | ToolCalls | Text
Responder = Callable[[str, JsonDict], Answer | None]


@dataclass
class Seen:
    model: str
    body: JsonDict


def system_text(body: JsonDict) -> str:
    return "\n".join(_text(m) for m in body.get("messages", []) if m.get("role") == "system")


def user_text(body: JsonDict) -> str:
    return "\n".join(_text(m) for m in body.get("messages", []) if m.get("role") == "user")


def declared_tools(body: JsonDict) -> list[str]:
    """The names of the functions the request offered the model."""
    return [t["function"]["name"] for t in body.get("tools") or [] if t.get("type") == "function"]


def tool_results(body: JsonDict) -> dict[str, Any]:
    """The results the request carries back, by the name of the function called (read from the
    assistant's earlier tool_calls), each decoded from its JSON content when it is JSON."""
    names = {
        call["id"]: call["function"]["name"]
        for m in body.get("messages", [])
        if m.get("role") == "assistant"
        for call in m.get("tool_calls") or []
    }
    results: dict[str, Any] = {}
    for message in body.get("messages", []):
        if message.get("role") == "tool":
            content = _text(message)
            try:
                results[names[message["tool_call_id"]]] = json.loads(content)
            except json.JSONDecodeError:
                results[names[message["tool_call_id"]]] = content
    return results


def _text(message: JsonDict) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    return "\n".join(
        p.get("text", "") for p in content or [] if isinstance(p, dict) and p.get("type") == "text"
    )


def _error(
    status: int,
    message: str,
    kind: str,
    code: str | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    return JSONResponse(
        {"error": {"message": message, "type": kind, "param": None, "code": code}},
        status_code=status,
        headers=headers,
    )


@dataclass
class FakeOpenAI:
    models: tuple[str, ...]
    context_tokens: int = 32_768
    api_key: str | None = None
    delay: float = 0.0
    responders: list[Responder] = field(default_factory=list)
    requests: list[Seen] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0
    max_prompt_tokens: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/v1/models", self._models, methods=["GET"]),
                Route("/v1/chat/completions", self._chat, methods=["POST"]),
            ]
        )

    def _authorised(self, request: Request) -> bool:
        return self.api_key is None or (
            request.headers.get("authorization") == f"Bearer {self.api_key}"
        )

    async def _models(self, request: Request) -> JSONResponse:
        if not self._authorised(request):
            return _error(401, "Incorrect API key provided", "invalid_request_error")
        data = [{"id": m, "object": "model", "owned_by": "fake"} for m in self.models]
        return JSONResponse({"object": "list", "data": data})

    async def _chat(self, request: Request) -> Response:
        if not self._authorised(request):
            return _error(401, "Incorrect API key provided", "invalid_request_error")
        body: JsonDict = await request.json()
        model = str(body.get("model"))
        with self._lock:
            self.requests.append(Seen(model, body))
        if model not in self.models:
            return _error(404, f"model '{model}' not found", "not_found_error", "model_not_found")
        prompt_tokens = sum(len(_text(m)) for m in body.get("messages", [])) // CHARS_PER_TOKEN
        asked = int(body.get("max_tokens") or body.get("max_completion_tokens") or 0)
        with self._lock:
            self.max_prompt_tokens = max(self.max_prompt_tokens, prompt_tokens)
        if prompt_tokens + asked > self.context_tokens:
            return _error(
                400,
                f"This model's maximum context length is {self.context_tokens} tokens. However, "
                f"you requested {prompt_tokens + asked} tokens ({prompt_tokens} in the messages, "
                f"{asked} in the completion).",
                "invalid_request_error",
            )
        schema, refused = _schema_of(body.get("response_format"))
        if refused:
            return _error(400, refused, "invalid_request_error")

        with self._lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            answer = next(
                (a for r in self.responders if (a := r(model, body)) is not None),
                Failure(500, "no responder answered"),
            )
        finally:
            with self._lock:
                self.in_flight -= 1

        if isinstance(answer, Failure):
            kind = "rate_limit_exceeded" if answer.status == 429 else "server_error"
            return _error(answer.status, answer.message, kind, headers=answer.headers)
        if isinstance(answer, Stall):
            return StreamingResponse(
                _stalled(model, answer.seconds), media_type="text/event-stream"
            )
        message: JsonDict
        finish = "stop"
        if isinstance(answer, Refusal):
            message = {"role": "assistant", "content": None, "refusal": answer.reason}
        elif isinstance(answer, ToolCalls):
            offered = declared_tools(body)
            if unknown := [name for name, _ in answer.calls if name not in offered]:
                return _error(500, f"the fake called functions not offered: {unknown}", "fake")
            calls = [
                {
                    "id": f"call_{len(self.requests)}_{n}",
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args)},
                }
                for n, (name, args) in enumerate(answer.calls)
            ]
            message = {"role": "assistant", "content": None, "tool_calls": calls}
            finish = "tool_calls"
        elif isinstance(answer, Text):
            message = {"role": "assistant", "content": answer.content}
        else:
            if schema is not None:
                try:
                    jsonschema.validate(answer, schema)
                except jsonschema.ValidationError as exc:
                    return _error(500, f"answer does not fit the schema: {exc.message}", "fake")
            message = {"role": "assistant", "content": json.dumps(answer)}
        written = message["content"] or json.dumps(message.get("tool_calls") or "")
        completion_tokens = len(written) // CHARS_PER_TOKEN
        if body.get("stream"):
            usage = (body.get("stream_options") or {}).get("include_usage")
            return StreamingResponse(
                _chunks(model, message, finish, prompt_tokens, completion_tokens, bool(usage)),
                media_type="text/event-stream",
            )
        return JSONResponse(
            {
                "id": f"chatcmpl-{len(self.requests)}",
                "object": "chat.completion",
                "model": model,
                "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens,
                },
            }
        )

    def requests_for(self, model: str) -> list[Seen]:
        return [r for r in self.requests if r.model == model]


def _chunk(model: str, choices: list[JsonDict], **extra: Any) -> bytes:
    payload = {
        "id": "chatcmpl-stream",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": choices,
        **extra,
    }
    return f"data: {json.dumps(payload)}\n\n".encode()


async def _chunks(
    model: str,
    message: JsonDict,
    finish: str,
    prompt_tokens: int,
    completion_tokens: int,
    usage: bool,
) -> AsyncIterator[bytes]:
    """The answer as a server streams it: the role, the content in pieces (or the refusal, or
    each tool call: its id and name first, then its arguments in pieces), the finish, the usage
    when asked for, [DONE]."""
    yield _chunk(model, [{"index": 0, "delta": {"role": "assistant", "content": ""}}])
    if message.get("refusal"):
        yield _chunk(model, [{"index": 0, "delta": {"refusal": message["refusal"]}}])
    for n, call in enumerate(message.get("tool_calls") or []):
        head = {"index": n, "id": call["id"], "type": "function"}
        head["function"] = {"name": call["function"]["name"], "arguments": ""}
        yield _chunk(model, [{"index": 0, "delta": {"tool_calls": [head]}}])
        arguments = call["function"]["arguments"]
        half = len(arguments) // 2
        for piece in (arguments[:half], arguments[half:]):
            delta = {"tool_calls": [{"index": n, "function": {"arguments": piece}}]}
            yield _chunk(model, [{"index": 0, "delta": delta}])
    content = message.get("content") or ""
    size = max(1, -(-len(content) // 3))
    for start in range(0, len(content), size):
        yield _chunk(model, [{"index": 0, "delta": {"content": content[start : start + size]}}])
        await asyncio.sleep(0)
    yield _chunk(model, [{"index": 0, "delta": {}, "finish_reason": finish}])
    if usage:
        total = prompt_tokens + completion_tokens
        counts = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens}
        yield _chunk(model, [], usage={**counts, "total_tokens": total})
    yield b"data: [DONE]\n\n"


async def _stalled(model: str, seconds: float) -> AsyncIterator[bytes]:
    yield _chunk(model, [{"index": 0, "delta": {"role": "assistant", "content": ""}}])
    await asyncio.sleep(seconds)
    yield b"data: [DONE]\n\n"


def _schema_of(response_format: Any) -> tuple[JsonDict | None, str | None]:
    """The JSON schema asked for, or why the request is refused."""
    if response_format is None:
        return None, None
    kind = response_format.get("type") if isinstance(response_format, dict) else None
    if kind in ("text", "json_object"):
        return None, None
    if kind != "json_schema":
        return None, f"response_format.type must be text, json_object or json_schema, not {kind!r}"
    schema = (response_format.get("json_schema") or {}).get("schema")
    if not isinstance(schema, dict):
        return None, "response_format.json_schema.schema must be a JSON schema object"
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as exc:
        return None, f"response_format.json_schema.schema is not a valid schema: {exc.message}"
    return schema, None


def main() -> None:
    parser = argparse.ArgumentParser(description="A fake OpenAI-compatible server")
    parser.add_argument("--port", type=int, default=8090)
    parser.add_argument("--model", action="append", default=[])
    args = parser.parse_args()
    fake = FakeOpenAI(models=tuple(args.model or ["local-model"]))
    fake.responders.append(lambda _model, _body: Refusal("the fake run by hand answers nothing"))
    uvicorn.run(fake.app, host="127.0.0.1", port=args.port)


if __name__ == "__main__":
    main()
