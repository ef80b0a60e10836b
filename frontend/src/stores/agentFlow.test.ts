import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { AgentNodeOut, CaseEvent } from "@/client/types.gen";

import {
  type FlowAgent,
  activeDelay,
  applyEvent,
  applyEvents,
  chatView,
  currentDelay,
  emptyLog,
  mergeRecords,
  processingView,
  useAgentFlow,
} from "./agentFlow";
import { useCaseEvents } from "./events";

const listAgents = vi.fn();
vi.mock("@/client/sdk.gen", () => ({ listAgents: (...args: unknown[]) => listAgents(...args) }));

type Identity = Pick<AgentNodeOut, "phase" | "domain" | "worker">;
const worker = (domain: NonNullable<Identity["domain"]>, n: number): Identity => ({ phase: "domains", domain, worker: n });

/** Events shaped like backend/src/holmes_backend/agents/runner.py and pipeline.py write them. */
class Log {
  events: CaseEvent[] = [];
  private id = 0;
  private clock = Date.parse("2026-11-22T10:00:00Z");

  push(type: CaseEvent["type"], agentId: string | null, agentType: string | null, payload: Record<string, unknown>): CaseEvent {
    this.id += 1;
    this.clock += 100;
    const event = {
      id: this.id,
      case_id: "c1",
      type,
      agent_id: agentId,
      agent_type: agentType,
      timestamp: new Date(this.clock).toISOString(),
      payload,
    } as CaseEvent;
    this.events.push(event);
    return event;
  }
  started(job: string, files = 3, resumedAfter: string[] = []) {
    this.push("PROCESSING_STARTED", "orchestrator", "ORCHESTRATOR", { job_id: job, files, resumed_after: resumedAfter });
  }
  /** `identity`: who the agent says it is (the runner writes its spec's phase, domain, worker). */
  spawn(name: string, type: string, exec: string, parent: string | null = null, model = "gemini-pro", files: string[] = [], identity: Identity = {}) {
    const payload = { execution_id: exec, parent_execution_id: parent, model, input: { files }, ...identity };
    this.push("AGENT_SPAWNED", name, type, payload);
    this.push("AGENT_STARTED", name, type, payload);
  }
  think(name: string, type: string, text: string) {
    this.push("THINKING_UPDATE", name, type, { thinking_summary: text });
  }
  complete(name: string, type: string, exec: string, model = "gemini-pro", fallback = false) {
    this.push("AGENT_COMPLETED", name, type, {
      execution_id: exec,
      model,
      tokens: { input: 100, output: 50 },
      duration_seconds: 1.5,
      fallback_used: fallback,
    });
  }
  fail(name: string, type: string, exec: string, error: string) {
    this.push("AGENT_ERROR", name, type, { execution_id: exec, error });
  }
  routing(assignments: { domain: string; files: number; workers: number }[]) {
    this.push("AGENT_PROGRESS", "orchestrator", "ORCHESTRATOR", {
      phase: "routing",
      reasoning: "Routed by domain vocabulary.",
      assignments: assignments.map((a) => ({ domain: a.domain, file_ids: Array.from({ length: a.files }, (_, i) => `f${i}`), complexity: 1, workers: a.workers })),
    });
  }
  finished(job: string, status: "READY" | "PARTIAL" = "READY") {
    this.push("PROCESSING_COMPLETED", "orchestrator", "ORCHESTRATOR", { job_id: job, status, resumed: false, errors: [] });
  }
}

