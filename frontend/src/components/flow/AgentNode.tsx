"use client";

import { Handle, type NodeProps, Position } from "@xyflow/react";
import { memo, useEffect, useState } from "react";

import { type AgentStatus, type FlowAgent, totalTokens } from "@/stores/agentFlow";

import styles from "./flow.module.css";
import { AgentGrounding, AgentQuotaWait, useActiveDelay } from "./AgentNotices";
import { STATUS_TEXT, formatCount, formatSeconds, shortModel } from "./format";
import { BoltIcon, StatusIcon } from "./icons";
import type { AgentFlowNode, PhaseFlowNode } from "./layout";

const TONES: Record<AgentStatus, { card: string; icon: string; text: string }> = {
  PENDING: { card: "border-dashed border-slate-300 bg-white/80", icon: "bg-slate-100 text-slate-400", text: "text-slate-500" },
  RUNNING: { card: "border-sky-400 bg-white", icon: "bg-sky-100 text-sky-600", text: "text-sky-700" },
  COMPLETED: { card: "border-slate-200 bg-white", icon: "bg-emerald-500 text-white", text: "text-emerald-700" },
  FAILED: { card: "border-rose-300 bg-rose-50", icon: "bg-rose-500 text-white", text: "text-rose-700" },
  TIMEOUT: { card: "border-amber-300 bg-amber-50", icon: "bg-amber-500 text-white", text: "text-amber-800" },
  STOPPED: { card: "border-slate-300 bg-slate-50", icon: "bg-slate-400 text-white", text: "text-slate-600" },
  SKIPPED: { card: "border-dashed border-slate-200 bg-slate-50/70", icon: "bg-slate-100 text-slate-400", text: "text-slate-400" },
};

/** Seconds since `since`, ticking while `active`. */
function useElapsed(since: string | null, active: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  if (!active || !since) return null;
  const start = Date.parse(since);
  return Number.isNaN(start) ? null : Math.max(0, (now - start) / 1000);
}

function subtitle(agent: FlowAgent): string | null {
  if (agent.question) return `“${agent.question}”`;
  if (agent.synthetic === "merge") return `Combines ${agent.workers ?? 0} workers' findings`;
  if (agent.synthetic === "placeholder") {
    if (agent.status === "SKIPPED") return "Not reached";
    if (agent.workers && agent.workers > 1) return `${agent.workers} workers planned`;
    return agent.stage === "domains" && !agent.domain ? "Spawned after routing" : "Waiting for its turn";
  }
  return null;
}

function AgentNodeView({ data, selected }: NodeProps<AgentFlowNode>) {
  const { agent, compact } = data;
  const tone = TONES[agent.status];
  const running = agent.status === "RUNNING";
  const elapsed = useElapsed(agent.startedAt, running);
  const duration = agent.durationSeconds !== null ? formatSeconds(agent.durationSeconds) : elapsed !== null ? `${Math.floor(elapsed)} s` : null;
  const tokens = totalTokens(agent.tokens);
  const model = shortModel(agent.model);
  const fallback = shortModel(agent.fallbackModel);
  const note = subtitle(agent);
  const delay = useActiveDelay(agent);
  const metrics = [duration, tokens !== null && tokens > 0 ? `${formatCount(tokens)} tok` : null].filter(Boolean).join(" · ");

  return (
    <div
      data-testid="agent-node"
      data-status={agent.status}
      data-agent-type={agent.synthetic === "merge" ? "DOMAIN_MERGE" : agent.agentType || agent.stage.toUpperCase()}
      data-agent-name={agent.name}
      data-synthetic={agent.synthetic ?? undefined}
      title={`${agent.label} — ${STATUS_TEXT[agent.status]}${agent.error ? `: ${agent.error}` : ""}`}
      className={`group relative flex h-full w-full cursor-pointer flex-col justify-center gap-1 rounded-lg border px-3 shadow-sm transition-colors hover:border-indigo-300 ${tone.card} ${
        selected ? "ring-2 ring-indigo-500 ring-offset-1" : ""
      } ${running ? styles.running : ""}`}
    >
      <Handle type="target" position={Position.Left} className="!h-1.5 !w-1.5 !min-w-0 !border-0 !bg-slate-300" isConnectable={false} />
      <div className="flex min-w-0 items-center gap-2">
        <span className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full p-[3px] ${tone.icon}`}>
          <StatusIcon status={agent.status} />
        </span>
        <span className="min-w-0 flex-1 truncate text-[13.5px] font-semibold text-slate-900">{agent.label}</span>
        {agent.attempts > 0 ? (
          <span className="shrink-0 rounded bg-slate-100 px-1 text-[10px] font-medium text-slate-500" title="Earlier attempts in this job">
            ×{agent.attempts + 1}
          </span>
        ) : null}
        {compact ? null : <span className={`shrink-0 text-[11px] font-medium ${tone.text}`}>{STATUS_TEXT[agent.status]}</span>}
      </div>
      {compact ? (
        <div className="flex min-w-0 items-center gap-1.5 pl-7 text-[11.5px] text-slate-500">
          {fallback ? (
            <FallbackTag model={fallback} />
          ) : delay ? (
            <AgentQuotaWait delay={delay} />
          ) : agent.grounding ? (
            <AgentGrounding agent={agent} />
          ) : note ? (
            <span className="truncate">{note}</span>
          ) : null}
          {metrics ? <span className="ml-auto shrink-0 tabular-nums">{metrics}</span> : null}
        </div>
      ) : (
        <>
          <div className="flex min-w-0 items-center gap-1.5 pl-7 text-[11.5px] text-slate-500">
            {note ? (
              <span className="truncate" title={note}>
                {note}
              </span>
            ) : model ? (
              <span className="truncate font-mono text-[11px]" title={model}>
                {model}
              </span>
            ) : (
              <span className="truncate">{agent.name}</span>
            )}
          </div>
          <div className="flex min-w-0 items-center gap-1.5 pl-7 text-[11.5px] text-slate-500">
            {fallback ? <FallbackTag model={fallback} /> : null}
            {agent.status === "FAILED" || agent.status === "TIMEOUT" ? (
              <span className="truncate font-medium text-rose-700">{agent.error ?? "Failed"}</span>
            ) : delay ? (
              <AgentQuotaWait delay={delay} />
            ) : metrics ? (
              <span className="shrink-0 tabular-nums">{metrics}</span>
            ) : null}
          </div>
          {agent.grounding ? (
            <div className="flex min-w-0 items-center gap-1.5 pl-7 text-[11px] text-slate-500">
              <AgentGrounding agent={agent} />
            </div>
          ) : null}
        </>
      )}
      <Handle type="source" position={Position.Right} className="!h-1.5 !w-1.5 !min-w-0 !border-0 !bg-slate-300" isConnectable={false} />
    </div>
  );
}

function FallbackTag({ model }: { model: string }) {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-0.5 rounded bg-amber-100 px-1 py-px text-[10px] font-semibold text-amber-800"
      title={`Fell back to ${model}`}
      data-testid="fallback-tag"
    >
      <BoltIcon className="h-2.5 w-2.5" />
      fallback → {model.includes("flash") ? "flash" : model}
    </span>
  );
}

export const AgentNode = memo(AgentNodeView);

function PhaseNodeView({ data }: NodeProps<PhaseFlowNode>) {
  return (
    <div className="flex h-full items-end gap-1.5 px-1 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">
      {data.title}
      {data.count ? <span className="font-medium tracking-normal text-slate-400 normal-case">· {data.count}</span> : null}
    </div>
  );
}

export const PhaseNode = memo(PhaseNodeView);
