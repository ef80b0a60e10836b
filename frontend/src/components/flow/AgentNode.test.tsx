import { ReactFlowProvider } from "@xyflow/react";
import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { CaseEvent } from "@/client/types.gen";
import { type FlowAgent, applyEvents, emptyLog } from "@/stores/agentFlow";

import { AgentNode } from "./AgentNode";
import { QuotaNotice } from "./AgentNotices";

const RESUME = "2026-11-22T10:01:05+00:00";

let id = 0;
const event = (type: CaseEvent["type"], payload: Record<string, unknown>): CaseEvent =>
  ({
  id: ++id,
  case_id: "c1",
  type,
  agent_id: "legal_agent",
  agent_type: "LEGAL",
  timestamp: "2026-11-22T10:00:00Z",
  payload,
}) as CaseEvent;

function agentAfter(...events: CaseEvent[]): FlowAgent {
  const spawned = { execution_id: "l", model: "gemini-pro", input: { files: [] } };
  const log = applyEvents(emptyLog(), [
    event("PROCESSING_STARTED", { job_id: "j1" }),
    event("AGENT_SPAWNED", spawned),
    event("AGENT_STARTED", spawned),
    ...events.map((e) => ({ ...e, id: ++id })),
  ]);
  return log.agents.l!;
}

const delayed = () =>
  event("PROCESSING_DELAYED", {
    model: "gemini-pro",
    reason: "RESOURCE_EXHAUSTED",
    delay_seconds: 60,
    resume_at: RESUME,
    source: "backoff",
    retry: 2,
    quota_id: null,
  });

function renderNode(agent: FlowAgent): string {
  const props = { id: agent.key, data: { agent, compact: false }, selected: false } as unknown as ComponentProps<typeof AgentNode>;
  return renderToStaticMarkup(
    <ReactFlowProvider>
      <AgentNode {...props} />
    </ReactFlowProvider>,
  );
}

/** The resume time as the node shows it: local HH:MM:SS. */
const clock = (iso: string) => {
  const d = new Date(iso);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
};

describe("AgentNode: quota waits and grounding", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T10:00:30Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("shows a current quota wait as a wait, not an error", () => {
    const agent = agentAfter(delayed());
    const html = renderNode(agent);
    expect(html).toContain(`Waiting for model quota until ${clock(RESUME)}`);
    expect(html).toContain('data-status="RUNNING"');
    expect(html).not.toContain("text-rose-700");
    const notice = renderToStaticMarkup(<QuotaNotice agents={[agent]} />);
    expect(notice).toContain('data-testid="quota-notice"');
    expect(notice).toContain(clock(RESUME));
  });

  it("drops the wait once its resume time has passed", () => {
    vi.setSystemTime(new Date("2026-11-22T10:01:06Z"));
    const agent = agentAfter(delayed());
    expect(renderNode(agent)).not.toContain("Waiting for model quota");
    expect(renderToStaticMarkup(<QuotaNotice agents={[agent]} />)).toBe("");
  });

  it("drops the wait at the agent's next event", () => {
    const agent = agentAfter(delayed(), event("THINKING_UPDATE", { thinking_summary: "Back at it." }));
    expect(renderNode(agent)).not.toContain("Waiting for model quota");
  });

  it("shows how its citations held up, and the re-asks only when there were any", () => {
    const counts = { citations: 9, held: 7, unchecked: 1, items: 4, failed: 2, reasked: 2, fixed: 1, unverified: 1, dropped: 1 };
    const html = renderNode(agentAfter(event("GROUNDING_CHECKED", { execution_id: "l", ...counts })));
    expect(html).toContain("Citations: 7/9 checked");
    expect(html).toContain("2 re-asked, 1 unverified, 1 dropped");

    const clean = renderNode(agentAfter(event("GROUNDING_CHECKED", { execution_id: "l", ...counts, held: 9, failed: 0, reasked: 0, fixed: 0, unverified: 0, dropped: 0 })));
    expect(clean).toContain("Citations: 9/9 checked");
    expect(clean).not.toContain("re-asked");
    expect(renderNode(agentAfter())).not.toContain("Citations:");
  });
});
