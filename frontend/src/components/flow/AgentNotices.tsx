"use client";

import { useEffect, useState } from "react";

import { type FlowAgent, type QuotaDelay, activeDelay, currentDelay } from "@/stores/agentFlow";

import { clockTime24, groundingText } from "./format";

/** Re-renders when the latest of the given resume times passes, so a wait ends on its own. */
function useUntil(resumeAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!resumeAt) return;
    const wait = Date.parse(resumeAt) - Date.now();
    if (!(wait > 0)) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [resumeAt]);
  return Math.max(now, Date.now());
}

export function quotaWaitText(delay: QuotaDelay): string {
  return `Waiting for model quota until ${clockTime24(delay.resumeAt) ?? delay.resumeAt}`;
}

function delayTitle(delay: QuotaDelay): string {
  const parts = [
    delay.model,
    delay.delaySeconds !== null ? `${Math.round(delay.delaySeconds)} s` : null,
    delay.source === "retry_info" ? "as the provider asked" : delay.source === "backoff" ? "backoff" : delay.source,
    delay.retry !== null ? `retry ${delay.retry}` : null,
    delay.quotaId,
  ].filter(Boolean);
  return parts.length ? `${quotaWaitText(delay)} (${parts.join(", ")})` : quotaWaitText(delay);
}

/** The agent's quota wait while it lasts (null once its resume time passes). */
export function useActiveDelay(agent: FlowAgent): QuotaDelay | null {
  const now = useUntil(agent.delay?.resumeAt ?? null);
  return activeDelay(agent, now);
}

/** The agent's quota wait: a wait, not an error. */
export function AgentQuotaWait({ delay }: { delay: QuotaDelay }) {
  return (
    <span className="truncate font-medium text-amber-700" data-testid="agent-quota-wait" title={delayTitle(delay)}>
      {quotaWaitText(delay)}
    </span>
  );
}

/** "Citations: held/citations checked" and what the check led to. */
export function AgentGrounding({ agent }: { agent: FlowAgent }) {
  if (!agent.grounding) return null;
  const { checked, outcome } = groundingText(agent.grounding);
  const text = outcome ? `${checked} · ${outcome}` : checked;
  return (
    <span className="truncate" data-testid="agent-grounding" title={text}>
      {checked}
      {outcome ? <span className="text-amber-700"> · {outcome}</span> : null}
    </span>
  );
}

/** The job view's notice while any of its agents waits out a model quota. */
export function QuotaNotice({ agents }: { agents: readonly FlowAgent[] }) {
  const waiting = currentDelay(agents);
  const now = useUntil(waiting?.resumeAt ?? null);
  const delay = currentDelay(agents, now);
  if (!delay) return null;
  return (
    <span
      className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800"
      data-testid="quota-notice"
      title={delayTitle(delay)}
    >
      Model quota reached: resuming at {clockTime24(delay.resumeAt)}
    </span>
  );
}
