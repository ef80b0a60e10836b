"use client";

import { type ReactNode, useDeferredValue, useMemo, useState } from "react";

import { Citation } from "@/components/Citation";
import { FlagButton } from "@/components/corrections/FlagButton";
import type { CorrectionTarget } from "@/components/corrections/CorrectionDialog";
import { StatusBadge } from "@/components/ui";
import { type Contradiction, type CrossModalLink, type EvidenceGap, useOpenCaseData } from "@/stores/caseData";
import type { SourceLocation } from "@/stores/source";
import { useWorkspace } from "@/stores/workspace";

import { CaseDataStatus } from "./CaseDataStatus";
import { byDelta, bySeverity, byStrength, correlationLabel, humanizeDelta, type InsightFilter, matchesInsight, strengthLevel } from "./format";
import { ItemFlagBadges } from "./StaleBadge";

type SectionId = "contradictions" | "gaps" | "links";

export function InsightsPanel() {
  const state = useOpenCaseData();
  const caseId = useWorkspace((s) => s.caseId);
  const data = state.data && state.data.caseId === caseId ? state.data : null;
  const [query, setQuery] = useState("");
  const [staleOnly, setStaleOnly] = useState(false);
  const deferredQuery = useDeferredValue(query);
  const filter: InsightFilter = useMemo(() => ({ query: deferredQuery, staleOnly }), [deferredQuery, staleOnly]);

  const contradictions = useMemo(
    () =>
      (data?.contradictions ?? [])
        .filter((item) => matchesInsight([item.claim, item.explanation, item.severity, item.claim_source?.excerpt, ...item.evidence_against.map((s) => s.excerpt)], item.stale, filter))
        .sort(bySeverity),
    [data, filter],
  );
  const gaps = useMemo(
    () =>
      (data?.evidenceGaps ?? [])
        .filter((item) => matchesInsight([item.element, item.recommendation, item.current_strength], item.stale, filter))
        .sort(byStrength),
    [data, filter],
  );
  const links = useMemo(
    () =>
      (data?.crossModalLinks ?? [])
        .filter((item) => matchesInsight([item.implication, item.correlation_type, item.source_a?.excerpt, item.source_b?.excerpt], item.stale, filter))
        .sort(byDelta),
    [data, filter],
  );

  if (!data) return <CaseDataStatus state={state} hasData={false} emptyTitle="No insights" />;
  const total = data.contradictions.length + data.evidenceGaps.length + data.crossModalLinks.length;
  const staleCount = [...data.contradictions, ...data.evidenceGaps, ...data.crossModalLinks].filter((item) => item.stale).length;
  if (total === 0) {
    return (
      <CaseDataStatus state={state} hasData emptyTitle="No insights">
        <p className="text-sm text-slate-500">The analysis found no contradictions, evidence gaps or cross-modal links.</p>
      </CaseDataStatus>
    );
  }

  const jump = (id: SectionId) => document.getElementById(`insights-${id}`)?.scrollIntoView({ behavior: "smooth", block: "start" });
  const filtering = filter.query.trim() !== "" || staleOnly;

  return (
    <div className="flex h-full flex-col" data-testid="insights">
      <div className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-2">
        <nav className="flex flex-wrap items-center gap-1" aria-label="Insight sections">
          <JumpButton onClick={() => jump("contradictions")} count={contradictions.length} tone="rose">
            Contradictions
          </JumpButton>
          <JumpButton onClick={() => jump("gaps")} count={gaps.length} tone="amber">
            Evidence gaps
          </JumpButton>
          <JumpButton onClick={() => jump("links")} count={links.length} tone="sky">
            Cross-modal links
          </JumpButton>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          {state.refreshing ? <span className="text-xs text-indigo-600">Updating…</span> : null}
          {staleCount > 0 ? (
            <label className="flex items-center gap-1.5 text-xs text-slate-600">
              <input type="checkbox" checked={staleOnly} onChange={(event) => setStaleOnly(event.target.checked)} className="accent-amber-600" />
              Only stale ({staleCount})
            </label>
          ) : null}
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Filter insights…"
            aria-label="Filter insights"
            data-testid="insights-filter"
            className="block w-52 rounded-md border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-500 focus:outline-none"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-5xl space-y-8 px-5 py-5">
          <Section id="contradictions" title="Contradictions" count={contradictions.length} total={data.contradictions.length} filtering={filtering}>
            {contradictions.map((item) => (
              <ContradictionCard key={item.id} item={item} />
            ))}
          </Section>
          <Section id="gaps" title="Evidence gaps" count={gaps.length} total={data.evidenceGaps.length} filtering={filtering} grid>
            {gaps.map((item) => (
              <GapCard key={item.id} item={item} />
            ))}
          </Section>
          <Section id="links" title="Cross-modal links" count={links.length} total={data.crossModalLinks.length} filtering={filtering}>
            {links.map((item) => (
              <LinkCard key={item.id} item={item} />
            ))}
          </Section>
        </div>
      </div>
    </div>
  );
}

