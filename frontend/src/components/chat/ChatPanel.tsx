"use client";

import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";

import type { CitationOut } from "@/client/types.gen";
import { Citation } from "@/components/Citation";
import { CorrectionDialog, type CorrectionTarget } from "@/components/corrections/CorrectionDialog";
import { Alert, Button, Spinner } from "@/components/ui";
import { errorMessage } from "@/lib/api";
import { loadDraft, saveDraft } from "@/lib/session";
import { type ChatMessage, splitCitations, useChat } from "@/stores/chat";
import { type SourceLocation, useSource } from "@/stores/source";
import { useWorkspace } from "@/stores/workspace";

const SUGGESTIONS = [
  "Who are the key people and how are they connected?",
  "Which payments look irregular, and why?",
  "What contradicts the sworn statements?",
  "What evidence is still missing?",
];

function toLocation(citation: CitationOut): SourceLocation {
  return { ...(citation.location as Partial<SourceLocation>), file_id: citation.file_id, excerpt: citation.excerpt };
}

/** Chat with the case (PRD §3.3): streamed answers whose citations open the Source panel. */
export function ChatPanel() {
  const caseId = useWorkspace((state) => state.caseId) ?? "";
  const { messages, busy, load, send, stop } = useChat();
  const [draft, setDraft] = useState(() => loadDraft(`chat:${caseId}`));
  const [error, setError] = useState<string | null>(null);
  const [flagging, setFlagging] = useState<CorrectionTarget | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (caseId) load(caseId).catch((caught: unknown) => setError(errorMessage(caught)));
  }, [caseId, load]);
  useEffect(() => {
    saveDraft(`chat:${caseId}`, draft);
  }, [caseId, draft]);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [messages]);

  function ask(question: string) {
    const text = question.trim();
    if (!text || busy) return;
    setDraft("");
    void send(caseId, text);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    ask(draft);
  }

  function onKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      ask(draft);
    }
  }

  return (
    <div className="flex h-full flex-col" data-testid="chat">
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
        <div className="mx-auto max-w-3xl space-y-5">
          {error ? <Alert>{error}</Alert> : null}
          {messages.length === 0 ? (
            <div className="space-y-3 pt-6 text-center">
              <h2 className="text-base font-semibold text-slate-800">Ask the case</h2>
              <p className="text-sm text-slate-500">Answers come from the graph, the findings and the evidence itself, with citations.</p>
              <div className="flex flex-wrap justify-center gap-2 pt-2">
                {SUGGESTIONS.map((suggestion) => (
                  <button
                    key={suggestion}
                    type="button"
                    onClick={() => ask(suggestion)}
                    className="rounded-full bg-white px-3 py-1.5 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-indigo-50 hover:ring-indigo-200"
                  >
                    {suggestion}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          {messages.map((message) => (
            <Message
              key={message.id}
              message={message}
              onFlag={() =>
                setFlagging({
                  targetType: "message",
                  targetId: message.id,
                  originalValue: "",
                  label: message.content.slice(0, 160),
                })
              }
            />
          ))}
          <div ref={bottom} />
        </div>
      </div>
      <form onSubmit={submit} className="shrink-0 border-t border-slate-200 bg-white px-6 py-3">
        <div className="mx-auto flex max-w-3xl items-end gap-2">
          <textarea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKey}
            rows={2}
            maxLength={4000}
            placeholder="Ask about people, money, dates, places… (Enter to send, Shift+Enter for a new line)"
            aria-label="Question"
            data-testid="chat-input"
            className="block min-h-[44px] flex-1 resize-none rounded-md border-0 bg-white px-3 py-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500 focus:outline-none"
          />
          {busy ? (
            <Button variant="secondary" onClick={stop}>
              Stop
            </Button>
          ) : (
            <Button type="submit" disabled={!draft.trim()} data-testid="chat-send">
              Ask
            </Button>
          )}
        </div>
      </form>
      {flagging ? <CorrectionDialog target={flagging} onClose={() => setFlagging(null)} /> : null}
    </div>
  );
}

function Message({ message, onFlag }: { message: ChatMessage; onFlag: () => void }) {
  const open = useSource((state) => state.open);
  if (message.role === "user") {
    return (
      <div className="flex justify-end">
        <div className="max-w-[80%] rounded-lg bg-indigo-600 px-4 py-2 text-sm whitespace-pre-wrap text-white">{message.content}</div>
      </div>
    );
  }
  const parts = splitCitations(message.content, message.citations.length);
  return (
    <div className="space-y-2" data-testid="chat-answer" data-streaming={message.streaming ? "true" : "false"}>
      <div className="rounded-lg bg-white px-4 py-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
        {parts.map((part, index) =>
          "text" in part ? (
            <span key={index}>{part.text}</span>
          ) : (
            <button
              key={index}
              type="button"
              onClick={() => {
                const citation = message.citations[part.cite - 1];
                if (citation) open(toLocation(citation));
              }}
              className="mx-0.5 rounded bg-indigo-50 px-1 text-xs font-semibold text-indigo-700 hover:bg-indigo-100"
              aria-label={`Source ${part.cite}`}
            >
              {part.cite}
            </button>
          ),
        )}
        {message.streaming ? <span className="ml-1 inline-block h-3 w-1.5 animate-pulse bg-slate-400 align-middle" /> : null}
        {message.streaming && !message.content ? <Spinner label="Thinking" /> : null}
      </div>
      {message.error ? <Alert>{message.error}</Alert> : null}
      {message.citations.length ? (
        <ol className="flex flex-wrap gap-1.5">
          {message.citations.map((citation, index) => (
            <li key={index} className="flex items-center gap-1 text-xs text-slate-500">
              <span className="font-semibold">{index + 1}</span>
              <Citation source={toLocation(citation)} />
              {citation.verified === false ? (
                <span
                  className="rounded bg-amber-50 px-1 font-medium text-amber-800"
                  data-testid="citation-unverified"
                  title="Holmes did not find these words in the source at this place"
                >
                  unverified
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {!message.streaming && !message.id.startsWith("local-") ? (
        <button type="button" onClick={onFlag} className="text-xs text-slate-500 hover:text-indigo-700" data-testid="flag-message">
          Flag a correction
        </button>
      ) : null}
    </div>
  );
}
