"use client";

import { type ReactNode, useEffect, useState } from "react";

import { type FlowAgent, type Grounding, type QuotaDelay, type RunInfo, type ToolCall, totalTokens } from "@/stores/agentFlow";

import { AgentGrounding, AgentQuotaWait, useActiveDelay } from "./AgentNotices";
import { STATUS_TEXT, clockTime, clockTime24, formatCount, formatSeconds, plural, shortModel } from "./format";
import { StatusIcon } from "./icons";

const ICON_TONE: Record<string, string> = {
  PENDING: "bg-slate-100 text-slate-400",
  RUNNING: "bg-sky-100 text-sky-600",
  COMPLETED: "bg-emerald-500 text-white",
  FAILED: "bg-rose-500 text-white",
  TIMEOUT: "bg-amber-500 text-white",
  STOPPED: "bg-slate-400 text-white",
  SKIPPED: "bg-slate-100 text-slate-400",
};

const INSIGHT_LABELS: Record<string, [string, string]> = {
  contradiction: ["contradiction", "contradictions"],
  cross_modal_link: ["cross-modal link", "cross-modal links"],
  evidence_gap: ["evidence gap", "evidence gaps"],
};

type Props = {
  agent: FlowAgent;
  run: RunInfo | null;
  /** For a merge: the workers it combines. */
  workers: FlowAgent[];
  fileNames: Record<string, string>;
  onClose: () => void;
  onSelect: (key: string) => void;
};

