/**
 * A resilient server-sent-events client built on fetch (EventSource hides status codes, and we
 * must tell an expired session from a dropped connection).
 *
 * - `SseParser` implements the text/event-stream format of the HTML standard: lines end in LF, CR
 *   or CRLF (a CRLF may be split across chunks), `data:` lines accumulate, `id:` sets the last event
 *   id (kept across events), `retry:` sets the reconnection delay, `:` lines are comments (pings).
 * - `openEventStream` connects, resumes with `Last-Event-ID` (and `?after=`, the same id, for proxies
 *   that drop custom headers), and reconnects with exponential backoff and jitter when the stream
 *   drops or the server fails. It stops for good on 401 (the session is gone: `onSessionExpired`),
 *   on 404 (no such case), on other non-retryable 4xx answers, on a `SESSION_EXPIRED` event and on
 *   abort/close.
 */
import { onSessionExpired as defaultSessionExpired } from "./session";

export type SseMessage = {
  /** The event's id, or the last id seen on this stream when the event had none. */
  id: string | null;
  /** `event:` field; "message" when absent. */
  event: string;
  data: string;
};

export type StreamState = "connecting" | "open" | "reconnecting" | "closed";

export type StreamStatus = {
  state: StreamState;
  /** Failed attempts since the stream was last healthy. */
  attempt: number;
  /** While reconnecting: the wait before the next attempt, and when it ends (epoch ms). */
  retryInMs: number | null;
  retryAt: number | null;
  /** Why the stream is reconnecting or closed, in words ("HTTP 503", "network error", ...). */
  reason: string | null;
  /** When closed for good: what ended it. */
  closedBy: "abort" | "unauthorized" | "not_found" | "rejected" | "expired" | null;
};

/** Incremental text/event-stream parser; feed it decoded text in chunks of any size. */
export class SseParser {
  private buffer = "";
  private skipLeadingLF = false;
  private first = true;
  private data: string[] = [];
  private eventType = "";
  private idBuffer: string | null = null;
  /** The last event id seen (persists across events, as the standard says). */
  lastEventId: string | null = null;
  /** The last valid `retry:` value, in ms. */
  retry: number | null = null;

  constructor(lastEventId: string | null = null) {
    this.lastEventId = lastEventId;
    this.idBuffer = lastEventId;
  }

