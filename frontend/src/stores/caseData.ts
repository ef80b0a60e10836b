import { useEffect } from "react";
import { create } from "zustand";

import { getGraph, getTimeline } from "@/client/sdk.gen";
import type {
  ContradictionOut,
  CrossModalLinkOut,
  EdgeOut,
  CaseEvent,
  EvidenceGapOut,
  GraphOut,
  NodeOut,
  TimelineEventOut,
  TimelineOut,
} from "@/client/types.gen";
import { ApiError, errorMessage, unwrap } from "@/lib/api";
import { useCaseEvents } from "@/stores/events";
import type { SourceLocation } from "@/stores/source";
import { useWorkspace } from "@/stores/workspace";

/*
 * The results of a processed case — knowledge graph, insights, timeline — for the open case.
 *
 * The API types the items (NodeOut, EdgeOut, …) but leaves most fields optional and passes through
 * whatever else the graph stores, since graphs are written by models. This module is the ONE place
 * that turns them into complete values: every reader checks the runtime type and falls back, so a
 * missing or malformed field degrades one item instead of the view, and views never see undefined.
 * Field names follow the API's.
 */

/** Flags a correction adds: `stale` means something the item rests on changed; regenerate to refresh it. */
export type ItemFlags = {
  stale: boolean;
  stale_because: string[];
  corrected_by: string[];
};

export type GraphNode = ItemFlags & {
  id: string;
  name: string;
  type: string;
  aliases: string[];
  sources: SourceLocation[];
};

export type GraphEdge = ItemFlags & {
  id: string;
  source_id: string;
  target_id: string;
  type: string;
  description: string;
  /** 0–1, or null when the graph did not say. */
  confidence: number | null;
  evidence: SourceLocation[];
};

export type Contradiction = ItemFlags & {
  id: string;
  claim: string;
  claim_source: SourceLocation | null;
  evidence_against: SourceLocation[];
  explanation: string;
  /** Upper case: LOW, MEDIUM, HIGH, CRITICAL. */
  severity: string;
};

export type EvidenceGap = ItemFlags & {
  id: string;
  element: string;
  /** Upper case: WEAK, MODERATE, STRONG (or whatever the graph said). */
  current_strength: string;
  recommendation: string;
  sources: SourceLocation[];
};

export type CrossModalLink = ItemFlags & {
  id: string;
  source_a: SourceLocation | null;
  source_b: SourceLocation | null;
  correlation_type: string;
  time_delta_seconds: number | null;
  implication: string;
};

export type TimelineEvent = ItemFlags & {
  id: string;
  /** As the evidence gave it: a date, a date-time (with or without offset) or an interval "a/b". */
  timestamp: string;
  kind: string;
  description: string;
  place: string | null;
  source: SourceLocation | null;
};

export type CaseData = {
  caseId: string;
  version: number;
  updatedAt: string | null;
  nodes: GraphNode[];
  edges: GraphEdge[];
  contradictions: Contradiction[];
  evidenceGaps: EvidenceGap[];
  crossModalLinks: CrossModalLink[];
  timeline: TimelineEvent[];
};

// ---------------------------------------------------------------------------------------------
// Readers: unknown in, typed value out.

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown, fallback = ""): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return fallback;
}

function optStr(value: unknown): string | null {
  const text = str(value).trim();
  return text ? text : null;
}