export function AgentDrawer({ agent, run, workers, fileNames, onClose, onSelect }: Props) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const delay = useActiveDelay(agent);
  const tokens = agent.tokens;
  const total = totalTokens(tokens);
  const model = shortModel(agent.model);
  const fallback = shortModel(agent.fallbackModel);

  return (
    <aside
      data-testid="agent-drawer"
      data-agent-name={agent.name}
      aria-label={`${agent.label} details`}
      className="absolute inset-y-0 right-0 z-20 flex w-[400px] max-w-[90%] flex-col border-l border-slate-200 bg-white shadow-xl"
    >
      <header className="flex items-start gap-3 border-b border-slate-200 px-4 py-3">
        <span className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full p-1 ${ICON_TONE[agent.status] ?? ""}`}>
          <StatusIcon status={agent.status} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold text-slate-900">{agent.label}</h2>
          <p className="truncate text-xs text-slate-500">
            {STATUS_TEXT[agent.status]}
            {agent.synthetic ? "" : ` · ${agent.name}`}
            {agent.agentType && !agent.synthetic ? ` · ${agent.agentType}` : ""}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          aria-label="Close details"
          data-testid="agent-drawer-close"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" aria-hidden>
            <path d="M5.5 5.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      </header>

      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-4 py-4 text-sm">
        {agent.synthetic === "placeholder" ? (
          <p className="text-slate-600">
            {agent.status === "SKIPPED"
              ? "Processing stopped before this stage ran."
              : agent.workers
                ? `Routing planned ${plural(agent.workers, "worker")} for this domain; they appear here once spawned.`
                : "This stage has not started yet. It appears here as soon as its agent is spawned."}
          </p>
        ) : null}

        {agent.question ? (
          <Section title="Question">
            <p className="text-[13px] leading-relaxed text-slate-800">{agent.question}</p>
          </Section>
        ) : null}

        {agent.error ? (
          <Callout tone="error" title={agent.status === "STOPPED" ? "Stopped" : "Error"}>
            <p className="font-mono text-xs break-words whitespace-pre-wrap" data-testid="agent-error">
              {agent.error}
            </p>
          </Callout>
        ) : null}

        {fallback ? (
          <Callout tone="warning" title={`Fell back to ${fallback}`}>
            <p className="text-xs">
              {model ? <span className="font-mono">{model}</span> : "The first model"} failed
              {agent.fallbackReason ? ":" : "."} {agent.fallbackReason ? <span className="font-mono break-words">{agent.fallbackReason}</span> : null}
            </p>
          </Callout>
        ) : null}

        {delay ? (
          <Callout tone="warning" title="Waiting for model quota">
            <p className="text-xs">
              <AgentQuotaWait delay={delay} />
            </p>
          </Callout>
        ) : null}

        {agent.synthetic !== "placeholder" ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-[13px]">
            {agent.synthetic !== "merge" ? (
              <Row label="Model">
                <span className="font-mono text-xs">{model ?? "—"}</span>
                {fallback ? <span className="text-xs text-amber-700"> → {fallback}</span> : null}
              </Row>
            ) : null}
            <Row label="Started">{clockTime(agent.startedAt) ?? "—"}</Row>
            <Row label="Finished">{clockTime(agent.completedAt) ?? "—"}</Row>
            <Row label="Duration">{formatSeconds(agent.durationSeconds) ?? "—"}</Row>
            {agent.synthetic !== "merge" ? (
              <Row label="Tokens">
                {tokens && total ? (
                  <span className="tabular-nums">
                    {formatCount(total)}{" "}
                    <span className="text-xs text-slate-500">
                      ({formatCount(tokens.input)} in · {formatCount(tokens.output)} out
                      {tokens.thinking ? ` · ${formatCount(tokens.thinking)} thinking` : ""})
                    </span>
                  </span>
                ) : (
                  "—"
                )}
              </Row>
            ) : null}
          </dl>
        ) : null}

        {agent.synthetic === "merge" ? (
          <Section title={`Workers (${workers.length})`}>
            <ul className="space-y-1">
              {workers.map((worker) => (
                <li key={worker.key}>
                  <button type="button" onClick={() => onSelect(worker.key)} className="flex w-full items-center gap-2 rounded px-1 py-0.5 text-left hover:bg-slate-50">
                    <span className={`flex h-4 w-4 items-center justify-center rounded-full p-[2px] ${ICON_TONE[worker.status] ?? ""}`}>
                      <StatusIcon status={worker.status} />
                    </span>
                    <span className="flex-1 truncate">{worker.label}</span>
                    <span className="text-xs text-slate-500 tabular-nums">{formatSeconds(worker.durationSeconds) ?? ""}</span>
                  </button>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-slate-500">Their findings are combined (duplicates dropped) before synthesis reads them.</p>
          </Section>
        ) : null}

        {agent.stage === "orchestrator" && run?.plan?.length ? (
          <Section title="Routing plan">
            <table className="w-full text-left text-[13px]">
              <thead className="text-[11px] text-slate-500 uppercase">
                <tr>
                  <th className="py-1 font-medium">Domain</th>
                  <th className="py-1 text-right font-medium">Files</th>
                  <th className="py-1 text-right font-medium">Workers</th>
                  <th className="py-1 text-right font-medium">Complexity</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {run.plan.map((plan) => (
                  <tr key={plan.domain}>
                    <td className="py-1 capitalize">{plan.domain}</td>
                    <td className="py-1 text-right tabular-nums">{plan.files}</td>
                    <td className="py-1 text-right tabular-nums">{plan.workers}</td>
                    <td className="py-1 text-right tabular-nums">{plan.complexity?.toFixed(2) ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
        ) : null}

        {agent.stage === "synthesis" && run && Object.keys(run.insights).length ? (
          <Section title="Found">
            <ul className="space-y-0.5 text-[13px]">
              {Object.entries(run.insights).map(([kind, count]) => {
                const [one, many] = INSIGHT_LABELS[kind] ?? [kind.replace(/_/g, " "), `${kind.replace(/_/g, " ")}s`];
                return <li key={kind}>{plural(count, one, many)}</li>;
              })}
            </ul>
          </Section>
        ) : null}

        {agent.stage === "graph" && run?.graph ? (
          <Section title="Graph">
            <p className="text-[13px]">
              Version {run.graph.version}: {plural(run.graph.nodes, "entity", "entities")}, {plural(run.graph.edges, "relationship")}.
            </p>
          </Section>
        ) : null}

        {agent.grounding ? <GroundingSection agent={agent} grounding={agent.grounding} /> : null}

        {agent.waits.length ? (
          <Section title={`Quota waits (${agent.waits.length})`}>
            <ul className="space-y-1" data-testid="quota-waits">
              {agent.waits.map((wait) => (
                <QuotaWaitItem key={wait.eventId} wait={wait} />
              ))}
            </ul>
          </Section>
        ) : null}

        {agent.notes.length ? (
          <Section title="Progress">
            <ul className="space-y-2">
              {agent.notes.map((note) => (
                <li key={note.eventId} className="text-[13px] leading-relaxed text-slate-700">
                  {note.text}
                </li>
              ))}
            </ul>
          </Section>
        ) : null}

        <Section title={`Thinking trace${agent.thinking.length ? ` (${agent.thinking.length})` : ""}`}>
          {agent.thinking.length ? (
            <ol className="space-y-2" data-testid="thinking-trace">
              {agent.thinking.map((thought, index) => (
                <li key={index} className="flex gap-2 text-[13px] leading-relaxed text-slate-700">
                  <span className="mt-0.5 shrink-0 text-[11px] text-slate-400 tabular-nums">{index + 1}.</span>
                  <span className="break-words whitespace-pre-wrap">{thought}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-[13px] text-slate-400">{agent.status === "RUNNING" ? "Waiting for the model's first thoughts…" : "No thoughts were recorded."}</p>
          )}
        </Section>

        {agent.tools.length ? (
          <Section title={`Tool calls (${agent.tools.length})`}>
            <ul className="space-y-2" data-testid="tool-calls">
              {agent.tools.map((call) => (
                <ToolCallItem key={call.eventId} call={call} />
              ))}
            </ul>
          </Section>
        ) : null}

        {agent.files.length ? <FileList ids={agent.files} names={fileNames} /> : null}
      </div>
    </aside>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 truncate text-slate-800">{children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-1.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Callout({ tone, title, children }: { tone: "error" | "warning"; title: string; children: ReactNode }) {
  const tones = { error: "bg-rose-50 text-rose-900 ring-rose-200", warning: "bg-amber-50 text-amber-900 ring-amber-200" };
  return (
    <div className={`rounded-md px-3 py-2 ring-1 ${tones[tone]}`}>
      <p className="mb-0.5 text-xs font-semibold">{title}</p>
      {children}
    </div>
  );
}

function ToolCallItem({ call }: { call: ToolCall }) {
  const { tool, args, results, error, at, summary, durationMs } = call;
  const shown = Object.entries(args)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
  return (
    <li className="rounded-md bg-slate-50 px-2.5 py-2 ring-1 ring-slate-200" data-testid="tool-call">
      <div className="flex items-center gap-2">
        <span className="font-mono text-xs font-semibold text-slate-800">{tool}</span>
        {durationMs !== null ? <span className="text-[11px] text-slate-400 tabular-nums">{formatDuration(durationMs)}</span> : null}
        <span className="ml-auto text-[11px] text-slate-400">{clockTime(at)}</span>
      </div>
      {shown ? <p className="mt-0.5 line-clamp-3 font-mono text-[11px] break-words text-slate-600">{shown}</p> : null}
      <p className={`mt-0.5 text-[11px] ${error ? "text-rose-700" : "text-slate-500"}`}>
        {error ? error : (summary ?? (results !== null ? plural(results, "result") : "done"))}
      </p>
    </li>
  );
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : (formatSeconds(ms / 1000) ?? `${ms} ms`);
}

const GROUNDING_ROWS: [keyof Grounding, string][] = [
  ["citations", "Citations checked"],
  ["held", "Found at their location"],
  ["unchecked", "Not checkable"],
  ["failed", "Items that did not hold"],
  ["reasked", "Sent back to the model"],
  ["fixed", "Corrected"],
  ["unverified", "Kept, unverified"],
  ["dropped", "Dropped"],
];

/** How the agent's citations held up against the sources (agents/grounding.py's counts). */
function GroundingSection({ agent, grounding }: { agent: FlowAgent; grounding: Grounding }) {
  return (
    <Section title="Citations">
      <p className="mb-1 text-[13px] text-slate-700">
        <AgentGrounding agent={agent} />
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-[13px]" data-testid="grounding-counts">
        {GROUNDING_ROWS.map(([field, label]) => (
          <Row key={field} label={label}>
            <span className="tabular-nums">{grounding[field]}</span>
          </Row>
        ))}
      </dl>
    </Section>
  );
}

function QuotaWaitItem({ wait }: { wait: QuotaDelay }) {
  const details = [
    shortModel(wait.model),
    wait.delaySeconds !== null ? `${Math.round(wait.delaySeconds)} s` : null,
    wait.source === "retry_info" ? "as the provider asked" : wait.source === "backoff" ? "backoff" : wait.source,
    wait.retry !== null ? `retry ${wait.retry}` : null,
  ].filter(Boolean);
  return (
    <li className="text-[13px] text-slate-700">
      Until {clockTime24(wait.resumeAt) ?? wait.resumeAt}
      {details.length ? <span className="text-xs text-slate-500"> ({details.join(", ")})</span> : null}
    </li>
  );
}

function FileList({ ids, names }: { ids: string[]; names: Record<string, string> }) {
  const [all, setAll] = useState(false);
  const shown = all ? ids : ids.slice(0, 6);
  return (
    <Section title={`Files (${ids.length})`}>
      <ul className="space-y-0.5 text-[13px] text-slate-700">
        {shown.map((id) => (
          <li key={id} className="truncate" title={names[id] ?? id}>
            {names[id] ?? <span className="font-mono text-xs text-slate-500">{id.slice(0, 8)}…</span>}
          </li>
        ))}
      </ul>
      {ids.length > shown.length ? (
        <button type="button" onClick={() => setAll(true)} className="mt-1 text-xs font-medium text-indigo-600 hover:underline">
          Show all {ids.length}
        </button>
      ) : null}
    </Section>
  );
}
