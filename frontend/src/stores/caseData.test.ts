import { beforeEach, describe, expect, it, vi } from "vitest";

import type { CaseEvent, GraphOut, TimelineOut } from "@/client/types.gen";

const sdk = vi.hoisted(() => ({ getGraph: vi.fn(), getTimeline: vi.fn() }));
vi.mock("@/client/sdk.gen", () => sdk);
const stream = vi.hoisted(() => ({ listener: null as null | ((event: unknown) => void) }));
vi.mock("@/stores/events", () => ({
  useCaseEvents: {
    getState: () => ({
      subscribe: (listener: (event: unknown) => void) => {
        stream.listener = listener;
        return () => undefined;
      },
    }),
  },
}));

import {
  adaptCaseData,
  adaptContradictions,
  adaptCrossModalLinks,
  adaptEdges,
  adaptEvidenceGaps,
  adaptNodes,
  adaptTimeline,
  announcedVersion,
  bindCaseData,
  sourceKind,
  toSource,
  useCaseData,
} from "./caseData";

/** Test input the API types forbid but a model-written graph may still hold. */
const loose = <T,>(value: unknown) => value as T;
const ok = <T,>(data: T) => Promise.resolve({ data, response: new Response(null, { status: 200 }) });
const fail = (status: number) =>
  Promise.resolve({ error: { error: { code: "NOT_FOUND", message: "no graph" } }, response: new Response(null, { status }) });

function graph(version: number, extra: Partial<GraphOut> = {}): GraphOut {
  return {
    case_id: "c1",
    version,
    updated_at: "2026-01-01T00:00:00Z",
    nodes: [
      { id: "person:hale", name: "Victor Hale", type: "Person", aliases: ["Hale"], sources: [{ file_id: "f1", page: 2, excerpt: "Victor Hale" }] },
      { id: "place:harbor", name: "Harbor Lights", type: "place" },
    ],
    edges: [{ id: "edge_001", source_id: "person:hale", target_id: "place:harbor", type: "located_at", confidence: 0.8, evidence: [] }],
    contradictions: [],
    evidence_gaps: [],
    cross_modal_links: [],
    ...extra,
  };
}

describe("toSource", () => {
  it("keeps a well-formed reference", () => {
    expect(toSource({ file_id: "f1", page: 3, excerpt: "hello", bbox: [1, 2, 3, 4] })).toEqual({
      file_id: "f1",
      page: 3,
      line: null,
      row: null,
      sheet: null,
      cue_start: null,
      cue_end: null,
      bbox: [1, 2, 3, 4],
      excerpt: "hello",
    });
  });

  it("drops references without a file and malformed fields", () => {
    expect(toSource({ page: 3 })).toBeNull();
    expect(toSource("f1")).toBeNull();
    expect(toSource(null)).toBeNull();
    const source = toSource({ file_id: "f1", page: "x", cue_start: "12.5", bbox: [1, "a", 3, 4], excerpt: "  " });
    expect(source).toMatchObject({ page: null, cue_start: 12.5, bbox: null, excerpt: null });
  });
});

describe("adaptNodes / adaptEdges", () => {
  it("narrows nodes, lower-cases types, de-duplicates and defaults", () => {
    const nodes = adaptNodes(loose([
      { id: "a", name: "A", type: "Person", aliases: ["x", 3, null], sources: [{ file_id: "f" }, { nope: 1 }], stale: true, corrected_by: ["c1"] },
      { id: "a", name: "duplicate" },
      { name: "no id" },
      { id: "b" },
      "junk",
    ]));
    expect(nodes).toHaveLength(2);
    expect(nodes[0]).toMatchObject({ id: "a", name: "A", type: "person", aliases: ["x", "3"], stale: true, corrected_by: ["c1"], stale_because: [] });
    expect(nodes[0]!.sources).toHaveLength(1);
    expect(nodes[1]).toMatchObject({ id: "b", name: "b", type: "other", aliases: [], sources: [], stale: false });
  });

  it("drops edges to unknown nodes, numbers missing ids and clamps confidence", () => {
    const ids = new Set(["a", "b"]);
    const edges = adaptEdges(
      loose([
        { source_id: "a", target_id: "b", type: "knows", confidence: 1.7 },
        { source_id: "a", target_id: "zzz", type: "knows" },
        { id: "e9", source_id: "b", target_id: "a", confidence: "0.4" },
        { source_id: "b", target_id: "a", confidence: "high" },
      ]),
      ids,
    );
    expect(edges.map((edge) => edge.id)).toEqual(["edge_001", "e9", "edge_004"]);
    expect(edges[0]!.confidence).toBe(1);
    expect(edges[1]).toMatchObject({ type: "related_to", confidence: 0.4, description: "", evidence: [] });
    expect(edges[2]!.confidence).toBeNull();
  });
});

