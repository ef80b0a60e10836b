import { describe, expect, it } from "vitest";

import type { CaseEvent } from "@/client/types.gen";
import { applyEvents, emptyLog, processingView } from "@/stores/agentFlow";

import { NODE_W, layoutChat, layoutProcessing } from "./layout";

let id = 0;
const event = (type: CaseEvent["type"], agent: string | null, agentType: string | null, payload: Record<string, unknown>): CaseEvent =>
  ({
    id: ++id,
    case_id: "c",
    type,
    agent_id: agent,
    agent_type: agentType,
    timestamp: "2026-11-22T10:00:00Z",
    payload,
  }) as CaseEvent;
const spawn = (name: string, type: string, exec: string, parent: string | null = null, identity: Record<string, unknown> = {}) =>
  event("AGENT_STARTED", name, type, { execution_id: exec, parent_execution_id: parent, model: "pro", ...identity });
const worker = (domain: string, n: number) => ({ phase: "domains", domain, worker: n });

/** 13 agents and 3 merges: the size the flow must stay legible at. */
function bigRun(): CaseEvent[] {
  id = 0;
  const events = [event("PROCESSING_STARTED", "orchestrator", "ORCHESTRATOR", { job_id: "j" }), spawn("triage_agent", "TRIAGE", "t"), spawn("orchestrator", "ORCHESTRATOR", "o")];
  for (const n of [1, 2, 3]) events.push(spawn(`financial_worker_${n}`, "FINANCIAL", `f${n}`, "o", worker("financial", n)));
  for (const n of [1, 2, 3]) events.push(spawn(`evidence_worker_${n}`, "EVIDENCE", `e${n}`, "o", worker("evidence", n)));
  for (const n of [1, 2]) events.push(spawn(`legal_worker_${n}`, "LEGAL", `l${n}`, "o", worker("legal", n)));
  events.push(spawn("strategy_agent", "STRATEGY", "st", "o"), spawn("synthesis_agent", "SYNTHESIS", "s"), spawn("knowledge_graph_agent", "KNOWLEDGE_GRAPH", "g"));
  return events;
}

type Box = { id: string; x: number; y: number; w: number; h: number };
const boxes = (nodes: ReturnType<typeof layoutProcessing>["nodes"]): Box[] =>
  nodes.map((n) => ({ id: n.id, x: n.position.x, y: n.position.y, w: n.width ?? 0, h: n.height ?? 0 }));
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe("layoutProcessing", () => {
  it("puts phases in columns left to right, with no two nodes overlapping", () => {
    const { nodes, edges } = layoutProcessing(processingView(applyEvents(emptyLog(), bigRun())));
    const agents = nodes.filter((n) => n.type === "agent");
    expect(agents).toHaveLength(13 + 3); // 13 agents and a merge for each of the 3 domains with workers
    const x = (key: string) => nodes.find((n) => n.id === key)?.position.x ?? NaN;
    expect(x("t")).toBeLessThan(x("o"));
    expect(x("o")).toBeLessThan(x("f1"));
    expect(x("f1")).toBe(x("st"));
    expect(x("f1")).toBeLessThan(x("merge:financial"));
    expect(x("merge:financial")).toBeLessThan(x("s"));
    expect(x("s")).toBeLessThan(x("g"));
    const all = boxes(nodes);
    for (const a of all) for (const b of all) if (a.id < b.id) expect(overlap(a, b), `${a.id} / ${b.id}`).toBe(false);
    // Edges into a running agent move; those into a merge that waits do not.
    expect(edges.find((e) => e.id === "o->f2")?.animated).toBe(true);
    expect(edges.find((e) => e.id === "f2->merge:financial")?.animated).toBe(false);
  });

  it("keeps a domain's workers together and its merge level with them", () => {
    const { nodes } = layoutProcessing(processingView(applyEvents(emptyLog(), bigRun())));
    const y = (key: string) => nodes.find((n) => n.id === key)!.position.y;
    const h = (key: string) => nodes.find((n) => n.id === key)!.height!;
    expect(y("f1")).toBeLessThan(y("f2"));
    expect(y("f3")).toBeLessThan(y("e1"));
    const workersMiddle = (y("f1") + y("f3") + h("f3")) / 2;
    expect(Math.abs(y("merge:financial") + h("merge:financial") / 2 - workersMiddle)).toBeLessThan(1);
    // The layout is centred on y = 0 and its width stays within a 1280-pixel screen at ~0.8 zoom.
    const xs = nodes.map((n) => n.position.x);
    expect(Math.max(...xs) + NODE_W - Math.min(...xs)).toBeLessThan(1600);
  });
});

describe("layoutChat", () => {
  it("gives each chat run a row, its escalations beside it", () => {
    id = 0;
    const events = [
      spawn("chat_agent", "CHAT", "c1"),
      spawn("legal_agent", "LEGAL", "x1", "c1"),
      spawn("financial_agent", "FINANCIAL", "x2", "c1"),
      spawn("chat_agent", "CHAT", "c2"),
    ];
    const { nodes } = layoutChat({ run: null, agents: Object.values(applyEvents(emptyLog(), events).agents), edges: [] });
    const at = (key: string) => nodes.find((n) => n.id === key)!.position;
    expect(at("x1").x).toBeGreaterThan(at("c1").x);
    expect(at("x1").y).toBeLessThan(at("x2").y);
    expect(at("c2").y).toBeGreaterThan(at("x2").y);
  });
});
