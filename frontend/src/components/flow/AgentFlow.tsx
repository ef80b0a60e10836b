"use client";

import "@xyflow/react/dist/style.css";

import { Background, Controls, type FitViewOptions, type NodeMouseHandler, Panel, ReactFlow, ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";

import { EmptyState, Spinner } from "@/components/ui";
import { type FlowView, type RunInfo, chatView, mergeRecords, processingView, useAgentFlow } from "@/stores/agentFlow";
import { useCaseEvents } from "@/stores/events";
import { useWorkspace } from "@/stores/workspace";

import { AgentDrawer } from "./AgentDrawer";
import { AgentNode, PhaseNode } from "./AgentNode";
import styles from "./flow.module.css";
import { PROVIDER_NAMES, clockTime, formatUsd, plural, providersOf, totalCost } from "./format";
import { type FlowNode, layoutChat, layoutProcessing } from "./layout";
import { QuotaNotice } from "./AgentNotices";
import { RunProgress } from "./RunProgress";
import { StreamBanner, StreamStatusPill } from "./StreamStatus";

const nodeTypes = { agent: AgentNode, phase: PhaseNode };
// Room at the bottom for the run facts and the zoom controls, which float over the canvas. Fitting
// never shrinks nodes below legibility (a narrow canvas beside the Source panel pans instead).
const FIT: FitViewOptions = { padding: { top: "16px", right: "20px", bottom: "48px", left: "20px" }, maxZoom: 1, minZoom: 0.5 };
/** Events after which the job's phases (the progress bar) may have moved. */
const JOB_EVENTS = new Set(["AGENT_SPAWNED", "AGENT_COMPLETED", "AGENT_ERROR", "AGENT_PROGRESS", "GRAPH_UPDATED"]);

type Lane = "processing" | "chat";

export function AgentFlow() {
  const caseId = useWorkspace((state) => state.caseId);

  // Follow the case's event stream (Workspace keeps it open) and its execution records.
  useEffect(() => {
    if (!caseId) return;
    return useAgentFlow.getState().attach(caseId);
  }, [caseId]);

  // The progress bar reads the job's phases: refresh them as agents move (at most once a second).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = useCaseEvents.getState().subscribe((event) => {
      if (!JOB_EVENTS.has(event.type) || timer) return;
      if (useWorkspace.getState().caseInfo?.status !== "PROCESSING") return;
      timer = setTimeout(() => {
        timer = null;
        void useWorkspace.getState().refreshJob().catch(() => undefined);
      }, 1000);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, []);

  if (!caseId) return null;
  return (
    <ReactFlowProvider>
      <FlowPanel caseId={caseId} />
    </ReactFlowProvider>
  );
}