function num(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function strList(value: unknown): string[] {
  return Array.isArray(value) ? value.map((item) => str(item)).filter((item) => item !== "") : [];
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A source reference; null when it names no file (a reference to nowhere cannot be opened). */
export function toSource(value: unknown): SourceLocation | null {
  if (!isRecord(value)) return null;
  const fileId = str(value.file_id);
  if (!fileId) return null;
  const bbox = Array.isArray(value.bbox) ? value.bbox.map(num) : null;
  return {
    file_id: fileId,
    page: num(value.page),
    line: num(value.line),
    row: num(value.row),
    sheet: optStr(value.sheet),
    cue_start: num(value.cue_start),
    cue_end: num(value.cue_end),
    bbox: bbox && bbox.length === 4 && bbox.every((item) => item !== null) ? (bbox as number[]) : null,
    excerpt: optStr(value.excerpt),
  };
}

function sources(value: unknown): SourceLocation[] {
  return list(value)
    .map(toSource)
    .filter((item): item is SourceLocation => item !== null);
}

function flags(item: Loose): ItemFlags {
  return {
    stale: item.stale === true,
    stale_because: strList(item.stale_because),
    corrected_by: strList(item.corrected_by),
  };
}

function severity(value: unknown): string {
  return str(value, "MEDIUM").trim().toUpperCase() || "MEDIUM";
}

/** Completes the items of a graph, insights and timeline response (see the note at the top). */
export function adaptNodes(items: readonly NodeOut[]): GraphNode[] {
  const seen = new Set<string>();
  const nodes: GraphNode[] = [];
  for (const item of list(items)) {
    if (!isRecord(item)) continue;
    const id = str(item.id);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    nodes.push({
      ...flags(item),
      id,
      name: str(item.name).trim() || id,
      type: str(item.type).trim().toLowerCase() || "other",
      aliases: strList(item.aliases),
      sources: sources(item.sources),
    });
  }
  return nodes;
}

/** Edges whose ends are not in `nodeIds` are dropped: a line to nowhere cannot be drawn. */
export function adaptEdges(items: readonly EdgeOut[], nodeIds: ReadonlySet<string>): GraphEdge[] {
  const edges: GraphEdge[] = [];
  list(items).forEach((item, index) => {
    if (!isRecord(item)) return;
    const sourceId = str(item.source_id);
    const targetId = str(item.target_id);
    if (!nodeIds.has(sourceId) || !nodeIds.has(targetId)) return;
    const confidence = num(item.confidence);
    edges.push({
      ...flags(item),
      id: str(item.id) || `edge_${String(index + 1).padStart(3, "0")}`,
      source_id: sourceId,
      target_id: targetId,
      type: str(item.type).trim() || "related_to",
      description: str(item.description),
      confidence: confidence === null ? null : Math.min(1, Math.max(0, confidence)),
      evidence: sources(item.evidence),
    });
  });
  return edges;
}

export function adaptContradictions(items: readonly ContradictionOut[]): Contradiction[] {
  return list(items).flatMap((item, index) => {
    if (!isRecord(item)) return [];
    return [
      {
        ...flags(item),
        id: str(item.id) || `contradiction_${index + 1}`,
        claim: str(item.claim),
        claim_source: toSource(item.claim_source),
        evidence_against: sources(item.evidence_against),
        explanation: str(item.explanation),
        severity: severity(item.severity),
      },
    ];
  });
}

export function adaptEvidenceGaps(items: readonly EvidenceGapOut[]): EvidenceGap[] {
  return list(items).flatMap((item, index) => {
    if (!isRecord(item)) return [];
    return [
      {
        ...flags(item),
        id: str(item.id) || `gap_${index + 1}`,
        element: str(item.element),
        current_strength: str(item.current_strength, "UNKNOWN").trim().toUpperCase() || "UNKNOWN",
        recommendation: str(item.recommendation),
        sources: sources(item.sources),
      },
    ];
  });
}

export function adaptCrossModalLinks(items: readonly CrossModalLinkOut[]): CrossModalLink[] {
  return list(items).flatMap((item, index) => {
    if (!isRecord(item)) return [];
    return [
      {
        ...flags(item),
        id: str(item.id) || `link_${index + 1}`,
        source_a: toSource(item.source_a),
        source_b: toSource(item.source_b),
        correlation_type: str(item.correlation_type),
        time_delta_seconds: num(item.time_delta_seconds),
        implication: str(item.implication),
      },
    ];
  });
}

/** Entries without a timestamp cannot be placed on the axis and are dropped. */
export function adaptTimeline(items: readonly TimelineEventOut[] | undefined): TimelineEvent[] {
  return list(items).flatMap((item, index) => {
    if (!isRecord(item)) return [];
    const timestamp = str(item.timestamp).trim();
    if (!timestamp) return [];
    return [
      {
        ...flags(item),
        id: str(item.id) || `timeline_${String(index + 1).padStart(3, "0")}`,
        timestamp,
        kind: str(item.kind).trim() || "event",
        description: str(item.description),
        place: optStr(item.place),
        source: toSource(item.source),
      },
    ];
  });
}

export function adaptCaseData(caseId: string, graph: GraphOut, timeline: TimelineOut | null): CaseData {
  const nodes = adaptNodes(graph.nodes);
  const ids = new Set(nodes.map((node) => node.id));
  return {
    caseId,
    version: graph.version,
    updatedAt: graph.updated_at ?? null,
    nodes,
    edges: adaptEdges(graph.edges, ids),
    contradictions: adaptContradictions(graph.contradictions),
    evidenceGaps: adaptEvidenceGaps(graph.evidence_gaps),
    crossModalLinks: adaptCrossModalLinks(graph.cross_modal_links),
    timeline: adaptTimeline(timeline?.events),
  };
}

// ---------------------------------------------------------------------------------------------
// Source kinds: what a file is, for colours and legends.

export type SourceKind = "document" | "email" | "spreadsheet" | "transcript" | "image" | "audio" | "video";

export const SOURCE_KINDS: { kind: SourceKind; label: string }[] = [
  { kind: "document", label: "Document" },
  { kind: "email", label: "E-mail" },
  { kind: "spreadsheet", label: "Spreadsheet" },
  { kind: "transcript", label: "Transcript" },
  { kind: "image", label: "Image" },
  { kind: "audio", label: "Audio" },
  { kind: "video", label: "Video" },
];

/** The kind of a file from its mime type, with the file name's extension as a fallback. */
export function sourceKind(mimeType: string | null | undefined, filename = ""): SourceKind {
  const mime = (mimeType ?? "").toLowerCase();
  const ext = filename.toLowerCase().split(".").pop() ?? "";
  if (mime.startsWith("video/")) return "video";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("image/")) return "image";
  if (mime === "message/rfc822" || mime === "application/vnd.ms-outlook" || ext === "eml" || ext === "msg") return "email";
  if (mime === "text/vtt" || mime === "application/x-subrip" || mime === "text/srt" || ext === "vtt" || ext === "srt") return "transcript";
  if (
    mime === "text/csv" ||
    mime === "text/tab-separated-values" ||
    mime.includes("spreadsheet") ||
    mime.includes("ms-excel") ||
    ["csv", "tsv", "xlsx", "xls", "ods"].includes(ext)
  ) {
    return "spreadsheet";
  }
  if (["mp4", "mov", "webm", "mkv", "avi"].includes(ext)) return "video";
  if (["mp3", "wav", "m4a", "ogg", "flac"].includes(ext)) return "audio";
  if (["jpg", "jpeg", "png", "gif", "webp", "tif", "tiff", "heic"].includes(ext)) return "image";
  return "document";
}

// ---------------------------------------------------------------------------------------------
// The store: one case's data, cached per case and graph version, refreshed by the event stream.

export type LoadStatus = "idle" | "loading" | "ready" | "empty" | "error";

type CaseDataState = {
  caseId: string | null;
  data: CaseData | null;
  status: LoadStatus;
  /** A background reload (new graph version) is running; the old data stays on screen. */
  refreshing: boolean;
  error: string | null;
  /** Loads the case's data, from the cache when its version is current unless `force`. */
  load: (caseId: string, options?: { force?: boolean }) => Promise<void>;
  /** Drops cached data (tests, sign-out). */
  reset: () => void;
};

/** Latest data per case. Keyed by case; the entry's `version` says which graph it reflects. */
const cache = new Map<string, CaseData>();
/** Cases whose cached entry is older than the newest graph version the stream announced. */
const outdated = new Map<string, number | null>();
let requestSeq = 0;

export const useCaseData = create<CaseDataState>((set, get) => ({
  caseId: null,
  data: null,
  status: "idle",
  refreshing: false,
  error: null,
  async load(caseId, options = {}) {
    const cached = cache.get(caseId);
    const switching = get().caseId !== caseId;
    if (cached && !options.force && !outdated.has(caseId)) {
      set({ caseId, data: cached, status: "ready", error: null, refreshing: false });
      return;
    }
    const request = ++requestSeq;
    if (switching || !get().data) {
      set({ caseId, data: cached ?? null, status: cached ? "ready" : "loading", error: null, refreshing: Boolean(cached) });
    } else {
      set({ refreshing: true, error: null });
    }
    try {
      const [graph, timeline] = await Promise.all([
        unwrap(getGraph({ path: { case_id: caseId } })),
        unwrap(getTimeline({ path: { case_id: caseId } })).catch((error: unknown) => {
          // The timeline is secondary: a failure there must not hide the graph.
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
      ]);
      if (request !== requestSeq) return;
      const data = adaptCaseData(caseId, graph, timeline);
      cache.set(caseId, data);
      const announced = outdated.get(caseId);
      if (announced === undefined || announced === null || announced <= data.version) outdated.delete(caseId);
      set({ caseId, data, status: "ready", refreshing: false, error: null });
      // The stream announced a newer version while this load was in flight.
      if (outdated.has(caseId)) scheduleReload(caseId);
    } catch (error) {
      if (request !== requestSeq) return;
      if (error instanceof ApiError && error.status === 404) {
        // No graph yet: the case has not been processed.
        cache.delete(caseId);
        set({ caseId, data: null, status: "empty", refreshing: false, error: null });
        return;
      }
      // Keep what is on screen when a background refresh fails; say so.
      set({ status: get().data ? "ready" : "error", refreshing: false, error: errorMessage(error) });
    }
  },
  reset() {
    cache.clear();
    outdated.clear();
    requestSeq += 1;
    set({ caseId: null, data: null, status: "idle", refreshing: false, error: null });
  },
}));

const RELOAD_ON = new Set<string>(["GRAPH_UPDATED", "STALE_ITEMS_MARKED", "CONFLICT_RESOLVED", "PROCESSING_COMPLETED", "PARTIAL_COMPLETE"]);

/**
 * Decides whether a stream event makes the cached data of its case out of date. The stream replays
 * the whole log on connect, so an announcement of a version we already hold is not news.
 * Returns the announced version (null when the event names none) or undefined for "not news".
 */
export function announcedVersion(event: CaseEvent, current: number | null): number | null | undefined {
  if (!RELOAD_ON.has(event.type)) return undefined;
  const version =
    event.type === "GRAPH_UPDATED"
      ? event.payload.version
      : event.type === "STALE_ITEMS_MARKED" || event.type === "CONFLICT_RESOLVED"
        ? event.payload.graph_version
        : null;
  if (version !== null) return current !== null && version <= current ? undefined : version;
  // PROCESSING_COMPLETED and friends carry no version: only news if we have nothing yet.
  return event.type === "GRAPH_UPDATED" || current === null ? null : undefined;
}

let bound = false;
let reloadTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleReload(caseId: string): void {
  if (reloadTimer) clearTimeout(reloadTimer);
  // Events come in bursts (GRAPH_UPDATED then STALE_ITEMS_MARKED): one reload for the burst.
  reloadTimer = setTimeout(() => {
    reloadTimer = null;
    const state = useCaseData.getState();
    if (state.caseId === caseId) void state.load(caseId, { force: true });
  }, 250);
}

/** Wires the store to the event stream and the workspace once; idempotent. */
export function bindCaseData(): void {
  if (bound || typeof window === "undefined") return;
  bound = true;
  useCaseEvents.getState().subscribe((event) => {
    const state = useCaseData.getState();
    const current = cache.get(event.case_id)?.version ?? null;
    const version = announcedVersion(event, current);
    if (version === undefined) return;
    // A load in flight answers a "something changed" without a version (the replayed log on
    // connect is full of them); a named newer version is checked when the load lands.
    const inFlight = state.caseId === event.case_id && (state.status === "loading" || state.refreshing);
    if (inFlight) {
      if (version !== null) outdated.set(event.case_id, Math.max(version, outdated.get(event.case_id) ?? 0));
      return;
    }
    outdated.set(event.case_id, version);
    if (state.caseId === event.case_id && state.status !== "idle") scheduleReload(event.case_id);
  });
  let lastStatus = useWorkspace.getState().caseInfo?.status ?? null;
  useWorkspace.subscribe((workspace) => {
    const status = workspace.caseInfo?.status ?? null;
    if (status === lastStatus) return;
    const previous = lastStatus;
    lastStatus = status;
    const caseId = workspace.caseId;
    // A run that finished (or a new one that started over a cached case) means new results.
    if (!caseId || previous === null || status === null) return;
    if (status === "READY" || status === "PARTIAL") {
      outdated.set(caseId, null);
      if (useCaseData.getState().caseId === caseId) scheduleReload(caseId);
    }
  });
}

/** The open case's data for a view: binds the store, loads on mount (from the cache when current). */
export function useOpenCaseData(): CaseDataState {
  const caseId = useWorkspace((state) => state.caseId);
  const state = useCaseData();
  const { load } = state;
  useEffect(() => {
    bindCaseData();
    if (caseId) void load(caseId);
  }, [caseId, load]);
  return state;
}
