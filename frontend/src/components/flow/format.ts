import type { AgentStatus } from "@/stores/agentFlow";

export const STATUS_TEXT: Record<AgentStatus, string> = {
  PENDING: "Waiting",
  RUNNING: "Running",
  COMPLETED: "Done",
  FAILED: "Failed",
  TIMEOUT: "Timed out",
  STOPPED: "Stopped",
  SKIPPED: "Not run",
};

/** 950 → "950", 10_138 → "10.1k", 1_250_000 → "1.25M". */
export function formatCount(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)}k`.replace(".0k", "k");
  return `${(value / 1_000_000).toFixed(2)}M`;
}

export function formatSeconds(seconds: number | null): string | null {
  if (seconds == null || !Number.isFinite(seconds)) return null;
  if (seconds < 1) return `${Math.max(1, Math.round(seconds * 1000))} ms`;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} m ${Math.round(seconds % 60)} s`;
}

/** "gemini-3-pro-preview" stays; provider prefixes ("models/…") go. */
export function shortModel(model: string | null): string | null {
  if (!model) return null;
  return model.replace(/^models\//, "");
}

export function clockTime(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** How the UI names each model provider (Settings.resolved_llm_provider on the backend). */
export const PROVIDER_NAMES: Record<string, string> = {
  gemini: "Gemini",
  openai_compat: "Local model server (OpenAI-compatible)",
  local: "Offline analyst",
};

/** The providers a case's agents ran on, the latest run's first; records older than the
 *  provider field (null) say nothing. */
type ProviderRecord = { provider?: string | null; started_at?: string | null; children: readonly ProviderRecord[] };

export function providersOf(records: readonly ProviderRecord[]): string[] {
  const seen: { provider: string; at: string }[] = [];
  const visit = (record: ProviderRecord) => {
    if (record.provider) seen.push({ provider: record.provider, at: record.started_at ?? "" });
    for (const child of record.children) visit(child);
  };
  for (const record of records) visit(record);
  seen.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return [...new Set(seen.map((s) => s.provider))];
}

/** What a case's model calls cost (USD), over its execution records and their children. */
type CostRecord = { cost_usd?: number; children: readonly CostRecord[] };

export function totalCost(records: readonly CostRecord[]): number {
  const sum = (list: readonly CostRecord[]): number =>
    list.reduce((total, record) => total + (record.cost_usd ?? 0) + sum(record.children), 0);
  return sum(records);
}

/** 0.0042 → "$0.0042", 1.5 → "$1.50": cents once it is over a dollar, four places under. */
export function formatUsd(value: number): string {
  return value >= 1 ? `$${value.toFixed(2)}` : `$${value.toFixed(4)}`;
}

/** "14:05:09": the local time as HH:MM:SS (24 h), whatever the locale. */
export function clockTime24(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** "Citations: 7/9 checked" and, when any, "2 re-asked, 1 unverified, 1 dropped". */
export function groundingText(grounding: {
  citations: number;
  held: number;
  reasked: number;
  unverified: number;
  dropped: number;
}): { checked: string; outcome: string | null } {
  const outcome = [
    grounding.reasked ? `${grounding.reasked} re-asked` : null,
    grounding.unverified ? `${grounding.unverified} unverified` : null,
    grounding.dropped ? `${grounding.dropped} dropped` : null,
  ].filter((part): part is string => part !== null);
  return { checked: `Citations: ${grounding.held}/${grounding.citations} checked`, outcome: outcome.length ? outcome.join(", ") : null };
}