/** A whole job: triage, orchestrator, financial with 3 workers, legal alone, synthesis, graph. */
function fullRun(log = new Log(), job = "j1", prefix = "") {
  const x = (id: string) => `${prefix}${id}`;
  log.started(job);
  log.push("AGENT_PROGRESS", "orchestrator", "ORCHESTRATOR", { phase: "extraction", files_read: 3, files: 3, progress: 1 });
  log.spawn("triage_agent", "TRIAGE", x("t"), null, "gemini-flash", ["f1", "f2", "f3"]);
  log.think("triage_agent", "TRIAGE", "Triaged 3 files.");
  log.complete("triage_agent", "TRIAGE", x("t"), "gemini-flash");
  log.spawn("orchestrator", "ORCHESTRATOR", x("o"));
  log.complete("orchestrator", "ORCHESTRATOR", x("o"));
  log.routing([
    { domain: "financial", files: 3, workers: 3 },
    { domain: "legal", files: 1, workers: 1 },
  ]);
  for (const n of [1, 2, 3]) log.spawn(`financial_worker_${n}`, "FINANCIAL", x(`fw${n}`), x("o"), "gemini-pro", [], worker("financial", n));
  log.spawn("legal_agent", "LEGAL", x("l"), x("o"));
  for (const n of [1, 2, 3]) log.complete(`financial_worker_${n}`, "FINANCIAL", x(`fw${n}`));
  log.complete("legal_agent", "LEGAL", x("l"));
  log.spawn("synthesis_agent", "SYNTHESIS", x("s"));
  log.complete("synthesis_agent", "SYNTHESIS", x("s"));
  log.push("INSIGHT_DETECTED", "synthesis_agent", "SYNTHESIS", { kind: "contradiction", insight: {} });
  log.spawn("knowledge_graph_agent", "KNOWLEDGE_GRAPH", x("g"));
  log.complete("knowledge_graph_agent", "KNOWLEDGE_GRAPH", x("g"));
  log.push("GRAPH_UPDATED", "knowledge_graph_agent", "KNOWLEDGE_GRAPH", { version: 1, nodes: 84, edges: 133 });
  log.finished(job);
  return log;
}

const byKey = (agents: FlowAgent[]) => Object.fromEntries(agents.map((a) => [a.key, a]));

