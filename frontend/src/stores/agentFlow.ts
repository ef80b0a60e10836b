/**
 * Agent Flow: the agent hierarchy of a case, derived from its event log (the live source) and its
 * execution records (GET /agents: model, fallback, tokens, timings, thinking traces), so a reload
 * or a reconnection rebuilds the same picture.
 *
 * - `applyEvents(log, events)` is the reducer: pure, in id order, and idempotent (an event whose id
 *   it has already applied changes nothing, so a replay after a reconnection is harmless).
 * - `mergeRecords(log, records)` fills in what only the records carry (thinking tokens, the
 *   authoritative terminal state) and adds executions the log has not delivered yet.
 * - `processingView(log, ...)` / `chatView(log)` pick the agents of the current processing job, or
 *   the chat and verification runs (kept apart), and add what the picture needs around them:
 *   placeholders for stages still to come and one merge per domain that ran several workers.
 *
 * Every event's payload is typed by the OpenAPI document (`CaseEvent`, a union on `type`), and
 * an agent's events say which phase, domain and worker it is: nothing is read out of its name.
 */
import { create } from "zustand";

import { listAgents } from "@/client/sdk.gen";
import type { AgentNodeOut, AgentSpawned, CaseEvent, CaseStatus, GroundingOut, ProcessingDelayed } from "@/client/types.gen";
import { ApiError, errorMessage, unwrap } from "@/lib/api";
import { useCaseEvents } from "@/stores/events";

export type AgentStatus = "PENDING" | "RUNNING" | "COMPLETED" | "FAILED" | "TIMEOUT" | "STOPPED" | "SKIPPED";
export type Lane = "processing" | "chat";
export type Stage =
  | "triage"
  | "orchestrator"
  | "domains"
  | "merge"
  | "synthesis"
  | "graph"
  | "graph_merge"
  | "chat"
  | "escalation"
  | "verification"
  | "numeric"
  | "numeric_verify"
  | "numeric_review"
  | "other";
export type RunStatus = "RUNNING" | "READY" | "PARTIAL" | "ERROR";

/** A TOOL_INVOKED payload (backend agents/tool_calls.py `tool_event`). */
export type ToolCall = {
  eventId: number;
  at: string;
  tool: string;
  args: Record<string, unknown>;
  results: number | null;
  error: string | null;
  /** What the result held, in a few words ("3 passage(s) for 'Northwind'"). */
  summary: string | null;
  durationMs: number | null;
};
export type Note = { eventId: number; at: string; text: string };
export type Tokens = { input: number; output: number; thinking: number };
/** A PROCESSING_DELAYED payload (backend llm/limits.py `Delay.payload()`): a call waiting out a
 *  model quota until `resumeAt`. */
export type QuotaDelay = {
  eventId: number;
  model: string | null;
  reason: string | null;
  delaySeconds: number | null;
  resumeAt: string;
  /** "retry_info" (the provider said how long) or "backoff" (our own wait). */
  source: string | null;
  retry: number | null;
  quotaId: string | null;
};
/** A GROUNDING_CHECKED payload (backend agents/grounding.py) or a record's `grounding`. */
export type Grounding = GroundingOut;

export type FlowAgent = {
  /** The node id: the execution id, or "placeholder:…" / "merge:…" for what the view adds. */
  key: string;
  executionId: string | null;
  parentId: string | null;
  name: string;
  label: string;
  agentType: string;
  stage: Stage;
  domain: string | null;
  worker: number | null;
  lane: Lane;
  jobId: string | null;
  status: AgentStatus;
  /** The model asked first; `fallbackModel` is the one that answered when it failed. */
  model: string | null;
  fallbackModel: string | null;
  fallbackReason: string | null;
  startedAt: string | null;
  completedAt: string | null;
  durationSeconds: number | null;
  tokens: Tokens | null;
  thinking: string[];
  tools: ToolCall[];
  notes: Note[];
  error: string | null;
  files: string[];
  /** A chat run's question (its input). */
  question: string | null;
  /** Spawn order (event id, or a late number for records the log has not shown yet). */
  order: number;
  synthetic: "placeholder" | "merge" | null;
  /** Placeholders and merges: how many workers the domain has (or was planned to have). */
  workers: number | null;
  /** Earlier executions of the same agent in this job (a resumed job runs a phase again). */
  attempts: number;
  /** The latest quota wait, until a later event of the agent (see `activeDelay` for its end). */
  delay: QuotaDelay | null;
  /** Every quota wait of the run, in order (the drawer lists them). */
  waits: QuotaDelay[];
  /** How its citations held up, once checked. */
  grounding: Grounding | null;
};

