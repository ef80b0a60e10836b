import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { SseParser, type SseMessage, type StreamStatus, backoffDelay, openEventStream } from "./sse";

describe("SseParser", () => {
  it("parses events with id, event and data", () => {
    const parser = new SseParser();
    const out = parser.feed('id: 7\nevent: AGENT_SPAWNED\ndata: {"id":7}\n\n');
    expect(out).toEqual([{ id: "7", event: "AGENT_SPAWNED", data: '{"id":7}' }]);
    expect(parser.lastEventId).toBe("7");
  });

  it("gives the same events however the text is split", () => {
    const text =
      'id: 1\r\nevent: A\r\ndata: {"a":1}\r\n\r\n: ping - 2026-01-01\r\n\r\nid: 2\ndata: line one\ndata: line two\n\nid: 3\rdata: x\r\r';
    const whole = new SseParser().feed(text);
    expect(whole).toEqual([
      { id: "1", event: "A", data: '{"a":1}' },
      { id: "2", event: "message", data: "line one\nline two" },
      { id: "3", event: "message", data: "x" },
    ]);
    // Every split point, including between CR and LF.
    for (let cut = 1; cut < text.length; cut += 1) {
      const parser = new SseParser();
      const parts = [...parser.feed(text.slice(0, cut)), ...parser.feed(text.slice(cut))];
      expect(parts, `cut at ${cut}`).toEqual(whole);
    }
    // One character at a time.
    const parser = new SseParser();
    const singles: SseMessage[] = [];
    for (const ch of text) singles.push(...parser.feed(ch));
    expect(singles).toEqual(whole);
  });

  it("does not see an empty line in a CRLF split across chunks", () => {
    const parser = new SseParser();
    expect(parser.feed("data: a\r")).toEqual([]);
    expect(parser.feed("\ndata: b\r")).toEqual([]);
    expect(parser.feed("\n\r\n")).toEqual([{ id: null, event: "message", data: "a\nb" }]);
  });

  it("ignores comments and pings, and data-less blocks", () => {
    const parser = new SseParser();
    expect(parser.feed(": ping - 2026-11-22 10:00:00\n\n:\n\nevent: X\n\n")).toEqual([]);
    // The event type of a data-less block does not leak into the next event.
    expect(parser.feed("data: y\n\n")).toEqual([{ id: null, event: "message", data: "y" }]);
  });

  it("handles field edge cases: no space, no colon, empty data, BOM, unknown fields", () => {
    const parser = new SseParser();
    const out = parser.feed("\uFEFFdata:a\ndata\ndata:  two spaces\nfoo: bar\n\n");
    expect(out).toEqual([{ id: null, event: "message", data: "a\n\n two spaces" }]);
  });

  it("keeps the last id across events and lets an id-only block move it", () => {
    const parser = new SseParser("5");
    expect(parser.feed("data: a\n\n")).toEqual([{ id: "5", event: "message", data: "a" }]);
    expect(parser.feed("id: 9\n\n")).toEqual([]);
    expect(parser.lastEventId).toBe("9");
    expect(parser.feed("data: b\n\n")).toEqual([{ id: "9", event: "message", data: "b" }]);
    expect(parser.feed("id: bad\0id\ndata: c\n\n")[0]?.id).toBe("9");
  });

  it("reads retry only when it is all digits", () => {
    const parser = new SseParser();
    parser.feed("retry: 2500\n\n");
    expect(parser.retry).toBe(2500);
    parser.feed("retry: 3s\n\n");
    expect(parser.retry).toBe(2500);
  });

  it("holds an incomplete event until its blank line arrives", () => {
    const parser = new SseParser();
    expect(parser.feed('id: 1\ndata: {"par')).toEqual([]);
    expect(parser.feed('tial":true}\n')).toEqual([]);
    expect(parser.feed("\n")).toEqual([{ id: "1", event: "message", data: '{"partial":true}' }]);
  });
});

describe("backoffDelay", () => {
  it("doubles per attempt, is capped, and jitters between half and the full delay", () => {
    expect(backoffDelay(1, 1000, 30_000, () => 0)).toBe(500);
    expect(backoffDelay(1, 1000, 30_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 1)).toBe(4000);
    expect(backoffDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(10, 1000, 30_000, () => 0)).toBe(15_000);
  });
});

type Controlled = {
  response: Response;
  push: (text: string) => void;
  end: () => void;
  fail: () => void;
};

function sseResponse(status = 200, contentType = "text/event-stream"): Controlled {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { "content-type": contentType } }),
    push: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError("network error")),
  };
}