describe("insight adapters", () => {
  it("reads contradictions with severity upper-cased and sources narrowed", () => {
    const [item] = adaptContradictions(loose([
      { id: "c1", claim: "I was home", claim_source: { file_id: "f1", cue_start: 872 }, evidence_against: [{ file_id: "f2", row: 3 }, {}], explanation: "seen", severity: "high", stale: true },
    ]));
    expect(item).toMatchObject({ id: "c1", severity: "HIGH", stale: true, claim: "I was home" });
    expect(item!.claim_source?.cue_start).toBe(872);
    expect(item!.evidence_against).toHaveLength(1);
    expect(adaptContradictions(loose([{ claim: "x" }]))[0]).toMatchObject({ id: "contradiction_1", severity: "MEDIUM", claim_source: null });
  });

  it("reads gaps and cross-modal links", () => {
    expect(adaptEvidenceGaps(loose([{ id: "g", element: "Bank records", current_strength: "weak", sources: [{ file_id: "f" }] }]))[0]).toMatchObject({
      current_strength: "WEAK",
      sources: [{ file_id: "f" }],
    });
    const [link] = adaptCrossModalLinks(loose([{ id: "l", source_a: { file_id: "a" }, source_b: "broken", correlation_type: "amount_match", time_delta_seconds: "86400" }]));
    expect(link).toMatchObject({ source_b: null, time_delta_seconds: 86400, implication: "" });
    expect(link!.source_a?.file_id).toBe("a");
  });

  it("reads timeline events, dropping those without a timestamp", () => {
    const events = adaptTimeline(loose([
      { timestamp: "2024-03-14T21:17:40-05:00", kind: "event", description: "Entry", place: "Harbor", source: { file_id: "f" } },
      { kind: "event", description: "no time" },
      { id: "t3", timestamp: " 2024-03-15 ", place: "" },
    ]));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ id: "timeline_001", place: "Harbor", kind: "event" });
    expect(events[1]).toMatchObject({ id: "t3", timestamp: "2024-03-15", place: null, kind: "event", source: null });
  });

  it("puts a whole response together", () => {
    const data = adaptCaseData("c1", graph(4), { version: 4, events: [{ timestamp: "2024-01-01" }] } as TimelineOut);
    expect(data).toMatchObject({ caseId: "c1", version: 4 });
    expect(data.nodes).toHaveLength(2);
    expect(data.edges).toHaveLength(1);
    expect(data.timeline).toHaveLength(1);
    expect(adaptCaseData("c1", graph(1), null).timeline).toEqual([]);
  });
});

describe("sourceKind", () => {
  it.each([
    ["application/pdf", "a.pdf", "document"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a.docx", "document"],
    ["text/html", "a.html", "document"],
    ["message/rfc822", "a.eml", "email"],
    ["text/csv", "a.csv", "spreadsheet"],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "a.xlsx", "spreadsheet"],
    ["application/x-subrip", "a.srt", "transcript"],
    ["text/vtt", "a.vtt", "transcript"],
    ["image/jpeg", "a.jpg", "image"],
    ["audio/mpeg", "a.mp3", "audio"],
    ["video/mp4", "a.mp4", "video"],
    ["application/octet-stream", "clip.mov", "video"],
    [undefined, "", "document"],
  ])("%s %s → %s", (mime, name, kind) => {
    expect(sourceKind(mime, name)).toBe(kind);
  });
});

/** An event as the stream sends it; only its type and payload matter here. */
const ev = (type: CaseEvent["type"], payload: Record<string, unknown>) => ({ type, payload }) as CaseEvent;

describe("announcedVersion", () => {
  it("treats a replayed announcement of a version we hold as no news", () => {
    expect(announcedVersion(ev("GRAPH_UPDATED", { version: 2 }), 2)).toBeUndefined();
    expect(announcedVersion(ev("GRAPH_UPDATED", { version: 1 }), 2)).toBeUndefined();
    expect(announcedVersion(ev("GRAPH_UPDATED", { version: 3 }), 2)).toBe(3);
    expect(announcedVersion(ev("STALE_ITEMS_MARKED", { graph_version: 5 }), 4)).toBe(5);
        expect(announcedVersion(ev("AGENT_STARTED", { version: 9 }), 4)).toBeUndefined();
    expect(announcedVersion(ev("PROCESSING_COMPLETED", {}), 4)).toBeUndefined();
    expect(announcedVersion(ev("PROCESSING_COMPLETED", {}), null)).toBeNull();
  });
});

