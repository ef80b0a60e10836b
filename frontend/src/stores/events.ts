import { create } from "zustand";

import type { CaseEvent } from "@/client/types.gen";
import { onExpiry } from "@/lib/session";
import { type EventStream, type StreamStatus, openEventStream } from "@/lib/sse";

export type ConnectionState = "idle" | "connecting" | "open" | "reconnecting" | "closed";

type Listener = (event: CaseEvent) => void;

type EventsState = {
  caseId: string | null;
  /** The case's event log as received: ordered by id, each id once (replays are deduplicated). */
  events: CaseEvent[];
  connection: ConnectionState;
  /** Failed attempts since the stream was last healthy, the wait before the next, and why. */
  attempt: number;
  retryInMs: number | null;
  retryAt: number | null;
  reason: string | null;
  /** What closed the stream for good, when it was not the user leaving (e.g. "not_found"). */
  closedBy: StreamStatus["closedBy"];
  connect: (caseId: string) => void;
  disconnect: () => void;
  /** While reconnecting: try now rather than at the end of the backoff. */
  reconnectNow: () => void;
  subscribe: (listener: Listener) => () => void;
};

/** Test seam: the stream opener (lib/sse's openEventStream by default). */
let open: typeof openEventStream = openEventStream;
export function setStreamOpener(opener: typeof openEventStream): void {
  open = opener;
}

let stream: EventStream | null = null;
let stopExpiryWatch: (() => void) | null = null;
const listeners = new Set<Listener>();
/** Ids received for the current case: a replay after a reconnection adds nothing twice. */
let seen = new Set<number>();
let pending: CaseEvent[] = [];
let flushQueued = false;
/** Bumped on every connect/disconnect, so a batch queued for an earlier stream is dropped. */
let generation = 0;

function parse(data: string): CaseEvent | null {
  try {
    const value = JSON.parse(data) as unknown;
    if (!value || typeof value !== "object") return null;
    const event = value as Partial<CaseEvent>;
    if (typeof event.id !== "number" || typeof event.type !== "string") return null;
    return { ...event, payload: event.payload ?? {} } as CaseEvent;
  } catch {
    return null;
  }
}

/** Inserts `incoming` (sorted, unseen) into the sorted log. */
function mergeSorted(log: CaseEvent[], incoming: CaseEvent[]): CaseEvent[] {
  const last = log.at(-1);
  const first = incoming[0];
  if (!first) return log;
  if (!last || first.id > last.id) return [...log, ...incoming];
  return [...log, ...incoming].sort((a, b) => a.id - b.id);
}

export const useCaseEvents = create<EventsState>((set, get) => {
  const flush = (token: number) => {
    flushQueued = false;
    if (token !== generation || pending.length === 0) return;
    const batch = pending.sort((a, b) => a.id - b.id);
    pending = [];
    set({ events: mergeSorted(get().events, batch) });
    for (const event of batch) listeners.forEach((listener) => listener(event));
  };

  return {
    caseId: null,
    events: [],
    connection: "idle",
    attempt: 0,
    retryInMs: null,
    retryAt: null,
    reason: null,
    closedBy: null,
    connect(caseId) {
      const state = get();
      if (state.caseId === caseId && stream && state.connection !== "closed") return;
      get().disconnect();
      generation += 1;
      const token = generation;
      seen = new Set();
      pending = [];
      set({ caseId, events: [], connection: "connecting", attempt: 0, retryInMs: null, retryAt: null, reason: null, closedBy: null });
      stopExpiryWatch = onExpiry(() => get().disconnect());
      stream = open({
        url: `/api/cases/${encodeURIComponent(caseId)}/events`,
        // The whole log first: the Agent Flow is rebuilt from it after a reload.
        lastEventId: "0",
        onMessage(message) {
          if (token !== generation) return;
          const event = parse(message.data);
          if (!event || seen.has(event.id)) return;
          seen.add(event.id);
          pending.push(event);
          if (!flushQueued) {
            flushQueued = true;
            // One store update per chunk of the stream, not per event (a replay can be long).
            queueMicrotask(() => flush(token));
          }
        },
        onStatus(status) {
          if (token !== generation) return;
          set({
            connection: status.state,
            attempt: status.attempt,
            retryInMs: status.retryInMs,
            retryAt: status.retryAt,
            reason: status.reason,
            closedBy: status.closedBy,
          });
        },
      });
    },
    disconnect() {
      generation += 1;
      const current = stream;
      stream = null;
      stopExpiryWatch?.();
      stopExpiryWatch = null;
      pending = [];
      flushQueued = false;
      current?.close();
      set({ caseId: null, connection: "closed", retryInMs: null, retryAt: null });
    },
    reconnectNow() {
      stream?.reconnectNow();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
