import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { CaseEvent } from "@/client/types.gen";
import { type EventStreamOptions, type StreamStatus, openEventStream } from "@/lib/sse";

import { setStreamOpener, useCaseEvents } from "./events";

vi.mock("@/lib/session", async () => {
  const listeners = new Set<() => void>();
  return {
    onSessionExpired: vi.fn(() => listeners.forEach((l) => l())),
    onExpiry: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

const envelope = (id: number, type: CaseEvent["type"] = "AGENT_PROGRESS"): CaseEvent =>
  ({
  id,
  case_id: "c1",
  type,
  agent_id: "orchestrator",
  agent_type: "ORCHESTRATOR",
  timestamp: "2026-11-22T10:00:00Z",
  payload: { phase: "extraction", files_read: id },
}) as CaseEvent;

const message = (event: CaseEvent) => ({ id: String(event.id), event: event.type, data: JSON.stringify(event) });

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const status = (state: StreamStatus["state"], extra: Partial<StreamStatus> = {}): StreamStatus => ({
  state,
  attempt: 0,
  retryInMs: null,
  retryAt: null,
  reason: null,
  closedBy: null,
  ...extra,
});

describe("useCaseEvents", () => {
  let opened: EventStreamOptions[];
  let closed: number;

  beforeEach(() => {
    opened = [];
    closed = 0;
    setStreamOpener((options) => {
      opened.push(options);
      return { close: () => (closed += 1), lastEventId: () => null, status: () => status("connecting"), reconnectNow: () => undefined };
    });
  });
  afterEach(() => {
    useCaseEvents.getState().disconnect();
    setStreamOpener(openEventStream);
  });

  it("opens the case's stream from the start of its log", () => {
    useCaseEvents.getState().connect("c1");
    expect(opened).toHaveLength(1);
    expect(opened[0]?.url).toBe("/api/cases/c1/events");
    expect(opened[0]?.lastEventId).toBe("0");
    expect(useCaseEvents.getState()).toMatchObject({ caseId: "c1", connection: "connecting", events: [] });
    // Connecting again to the same case keeps the stream.
    useCaseEvents.getState().connect("c1");
    expect(opened).toHaveLength(1);
  });

  it("keeps events in id order, once each, and tells listeners about new ones only", async () => {
    const heard: number[] = [];
    const unsubscribe = useCaseEvents.getState().subscribe((event) => heard.push(event.id));
    useCaseEvents.getState().connect("c1");
    const options = opened[0]!;
    options.onMessage(message(envelope(1)));
    options.onMessage(message(envelope(2)));
    options.onMessage({ id: null, event: "message", data: "not json" });
    await tick();
    // A reconnection replays 2 and brings 3; an out-of-order 0 is placed first.
    options.onMessage(message(envelope(2)));
    options.onMessage(message(envelope(3)));
    options.onMessage(message(envelope(0)));
    options.onMessage(message(envelope(3)));
    await tick();
    expect(useCaseEvents.getState().events.map((e) => e.id)).toEqual([0, 1, 2, 3]);
    expect(heard).toEqual([1, 2, 0, 3]);
    unsubscribe();
    options.onMessage(message(envelope(4)));
    await tick();
    expect(heard).toHaveLength(4);
    expect(useCaseEvents.getState().events).toHaveLength(5);
  });

  it("batches a replay into one store update", async () => {
    useCaseEvents.getState().connect("c1");
    const updates = vi.fn();
    const unsubscribe = useCaseEvents.subscribe(updates);
    for (let id = 1; id <= 200; id += 1) opened[0]!.onMessage(message(envelope(id)));
    await tick();
    expect(updates).toHaveBeenCalledTimes(1);
    expect(useCaseEvents.getState().events).toHaveLength(200);
    unsubscribe();
  });

  it("reports the stream's state and backoff", () => {
    useCaseEvents.getState().connect("c1");
    opened[0]!.onStatus?.(status("reconnecting", { attempt: 2, retryInMs: 2000, retryAt: 123, reason: "HTTP 503" }));
    expect(useCaseEvents.getState()).toMatchObject({ connection: "reconnecting", attempt: 2, retryInMs: 2000, reason: "HTTP 503" });
    opened[0]!.onStatus?.(status("open"));
    expect(useCaseEvents.getState()).toMatchObject({ connection: "open", attempt: 0, retryInMs: null });
    opened[0]!.onStatus?.(status("closed", { closedBy: "not_found" }));
    expect(useCaseEvents.getState()).toMatchObject({ connection: "closed", closedBy: "not_found" });
  });

  it("switching case closes the old stream and ignores its late events", async () => {
    useCaseEvents.getState().connect("c1");
    const old = opened[0]!;
    old.onMessage(message(envelope(1)));
    useCaseEvents.getState().connect("c2");
    expect(closed).toBe(1);
    old.onMessage(message(envelope(2)));
    old.onStatus?.(status("reconnecting"));
    await tick();
    expect(useCaseEvents.getState()).toMatchObject({ caseId: "c2", events: [], connection: "connecting" });
    // The same ids are new for another case.
    opened[1]!.onMessage(message(envelope(1)));
    await tick();
    expect(useCaseEvents.getState().events.map((e) => e.id)).toEqual([1]);
  });

  it("disconnect closes the stream; an expired session does too", async () => {
    useCaseEvents.getState().connect("c1");
    useCaseEvents.getState().disconnect();
    expect(closed).toBe(1);
    expect(useCaseEvents.getState()).toMatchObject({ caseId: null, connection: "closed" });

    useCaseEvents.getState().connect("c1");
    const { onSessionExpired } = await import("@/lib/session");
    onSessionExpired();
    expect(closed).toBe(2);
    expect(useCaseEvents.getState().connection).toBe("closed");
  });
});

describe("useCaseEvents over the real stream client", () => {
  afterEach(() => {
    useCaseEvents.getState().disconnect();
    vi.unstubAllGlobals();
  });

  it("resumes after the last id it saw and does not duplicate a replay", async () => {
    const encoder = new TextEncoder();
    const requests: { url: string; lastEventId: string | undefined }[] = [];
    const bodies = [
      // First connection: two events, then the connection drops.
      `id: 1\nevent: PROCESSING_STARTED\ndata: ${JSON.stringify(envelope(1, "PROCESSING_STARTED"))}\n\n: ping\n\nid: 2\ndata: ${JSON.stringify(envelope(2))}\n\n`,
      // Second: a server that replays 2 anyway, then 3.
      `id: 2\ndata: ${JSON.stringify(envelope(2))}\n\nid: 3\ndata: ${JSON.stringify(envelope(3))}\n\n`,
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init: RequestInit) => {
        requests.push({ url: input, lastEventId: (init.headers as Record<string, string>)["Last-Event-ID"] });
        const text = bodies.shift();
        if (text === undefined) return new Promise<Response>(() => undefined); // hangs: stays "connecting"
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(text));
            controller.close();
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      }),
    );
    vi.spyOn(Math, "random").mockReturnValue(0); // shortest backoff: half the first delay
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      useCaseEvents.getState().connect("c1");
      await vi.advanceTimersByTimeAsync(0);
      expect(useCaseEvents.getState().events.map((e) => e.id)).toEqual([1, 2]);
      expect(useCaseEvents.getState()).toMatchObject({ connection: "reconnecting", retryInMs: 500 });
      await vi.advanceTimersByTimeAsync(500);
      await vi.advanceTimersByTimeAsync(0);
      expect(requests.map((r) => [r.url, r.lastEventId])).toEqual([
        ["/api/cases/c1/events?after=0", "0"],
        ["/api/cases/c1/events?after=2", "2"],
      ]);
      expect(useCaseEvents.getState().events.map((e) => e.id)).toEqual([1, 2, 3]);
      await vi.advanceTimersByTimeAsync(500);
      expect(requests[2]).toEqual({ url: "/api/cases/c1/events?after=3", lastEventId: "3" });
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});
