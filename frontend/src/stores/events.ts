import { create } from "zustand";

import type { EventEnvelope } from "@/client/types.gen";

export type ConnectionState = "idle" | "connecting" | "open" | "reconnecting" | "closed";

type Listener = (event: EventEnvelope) => void;

type EventsState = {
  caseId: string | null;
  events: EventEnvelope[];
  connection: ConnectionState;
  connect: (caseId: string) => void;
  disconnect: () => void;
  subscribe: (listener: Listener) => () => void;
};

// Replaced by the resilient stream client (lib/sse.ts) in the Agent Flow work.
let source: EventSource | null = null;
const listeners = new Set<Listener>();

export const useCaseEvents = create<EventsState>((set, get) => ({
  caseId: null,
  events: [],
  connection: "idle",
  connect(caseId) {
    if (get().caseId === caseId && source) return;
    get().disconnect();
    set({ caseId, events: [], connection: "connecting" });
    source = new EventSource(`/api/cases/${caseId}/events?after=0`);
    source.onopen = () => set({ connection: "open" });
    source.onerror = () => set({ connection: "reconnecting" });
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as EventEnvelope;
      set({ events: [...get().events, event] });
      listeners.forEach((listener) => listener(event));
    };
  },
  disconnect() {
    source?.close();
    source = null;
    set({ caseId: null, connection: "closed" });
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
}));