describe("applyEvents", () => {
  it("follows an agent from spawn to completion", () => {
    const log = new Log();
    log.started("j1");
    log.push("AGENT_SPAWNED", "triage_agent", "TRIAGE", { execution_id: "t", parent_execution_id: null, model: "gemini-flash", input: { files: ["f1"] } });
    let state = applyEvents(emptyLog(), log.events);
    expect(state.agents.t).toMatchObject({ status: "PENDING", label: "Triage", stage: "triage", model: "gemini-flash", files: ["f1"], jobId: "j1" });
    log.push("AGENT_STARTED", "triage_agent", "TRIAGE", { execution_id: "t", parent_execution_id: null, model: "gemini-flash", input: {} });
    log.think("triage_agent", "TRIAGE", "Reading the files.");
    log.push("TOOL_INVOKED", "triage_agent", "TRIAGE", { tool: "search_evidence", arguments: { q: "alibi" }, results: 3, error: null });
    state = applyEvents(state, log.events);
    expect(state.agents.t).toMatchObject({ status: "RUNNING", thinking: ["Reading the files."] });
    expect(state.agents.t?.tools).toEqual([expect.objectContaining({ tool: "search_evidence", args: { q: "alibi" }, results: 3 })]);
    log.complete("triage_agent", "TRIAGE", "t", "gemini-flash");
    state = applyEvents(state, log.events);
    expect(state.agents.t).toMatchObject({
      status: "COMPLETED",
      durationSeconds: 1.5,
      tokens: { input: 100, output: 50, thinking: 0 },
      model: "gemini-flash",
      fallbackModel: null,
    });
    expect(state.lastEventId).toBe(6);
  });

  it("records a fallback from Pro to Flash and keeps the model asked first", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("legal_agent", "LEGAL", "l", null, "gemini-3-pro");
    log.push("AGENT_FALLBACK", "legal_agent", "LEGAL", { execution_id: "l", fallback_model: "gemini-3-flash", error: "ServerError: 503 UNAVAILABLE" });
    log.complete("legal_agent", "LEGAL", "l", "gemini-3-flash", true);
    const agent = applyEvents(emptyLog(), log.events).agents.l;
    expect(agent).toMatchObject({
      status: "COMPLETED",
      model: "gemini-3-pro",
      fallbackModel: "gemini-3-flash",
      fallbackReason: "ServerError: 503 UNAVAILABLE",
    });
  });

  it("marks a failed agent, its domain's merge, and a partial run", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("orchestrator", "ORCHESTRATOR", "o");
    log.complete("orchestrator", "ORCHESTRATOR", "o");
    log.spawn("financial_worker_1", "FINANCIAL", "w1", "o", "gemini-pro", [], worker("financial", 1));
    log.spawn("financial_worker_2", "FINANCIAL", "w2", "o", "gemini-pro", [], worker("financial", 2));
    log.complete("financial_worker_1", "FINANCIAL", "w1");
    log.fail("financial_worker_2", "FINANCIAL", "w2", "RuntimeError: the model returned no structured output");
    let state = applyEvents(emptyLog(), log.events);
    expect(state.agents.w2).toMatchObject({ status: "FAILED", error: "RuntimeError: the model returned no structured output" });
    let view = byKey(processingView(state).agents);
    expect(view["merge:financial"]).toMatchObject({ status: "FAILED", synthetic: "merge", workers: 2 });
    log.finished("j1", "PARTIAL");
    state = applyEvents(state, log.events);
    expect(state.runs.j1?.status).toBe("PARTIAL");
    view = byKey(processingView(state).agents);
    // A finished run shows no placeholders for what did not run.
    expect(Object.keys(view).filter((k) => k.startsWith("placeholder:"))).toEqual([]);
  });

  it("stops what was still running when the job fails, and shows the stages it never reached", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("triage_agent", "TRIAGE", "t");
    log.push("PROCESSING_FAILED", "orchestrator", "ORCHESTRATOR", { job_id: "j1", phase: "triage", error: "RuntimeError: boom", completed_phases: ["extraction"] });
    const state = applyEvents(emptyLog(), log.events);
    expect(state.agents.t).toMatchObject({ status: "STOPPED", error: "RuntimeError: boom" });
    expect(state.runs.j1).toMatchObject({ status: "ERROR", errors: ["RuntimeError: boom"] });
    const view = byKey(processingView(state).agents);
    expect(view["placeholder:synthesis"]?.status).toBe("SKIPPED");
  });

  it("is idempotent: a replay, whole or in part, changes nothing", () => {
    const events = fullRun().events;
    const once = applyEvents(emptyLog(), events);
    expect(applyEvents(once, events)).toBe(once);
    expect(applyEvents(once, events.slice(5, 9))).toBe(once);
    // In two batches with an overlap, or one at a time with duplicates, the result is the same.
    const split = applyEvents(applyEvents(emptyLog(), events.slice(0, 20)), events.slice(10));
    expect(split).toEqual(once);
    let single = emptyLog();
    for (const event of [...events, ...events]) single = applyEvent(single, event);
    expect(single).toEqual(once);
    // Out of order in one batch: applied in id order.
    expect(applyEvents(emptyLog(), [...events].reverse())).toEqual(once);
    // Duplicated inside a batch.
    expect(applyEvents(emptyLog(), events.flatMap((e) => [e, e]))).toEqual(once);
  });

  it("keeps the latest job only, and chat runs apart", () => {
    const log = fullRun();
    // A chat question escalates to the legal domain.
    log.spawn("chat_agent", "CHAT", "chat1", null, "gemini-pro");
    log.think("chat_agent", "CHAT", "Looking up the graph.");
    log.push("TOOL_INVOKED", "chat_agent", "CHAT", { tool: "escalate_to_domain", arguments: { question: "Why?" }, results: 2, error: null });
    log.spawn("legal_agent", "LEGAL", "esc1", "chat1");
    log.complete("legal_agent", "LEGAL", "esc1");
    log.complete("chat_agent", "CHAT", "chat1");
    let state = applyEvents(emptyLog(), log.events);
    const processing = processingView(state);
    expect(processing.agents.map((a) => a.key)).not.toContain("chat1");
    expect(processing.agents.map((a) => a.key)).toContain("l"); // the pipeline's legal agent, not the escalation
    const chat = chatView(state);
    expect(chat.agents.map((a) => [a.key, a.stage])).toEqual([
      ["chat1", "chat"],
      ["esc1", "escalation"],
    ]);
    expect(chat.edges).toEqual([{ id: "chat1->esc1", source: "chat1", target: "esc1", status: "COMPLETED" }]);
    expect(state.agents.chat1?.tools[0]?.tool).toBe("escalate_to_domain");

    // Processing again: the view shows the new job only.
    log.started("j2");
    log.spawn("triage_agent", "TRIAGE", "t2");
    state = applyEvents(state, log.events);
    const again = processingView(state);
    expect(again.run).toMatchObject({ jobId: "j2", status: "RUNNING" });
    expect(again.agents.filter((a) => !a.synthetic).map((a) => a.key)).toEqual(["t2"]);
    expect(state.jobs).toEqual(["j1", "j2"]);
  });
});

