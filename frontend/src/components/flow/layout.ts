/**
 * A layered left-to-right layout for Agent Flow, computed here (no layout library): one column per
 * phase (triage → routing → domain agents and workers → merges → synthesis → graph), each column
 * centred on the same axis; workers of a domain stay together and their merge sits level with them.
 */
import type { Edge, Node } from "@xyflow/react";

import { type FlowAgent, type FlowEdge, type FlowView, type Stage, byDomain } from "@/stores/agentFlow";

export const NODE_W = 216;
export const FULL_H = 84;
export const COMPACT_H = 52;
const COL_GAP = 52;
const ROW_GAP = 10;
const GROUP_GAP = 20;
const TITLE_GAP = 30;

export type AgentNodeData = { agent: FlowAgent; compact: boolean };
export type PhaseNodeData = { title: string; count: number | null };
export type AgentFlowNode = Node<AgentNodeData, "agent">;
export type PhaseFlowNode = Node<PhaseNodeData, "phase">;
export type FlowNode = AgentFlowNode | PhaseFlowNode;

const PROCESSING_COLUMNS: { stage: Stage; title: string }[] = [
  { stage: "triage", title: "Triage" },
  { stage: "orchestrator", title: "Routing" },
  { stage: "domains", title: "Domain agents" },
  { stage: "merge", title: "Merge" },
  { stage: "synthesis", title: "Synthesis" },
  { stage: "graph", title: "Knowledge graph" },
  { stage: "graph_merge", title: "Graph merge" },
  { stage: "numeric", title: "Numeric extraction" },
  { stage: "numeric_verify", title: "Numeric verifiers" },
  { stage: "numeric_review", title: "Numeric review" },
  { stage: "other", title: "Other agents" },
];

export function isCompact(agent: FlowAgent): boolean {
  return agent.worker !== null || agent.synthetic === "merge";
}

export const heightOf = (agent: FlowAgent) => (isCompact(agent) ? COMPACT_H : FULL_H);

function agentNode(agent: FlowAgent, x: number, y: number): AgentFlowNode {
  return {
    id: agent.key,
    type: "agent",
    position: { x, y },
    data: { agent, compact: isCompact(agent) },
    width: NODE_W,
    height: heightOf(agent),
    draggable: false,
    connectable: false,
  };
}

function phaseNode(id: string, title: string, x: number, y: number, count: number | null): PhaseFlowNode {
  return {
    id: `phase:${id}`,
    type: "phase",
    position: { x, y },
    data: { title, count },
    width: NODE_W,
    height: 22,
    draggable: false,
    selectable: false,
    connectable: false,
    focusable: false,
  };
}

/** Stacks agents top-down; domain agents in groups per domain with a wider gap between groups. */
function stack(agents: FlowAgent[], grouped: boolean): { agent: FlowAgent; y: number }[] {
  const placed: { agent: FlowAgent; y: number }[] = [];
  let y = 0;
  let previous: FlowAgent | null = null;
  for (const agent of agents) {
    if (previous) y += grouped && previous.domain !== agent.domain ? GROUP_GAP : ROW_GAP;
    placed.push({ agent, y });
    y += heightOf(agent);
    previous = agent;
  }
  return placed;
}

const stackHeight = (placed: { agent: FlowAgent; y: number }[]) => {
  const last = placed.at(-1);
  return last ? last.y + heightOf(last.agent) : 0;
};

function edgeOf(edge: FlowEdge): Edge {
  const running = edge.status === "RUNNING";
  const colour =
    edge.status === "FAILED" || edge.status === "TIMEOUT"
      ? "#fb7185"
      : running
        ? "#0ea5e9"
        : edge.status === "COMPLETED"
          ? "#94a3b8"
          : "#cbd5e1";
  return {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    type: "default",
    animated: running,
    selectable: false,
    focusable: false,
    data: { status: edge.status },
    style: {
      stroke: colour,
      strokeWidth: running ? 2 : 1.5,
      strokeDasharray: edge.status === "PENDING" || edge.status === "SKIPPED" ? "5 5" : undefined,
    },
  };
}

/** The processing run: phases as columns. */
export function layoutProcessing(view: FlowView): { nodes: FlowNode[]; edges: Edge[] } {
  const columns = PROCESSING_COLUMNS.map((column) => {
    const agents = view.agents.filter((a) => a.stage === column.stage);
    return { ...column, agents: column.stage === "domains" ? agents.sort(byDomain) : agents.sort((a, b) => a.order - b.order) };
  }).filter((column) => column.agents.length > 0);

  const domainColumn = columns.find((c) => c.stage === "domains");
  const domainStack = domainColumn ? stack(domainColumn.agents, true) : [];
  const stacks = columns.map((column) => (column.stage === "domains" ? domainStack : stack(column.agents, false)));
  const tallest = Math.max(0, ...stacks.map(stackHeight));
  const top = -tallest / 2;

  const nodes: FlowNode[] = [];
  columns.forEach((column, index) => {
    const x = index * (NODE_W + COL_GAP);
    const placed = stacks[index] ?? [];
    const count = column.agents.filter((a) => a.synthetic !== "placeholder").length;
    nodes.push(phaseNode(column.stage, column.title, x, top - TITLE_GAP, column.stage === "domains" && count > 1 ? count : null));
    if (column.stage === "merge") {
      // Each merge level with the middle of its domain's workers.
      let floor = top;
      for (const agent of column.agents) {
        const workers = domainStack.filter((p) => p.agent.domain === agent.domain && p.agent.worker !== null);
        const centre = workers.length
          ? top + ((workers[0]?.y ?? 0) + (workers.at(-1)?.y ?? 0) + heightOf(workers.at(-1)!.agent)) / 2
          : 0;
        const y = Math.max(floor, centre - COMPACT_H / 2);
        nodes.push(agentNode(agent, x, y));
        floor = y + COMPACT_H + ROW_GAP;
      }
      return;
    }
    const offset = top + (tallest - stackHeight(placed)) / 2;
    for (const { agent, y } of placed) nodes.push(agentNode(agent, x, offset + y));
  });
  return { nodes, edges: view.edges.map(edgeOf) };
}

/** Chat and verification runs: one row each, the escalated domain agents to the right. */
export function layoutChat(view: FlowView): { nodes: FlowNode[]; edges: Edge[] } {
  const keys = new Set(view.agents.map((a) => a.key));
  const roots = view.agents.filter((a) => !a.parentId || !keys.has(a.parentId));
  const nodes: FlowNode[] = [];
  let y = 0;
  const hasChildren = view.agents.some((a) => a.parentId && keys.has(a.parentId));
  nodes.push(phaseNode("questions", "Chat & corrections", 0, -TITLE_GAP, null));
  if (hasChildren) nodes.push(phaseNode("escalations", "Escalated to", NODE_W + COL_GAP, -TITLE_GAP, null));
  for (const root of roots) {
    const children = view.agents.filter((a) => a.parentId === root.key);
    const childStack = stack(children, false);
    const rowHeight = Math.max(FULL_H, stackHeight(childStack));
    nodes.push(agentNode(root, 0, y + (rowHeight - FULL_H) / 2));
    for (const { agent, y: dy } of childStack) nodes.push(agentNode(agent, NODE_W + COL_GAP, y + (rowHeight - stackHeight(childStack)) / 2 + dy));
    y += rowHeight + GROUP_GAP;
  }
  return { nodes, edges: view.edges.map(edgeOf) };
}