const TONES = {
  rose: "bg-rose-100 text-rose-800",
  amber: "bg-amber-100 text-amber-900",
  sky: "bg-sky-100 text-sky-800",
};

function JumpButton({ onClick, count, tone, children }: { onClick: () => void; count: number; tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
      {children}
      <span className={`rounded-full px-1.5 text-[11px] font-semibold tabular-nums ${TONES[tone]}`}>{count}</span>
    </button>
  );
}

function Section({
  id,
  title,
  count,
  total,
  filtering,
  grid = false,
  children,
}: {
  id: SectionId;
  title: string;
  count: number;
  total: number;
  filtering: boolean;
  grid?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={`insights-${id}`} aria-labelledby={`insights-${id}-title`} className="scroll-mt-4" data-testid={`insights-section-${id}`}>
      <h2 id={`insights-${id}-title`} className="mb-3 flex items-baseline gap-2 text-sm font-semibold text-slate-900">
        {title}
        <span className="text-xs font-medium text-slate-500 tabular-nums" data-testid="insights-count">
          {filtering && count !== total ? `${count} of ${total}` : count}
        </span>
      </h2>
      {count === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-3 text-sm text-slate-500">
          {total === 0 ? `No ${title.toLowerCase()} were found.` : "None match the filter."}
        </p>
      ) : (
        <div className={grid ? "grid gap-3 lg:grid-cols-2" : "space-y-3"}>{children}</div>
      )}
    </section>
  );
}

function Card({ testId, id, stale, flag, children }: { testId: string; id: string; stale: boolean; flag: CorrectionTarget; children: ReactNode }) {
  return (
    <article
      data-testid={testId}
      data-id={id}
      data-stale={stale ? "true" : undefined}
      className={`rounded-lg bg-white p-4 shadow-sm ring-1 ${stale ? "ring-amber-300" : "ring-slate-200"}`}
    >
      {children}
      <div className="mt-3 flex justify-end">
        <FlagButton target={flag} />
      </div>
    </article>
  );
}

function Quote({ source, children }: { source: SourceLocation | null; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <p className="border-l-2 border-slate-300 pl-3 text-sm leading-relaxed break-words text-slate-800">{children}</p>
      {source ? (
        <div className="pl-3">
          <Citation source={source} />
        </div>
      ) : null}
    </div>
  );
}

function Label({ children }: { children: ReactNode }) {
  return <h3 className="mb-1.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">{children}</h3>;
}

function ContradictionCard({ item }: { item: Contradiction }) {
  return (
    <Card
      testId="contradiction"
      id={item.id}
      stale={item.stale}
      flag={{ targetType: "contradiction", targetId: item.id, originalValue: item.claim, label: `Contradiction: ${item.claim}` }}
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span data-testid="severity">
          <StatusBadge status={item.severity} />
        </span>
        <ItemFlagBadges item={item} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <Label>Claim</Label>
          <Quote source={item.claim_source}>{item.claim || item.claim_source?.excerpt || "—"}</Quote>
        </div>
        <div>
          <Label>Evidence against ({item.evidence_against.length})</Label>
          {item.evidence_against.length === 0 ? (
            <p className="text-sm text-slate-500">No source cited.</p>
          ) : (
            <div className="space-y-3">
              {item.evidence_against.map((source, index) => (
                <Quote key={`${source.file_id}-${index}`} source={source}>
                  {source.excerpt ?? "—"}
                </Quote>
              ))}
            </div>
          )}
        </div>
      </div>
      {item.explanation ? (
        <div className="mt-4 rounded-md bg-slate-50 px-3 py-2">
          <Label>Why it matters</Label>
          <p className="text-sm leading-relaxed break-words text-slate-700">{item.explanation}</p>
        </div>
      ) : null}
    </Card>
  );
}