describe("processingView", () => {
  it("draws the hierarchy: workers merge per domain, then synthesis and the graph", () => {
    const state = applyEvents(emptyLog(), fullRun().events);
    const view = processingView(state);
    expect(view.run).toMatchObject({ status: "READY", filesRead: 3, insights: { contradiction: 1 }, graph: { version: 1, nodes: 84, edges: 133 } });
    const agents = byKey(view.agents);
    expect(Object.keys(agents).sort()).toEqual(["fw1", "fw2", "fw3", "g", "l", "merge:financial", "o", "s", "t"]);
    expect(agents.fw2).toMatchObject({ label: "Financial · worker 2", stage: "domains", domain: "financial", worker: 2 });
    expect(agents["merge:financial"]).toMatchObject({ status: "COMPLETED", stage: "merge", workers: 3 });
    const edges = view.edges.map((e) => `${e.source}->${e.target}`).sort();
    expect(edges).toEqual(
      [
        "t->o",
        "o->fw1",
        "o->fw2",
        "o->fw3",
        "o->l",
        "fw1->merge:financial",
        "fw2->merge:financial",
        "fw3->merge:financial",
        "merge:financial->s",
        "l->s",
        "s->g",
      ].sort(),
    );
  });

  it("draws numeric validation as a fan-out: extractor, one verifier per statement, reviewer", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("orchestrator_agent", "ORCHESTRATOR", "o");
    log.complete("orchestrator_agent", "ORCHESTRATOR", "o");
    log.spawn("numeric_extractor", "NUMERIC_EXTRACTOR", "nx", "o");
    log.complete("numeric_extractor", "NUMERIC_EXTRACTOR", "nx");
    for (const n of [1, 2, 3]) log.spawn(`numeric_verifier_${n}`, "NUMERIC_VERIFIER", `nv${n}`, "nx", "gemini-pro", [], { phase: "numeric_verify", worker: n });
    for (const n of [1, 2, 3]) log.complete(`numeric_verifier_${n}`, "NUMERIC_VERIFIER", `nv${n}`);
    log.spawn("numeric_reviewer", "NUMERIC_REVIEWER", "nr", "nx");
    log.complete("numeric_reviewer", "NUMERIC_REVIEWER", "nr");
    const view = processingView(applyEvents(emptyLog(), log.events));
    const agents = byKey(view.agents);
    expect(agents.nx).toMatchObject({ label: "Numeric extractor", stage: "numeric" });
    expect(agents.nv2).toMatchObject({ label: "Numeric verifier 2", stage: "numeric_verify", worker: 2 });
    expect(agents.nr).toMatchObject({ label: "Numeric reviewer", stage: "numeric_review" });
    const edges = view.edges.map((e) => `${e.source}->${e.target}`).filter((e) => /(^|>)n[xvr]/.test(e));
    expect(edges.sort()).toEqual(["nv1->nr", "nv2->nr", "nv3->nr", "nx->nv1", "nx->nv2", "nx->nv3"]);
  });

  it("shows the stages to come while the job runs, the planned domains included", () => {
    const log = new Log();
    log.started("j1");
    let view = processingView(applyEvents(emptyLog(), log.events));
    expect(view.agents.map((a) => [a.key, a.status])).toEqual([
      ["placeholder:triage", "PENDING"],
      ["placeholder:orchestrator", "PENDING"],
      ["placeholder:domains", "PENDING"],
      ["placeholder:synthesis", "PENDING"],
      ["placeholder:graph", "PENDING"],
    ]);
    log.spawn("triage_agent", "TRIAGE", "t");
    log.complete("triage_agent", "TRIAGE", "t");
    log.spawn("orchestrator", "ORCHESTRATOR", "o");
    log.complete("orchestrator", "ORCHESTRATOR", "o");
    log.routing([
      { domain: "financial", files: 4, workers: 2 },
      { domain: "legal", files: 1, workers: 1 },
    ]);
    log.spawn("legal_agent", "LEGAL", "l", "o");
    view = processingView(applyEvents(emptyLog(), log.events));
    const agents = byKey(view.agents);
    expect(agents["placeholder:domain:financial"]).toMatchObject({ status: "PENDING", domain: "financial", workers: 2, label: "Financial" });
    expect(agents["placeholder:domain:legal"]).toBeUndefined();
    expect(agents["placeholder:domains"]).toBeUndefined();
    expect(agents.l?.status).toBe("RUNNING");
    expect(view.edges.find((e) => e.id === "o->l")?.status).toBe("RUNNING");
  });

  it("shows a case whose processing was just asked for before its first event", () => {
    expect(processingView(emptyLog(), "PENDING").agents).toEqual([]);
    expect(processingView(emptyLog(), "PROCESSING").agents.map((a) => a.key)).toContain("placeholder:triage");
  });

  it("shows the latest of several executions of one agent (a resumed job)", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("synthesis_agent", "SYNTHESIS", "s1");
    log.started("j1", 3, ["extraction", "triage", "routing", "domains"]);
    log.spawn("synthesis_agent", "SYNTHESIS", "s2");
    log.complete("synthesis_agent", "SYNTHESIS", "s2");
    const view = processingView(applyEvents(emptyLog(), log.events));
    const synthesis = view.agents.filter((a) => a.stage === "synthesis");
    expect(synthesis.map((a) => [a.key, a.attempts, a.status])).toEqual([["s2", 1, "COMPLETED"]]);
  });
});

