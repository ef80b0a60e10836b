import type { Contradiction, CrossModalLink, EvidenceGap } from "@/stores/caseData";

/** "same moment", "2 s apart", "2 min 38 s apart", "3 h 5 min apart", "1 day apart". */
export function humanizeDelta(seconds: number | null): string {
  if (seconds === null) return "";
  const abs = Math.abs(seconds);
  if (abs < 0.5) return "same moment";
  if (abs < 60) return `${Math.round(abs)} s apart`;
  if (abs < 3600) {
    const m = Math.floor(abs / 60);
    const s = Math.round(abs % 60);
    return s ? `${m} min ${s} s apart` : `${m} min apart`;
  }
  if (abs < 86_400) {
    const h = Math.floor(abs / 3600);
    const m = Math.round((abs % 3600) / 60);
    return m ? `${h} h ${m} min apart` : `${h} h apart`;
  }
  const d = Math.floor(abs / 86_400);
  const h = Math.round((abs % 86_400) / 3600);
  const days = `${d} day${d === 1 ? "" : "s"}`;
  return h ? `${days} ${h} h apart` : `${days} apart`;
}

/** "temporal:document↔recording" → "Temporal · document ↔ recording"; "amount_match" → "Amount match". */
export function correlationLabel(type: string): string {
  const [head, ...rest] = type.split(":");
  const first = (head ?? "").replace(/[_-]+/g, " ").trim();
  const cap = first ? first.charAt(0).toUpperCase() + first.slice(1) : "Correlation";
  const tail = rest.join(":").replace(/\s*↔\s*/g, " ↔ ").replace(/[_-]+/g, " ").trim();
  return tail ? `${cap} · ${tail}` : cap;
}

const STRENGTH_LEVELS: Record<string, number> = {
  NONE: 0,
  MISSING: 0,
  ABSENT: 0,
  WEAK: 1,
  LOW: 1,
  MODERATE: 2,
  MEDIUM: 2,
  PARTIAL: 2,
  STRONG: 3,
  HIGH: 3,
};

/** 0–3 on a meter; numeric strengths (0–1) are accepted too. */
export function strengthLevel(strength: string): number {
  const known = STRENGTH_LEVELS[strength.toUpperCase()];
  if (known !== undefined) return known;
  const value = Number(strength);
  if (Number.isFinite(value)) return Math.max(0, Math.min(3, Math.round((value <= 1 ? value : value / 100) * 3)));
  return 1;
}

const SEVERITY_RANK: Record<string, number> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

export function bySeverity(a: Contradiction, b: Contradiction): number {
  return (SEVERITY_RANK[a.severity] ?? 2) - (SEVERITY_RANK[b.severity] ?? 2) || a.id.localeCompare(b.id);
}

export function byStrength(a: EvidenceGap, b: EvidenceGap): number {
  return strengthLevel(a.current_strength) - strengthLevel(b.current_strength) || a.id.localeCompare(b.id);
}

export function byDelta(a: CrossModalLink, b: CrossModalLink): number {
  return Math.abs(a.time_delta_seconds ?? Infinity) - Math.abs(b.time_delta_seconds ?? Infinity) || a.id.localeCompare(b.id);
}

export type InsightFilter = { query: string; staleOnly: boolean };

/** Free-text filter over every text field of an insight. */
export function matchesInsight(texts: readonly (string | null | undefined)[], stale: boolean, filter: InsightFilter): boolean {
  if (filter.staleOnly && !stale) return false;
  const needle = filter.query.trim().toLowerCase();
  if (!needle) return true;
  return texts.some((text) => (text ?? "").toLowerCase().includes(needle));
}