export type PlannedDomain = { domain: string; files: number; workers: number; complexity: number | null };

export type RunInfo = {
  jobId: string | null;
  status: RunStatus;
  startedAt: string | null;
  completedAt: string | null;
  resumedAfter: string[];
  files: number | null;
  filesRead: number | null;
  plan: PlannedDomain[] | null;
  routing: string | null;
  insights: Record<string, number>;
  graph: { version: number; nodes: number; edges: number } | null;
  errors: string[];
};

export type FlowLog = {
  lastEventId: number;
  applied: number;
  jobId: string | null;
  runs: Record<string, RunInfo>;
  agents: Record<string, FlowAgent>;
  /** Agent name → its latest execution id: THINKING_UPDATE and TOOL_INVOKED name the agent only. */
  byName: Record<string, string>;
  /** How many jobs the log has seen (the view shows the latest). */
  jobs: string[];
};

export type FlowEdge = { id: string; source: string; target: string; status: AgentStatus };
export type FlowView = { run: RunInfo | null; agents: FlowAgent[]; edges: FlowEdge[] };

export const DOMAIN_ORDER = ["financial", "legal", "evidence", "strategy"];
const PROCESSING_STAGES: Stage[] = ["triage", "orchestrator", "domains", "synthesis", "graph"];
const TERMINAL = new Set<AgentStatus>(["COMPLETED", "FAILED", "TIMEOUT", "STOPPED", "SKIPPED"]);

export function emptyLog(): FlowLog {
  return { lastEventId: 0, applied: 0, jobId: null, runs: {}, agents: {}, byName: {}, jobs: [] };
}

// ---- naming ------------------------------------------------------------------------------------

const titled = (text: string) => text.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** Who the agent says it is on its events (phase, domain, worker), else its type. */
type Phase = NonNullable<AgentSpawned["phase"]>;
type Identity = Pick<AgentSpawned, "phase" | "domain" | "worker">;
const STAGE_OF_PHASE: Record<Phase, Stage> = {
  triage: "triage",
  routing: "orchestrator",
  domains: "domains",
  synthesis: "synthesis",
  graph: "graph",
  graph_merge: "graph_merge",
  chat: "chat",
  verification: "verification",
  numeric: "numeric",
  numeric_verify: "numeric_verify",
  numeric_review: "numeric_review",
};
const LABELS: Partial<Record<Stage, string>> = {
  triage: "Triage",
  orchestrator: "Orchestrator",
  synthesis: "Synthesis",
  graph: "Knowledge graph",
  graph_merge: "Graph merge",
  chat: "Chat",
  verification: "Verification",
  numeric: "Numeric extractor",
  numeric_verify: "Numeric verifier",
  numeric_review: "Numeric reviewer",
};
/** Execution records (GET /agents) name only the agent's type: the phase it implies. */
const PHASE_OF_TYPE: Record<string, Phase | undefined> = {
  TRIAGE: "triage",
  ORCHESTRATOR: "routing",
  FINANCIAL: "domains",
  LEGAL: "domains",
  EVIDENCE: "domains",
  STRATEGY: "domains",
  SYNTHESIS: "synthesis",
  KNOWLEDGE_GRAPH: "graph",
  MERGE: "graph_merge",
  CHAT: "chat",
  VERIFICATION: "verification",
  NUMERIC_EXTRACTOR: "numeric",
  NUMERIC_VERIFIER: "numeric_verify",
  NUMERIC_REVIEWER: "numeric_review",
};

export function describeAgent(
  name: string,
  agentType: string | null,
  identity: Identity = {},
): { label: string; stage: Stage; domain: string | null; worker: number | null } {
  const type = (agentType ?? "").toUpperCase();
  const phase = identity.phase ?? PHASE_OF_TYPE[type] ?? null;
  const stage: Stage = phase ? STAGE_OF_PHASE[phase] : "other";
  const worker = identity.worker ?? null;
  const domain = identity.domain ?? (stage === "domains" && DOMAIN_ORDER.includes(type.toLowerCase()) ? type.toLowerCase() : null);
  if (stage === "domains" && domain) return { label: worker ? `${titled(domain)} · worker ${worker}` : titled(domain), stage, domain, worker };
  const label = LABELS[stage] ?? titled(name.replace(/_agent$/, ""));
  return { label: worker ? `${label} ${worker}` : label, stage, domain: null, worker };
}