const record = (id: string, name: string, type: string, extra: Partial<AgentNodeOut> = {}): AgentNodeOut => ({
  id,
  agent_name: name,
  agent_type: type,
  children: [],
  completed_at: "2026-11-22T10:00:05Z",
  duration_seconds: 2,
  error: null,
  fallback_model: null,
  fallback_used: false,
  input_tokens: 1000,
  model_name: "gemini-pro",
  output_tokens: 500,
  provider: "gemini",
  started_at: "2026-11-22T10:00:03Z",
  status: "COMPLETED",
  thinking_tokens: 42,
  cached_tokens: 0,
  cost_usd: 0,
  grounding: null,
  thinking_traces: ["one", "two"],
  ...extra,
});

describe("mergeRecords", () => {
  it("adds what only the records know to the agents of the log", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("triage_agent", "TRIAGE", "t", null, "gemini-flash");
    log.think("triage_agent", "TRIAGE", "one");
    const state = mergeRecords(applyEvents(emptyLog(), log.events), [record("t", "triage_agent", "TRIAGE", { model_name: "gemini-flash" })]);
    expect(state.agents.t).toMatchObject({
      status: "COMPLETED",
      tokens: { input: 1000, output: 500, thinking: 42 },
      thinking: ["one", "two"],
      durationSeconds: 2,
      jobId: "j1",
    });
  });

  it("rebuilds the latest run from the records alone (before the log arrives)", () => {
    const records = [
      record("t-old", "triage_agent", "TRIAGE", { started_at: "2026-11-20T09:00:00Z" }),
      record("t", "triage_agent", "TRIAGE", { started_at: "2026-11-22T10:00:00Z" }),
      record("o", "orchestrator", "ORCHESTRATOR", {
        started_at: "2026-11-22T10:00:01Z",
        children: [
          record("fw1", "financial_worker_1", "FINANCIAL", { started_at: "2026-11-22T10:00:02Z", ...worker("financial", 1) }),
          record("fw2", "financial_worker_2", "FINANCIAL", {
            ...worker("financial", 2),
            started_at: "2026-11-22T10:00:02Z",
            status: "COMPLETED",
            fallback_used: true,
            fallback_model: "gemini-flash",
          }),
        ],
      }),
      record("chat", "chat_agent", "CHAT", { children: [record("esc", "legal_agent", "LEGAL")] }),
    ];
    const state = mergeRecords(emptyLog(), records);
    const view = processingView(state);
    expect(view.agents.map((a) => a.key).sort()).toEqual(["fw1", "fw2", "merge:financial", "o", "t"]);
    expect(byKey(view.agents).fw2).toMatchObject({ parentId: "o", model: "gemini-pro", fallbackModel: "gemini-flash" });
    expect(chatView(state).agents.map((a) => [a.key, a.stage])).toEqual([
      ["chat", "chat"],
      ["esc", "escalation"],
    ]);
    // The same picture once the log arrives: records and events agree on ids.
    const log = new Log();
    log.started("j1");
    log.spawn("triage_agent", "TRIAGE", "t");
    log.spawn("orchestrator", "ORCHESTRATOR", "o");
    log.spawn("financial_worker_1", "FINANCIAL", "fw1", "o", "gemini-pro", [], worker("financial", 1));
    log.spawn("financial_worker_2", "FINANCIAL", "fw2", "o", "gemini-pro", [], worker("financial", 2));
    const both = processingView(mergeRecords(applyEvents(emptyLog(), log.events), records));
    expect(both.agents.filter((a) => !a.synthetic || a.synthetic === "merge").map((a) => [a.key, a.status]).sort()).toEqual(
      [
        ["fw1", "COMPLETED"],
        ["fw2", "COMPLETED"],
        ["merge:financial", "COMPLETED"],
        ["o", "COMPLETED"],
        ["t", "COMPLETED"],
      ].sort(),
    );
  });
});

