import { create } from "zustand";

import { getChatHistory } from "@/client/sdk.gen";
import type { ChatMessageOut, CitationOut, ErrorEnvelope } from "@/client/types.gen";
import { ApiError, toApiError, unwrap } from "@/lib/api";
import { onSessionExpired } from "@/lib/session";
import { SseParser } from "@/lib/sse";

export type ChatMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  citations: CitationOut[];
  /** The answer is still arriving. */
  streaming?: boolean;
  error?: string;
};

type ChatState = {
  caseId: string | null;
  messages: ChatMessage[];
  busy: boolean;
  load: (caseId: string) => Promise<void>;
  send: (caseId: string, question: string) => Promise<void>;
  stop: () => void;
};

let controller: AbortController | null = null;

function fromHistory(message: ChatMessageOut): ChatMessage {
  return {
    id: message.id,
    role: message.role === "user" ? "user" : "assistant",
    content: message.content,
    citations: message.citations,
  };
}

/**
 * The chat with a case (PRD §3.3): history from the server, answers streamed over SSE from the POST
 * (CHAT_TOKEN pieces, then CHAT_COMPLETE with the stored answer and its citations).
 */
export const useChat = create<ChatState>((set, get) => {
  const patchLast = (patch: Partial<ChatMessage>) =>
    set({
      messages: get().messages.map((message, index, all) => (index === all.length - 1 ? { ...message, ...patch } : message)),
    });

  return {
    caseId: null,
    messages: [],
    busy: false,
    async load(caseId) {
      if (get().caseId !== caseId) set({ caseId, messages: [] });
      const history = await unwrap(getChatHistory({ path: { case_id: caseId } }));
      if (get().caseId === caseId && !get().busy) set({ messages: history.map(fromHistory) });
    },
    async send(caseId, question) {
      if (get().busy) return;
      controller = new AbortController();
      const local = `local-${Date.now()}`;
      set({
        busy: true,
        messages: [
          ...get().messages,
          { id: `${local}-q`, role: "user", content: question, citations: [] },
          { id: `${local}-a`, role: "assistant", content: "", citations: [], streaming: true },
        ],
      });
      try {
        const response = await fetch(`/api/cases/${caseId}/chat`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
          body: JSON.stringify({ message: question }),
          credentials: "same-origin",
          signal: controller.signal,
        });
        if (!response.ok) {
          if (response.status === 401) onSessionExpired();
          const body = (await response.json().catch(() => undefined)) as ErrorEnvelope | undefined;
          throw toApiError(body, response.status);
        }
        if (!response.body) throw new ApiError(0, "NETWORK", "The answer could not be read.");
        const parser = new SseParser();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const event of parser.feed(value)) applyEvent(event.event, event.data);
        }
        const last = get().messages.at(-1);
        if (last?.streaming) patchLast({ streaming: false });
      } catch (caught) {
        const aborted = caught instanceof DOMException && caught.name === "AbortError";
        patchLast({ streaming: false, error: aborted ? "Stopped." : caught instanceof Error ? caught.message : String(caught) });
      } finally {
        controller = null;
        set({ busy: false });
      }

      function applyEvent(kind: string, data: string) {
        const payload = JSON.parse(data) as Record<string, unknown>;
        const last = get().messages.at(-1);
        if (!last) return;
        if (kind === "CHAT_TOKEN" && typeof payload.token === "string") {
          patchLast({ content: last.content + payload.token });
        } else if (kind === "CHAT_COMPLETE") {
          patchLast({
            id: String(payload.message_id ?? last.id),
            content: typeof payload.content === "string" ? payload.content : last.content,
            citations: Array.isArray(payload.citations) ? (payload.citations as CitationOut[]) : [],
            streaming: false,
          });
        } else if (kind === "ERROR") {
          patchLast({ streaming: false, error: typeof payload.message === "string" ? payload.message : "The answer failed." });
        }
      }
    },
    stop() {
      controller?.abort();
    },
  };
});

/** Splits an answer into text and its `[n]` citation markers (1-based into `citations`). */
export function splitCitations(content: string, count: number): ({ text: string } | { cite: number })[] {
  const parts: ({ text: string } | { cite: number })[] = [];
  const marker = /\[(\d+)\]/g;
  let last = 0;
  for (const match of content.matchAll(marker)) {
    const index = Number(match[1]);
    if (index < 1 || index > count) continue;
    if (match.index > last) parts.push({ text: content.slice(last, match.index) });
    parts.push({ cite: index });
    last = match.index + match[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}