describe("useCaseData store", () => {
  beforeEach(() => {
    useCaseData.getState().reset();
    sdk.getGraph.mockReset();
    sdk.getTimeline.mockReset();
  });

  it("loads graph and timeline, then serves the case from the cache", async () => {
    sdk.getGraph.mockReturnValue(ok(graph(1)));
    sdk.getTimeline.mockReturnValue(ok({ version: 1, events: [{ timestamp: "2024-01-01", description: "x" }] }));
    await useCaseData.getState().load("c1");
    let state = useCaseData.getState();
    expect(state.status).toBe("ready");
    expect(state.data?.version).toBe(1);
    expect(state.data?.timeline).toHaveLength(1);
    await useCaseData.getState().load("c1");
    expect(sdk.getGraph).toHaveBeenCalledTimes(1);

    sdk.getGraph.mockReturnValue(ok(graph(2)));
    await useCaseData.getState().load("c1", { force: true });
    state = useCaseData.getState();
    expect(state.data?.version).toBe(2);
    expect(sdk.getGraph).toHaveBeenCalledTimes(2);
  });

  it("says 'empty' when the case has no graph yet", async () => {
    sdk.getGraph.mockReturnValue(fail(404));
    sdk.getTimeline.mockReturnValue(fail(404));
    await useCaseData.getState().load("c2");
    expect(useCaseData.getState()).toMatchObject({ status: "empty", data: null, error: null });
  });

  it("keeps the data on screen when a refresh fails", async () => {
    sdk.getGraph.mockReturnValue(ok(graph(1)));
    sdk.getTimeline.mockReturnValue(ok({ version: 1, events: [] }));
    await useCaseData.getState().load("c1");
    sdk.getGraph.mockReturnValue(fail(500));
    await useCaseData.getState().load("c1", { force: true });
    const state = useCaseData.getState();
    expect(state.status).toBe("ready");
    expect(state.data?.version).toBe(1);
    expect(state.error).toBeTruthy();
  });

  it("ignores a slow answer for a case the user has left", async () => {
    let release: (value: unknown) => void = () => undefined;
    sdk.getGraph.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    sdk.getTimeline.mockReturnValue(ok({ version: 1, events: [] }));
    const first = useCaseData.getState().load("old");
    sdk.getGraph.mockReturnValueOnce(ok({ ...graph(7), case_id: "new" }));
    await useCaseData.getState().load("new");
    release({ data: graph(1), response: new Response(null, { status: 200 }) });
    await first;
    expect(useCaseData.getState()).toMatchObject({ caseId: "new", data: { caseId: "new", version: 7 } });
  });
});

describe("stream binding", () => {
  beforeEach(() => {
    useCaseData.getState().reset();
    sdk.getGraph.mockReset();
    sdk.getTimeline.mockReset();
    sdk.getTimeline.mockReturnValue(ok({ version: 1, events: [] }));
  });

  const emit = (type: string, payload: Record<string, unknown>, caseId = "c1") =>
    stream.listener?.({ id: 1, case_id: caseId, type, payload, timestamp: "2026-01-01T00:00:00Z" });

  it("reloads once for a burst announcing a newer graph, and not for a replay of the current one", async () => {
    vi.useFakeTimers();
    try {
      bindCaseData();
      sdk.getGraph.mockReturnValue(ok(graph(1)));
      await useCaseData.getState().load("c1");
      expect(sdk.getGraph).toHaveBeenCalledTimes(1);

      emit("GRAPH_UPDATED", { version: 1 });
      await vi.advanceTimersByTimeAsync(500);
      expect(sdk.getGraph).toHaveBeenCalledTimes(1);

      sdk.getGraph.mockReturnValue(ok(graph(2)));
      emit("GRAPH_UPDATED", { version: 2 });
      emit("STALE_ITEMS_MARKED", { graph_version: 2 });
      emit("GRAPH_UPDATED", { version: 9 }, "another-case");
      await vi.advanceTimersByTimeAsync(500);
      expect(sdk.getGraph).toHaveBeenCalledTimes(2);
      expect(useCaseData.getState().data?.version).toBe(2);

      // Served from the cache again: nothing newer was announced.
      await useCaseData.getState().load("c1");
      expect(sdk.getGraph).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("stream binding during a load", () => {
  beforeEach(() => {
    useCaseData.getState().reset();
    sdk.getGraph.mockReset();
    sdk.getTimeline.mockReset();
    sdk.getTimeline.mockReturnValue(ok({ version: 1, events: [] }));
  });

  const emit = (type: string, payload: Record<string, unknown>) =>
    stream.listener?.({ id: 1, case_id: "c1", type, payload, timestamp: "2026-01-01T00:00:00Z" });

  it("does not reload for the replayed log while the first load is in flight, but does when it missed a newer version", async () => {
    vi.useFakeTimers();
    try {
      bindCaseData();
      sdk.getGraph.mockReturnValue(ok(graph(1)));
      const first = useCaseData.getState().load("c1");
      emit("PROCESSING_COMPLETED", {});
      emit("GRAPH_UPDATED", { version: 1 });
      await first;
      await vi.advanceTimersByTimeAsync(500);
      expect(sdk.getGraph).toHaveBeenCalledTimes(1);

      useCaseData.getState().reset();
      sdk.getGraph.mockReturnValueOnce(ok(graph(1))).mockReturnValueOnce(ok(graph(2)));
      const second = useCaseData.getState().load("c1");
      emit("GRAPH_UPDATED", { version: 2 });
      await second;
      await vi.advanceTimersByTimeAsync(500);
      expect(sdk.getGraph).toHaveBeenCalledTimes(3);
      expect(useCaseData.getState().data?.version).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