describe("useAgentFlow", () => {
  beforeEach(() => {
    listAgents.mockReset();
    listAgents.mockResolvedValue({ data: [], response: new Response("[]", { status: 200 }) });
    useCaseEvents.setState({ caseId: "c1", events: [], connection: "open" });
  });
  afterEach(() => {
    useCaseEvents.setState({ caseId: null, events: [], connection: "idle" });
  });

  it("follows the event store, and rebuilds when an older event arrives late", async () => {
    const events = fullRun().events;
    useCaseEvents.setState({ events: events.slice(0, 10) });
    const detach = useAgentFlow.getState().attach("c1");
    expect(useAgentFlow.getState().log.lastEventId).toBe(10);
    useCaseEvents.setState({ events });
    expect(useAgentFlow.getState().log.lastEventId).toBe(events.length);
    const whole = useAgentFlow.getState().log;
    expect(whole).toEqual(applyEvents(emptyLog(), events));
    // Event 5 missing, then delivered late: the picture is rebuilt with it.
    useCaseEvents.setState({ events: events.filter((e) => e.id !== 5) });
    useAgentFlow.setState({ log: applyEvents(emptyLog(), events.filter((e) => e.id !== 5)) });
    useCaseEvents.setState({ events: [...events] });
    expect(useAgentFlow.getState().log).toEqual(whole);
    await vi.waitFor(() => expect(useAgentFlow.getState().recordsLoaded).toBe(true));
    expect(listAgents).toHaveBeenCalledWith({ path: { case_id: "c1" } });
    detach();
    useCaseEvents.setState({ events: [...events, { ...events[0]!, id: 999 }] });
    expect(useAgentFlow.getState().log.lastEventId).toBe(events.length);
  });

  it("ignores another case's events", () => {
    const detach = useAgentFlow.getState().attach("c1");
    useCaseEvents.setState({ caseId: "c2", events: fullRun().events });
    expect(useAgentFlow.getState().log.lastEventId).toBe(0);
    detach();
  });
});

