import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { CaseEvent } from "@/client/types.gen";
import { type FlowAgent, applyEvents, emptyLog } from "@/stores/agentFlow";

import { AgentDrawer } from "./AgentDrawer";

let id = 0;
const event = (type: CaseEvent["type"], payload: Record<string, unknown>): CaseEvent =>
  ({
    id: ++id,
    case_id: "c1",
    type,
    agent_id: "financial_agent",
    agent_type: "FINANCIAL",
    timestamp: "2026-12-06T09:00:00Z",
    payload,
  }) as CaseEvent;

function agentAfter(...events: CaseEvent[]): FlowAgent {
  const spawned = { execution_id: "f", model: "gemini-3.1-pro-preview", input: { files: [] } };
  const log = applyEvents(emptyLog(), [
    event("PROCESSING_STARTED", { job_id: "j1" }),
    event("AGENT_SPAWNED", spawned),
    event("AGENT_STARTED", spawned),
    // After the spawn, in the order given (they were built before it).
    ...events.map((e) => ({ ...e, id: ++id })),
  ]);
  return log.agents.f!;
}

const tool = (name: string, extra: Record<string, unknown>) =>
  event("TOOL_INVOKED", {
    tool: name,
    arguments: { query: "Northwind" },
    results: 3,
    summary: "3 passage(s) for 'Northwind'",
    error: null,
    duration_ms: 42,
    execution_id: "f",
    ...extra,
  });

const grounded = () =>
  event("GROUNDING_CHECKED", {
    execution_id: "f",
    citations: 9,
    held: 7,
    unchecked: 1,
    items: 6,
    failed: 2,
    reasked: 2,
    fixed: 1,
    unverified: 1,
    dropped: 0,
  });

const waited = (resumeAt: string, retry: number) =>
  event("PROCESSING_DELAYED", {
    model: "gemini-3.1-pro-preview",
    reason: "RESOURCE_EXHAUSTED",
    delay_seconds: 30,
    resume_at: resumeAt,
    source: "retry_info",
    retry,
    quota_id: "GenerateRequestsPerMinutePerProjectPerModel",
  });

function render(agent: FlowAgent): string {
  return renderToStaticMarkup(<AgentDrawer agent={agent} run={null} workers={[]} fileNames={{}} onClose={() => {}} onSelect={() => {}} />);
}

/** The text of the element with the given data-testid (its tags stripped). */
function textOf(html: string, testId: string): string | null {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return null;
  const open = html.lastIndexOf("<", start);
  const tag = html.slice(open + 1).split(/[\s>]/, 1)[0];
  const end = html.indexOf(`</${tag}>`, start);
  return html.slice(html.indexOf(">", start) + 1, end).replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim();
}

describe("AgentDrawer", () => {
  it("shows each tool call with its arguments, its result's summary and its duration", () => {
    const html = render(agentAfter(tool("search_evidence", {}), tool("run_detectors", { arguments: { domain: "financial" }, results: null, summary: null, error: "The tool budget of this task is spent", duration_ms: 0 })));
    const calls = textOf(html, "tool-calls") ?? "";
    expect(calls).toContain("search_evidence");
    expect(calls).toContain("42 ms");
    expect(calls).toContain("query: Northwind");
    expect(calls).toContain("3 passage(s) for 'Northwind'");
    expect(calls).toContain("run_detectors");
    expect(calls).toContain("The tool budget of this task is spent");
    expect(html.match(/data-testid="tool-call"/g)).toHaveLength(2);
  });

  it("shows the agent's grounding counts, as its card does, and each count", () => {
    const html = render(agentAfter(grounded()));
    expect(textOf(html, "agent-grounding")).toBe("Citations: 7/9 checked · 2 re-asked, 1 unverified");
    const counts = textOf(html, "grounding-counts") ?? "";
    expect(counts).toContain("Citations checked 9");
    expect(counts).toContain("Found at their location 7");
    expect(counts).toContain("Sent back to the model 2");
    expect(counts).toContain("Corrected 1");
    expect(counts).toContain("Kept, unverified 1");
  });

  it("shows a quota wait while it lasts, and every wait of the run", () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const waiting = render(agentAfter(waited("2026-12-06T09:00:30Z", 1), tool("search_evidence", {}), waited(soon, 2)));
    expect(textOf(waiting, "agent-quota-wait")).toMatch(/^Waiting for model quota until \d\d:\d\d:\d\d$/);
    const waits = textOf(waiting, "quota-waits") ?? "";
    expect(waits).toContain("retry 1");
    expect(waits).toContain("retry 2");
    expect(waits).toContain("as the provider asked");
    // A later event of the agent ends the wait: no notice, the waits still listed.
    const resumed = render(agentAfter(waited(soon, 1), grounded()));
    expect(textOf(resumed, "agent-quota-wait")).toBeNull();
    expect(textOf(resumed, "quota-waits")).toContain("retry 1");
  });

  it("shows none of them for an agent without tool calls, checks or waits", () => {
    const html = render(agentAfter());
    expect(textOf(html, "tool-calls")).toBeNull();
    expect(textOf(html, "grounding-counts")).toBeNull();
    expect(textOf(html, "quota-waits")).toBeNull();
  });
});