function FlowPanel({ caseId }: { caseId: string }) {
  const log = useAgentFlow((state) => state.log);
  const records = useAgentFlow((state) => state.records);
  const recordsLoaded = useAgentFlow((state) => state.recordsLoaded);
  const recordsError = useAgentFlow((state) => state.recordsError);
  const caseStatus = useWorkspace((state) => state.caseInfo?.status ?? null);
  const job = useWorkspace((state) => state.job);
  const files = useWorkspace((state) => state.files);
  const eventCount = useCaseEvents((state) => state.events.length);
  const connection = useCaseEvents((state) => state.connection);

  const merged = useMemo(() => mergeRecords(log, records), [log, records]);
  const providers = useMemo(() => providersOf(records), [records]);
  const cost = useMemo(() => totalCost(records), [records]);
  const processing = useMemo(() => processingView(merged, caseStatus), [merged, caseStatus]);
  const chat = useMemo(() => chatView(merged), [merged]);
  const chatRuns = chat.agents.filter((a) => !a.parentId || !chat.agents.some((b) => b.key === a.parentId)).length;

  const [laneChoice, setLane] = useState<Lane>("processing");
  const lane: Lane = laneChoice === "chat" && chat.agents.length ? "chat" : processing.agents.length === 0 && chat.agents.length ? "chat" : "processing";
  const view: FlowView = lane === "chat" ? chat : processing;

  const [selected, setSelected] = useState<string | null>(null);
  const selectedAgent = selected ? (view.agents.find((a) => a.key === selected) ?? null) : null;
  const close = useCallback(() => setSelected(null), []);

  const fileNames = useMemo(() => Object.fromEntries(files.map((f) => [f.id, f.filename])), [files]);
  const layout = useMemo(() => (lane === "chat" ? layoutChat(chat) : layoutProcessing(processing)), [lane, chat, processing]);
  const nodes = useMemo<FlowNode[]>(() => layout.nodes.map((node) => (node.id === selected ? { ...node, selected: true } : node)), [layout, selected]);
  const signature = `${lane}|${layout.nodes.map((n) => n.id).join(",")}`;

  const onNodeClick = useCallback<NodeMouseHandler<FlowNode>>((_, node) => {
    if (node.type === "agent") setSelected((current) => (current === node.id ? null : node.id));
  }, []);

  // Keyboard: Enter or Space on a focused node opens its details, as a click does.
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = (event.target as HTMLElement).closest?.(".react-flow__node-agent");
    const id = node?.getAttribute("data-id");
    if (!id) return;
    event.preventDefault();
    setSelected(id);
  }, []);

  const loading = view.agents.length === 0 && (!recordsLoaded || (eventCount === 0 && (connection === "connecting" || connection === "idle")));
  const empty = view.agents.length === 0 && !loading;
  const state = loading ? "loading" : empty ? "empty" : "ready";

  return (
    <div className="relative flex h-full flex-col bg-slate-50" data-testid="agent-flow" data-state={state} data-lane={lane}>
      <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2">
        <RunSummary run={lane === "processing" ? processing.run : null} lane={lane} chatRuns={chatRuns} />
        <ProviderPill providers={providers} />
        <QuotaNotice agents={lane === "processing" ? processing.agents : chat.agents} />
        {cost > 0 ? (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600" data-testid="case-cost" title="What the case's model calls cost, from the server's price table">
            Cost: <span className="font-medium text-slate-800">{formatUsd(cost)}</span>
          </span>
        ) : null}
        <div className="min-w-[260px] flex-1">{lane === "processing" && job && processing.run ? <RunProgress job={job} /> : null}</div>
        {chat.agents.length ? (
          <div className="flex shrink-0 rounded-md bg-slate-100 p-0.5 text-xs font-medium" role="tablist" aria-label="Runs">
            <LaneButton on={lane === "processing"} onClick={() => setLane("processing")} testId="lane-processing">
              Processing
            </LaneButton>
            <LaneButton on={lane === "chat"} onClick={() => setLane("chat")} testId="lane-chat">
              Chat &amp; corrections <span className="text-slate-400">({chatRuns})</span>
            </LaneButton>
          </div>
        ) : null}
        <StreamStatusPill />
      </div>

      <div className={`relative min-h-0 flex-1 ${styles.canvas}`} onKeyDown={onKeyDown}>
        <div className="pointer-events-none absolute inset-x-0 top-3 z-10 flex justify-center px-4">
          <StreamBanner caseId={caseId} />
        </div>
        {loading ? (
          <div className="flex h-full items-center justify-center gap-2 text-sm text-slate-500">
            <Spinner label="Loading the agent flow" /> Loading the agent flow…
          </div>
        ) : empty ? (
          <div className="mx-auto max-w-lg p-10">
            <EmptyState title="No agents have run on this case yet">
              <p className="max-w-sm text-sm text-slate-500">
                Add evidence in Files, then press <strong className="font-semibold text-slate-700">Process</strong>: triage, routing, the domain agents,
                synthesis and the knowledge graph appear here live as they work.
              </p>
              {recordsError ? <p className="text-xs text-rose-600">Could not load earlier runs: {recordsError}</p> : null}
            </EmptyState>
          </div>
        ) : (
          <ReactFlow<FlowNode>
            nodes={nodes}
            edges={layout.edges}
            nodeTypes={nodeTypes}
            onNodeClick={onNodeClick}
            onPaneClick={close}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable
            fitView
            fitViewOptions={FIT}
            minZoom={0.25}
            maxZoom={1.75}
            attributionPosition="top-right"
            proOptions={{ hideAttribution: false }}
          >
            <Background gap={22} size={1} color="#e2e8f0" />
            <Controls position="bottom-right" orientation="horizontal" showInteractive={false} fitViewOptions={FIT} />
            {lane === "processing" && processing.run ? (
              <Panel position="bottom-left">
                <RunFacts run={processing.run} />
              </Panel>
            ) : null}
            <FitOnChange signature={signature} />
          </ReactFlow>
        )}
        {selectedAgent ? (
          <AgentDrawer
            agent={selectedAgent}
            run={lane === "processing" ? processing.run : null}
            workers={selectedAgent.synthetic === "merge" ? processing.agents.filter((a) => a.domain === selectedAgent.domain && a.worker !== null) : []}
            fileNames={fileNames}
            onClose={close}
            onSelect={setSelected}
          />
        ) : null}
      </div>
    </div>
  );
}