function blankAgent(executionId: string, name: string, agentType: string | null, order: number, identity: Identity = {}): FlowAgent {
  const described = describeAgent(name, agentType, identity);
  return {
    key: executionId,
    executionId,
    parentId: null,
    name,
    agentType: agentType ?? "",
    ...described,
    lane: "processing",
    jobId: null,
    status: "PENDING",
    model: null,
    fallbackModel: null,
    fallbackReason: null,
    startedAt: null,
    completedAt: null,
    durationSeconds: null,
    tokens: null,
    thinking: [],
    tools: [],
    notes: [],
    error: null,
    files: [],
    question: null,
    order,
    synthetic: null,
    workers: null,
    attempts: 0,
    delay: null,
    waits: [],
    grounding: null,
  };
}

function blankRun(jobId: string | null): RunInfo {
  return {
    jobId,
    status: "RUNNING",
    startedAt: null,
    completedAt: null,
    resumedAfter: [],
    files: null,
    filesRead: null,
    plan: null,
    routing: null,
    insights: {},
    graph: null,
    errors: [],
  };
}

function secondsBetween(start: string | null, end: string): number | null {
  if (!start) return null;
  const seconds = (Date.parse(end) - Date.parse(start)) / 1000;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

function rank(status: AgentStatus): number {
  if (status === "PENDING") return 0;
  if (status === "RUNNING") return 1;
  return 2;
}

// ---- the reducer -------------------------------------------------------------------------------

/** Applies the events not applied yet (ids above `log.lastEventId`), in id order. */
export function applyEvents(log: FlowLog, events: readonly CaseEvent[]): FlowLog {
  const fresh = events.filter((event) => event.id > log.lastEventId).sort((a, b) => a.id - b.id);
  if (fresh.length === 0) return log;
  const next: FlowLog = { ...log, runs: { ...log.runs }, agents: { ...log.agents }, byName: { ...log.byName }, jobs: [...log.jobs] };
  for (const event of fresh) {
    if (event.id <= next.lastEventId) continue; // the same id twice in one batch
    apply(next, event);
    next.lastEventId = event.id;
    next.applied += 1;
  }
  return next;
}

export function applyEvent(log: FlowLog, event: CaseEvent): FlowLog {
  return applyEvents(log, [event]);
}

function patchAgent(log: FlowLog, id: string, patch: Partial<FlowAgent> | ((agent: FlowAgent) => Partial<FlowAgent>)): void {
  const agent = log.agents[id];
  if (!agent) return;
  log.agents[id] = { ...agent, ...(typeof patch === "function" ? patch(agent) : patch) };
}

function patchRun(log: FlowLog, patch: (run: RunInfo) => Partial<RunInfo>): void {
  const key = log.jobId ?? "";
  const run = log.runs[key] ?? blankRun(log.jobId);
  log.runs[key] = { ...run, ...patch(run) };
}

/** The execution an event is about: its `execution_id`, else the agent's latest execution. */
function target(log: FlowLog, event: CaseEvent): string | null {
  const id = "execution_id" in event.payload ? event.payload.execution_id : null;
  if (id && log.agents[id]) return id;
  const name = event.agent_id;
  return name ? (log.byName[name] ?? null) : null;
}

function readDelay(payload: ProcessingDelayed, eventId: number): QuotaDelay {
  return {
    eventId,
    model: payload.model,
    reason: payload.reason,
    delaySeconds: payload.delay_seconds,
    resumeAt: payload.resume_at,
    source: payload.source ?? null,
    retry: payload.retry,
    quotaId: payload.quota_id ?? null,
  };
}

/** The agent's quota wait while it lasts: until its resume time (a later event clears it). */
export function activeDelay(agent: FlowAgent, now: number = Date.now()): QuotaDelay | null {
  const delay = agent.delay;
  return delay && !TERMINAL.has(agent.status) && Date.parse(delay.resumeAt) > now ? delay : null;
}

/** The wait the job view mentions: of the agents waiting, the one resuming last. */
export function currentDelay(agents: readonly FlowAgent[], now: number = Date.now()): QuotaDelay | null {
  let latest: QuotaDelay | null = null;
  for (const agent of agents) {
    const delay = activeDelay(agent, now);
    if (delay && (!latest || Date.parse(delay.resumeAt) > Date.parse(latest.resumeAt))) latest = delay;
  }
  return latest;
}

function apply(log: FlowLog, event: CaseEvent): void {
  const at = event.timestamp;
  // Any later event of an agent ends the quota wait it was in.
  if (event.type !== "PROCESSING_DELAYED") {
    const id = target(log, event);
    if (id && log.agents[id]?.delay) patchAgent(log, id, { delay: null });
  }
  switch (event.type) {
    case "PROCESSING_DELAYED": {
      const id = target(log, event);
      const delay = readDelay(event.payload, event.id);
      if (id) patchAgent(log, id, (a) => ({ delay, waits: [...a.waits, delay] }));
      return;
    }
    case "GROUNDING_CHECKED": {
      const id = target(log, event);
      const { citations, held, unchecked, items, failed, reasked, fixed, unverified, dropped } = event.payload;
      if (id) patchAgent(log, id, { grounding: { citations, held, unchecked, items, failed, reasked, fixed, unverified, dropped } });
      return;
    }
    case "PROCESSING_STARTED": {
      const { job_id: jobId, files, resumed_after: resumedAfter } = event.payload;
      if (jobId !== log.jobId || !log.runs[jobId]) {
        log.jobId = jobId;
        if (!log.jobs.includes(jobId)) log.jobs.push(jobId);
      }
      patchRun(log, (run) => ({ status: "RUNNING", startedAt: run.startedAt ?? at, completedAt: null, resumedAfter: resumedAfter ?? [], files }));
      return;
    }
    case "PROCESSING_COMPLETED":
    case "PROCESSING_FAILED": {
      const failed = event.type === "PROCESSING_FAILED";
      const error = failed ? event.payload.error : null;
      const errors = failed ? [] : (event.payload.errors ?? []).map((e) => e.error);
      const partial = !failed && event.payload.status === "PARTIAL";
      patchRun(log, () => ({
        status: failed ? "ERROR" : partial ? "PARTIAL" : "READY",
        completedAt: at,
        errors: error ? [error, ...errors] : errors,
      }));
      // Whatever of this job was still running will not finish now.
      for (const agent of Object.values(log.agents)) {
        if (agent.lane === "processing" && agent.jobId === log.jobId && !TERMINAL.has(agent.status)) {
          patchAgent(log, agent.key, { status: "STOPPED", error: agent.error ?? (failed ? (error ?? "Processing stopped") : null) });
        }
      }
      return;
    }
    case "AGENT_SPAWNED":
    case "AGENT_STARTED": {
      const payload = event.payload;
      const executionId = payload.execution_id;
      const name = event.agent_id ?? executionId;
      if (!executionId || !name) return;
      const parentId = payload.parent_execution_id ?? null;
      const existing = log.agents[executionId];
      const agent = existing ?? blankAgent(executionId, name, event.agent_type ?? null, event.id, payload);
      const parent = parentId ? log.agents[parentId] : undefined;
      const onDemand = agent.agentType === "CHAT" || agent.agentType === "VERIFICATION" || parent?.lane === "chat";
      const input = payload.input ?? {};
      const started = event.type === "AGENT_STARTED";
      const files = input.files;
      const question = input.question;
      const updated: FlowAgent = {
        ...agent,
        parentId: parentId ?? agent.parentId,
        lane: onDemand ? "chat" : "processing",
        jobId: onDemand ? null : (existing?.jobId ?? log.jobId),
        stage: onDemand && agent.stage === "domains" ? "escalation" : agent.stage,
        model: payload.model || agent.model,
        files: Array.isArray(files) ? files.filter((f): f is string => typeof f === "string") : agent.files,
        question: (typeof question === "string" && question ? question : null) ?? agent.question,
        status: TERMINAL.has(agent.status) ? agent.status : started ? "RUNNING" : agent.status,
        startedAt: started ? (agent.startedAt ?? at) : agent.startedAt,
      };
      log.agents[executionId] = updated;
      log.byName[name] = executionId;
      return;
    }
    case "THINKING_UPDATE": {
      const id = target(log, event);
      const text = event.payload.thinking_summary;
      if (id && text) patchAgent(log, id, (a) => ({ thinking: [...a.thinking, text] }));
      return;
    }
    case "TOOL_INVOKED": {
      const id = target(log, event);
      if (!id) return;
      const { tool, arguments: args, results, error, summary, duration_ms: durationMs } = event.payload;
      const call: ToolCall = {
        eventId: event.id,
        at,
        tool,
        args: args ?? {},
        results: results ?? null,
        error: error ?? null,
        summary: summary ?? null,
        durationMs: durationMs ?? null,
      };
      patchAgent(log, id, (a) => ({ tools: [...a.tools, call] }));
      return;
    }
    case "AGENT_PROGRESS": {
      const payload = event.payload;
      if (payload.phase === "extraction") {
        patchRun(log, (run) => ({ filesRead: payload.files_read ?? run.filesRead, files: payload.files ?? run.files }));
        return;
      }
      const id = target(log, event);
      if (payload.phase === "routing") {
        const plan = payload.assignments
          ? payload.assignments.map((a) => ({ domain: a.domain, files: a.file_ids.length, workers: Math.max(1, a.workers), complexity: a.complexity }))
          : null;
        const reasoning = payload.reasoning ?? null;
        patchRun(log, () => ({ plan, routing: reasoning }));
        if (id && reasoning) patchAgent(log, id, (a) => ({ notes: [...a.notes, { eventId: event.id, at, text: reasoning }] }));
        return;
      }
      const progress = payload.progress ?? null;
      const text =
        payload.message ??
        payload.reasoning ??
        (payload.phase === "escalation" && payload.question ? `Escalating: ${payload.question}` : null) ??
        `${titled(payload.phase)}${progress !== null ? ` ${Math.round(progress * 100)} %` : ""}`;
      if (id && text) patchAgent(log, id, (a) => ({ notes: [...a.notes, { eventId: event.id, at, text }] }));
      return;
    }
    case "AGENT_FALLBACK": {
      const id = target(log, event);
      if (id) patchAgent(log, id, { fallbackModel: event.payload.fallback_model, fallbackReason: event.payload.error });
      return;
    }
    case "AGENT_COMPLETED": {
      const id = target(log, event);
      if (!id) return;
      const { tokens, model: used, fallback_used: fallbackUsed, duration_seconds: duration } = event.payload;
      patchAgent(log, id, (a) => {
        const fellBack = fallbackUsed === true || a.fallbackModel !== null;
        return {
          status: "COMPLETED",
          completedAt: at,
          durationSeconds: duration ?? a.durationSeconds,
          tokens: { input: tokens.input, output: tokens.output, thinking: a.tokens?.thinking ?? 0 },
          model: fellBack ? a.model : used,
          fallbackModel: fellBack ? used : a.fallbackModel,
        };
      });
      return;
    }
    case "AGENT_ERROR":
    case "AGENT_TIMEOUT": {
      const id = target(log, event);
      if (!id) return;
      const timeout = event.type === "AGENT_TIMEOUT";
      patchAgent(log, id, (a) => ({
        status: timeout ? "TIMEOUT" : "FAILED",
        completedAt: at,
        durationSeconds: a.durationSeconds ?? secondsBetween(a.startedAt, at),
        error: event.payload.error || (timeout ? "The agent timed out." : (a.error ?? "The agent failed.")),
      }));
      return;
    }
    case "INSIGHT_DETECTED": {
      const kind = event.payload.kind;
      patchRun(log, (run) => ({ insights: { ...run.insights, [kind]: (run.insights[kind] ?? 0) + 1 } }));
      return;
    }
    case "GRAPH_UPDATED": {
      const { version, nodes, edges } = event.payload;
      patchRun(log, () => ({ graph: { version, nodes, edges } }));
      return;
    }
    default:
      return;
  }
}

// ---- execution records ---------------------------------------------------------------------------

const RECORD_STATUS: Record<string, AgentStatus> = {
  PENDING: "PENDING",
  RUNNING: "RUNNING",
  COMPLETED: "COMPLETED",
  FAILED: "FAILED",
  ERROR: "FAILED",
  TIMEOUT: "TIMEOUT",
};

/** Folds the execution records (a tree) into the log: the records know tokens and final states. */
export function mergeRecords(log: FlowLog, records: readonly AgentNodeOut[]): FlowLog {
  if (records.length === 0) return log;
  const next: FlowLog = { ...log, agents: { ...log.agents } };
  let late = 1_000_000_000; // records the log has not delivered: after every event, in record order
  const visit = (record: AgentNodeOut, parentId: string | null) => {
    late += 1;
    const known = next.agents[record.id];
    const recordStatus = RECORD_STATUS[record.status] ?? "PENDING";
    const tokens: Tokens = { input: record.input_tokens, output: record.output_tokens, thinking: record.thinking_tokens };
    const hasTokens = record.input_tokens + record.output_tokens + record.thinking_tokens > 0;
    if (known) {
      next.agents[record.id] = {
        ...known,
        parentId: known.parentId ?? parentId,
        // The record's final state wins over a live one, and over "stopped" (our inference).
        status:
          rank(recordStatus) > rank(known.status) || (known.status === "STOPPED" && rank(recordStatus) === 2) ? recordStatus : known.status,
        model: record.model_name || known.model,
        fallbackModel: record.fallback_used ? (record.fallback_model ?? known.fallbackModel ?? "flash") : known.fallbackModel,
        startedAt: known.startedAt ?? record.started_at,
        completedAt: known.completedAt ?? record.completed_at,
        durationSeconds: record.duration_seconds ?? known.durationSeconds,
        tokens: hasTokens ? tokens : known.tokens,
        thinking: record.thinking_traces.length > known.thinking.length ? record.thinking_traces : known.thinking,
        error: record.error ?? known.error,
        grounding: record.grounding ?? known.grounding,
      };
    } else {
      const agent = blankAgent(record.id, record.agent_name, record.agent_type, late, record);
      const parent = parentId ? next.agents[parentId] : undefined;
      const onDemand = agent.agentType === "CHAT" || agent.agentType === "VERIFICATION" || parent?.lane === "chat";
      next.agents[record.id] = {
        ...agent,
        parentId,
        lane: onDemand ? "chat" : "processing",
        stage: onDemand && agent.stage === "domains" ? "escalation" : agent.stage,
        status: recordStatus,
        model: record.model_name || null,
        fallbackModel: record.fallback_used ? (record.fallback_model ?? "flash") : null,
        startedAt: record.started_at,
        completedAt: record.completed_at,
        durationSeconds: record.duration_seconds,
        tokens: hasTokens ? tokens : null,
        thinking: record.thinking_traces,
        error: record.error,
        grounding: record.grounding,
      };
    }
    for (const child of record.children) visit(child, record.id);
  };
  for (const record of records) visit(record, null);
  return next;
}

// ---- views ---------------------------------------------------------------------------------------

function placeholder(key: string, label: string, stage: Stage, status: AgentStatus, extra: Partial<FlowAgent> = {}): FlowAgent {
  return {
    ...blankAgent(`placeholder:${key}`, key, null, Number.MAX_SAFE_INTEGER),
    executionId: null,
    key: `placeholder:${key}`,
    label,
    stage,
    status,
    synthetic: "placeholder",
    ...extra,
  };
}

function domainIndex(domain: string | null): number {
  const index = DOMAIN_ORDER.indexOf(domain ?? "");
  return index === -1 ? DOMAIN_ORDER.length : index;
}

/** Domain-stage agents in display order: by domain, then worker number, then spawn order. */
export function byDomain(a: FlowAgent, b: FlowAgent): number {
  return (
    domainIndex(a.domain) - domainIndex(b.domain) ||
    (a.domain ?? "").localeCompare(b.domain ?? "") ||
    (a.worker ?? 0) - (b.worker ?? 0) ||
    a.order - b.order
  );
}

/** The executions of the latest processing job, when the log has told us which one it is; else
 *  (records only) those from the latest triage on. */
function currentProcessing(log: FlowLog): FlowAgent[] {
  const all = Object.values(log.agents).filter((a) => a.lane === "processing");
  if (log.jobId !== null) return all.filter((a) => a.jobId === log.jobId);
  if (log.lastEventId > 0) return all.filter((a) => a.jobId === null);
  const triage = all.filter((a) => a.stage === "triage" && a.startedAt).sort((a, b) => (a.startedAt ?? "").localeCompare(b.startedAt ?? ""));
  const since = triage.at(-1)?.startedAt;
  return since ? all.filter((a) => !a.startedAt || a.startedAt >= since) : all;
}

function latestByName(agents: FlowAgent[]): FlowAgent[] {
  const latest = new Map<string, FlowAgent>();
  for (const agent of [...agents].sort((a, b) => a.order - b.order)) {
    const before = latest.get(agent.name);
    latest.set(agent.name, before ? { ...agent, attempts: Math.max(agent.attempts, before.attempts + 1) } : agent);
  }
  return [...latest.values()];
}

/**
 * The processing run as a picture: the latest job's agents, a merge per domain with several
 * workers, and (while it runs) placeholders for the stages to come. `caseStatus` lets a case whose
 * processing was just requested show its pipeline before the first event arrives.
 */
export function processingView(log: FlowLog, caseStatus: CaseStatus | null = null): FlowView {
  let run = log.runs[log.jobId ?? ""] ?? null;
  const agents = latestByName(currentProcessing(log));
  if (!run && agents.length === 0) {
    if (caseStatus !== "PROCESSING") return { run: null, agents: [], edges: [] };
    run = blankRun(null);
  }
  if (!run) {
    const failed = agents.some((a) => a.status === "FAILED" || a.status === "TIMEOUT");
    const running = agents.some((a) => !TERMINAL.has(a.status));
    run = { ...blankRun(null), status: running ? "RUNNING" : failed ? "PARTIAL" : "READY" };
  }
  const running = run.status === "RUNNING";
  const out: FlowAgent[] = [...agents];
  const has = (stage: Stage) => agents.some((a) => a.stage === stage);

  // Stages still to come (or that never ran, when the job failed).
  const missing: AgentStatus | null = running ? "PENDING" : run.status === "ERROR" ? "SKIPPED" : null;
  if (missing) {
    const labels: Record<string, string> = { triage: "Triage", orchestrator: "Orchestrator", synthesis: "Synthesis", graph: "Knowledge graph" };
    for (const stage of PROCESSING_STAGES) {
      if (stage === "domains") {
        const planned = run.plan ?? [];
        if (planned.length === 0 && !has("domains")) {
          out.push(placeholder("domains", "Domain agents", "domains", missing));
        }
        for (const plan of planned) {
          if (agents.some((a) => a.stage === "domains" && a.domain === plan.domain)) continue;
          out.push(
            placeholder(`domain:${plan.domain}`, titled(plan.domain), "domains", missing, {
              domain: plan.domain,
              workers: plan.workers,
              files: [],
            }),
          );
        }
        continue;
      }
      if (!has(stage)) out.push(placeholder(stage, labels[stage] ?? titled(stage), stage, missing));
    }
  }

  // One merge per domain that ran several workers.
  const workersByDomain = new Map<string, FlowAgent[]>();
  for (const agent of agents) {
    if (agent.stage === "domains" && agent.worker !== null && agent.domain) {
      workersByDomain.set(agent.domain, [...(workersByDomain.get(agent.domain) ?? []), agent]);
    }
  }
  for (const [domain, workers] of workersByDomain) {
    if (workers.length < 2) continue;
    const failed = workers.some((w) => w.status === "FAILED" || w.status === "TIMEOUT");
    const done = workers.every((w) => w.status === "COMPLETED");
    const stopped = workers.some((w) => w.status === "STOPPED" || w.status === "SKIPPED");
    const finished = workers.map((w) => w.completedAt).filter((t): t is string => t !== null).sort();
    out.push({
      ...placeholder(`merge-${domain}`, `${titled(domain)} merge`, "merge", failed ? "FAILED" : done ? "COMPLETED" : stopped ? "STOPPED" : "PENDING"),
      key: `merge:${domain}`,
      name: `${domain}_merge`,
      domain,
      synthetic: "merge",
      workers: workers.length,
      completedAt: done ? (finished.at(-1) ?? null) : null,
      error: failed ? `${workers.filter((w) => w.status === "FAILED" || w.status === "TIMEOUT").length} of ${workers.length} workers failed, so the ${domain} findings were not merged.` : null,
    });
  }

  return { run, agents: out, edges: processingEdges(out) };
}

function processingEdges(agents: FlowAgent[]): FlowEdge[] {
  const edges: FlowEdge[] = [];
  const of = (stage: Stage) => agents.filter((a) => a.stage === stage);
  const link = (source: FlowAgent, targetAgent: FlowAgent) =>
    edges.push({ id: `${source.key}->${targetAgent.key}`, source: source.key, target: targetAgent.key, status: targetAgent.status });
  const linkAll = (sources: FlowAgent[], targets: FlowAgent[]) => sources.forEach((s) => targets.forEach((t) => link(s, t)));

  const triage = of("triage");
  const orchestrator = of("orchestrator");
  const domains = of("domains").sort(byDomain);
  const merges = of("merge");
  const synthesis = of("synthesis");
  const graph = of("graph");
  const graphMerge = of("graph_merge");
  const other = of("other");

  linkAll(triage, orchestrator.length ? orchestrator : domains);
  linkAll(orchestrator.length ? orchestrator : triage, domains);
  const merged = new Set(merges.map((m) => m.domain));
  for (const agent of domains) {
    if (agent.domain && merged.has(agent.domain) && agent.worker !== null) {
      const merge = merges.find((m) => m.domain === agent.domain);
      if (merge) link(agent, merge);
    } else {
      linkAll([agent], synthesis);
    }
  }
  linkAll(merges, synthesis);
  const before = synthesis.length ? synthesis : [...merges, ...domains.filter((d) => !(d.domain && merged.has(d.domain) && d.worker !== null))];
  linkAll(before, graph);
  linkAll(graph.length ? graph : before, graphMerge);
  // Numeric validation runs beside the domains, in columns of its own after the graph: a line
  // from the orchestrator would cross every column between, so its chain starts unlinked.
  const extractors = of("numeric");
  const verifiers = of("numeric_verify").sort((a, b) => (a.worker ?? 0) - (b.worker ?? 0));
  linkAll(extractors, verifiers);
  linkAll(verifiers.length ? verifiers : extractors, of("numeric_review"));
  linkAll(orchestrator, other);
  return edges;
}

/** Chat and verification runs, each with the domain agents it escalated to; newest last. */
export function chatView(log: FlowLog): FlowView {
  const agents = Object.values(log.agents)
    .filter((a) => a.lane === "chat")
    .sort((a, b) => a.order - b.order);
  const edges: FlowEdge[] = [];
  for (const agent of agents) {
    if (agent.parentId && log.agents[agent.parentId]?.lane === "chat") {
      edges.push({ id: `${agent.parentId}->${agent.key}`, source: agent.parentId, target: agent.key, status: agent.status });
    }
  }
  return { run: null, agents, edges };
}

export function totalTokens(tokens: Tokens | null): number | null {
  return tokens ? tokens.input + tokens.output + tokens.thinking : null;
}

// ---- the store -----------------------------------------------------------------------------------

type AgentFlowState = {
  caseId: string | null;
  log: FlowLog;
  records: AgentNodeOut[];
  recordsLoaded: boolean;
  recordsError: string | null;
  /** Follows the case's event stream (useCaseEvents) and loads its execution records. */
  attach: (caseId: string) => () => void;
  refreshRecords: () => Promise<void>;
};

/** Events after which the records hold something new (final tokens, fallbacks, errors). */
const RECORD_REFRESH = new Set(["AGENT_COMPLETED", "AGENT_ERROR", "AGENT_FALLBACK", "AGENT_TIMEOUT", "PROCESSING_COMPLETED", "PROCESSING_FAILED"]);
const RECORD_REFRESH_MS = 800;

export const useAgentFlow = create<AgentFlowState>((set, get) => ({
  caseId: null,
  log: emptyLog(),
  records: [],
  recordsLoaded: false,
  recordsError: null,
  attach(caseId) {
    set({ caseId, log: emptyLog(), records: [], recordsLoaded: false, recordsError: null });
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refreshSoon = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void get().refreshRecords();
      }, RECORD_REFRESH_MS);
    };
    const sync = (events: CaseEvent[], eventsCaseId: string | null) => {
      if (get().caseId !== caseId) return;
      if (eventsCaseId !== caseId) return;
      const log = get().log;
      const fresh = events.filter((e) => e.id > log.lastEventId);
      // An event older than what was applied (or a log that restarted): rebuild from the start.
      const rebuilt = events.length !== log.applied + fresh.length;
      const next = rebuilt ? applyEvents(emptyLog(), events) : applyEvents(log, fresh);
      if (next !== log) set({ log: next });
      if (fresh.some((e) => RECORD_REFRESH.has(e.type))) refreshSoon();
    };
    const initial = useCaseEvents.getState();
    sync(initial.events, initial.caseId);
    const unsubscribe = useCaseEvents.subscribe((state, previous) => {
      if (state.events !== previous.events || state.caseId !== previous.caseId) sync(state.events, state.caseId);
      // Back after a drop: the records may hold what the gap hid.
      if (state.connection === "open" && previous.connection === "reconnecting") refreshSoon();
    });
    void get().refreshRecords();
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
      if (get().caseId === caseId) set({ caseId: null });
    };
  },
  async refreshRecords() {
    const caseId = get().caseId;
    if (!caseId) return;
    try {
      const records = await unwrap(listAgents({ path: { case_id: caseId } }));
      if (get().caseId === caseId) set({ records, recordsLoaded: true, recordsError: null });
    } catch (error) {
      if (get().caseId !== caseId) return;
      if (error instanceof ApiError && error.status === 401) return; // the session handler takes over
      set({ recordsLoaded: true, recordsError: errorMessage(error) });
    }
  },
}));
