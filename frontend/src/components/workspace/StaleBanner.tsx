"use client";

import { useState } from "react";

import { regenerateCase } from "@/client/sdk.gen";
import { Button } from "@/components/ui";
import { errorMessage, unwrap } from "@/lib/api";
import { type CaseData, useCaseData } from "@/stores/caseData";
import { useWorkspace } from "@/stores/workspace";

export function staleCount(data: CaseData | null): number {
  if (!data) return 0;
  return [data.nodes, data.edges, data.contradictions, data.evidenceGaps, data.crossModalLinks, data.timeline].reduce(
    (total, items) => total + items.filter((item) => item.stale).length,
    0,
  );
}

/** Corrections mark what rested on a changed value STALE; this reruns synthesis and the graph. */
export function StaleBanner({ onStarted }: { onStarted: () => void }) {
  const caseId = useWorkspace((state) => state.caseId);
  const stale = useCaseData((state) => (state.caseId === caseId ? staleCount(state.data) : 0));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!caseId || stale === 0) return null;

  async function regenerate() {
    if (!caseId) return;
    setBusy(true);
    setError(null);
    try {
      await unwrap(regenerateCase({ path: { case_id: caseId } }));
      await useWorkspace.getState().refreshCase();
      await useWorkspace.getState().refreshJob();
      onStarted();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="stale-banner">
      <span className="flex-1">
        {stale} {stale === 1 ? "result rests" : "results rest"} on a corrected value and {stale === 1 ? "is" : "are"} marked STALE.
        {error ? <span className="ml-2 text-rose-700">{error}</span> : null}
      </span>
      <Button variant="secondary" onClick={regenerate} disabled={busy} data-testid="regenerate">
        Regenerate
      </Button>
    </div>
  );
}