describe("quota waits and grounding", () => {
  const delayed = (log: Log, name: string, type: string, resumeAt: string) =>
    log.push("PROCESSING_DELAYED", name, type, {
      model: "gemini-pro",
      reason: "RESOURCE_EXHAUSTED",
      delay_seconds: 30.5,
      resume_at: resumeAt,
      source: "retry_info",
      retry: 1,
      quota_id: "GenerateRequestsPerMinutePerProjectPerModel",
    });
  const counts = { citations: 9, held: 7, unchecked: 1, items: 4, failed: 2, reasked: 2, fixed: 1, unverified: 1, dropped: 0 };

  it("reads PROCESSING_DELAYED as a wait of the agent, current until its resume time", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("triage_agent", "TRIAGE", "t");
    delayed(log, "triage_agent", "TRIAGE", "2026-11-22T10:01:00+00:00");
    const agent = applyEvents(emptyLog(), log.events).agents.t!;
    expect(agent.status).toBe("RUNNING");
    expect(agent.error).toBeNull();
    expect(agent.delay).toMatchObject({
      model: "gemini-pro",
      delaySeconds: 30.5,
      resumeAt: "2026-11-22T10:01:00+00:00",
      source: "retry_info",
      retry: 1,
      quotaId: "GenerateRequestsPerMinutePerProjectPerModel",
    });
    expect(activeDelay(agent, Date.parse("2026-11-22T10:00:30Z"))).not.toBeNull();
    expect(activeDelay(agent, Date.parse("2026-11-22T10:01:01Z"))).toBeNull();
    expect(currentDelay(processingView(applyEvents(emptyLog(), log.events)).agents, Date.parse("2026-11-22T10:00:30Z"))?.resumeAt).toBe(
      "2026-11-22T10:01:00+00:00",
    );
  });

  it("ends the wait at the agent's next event", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("triage_agent", "TRIAGE", "t");
    delayed(log, "triage_agent", "TRIAGE", "2026-11-22T10:01:00+00:00");
    log.think("triage_agent", "TRIAGE", "Reading.");
    expect(applyEvents(emptyLog(), log.events).agents.t!.delay).toBeNull();
  });

  it("reads GROUNDING_CHECKED and the records' grounding", () => {
    const log = new Log();
    log.started("j1");
    log.spawn("legal_agent", "LEGAL", "l");
    log.push("GROUNDING_CHECKED", "legal_agent", "LEGAL", { execution_id: "l", ...counts });
    const state = applyEvents(emptyLog(), log.events);
    expect(state.agents.l!.grounding).toEqual(counts);
    const fromRecords = mergeRecords(emptyLog(), [record("x", "evidence_agent", "EVIDENCE", { grounding: { ...counts, held: 9 } })]);
    expect(fromRecords.agents.x!.grounding).toMatchObject({ held: 9, citations: 9 });
    expect(mergeRecords(state, [record("l", "legal_agent", "LEGAL")]).agents.l!.grounding).toEqual(counts);
  });
});
