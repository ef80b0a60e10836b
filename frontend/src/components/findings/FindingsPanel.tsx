"use client";

import { useEffect, useMemo, useState } from "react";

import { listFindings } from "@/client/sdk.gen";
import type { FindingOut } from "@/client/types.gen";
import { Citation } from "@/components/Citation";
import { FlagButton } from "@/components/corrections/FlagButton";
import { Alert, EmptyState, Spinner, StatusBadge } from "@/components/ui";
import { errorMessage, unwrap } from "@/lib/api";
import { toSource } from "@/stores/caseData";
import { useCaseEvents } from "@/stores/events";
import { useWorkspace } from "@/stores/workspace";

const DOMAINS = ["financial", "legal", "evidence", "strategy"] as const;
const RELOAD_ON = new Set(["PROCESSING_COMPLETED", "GRAPH_UPDATED", "STALE_ITEMS_MARKED", "CORRECTION_VERIFIED"]);

/** What each domain agent found (current findings; superseded ones are history), each citing its source. */
export function FindingsPanel() {
  const caseId = useWorkspace((state) => state.caseId) ?? "";
  const [findings, setFindings] = useState<FindingOut[] | null>(null);
  const [domain, setDomain] = useState<string>("all");
  const [query, setQuery] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      unwrap(listFindings({ path: { case_id: caseId } }))
        .then((rows) => live && setFindings(rows.filter((row) => row.superseded_by === null)))
        .catch((caught: unknown) => live && setError(errorMessage(caught)));
    void load();
    const unsubscribe = useCaseEvents.getState().subscribe((event) => {
      if (RELOAD_ON.has(event.type)) void load();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [caseId]);

  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (findings ?? [])
      .filter((item) => domain === "all" || item.domain === domain)
      .filter((item) => !needle || `${item.title} ${item.summary}`.toLowerCase().includes(needle))
      .sort((a, b) => b.confidence - a.confidence);
  }, [findings, domain, query]);

  if (findings === null) {
    return <div className="flex h-full items-center justify-center">{error ? <Alert>{error}</Alert> : <Spinner />}</div>;
  }
  const counts = new Map(DOMAINS.map((name) => [name, findings.filter((item) => item.domain === name).length]));

  return (
    <div className="flex h-full flex-col" data-testid="findings">
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2">
        {(["all", ...DOMAINS] as const).map((name) => (
          <button
            key={name}
            type="button"
            onClick={() => setDomain(name)}
            aria-pressed={domain === name}
            className={`rounded-full px-3 py-1 text-sm capitalize ring-1 ${
              domain === name ? "bg-indigo-50 text-indigo-700 ring-indigo-200" : "bg-white text-slate-600 ring-slate-200 hover:bg-slate-50"
            }`}
          >
            {name} <span className="text-slate-400">{name === "all" ? findings.length : counts.get(name)}</span>
          </button>
        ))}
        <input
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Filter findings…"
          aria-label="Filter findings"
          className="ml-auto w-64 rounded-md border-0 px-3 py-1.5 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500 focus:outline-none"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {shown.length === 0 ? (
          <EmptyState title="No findings match" />
        ) : (
          <ul className="mx-auto max-w-4xl space-y-3">
            {shown.map((item) => {
              const source = toSource({ ...item.source_location, file_id: item.source_location.file_id ?? item.file_id });
              const severity = typeof item.content.severity === "string" ? item.content.severity : null;
              return (
                <li key={item.id} className="rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="finding" data-status={item.status}>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                    <span className="font-semibold tracking-wide uppercase">{item.domain}</span>
                    <span>· {item.finding_type.replaceAll("_", " ")}</span>
                    <span>· {Math.round(item.confidence * 100)}%</span>
                    {severity ? <StatusBadge status={severity} /> : null}
                    {item.stale ? <StatusBadge status="STALE" /> : null}
                  </div>
                  <h3 className="mt-1 font-medium text-slate-900">{item.title}</h3>
                  {item.summary ? <p className="mt-1 text-sm text-slate-700">{item.summary}</p> : null}
                  <div className="mt-2 flex items-center justify-between gap-3">
                    {source ? <Citation source={source} /> : <span />}
                    <FlagButton target={{ targetType: "finding", targetId: item.id, originalValue: item.summary || item.title, label: item.title }} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