type Call = { url: string; headers: Record<string, string>; signal: AbortSignal | undefined };

/** A fetch whose answers the test hands out one by one. */
function mockFetch() {
  const calls: Call[] = [];
  const pending: ((value: Response | Error) => void)[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string>, signal: init?.signal ?? undefined });
    return new Promise<Response>((resolve, reject) => {
      pending.push((value) => (value instanceof Error ? reject(value) : resolve(value)));
      init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  });
  return {
    fetch: fn as unknown as typeof fetch,
    calls,
    answer(value: Response | Error) {
      const next = pending.shift();
      if (!next) throw new Error("no fetch is waiting");
      next(value);
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe("openEventStream", () => {
  let statuses: StreamStatus[];
  let messages: SseMessage[];

  beforeEach(() => {
    statuses = [];
    messages = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("delivers events, then resumes after the last id with backoff when the stream drops", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const mock = mockFetch();
    const stream = openEventStream({
      url: "/api/cases/c1/events",
      lastEventId: "0",
      fetch: mock.fetch,
      random: () => 1,
      onMessage: (m) => messages.push(m),
      onStatus: (s) => statuses.push(s),
      onSessionExpired: () => {
        throw new Error("not expected");
      },
    });
    expect(statuses.at(-1)?.state).toBe("connecting");
    expect(mock.calls[0]?.url).toBe("/api/cases/c1/events?after=0");
    expect(mock.calls[0]?.headers["Last-Event-ID"]).toBe("0");

    const first = sseResponse();
    mock.answer(first.response);
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)?.state).toBe("open");
    first.push('id: 1\nevent: A\ndata: {"id":1}\n\nid: 2\nevent: B\ndata: {"id"');
    first.push(':2}\n\n: ping\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(messages.map((m) => m.id)).toEqual(["1", "2"]);

    first.end(); // the server went away
    await vi.advanceTimersByTimeAsync(0);
    let status = statuses.at(-1)!;
    expect(status.state).toBe("reconnecting");
    expect(status.attempt).toBe(1);
    expect(status.retryInMs).toBe(1000);
    expect(mock.calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(mock.calls).toHaveLength(2);
    expect(mock.calls[1]?.url).toBe("/api/cases/c1/events?after=2");
    expect(mock.calls[1]?.headers["Last-Event-ID"]).toBe("2");

    // The server is down: each failure doubles the wait.
    mock.answer(new Response("down", { status: 503 }));
    await vi.advanceTimersByTimeAsync(0);
    status = statuses.at(-1)!;
    expect(status).toMatchObject({ state: "reconnecting", attempt: 2, retryInMs: 2000, reason: "HTTP 503" });
    await vi.advanceTimersByTimeAsync(2000);
    mock.answer(new TypeError("Failed to fetch"));
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toMatchObject({ state: "reconnecting", attempt: 3, retryInMs: 4000, reason: "network error" });
    await vi.advanceTimersByTimeAsync(4000);
    expect(mock.calls).toHaveLength(4);
    expect(mock.calls[3]?.headers["Last-Event-ID"]).toBe("2");

    // Back: the first bytes reset the backoff.
    const again = sseResponse();
    mock.answer(again.response);
    await vi.advanceTimersByTimeAsync(0);
    again.push("id: 3\ndata: {}\n\n");
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toMatchObject({ state: "open", attempt: 0 });
    expect(messages.map((m) => m.id)).toEqual(["1", "2", "3"]);
    again.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toMatchObject({ state: "reconnecting", attempt: 1, retryInMs: 1000 });
    stream.close();
    expect(statuses.at(-1)).toMatchObject({ state: "closed", closedBy: "abort" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mock.calls).toHaveLength(5 - 1); // no attempt after close
  });

  it("honours the server's retry field as the base delay", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const mock = mockFetch();
    openEventStream({ url: "/e", fetch: mock.fetch, random: () => 1, onMessage: () => undefined, onStatus: (s) => statuses.push(s) });
    const r = sseResponse();
    mock.answer(r.response);
    await vi.advanceTimersByTimeAsync(0);
    r.push("retry: 250\n\n");
    r.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toMatchObject({ state: "reconnecting", retryInMs: 250 });
    // No id seen yet: the first URL is used again, without Last-Event-ID.
    await vi.advanceTimersByTimeAsync(250);
    expect(mock.calls[1]?.url).toBe("/e");
    expect(mock.calls[1]?.headers["Last-Event-ID"]).toBeUndefined();
  });

  it("stops and reports an expired session on 401, without retrying", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const mock = mockFetch();
    const expired = vi.fn();
    openEventStream({ url: "/e", fetch: mock.fetch, onMessage: () => undefined, onStatus: (s) => statuses.push(s), onSessionExpired: expired });
    mock.answer(new Response('{"error":{}}', { status: 401 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toMatchObject({ state: "closed", closedBy: "unauthorized" });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(mock.calls).toHaveLength(1);
  });

  it("stops on a SESSION_EXPIRED event from the server", async () => {
    const mock = mockFetch();
    const expired = vi.fn();
    openEventStream({ url: "/e", fetch: mock.fetch, onMessage: (m) => messages.push(m), onStatus: (s) => statuses.push(s), onSessionExpired: expired });
    const r = sseResponse();
    mock.answer(r.response);
    await flush();
    r.push('id: 4\ndata: {}\n\nevent: SESSION_EXPIRED\ndata: {"reason":"expired"}\n\n');
    await flush();
    expect(messages).toHaveLength(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toMatchObject({ state: "closed", closedBy: "expired" });
  });

  it("stops on 404 and other non-retryable answers", async () => {
    for (const [code, by] of [
      [404, "not_found"],
      [403, "rejected"],
      [422, "rejected"],
    ] as const) {
      const mock = mockFetch();
      const seen: StreamStatus[] = [];
      openEventStream({ url: "/e", fetch: mock.fetch, onMessage: () => undefined, onStatus: (s) => seen.push(s), onSessionExpired: () => undefined });
      mock.answer(new Response("{}", { status: code }));
      await flush();
      expect(seen.at(-1), String(code)).toMatchObject({ state: "closed", closedBy: by });
      expect(mock.calls).toHaveLength(1);
    }
  });

  it("stops on abort, mid-stream and while waiting to reconnect", async () => {
    const mock = mockFetch();
    const abort = new AbortController();
    openEventStream({ url: "/e", fetch: mock.fetch, signal: abort.signal, onMessage: (m) => messages.push(m), onStatus: (s) => statuses.push(s) });
    const r = sseResponse();
    mock.answer(r.response);
    await flush();
    abort.abort();
    expect(mock.calls[0]?.signal?.aborted).toBe(true);
    expect(statuses.at(-1)).toMatchObject({ state: "closed", closedBy: "abort" });
    await flush();
    expect(mock.calls).toHaveLength(1);

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const mock2 = mockFetch();
    const abort2 = new AbortController();
    const seen: StreamStatus[] = [];
    openEventStream({ url: "/e", fetch: mock2.fetch, signal: abort2.signal, onMessage: () => undefined, onStatus: (s) => seen.push(s) });
    mock2.answer(new Response("", { status: 502 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)?.state).toBe("reconnecting");
    abort2.abort();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mock2.calls).toHaveLength(1);
    expect(seen.at(-1)?.state).toBe("closed");
  });

  it("reopens a connection that went silent (no pings)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const mock = mockFetch();
    openEventStream({ url: "/e", fetch: mock.fetch, idleTimeoutMs: 1000, random: () => 1, onMessage: () => undefined, onStatus: (s) => statuses.push(s) });
    const r = sseResponse();
    mock.answer(r.response);
    await vi.advanceTimersByTimeAsync(0);
    r.push(": ping\n\n");
    await vi.advanceTimersByTimeAsync(900);
    r.push(": ping\n\n");
    await vi.advanceTimersByTimeAsync(900);
    expect(statuses.at(-1)?.state).toBe("open");
    await vi.advanceTimersByTimeAsync(200);
    expect(statuses.at(-1)).toMatchObject({ state: "reconnecting", reason: "no data from the server" });
  });

  it("retries when the answer is not an event stream", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const mock = mockFetch();
    openEventStream({ url: "/e", fetch: mock.fetch, onMessage: () => undefined, onStatus: (s) => statuses.push(s) });
    mock.answer(new Response("<html>", { status: 200, headers: { "content-type": "text/html" } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toMatchObject({ state: "reconnecting", reason: "not an event stream" });
  });
});

describe("reconnectNow", () => {
  it("skips the rest of the backoff wait", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const mock = mockFetch();
      const stream = openEventStream({ url: "/e", fetch: mock.fetch, random: () => 1, onMessage: () => undefined });
      mock.answer(new Response("", { status: 500 }));
      await vi.advanceTimersByTimeAsync(0);
      expect(stream.status()).toMatchObject({ state: "reconnecting", retryInMs: 1000 });
      stream.reconnectNow();
      await vi.advanceTimersByTimeAsync(0);
      expect(mock.calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(5000);
      expect(mock.calls).toHaveLength(2); // the cancelled timer does not fire a third attempt
      stream.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
