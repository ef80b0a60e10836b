import { afterEach, describe, expect, it, vi } from "vitest";

import { splitCitations, useChat } from "./chat";

function sseResponse(chunks: string[], status = 200): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      chunks.forEach((chunk) => controller.enqueue(encoder.encode(chunk)));
      controller.close();
    },
  });
  return new Response(stream, { status, headers: { "Content-Type": "text/event-stream" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useChat.setState({ caseId: null, messages: [], busy: false });
});

describe("splitCitations", () => {
  it("keeps text and turns known markers into citations", () => {
    expect(splitCitations("Paid [1] and [2], not [9].", 2)).toEqual([
      { text: "Paid " },
      { cite: 1 },
      { text: " and " },
      { cite: 2 },
      { text: ", not [9]." },
    ]);
  });
});

describe("useChat.send", () => {
  it("streams tokens, then takes the stored answer and its citations", async () => {
    const complete = JSON.stringify({
      message_id: "m-1",
      content: "He was in Milwaukee [1].",
      citations: [{ file_id: "f-1", location: { page: 2 }, excerpt: "receipt" }],
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        sseResponse([
          'event: CHAT_TOKEN\ndata: {"token": "He was "}\n\n',
          'event: CHAT_TOKEN\ndata: {"tok',
          'en": "in Milwaukee"}\n\n: ping\n\n',
          `event: CHAT_COMPLETE\ndata: ${complete}\n\n`,
        ]),
      ),
    );
    const seen: string[] = [];
    const unsubscribe = useChat.subscribe((state) => {
      const last = state.messages.at(-1);
      if (last?.streaming) seen.push(last.content);
    });
    await useChat.getState().send("case-1", "Where was he?");
    unsubscribe();

    expect(seen).toContain("He was in Milwaukee");
    const [question, answer] = useChat.getState().messages;
    expect(question).toMatchObject({ role: "user", content: "Where was he?" });
    expect(answer).toMatchObject({ id: "m-1", content: "He was in Milwaukee [1].", streaming: false });
    expect(answer?.citations[0]?.location).toEqual({ page: 2 });
    expect(useChat.getState().busy).toBe(false);
  });

  it("shows the envelope's message when the server refuses", async () => {
    const envelope = { error: { code: "CONFLICT", message: "Process the case first.", details: {}, recoverable: true } };
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(envelope), { status: 409 })));
    await useChat.getState().send("case-1", "Anything?");
    expect(useChat.getState().messages.at(-1)).toMatchObject({ streaming: false, error: "Process the case first." });
  });
});