  /** Parses `chunk` and returns the events it completed. */
  feed(chunk: string): SseMessage[] {
    let text = chunk;
    if (this.first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.first = false;
    }
    if (this.skipLeadingLF && text.length > 0) {
      if (text[0] === "\n") text = text.slice(1);
      this.skipLeadingLF = false;
    }
    this.buffer += text;
    const out: SseMessage[] = [];
    let start = 0;
    const buffer = this.buffer;
    for (let i = 0; i < buffer.length; i += 1) {
      const c = buffer[i];
      if (c !== "\n" && c !== "\r") continue;
      this.line(buffer.slice(start, i), out);
      if (c === "\r") {
        if (i + 1 < buffer.length) {
          if (buffer[i + 1] === "\n") i += 1;
        } else {
          // A CR at the end of the chunk: its LF may start the next one.
          this.skipLeadingLF = true;
        }
      }
      start = i + 1;
    }
    this.buffer = buffer.slice(start);
    return out;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === "") {
      this.dispatch(out);
      return;
    }
    if (line.startsWith(":")) return; // a comment: keep-alive ping
    const colon = line.indexOf(":");
    let field = line;
    let value = "";
    if (colon >= 0) {
      field = line.slice(0, colon);
      value = line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
    }
    switch (field) {
      case "data":
        this.data.push(value);
        break;
      case "event":
        this.eventType = value;
        break;
      case "id":
        if (!value.includes("\0")) this.idBuffer = value;
        break;
      case "retry":
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  private dispatch(out: SseMessage[]): void {
    this.lastEventId = this.idBuffer;
    if (this.data.length === 0) {
      this.eventType = "";
      return;
    }
    out.push({ id: this.lastEventId, event: this.eventType || "message", data: this.data.join("\n") });
    this.data = [];
    this.eventType = "";
  }
}

export type EventStreamOptions = {
  /** The stream's URL (path or absolute); `after` is added to its query when resuming. */
  url: string;
  /** Resume after this id (sent as Last-Event-ID and `?after=`). */
  lastEventId?: string | null;
  onMessage: (message: SseMessage) => void;
  onStatus?: (status: StreamStatus) => void;
  /** Called on 401 or a SESSION_EXPIRED event; defaults to lib/session's. */
  onSessionExpired?: () => void;
  /** The query parameter that carries the resume id; null to send only the header. */
  resumeParam?: string | null;
  /** First reconnection delay (ms); a `retry:` field from the server replaces it. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** No byte (not even a ping) for this long: the connection is presumed dead and reopened. */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  random?: () => number;
  credentials?: RequestCredentials;
};

export type EventStream = {
  close: () => void;
  /** The last event id received (what a reconnection resumes after). */
  lastEventId: () => string | null;
  status: () => StreamStatus;
  /** While waiting to reconnect: try now instead of at the end of the backoff. */
  reconnectNow: () => void;
};

/** Delay before reconnection attempt `attempt` (1-based): exponential, capped, with jitter (50–100 %). */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

const RETRYABLE_4XX = new Set([408, 425, 429]);

export function openEventStream(options: EventStreamOptions): EventStream {
  const {
    url,
    onMessage,
    onStatus,
    resumeParam = "after",
    initialDelayMs = 1000,
    maxDelayMs = 30_000,
    idleTimeoutMs = 45_000,
    random = Math.random,
    credentials = "same-origin",
  } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sessionExpired = options.onSessionExpired ?? defaultSessionExpired;

  let lastEventId: string | null = options.lastEventId ?? null;
  let baseDelay = initialDelayMs;
  let closed = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let wakeRetry: (() => void) | null = null;
  let status: StreamStatus = { state: "connecting", attempt: 0, retryInMs: null, retryAt: null, reason: null, closedBy: null };

  let idled = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const dropBody = () => {
    void reader?.cancel().catch(() => undefined);
    reader = null;
  };
  const armIdle = (abort: AbortController) => {
    if (idleTimer) clearTimeout(idleTimer);
    if (idleTimeoutMs > 0)
      idleTimer = setTimeout(() => {
        idled = true;
        abort.abort();
        dropBody();
      }, idleTimeoutMs);
  };

  const report = (next: Partial<StreamStatus>) => {
    status = { ...status, ...next };
    onStatus?.(status);
  };

  const stop = (closedBy: StreamStatus["closedBy"], reason: string | null) => {
    if (closed) return;
    closed = true;
    if (retryTimer) clearTimeout(retryTimer);
    if (idleTimer) clearTimeout(idleTimer);
    retryTimer = null;
    idleTimer = null;
    controller?.abort();
    controller = null;
    dropBody();
    removeListeners();
    report({ state: "closed", retryInMs: null, retryAt: null, reason, closedBy });
  };

  const onAbort = () => stop("abort", null);
  const onOnline = () => wakeRetry?.();
  const removeListeners = () => {
    options.signal?.removeEventListener("abort", onAbort);
    if (typeof window !== "undefined") window.removeEventListener("online", onOnline);
  };
  if (options.signal?.aborted) {
    report({ state: "closed", closedBy: "abort" });
    closed = true;
    return { close: () => undefined, lastEventId: () => lastEventId, status: () => status, reconnectNow: () => undefined };
  }
  options.signal?.addEventListener("abort", onAbort);
  if (typeof window !== "undefined") window.addEventListener("online", onOnline);

  const target = (): string => {
    if (!resumeParam || lastEventId === null) return url;
    const [path, query = ""] = url.split("?", 2) as [string, string?];
    const params = new URLSearchParams(query);
    params.set(resumeParam, lastEventId);
    return `${path}?${params.toString()}`;
  };

  const scheduleRetry = (reason: string) => {
    if (closed) return;
    const attempt = status.attempt + 1;
    const delay = backoffDelay(attempt, baseDelay, Math.max(maxDelayMs, baseDelay), random);
    report({ state: "reconnecting", attempt, retryInMs: delay, retryAt: Date.now() + delay, reason });
    const go = () => {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      wakeRetry = null;
      if (!closed) void connect();
    };
    wakeRetry = go;
    retryTimer = setTimeout(go, delay);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const abort = new AbortController();
    controller = abort;
    if (status.attempt === 0) report({ state: "connecting", retryInMs: null, retryAt: null });
    const headers: Record<string, string> = { Accept: "text/event-stream", "Cache-Control": "no-cache" };
    if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
    let response: Response;
    try {
      response = await doFetch(target(), { headers, credentials, signal: abort.signal, cache: "no-store" });
    } catch (error) {
      if (closed || controller !== abort) return;
      scheduleRetry(error instanceof Error && error.name !== "AbortError" ? "network error" : "connection lost");
      return;
    }
    if (closed || controller !== abort) {
      void response.body?.cancel().catch(() => undefined);
      return;
    }
    if (response.status === 401) {
      void response.body?.cancel().catch(() => undefined);
      stop("unauthorized", "HTTP 401");
      sessionExpired();
      return;
    }
    if (response.status === 404) {
      void response.body?.cancel().catch(() => undefined);
      stop("not_found", "HTTP 404");
      return;
    }
    if (response.status === 204) {
      stop("rejected", "HTTP 204");
      return;
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      if (response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status)) {
        stop("rejected", `HTTP ${response.status}`);
        return;
      }
      scheduleRetry(`HTTP ${response.status}`);
      return;
    }
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes("text/event-stream") || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      scheduleRetry("not an event stream");
      return;
    }

    report({ state: "open", retryInMs: null, retryAt: null, reason: null });
    idled = false;
    const parser = new SseParser(lastEventId);
    const body = response.body.getReader();
    reader = body;
    const decoder = new TextDecoder();
    armIdle(abort);
    let healthy = false;
    try {
      for (;;) {
        const { value, done } = await body.read();
        if (closed || controller !== abort) return;
        if (done) break;
        armIdle(abort);
        if (!healthy) {
          // Bytes arrived: the connection works, so the next drop starts the backoff afresh.
          healthy = true;
          if (status.attempt !== 0) report({ attempt: 0 });
        }
        const messages = parser.feed(decoder.decode(value, { stream: true }));
        if (parser.retry !== null) baseDelay = parser.retry;
        for (const message of messages) {
          if (message.id !== null) lastEventId = message.id;
          if (message.event === "SESSION_EXPIRED") {
            stop("expired", "session expired");
            sessionExpired();
            return;
          }
          onMessage(message);
          if (closed) return;
        }
        // An id-only event still moves the resume point.
        if (parser.lastEventId !== null) lastEventId = parser.lastEventId;
      }
    } catch {
      if (closed || controller !== abort) return;
    } finally {
      if (idleTimer && controller === abort) clearTimeout(idleTimer);
    }
    if (closed || controller !== abort) return;
    scheduleRetry(idled ? "no data from the server" : "stream ended");
  }

  void connect();

  return {
    close: () => stop("abort", null),
    lastEventId: () => lastEventId,
    status: () => status,
    reconnectNow: () => wakeRetry?.(),
  };
}