function StrengthMeter({ strength }: { strength: string }) {
  const level = strengthLevel(strength);
  const colour = level <= 1 ? "bg-rose-500" : level === 2 ? "bg-amber-500" : "bg-emerald-500";
  return (
    <span className="inline-flex items-center gap-2" data-testid="strength" data-level={level}>
      <span className="flex gap-0.5" role="meter" aria-valuenow={level} aria-valuemin={0} aria-valuemax={3} aria-label={`Evidence strength: ${strength.toLowerCase()}`}>
        {[1, 2, 3].map((step) => (
          <span key={step} className={`h-2 w-5 rounded-sm ${step <= level ? colour : "bg-slate-200"}`} />
        ))}
      </span>
      <span className="text-[11px] font-semibold tracking-wide text-slate-600">{strength}</span>
    </span>
  );
}

function GapCard({ item }: { item: EvidenceGap }) {
  const [all, setAll] = useState(false);
  const sources = all ? item.sources : item.sources.slice(0, 4);
  return (
    <Card
      testId="evidence-gap"
      id={item.id}
      stale={item.stale}
      flag={{ targetType: "evidence_gap", targetId: item.id, originalValue: item.element, label: `Evidence gap: ${item.element}` }}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <StrengthMeter strength={item.current_strength} />
        <span className="flex gap-1.5">
          <ItemFlagBadges item={item} />
        </span>
      </div>
      <h3 className="text-sm leading-snug font-semibold break-words text-slate-900">{item.element || "Unnamed element"}</h3>
      {item.recommendation ? (
        <p className="mt-1.5 text-sm leading-relaxed break-words text-slate-700">
          <span className="font-medium text-slate-900">Recommendation: </span>
          {item.recommendation}
        </p>
      ) : null}
      {item.sources.length ? (
        <div className="mt-3 flex flex-wrap items-center gap-1.5">
          {sources.map((source, index) => (
            <Citation key={`${source.file_id}-${index}`} source={source} />
          ))}
          {item.sources.length > sources.length ? (
            <button type="button" onClick={() => setAll(true)} className="text-xs font-medium text-indigo-600 hover:underline">
              +{item.sources.length - sources.length} more
            </button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function LinkCard({ item }: { item: CrossModalLink }) {
  const delta = humanizeDelta(item.time_delta_seconds);
  return (
    <Card
      testId="cross-modal-link"
      id={item.id}
      stale={item.stale}
      flag={{ targetType: "cross_modal_link", targetId: item.id, originalValue: item.implication, label: `Link: ${item.implication}` }}
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span className="rounded-md bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200">{correlationLabel(item.correlation_type)}</span>
        {delta ? (
          <span className="text-xs text-slate-500 tabular-nums" data-testid="time-delta">
            {delta}
          </span>
        ) : null}
        <ItemFlagBadges item={item} />
      </div>
      <div className="grid items-start gap-3 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
        <LinkEnd source={item.source_a} />
        <span className="hidden self-center text-lg text-slate-300 md:block" aria-hidden>
          ↔
        </span>
        <LinkEnd source={item.source_b} />
      </div>
      {item.implication ? <p className="mt-3 text-sm leading-relaxed break-words text-slate-700">{item.implication}</p> : null}
    </Card>
  );
}

function LinkEnd({ source }: { source: SourceLocation | null }) {
  if (!source) return <p className="text-sm text-slate-400">No source</p>;
  return (
    <div className="min-w-0 space-y-1.5 rounded-md bg-slate-50 px-3 py-2">
      <Citation source={source} />
      {source.excerpt ? <p className="line-clamp-3 text-xs leading-relaxed break-words text-slate-600">{source.excerpt}</p> : null}
    </div>
  );
}