/** Fits the picture when its nodes change (not on every status change) and when the panel resizes. */
function FitOnChange({ signature }: { signature: string }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    const frame = requestAnimationFrame(() => void fitView({ ...FIT, duration: 250 }));
    return () => cancelAnimationFrame(frame);
  }, [signature, fitView]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const pane = ref.current?.closest(".react-flow");
    if (!pane || typeof ResizeObserver === "undefined") return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => void fitView(FIT));
    });
    observer.observe(pane);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [fitView]);
  return <div ref={ref} hidden />;
}

function LaneButton({ on, onClick, testId, children }: { on: boolean; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={on}
      onClick={onClick}
      data-testid={testId}
      className={`rounded px-2.5 py-1 whitespace-nowrap transition-colors ${on ? "bg-white text-slate-900 shadow-sm" : "text-slate-500 hover:text-slate-800"}`}
    >
      {children}
    </button>
  );
}

const RUN_TITLES: Record<RunInfo["status"], string> = {
  RUNNING: "Processing",
  READY: "Last run",
  PARTIAL: "Last run (partial)",
  ERROR: "Run failed",
};

function RunSummary({ run, lane, chatRuns }: { run: RunInfo | null; lane: Lane; chatRuns: number }) {
  if (lane === "chat") {
    return <span className="shrink-0 text-sm font-medium text-slate-700">{plural(chatRuns, "on-demand run")}</span>;
  }
  if (!run) return <span className="shrink-0 text-sm text-slate-500">Not processed yet</span>;
  const started = clockTime(run.startedAt);
  return (
    <div className="flex shrink-0 items-center gap-2 text-sm" data-testid="run-summary" data-status={run.status}>
      <span className="text-slate-600">
        <span className={`font-medium ${run.status === "ERROR" ? "text-rose-700" : "text-slate-800"}`}>{RUN_TITLES[run.status]}</span>
        {run.files !== null ? ` · ${plural(run.files, "file")}` : ""}
        {started ? <span className="text-slate-400"> · started {started}</span> : null}
        {run.resumedAfter.length ? <span className="text-slate-400"> · resumed</span> : null}
      </span>
    </div>
  );
}

/** Which model provider the case's agents ran on (the latest run's first, then any earlier). */
function ProviderPill({ providers }: { providers: string[] }) {
  if (!providers.length) return null;
  const [latest, ...earlier] = providers.map((p) => PROVIDER_NAMES[p] ?? p);
  return (
    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600" data-testid="model-provider" data-provider={providers[0]}>
      Ran on: <span className="font-medium text-slate-800">{latest}</span>
      {earlier.length ? <span className="text-slate-400"> (earlier runs: {earlier.join(", ")})</span> : null}
    </span>
  );
}

function RunFacts({ run }: { run: RunInfo }) {
  const facts: string[] = [];
  const count = (kind: string) => run.insights[kind] ?? 0;
  if (count("contradiction")) facts.push(plural(count("contradiction"), "contradiction"));
  if (count("cross_modal_link")) facts.push(plural(count("cross_modal_link"), "cross-modal link"));
  if (count("evidence_gap")) facts.push(plural(count("evidence_gap"), "evidence gap"));
  if (run.graph) facts.push(`graph v${run.graph.version}: ${plural(run.graph.nodes, "entity", "entities")}, ${plural(run.graph.edges, "relationship")}`);
  if (run.status === "ERROR" && run.errors[0]) facts.unshift(`failed: ${run.errors[0]}`);
  if (!facts.length) return null;
  return (
    <div
      className={`max-w-[min(720px,70vw)] truncate rounded-md bg-white/90 px-2.5 py-1 text-xs shadow-sm ring-1 ${
        run.status === "ERROR" ? "text-rose-800 ring-rose-200" : "text-slate-600 ring-slate-200"
      }`}
      data-testid="run-facts"
      title={facts.join(" · ")}
    >
      {facts.join(" · ")}
    </div>
  );
}
