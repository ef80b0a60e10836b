"use client";

import { useCallback, useEffect, useState } from "react";

import { applyCorrection, deleteCorrection, listConflicts, listCorrections, resolveConflict } from "@/client/sdk.gen";
import type { ConflictOut, ConflictResolution, ConflictSideOut, CorrectionOut } from "@/client/types.gen";
import { Citation } from "@/components/Citation";
import { Alert, Button, EmptyState, Input, Spinner, StatusBadge } from "@/components/ui";
import { errorMessage, unwrap } from "@/lib/api";
import { formatRelative } from "@/lib/format";
import { useCaseData } from "@/stores/caseData";
import { useCaseEvents } from "@/stores/events";
import { toSource } from "@/stores/caseData";
import { useWorkspace } from "@/stores/workspace";

const RELOAD_ON = new Set(["CONFLICT_DETECTED", "CONFLICT_RESOLVED", "CORRECTION_VERIFIED", "GRAPH_UPDATED"]);

/**
 * What waits for the user's judgement (PRD §3.4, §4.14–§4.15): conflicts new evidence raised against
 * the graph (never resolved without them) and the corrections flagged so far.
 */
export function ReviewPanel() {
  const caseId = useWorkspace((state) => state.caseId) ?? "";
  const [conflicts, setConflicts] = useState<ConflictOut[] | null>(null);
  const [corrections, setCorrections] = useState<CorrectionOut[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const [nextConflicts, nextCorrections] = await Promise.all([
        unwrap(listConflicts({ path: { case_id: caseId } })),
        unwrap(listCorrections({ path: { case_id: caseId } })),
      ]);
      setConflicts(nextConflicts);
      setCorrections(nextCorrections);
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, [caseId]);

  useEffect(() => {
    void reload();
    return useCaseEvents.getState().subscribe((event) => {
      if (RELOAD_ON.has(event.type)) void reload();
    });
  }, [reload]);

  const afterChange = async () => {
    await reload();
    void useCaseData.getState().load(caseId, { force: true });
  };

  if (conflicts === null || corrections === null) {
    return <div className="flex h-full items-center justify-center">{error ? <Alert>{error}</Alert> : <Spinner />}</div>;
  }
  const open = conflicts.filter((conflict) => conflict.status === "OPEN");
  const resolved = conflicts.filter((conflict) => conflict.status !== "OPEN");

  return (
    <div className="h-full overflow-y-auto px-6 py-5" data-testid="review">
      <div className="mx-auto max-w-4xl space-y-8">
        {error ? <Alert>{error}</Alert> : null}
        <section className="space-y-3">
          <h2 className="text-sm font-semibold text-slate-800">
            Conflicts to resolve <span className="text-slate-400">({open.length})</span>
          </h2>
          {open.length === 0 ? (
            <EmptyState title="No open conflicts">
              <p className="text-sm text-slate-500">When new evidence disagrees with the graph, the disagreement waits here for your decision.</p>
            </EmptyState>
          ) : (
            open.map((conflict) => <ConflictCard key={conflict.id} conflict={conflict} onResolved={afterChange} />)
          )}
          {resolved.length ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-slate-500">Resolved ({resolved.length})</summary>
              <div className="mt-2 space-y-2">
                {resolved.map((conflict) => (
                  <div key={conflict.id} className="flex items-center justify-between rounded-md bg-white px-3 py-2 ring-1 ring-slate-200">
                    <span className="truncate text-slate-700">{conflict.description}</span>
                    <span className="shrink-0 text-xs text-slate-500">
                      {conflict.resolution?.replace("_", " ")} {conflict.resolved_at ? formatRelative(conflict.resolved_at) : ""}
                    </span>
                  </div>
                ))}
              </div>
            </details>
          ) : null}
        </section>
        <section className="space-y-3">
          <h2 className="text-sm font-semibold text-slate-800">
            Corrections <span className="text-slate-400">({corrections.length})</span>
          </h2>
          {corrections.length === 0 ? (
            <p className="text-sm text-slate-500">No corrections yet. Flag one on a finding, an entity or a chat answer.</p>
          ) : (
            corrections.map((correction) => <CorrectionCard key={correction.id} correction={correction} onChanged={afterChange} />)
          )}
        </section>
      </div>
    </div>
  );
}

function Side({ title, side }: { title: string; side: ConflictSideOut }) {
  return (
    <div className="min-w-0 flex-1 space-y-1.5 rounded-md bg-slate-50 p-3">
      <div className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</div>
      <div className="font-medium text-slate-900">{side.display}</div>
      {side.qualifier ? <div className="text-xs text-slate-500">{side.qualifier}</div> : null}
      <div className="flex flex-wrap gap-1">
        {side.sources.map((source, index) => {
          const location = toSource(source);
          return location ? <Citation key={index} source={location} /> : null;
        })}
      </div>
    </div>
  );
}

function ConflictCard({ conflict, onResolved }: { conflict: ConflictOut; onResolved: () => Promise<void> }) {
  const [manual, setManual] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function resolve(resolution: ConflictResolution) {
    setBusy(true);
    setError(null);
    try {
      await unwrap(
        resolveConflict({
          path: { conflict_id: conflict.id },
          body: resolution === "manual" ? { resolution, value: manual.trim() } : { resolution },
        }),
      );
      await onResolved();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="conflict">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm text-slate-800">{conflict.description}</p>
        <StatusBadge status={conflict.severity.toUpperCase()} />
      </div>
      <div className="flex gap-3">
        <Side title="In the graph" side={conflict.existing} />
        <Side title="New evidence" side={conflict.new} />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => resolve("keep_existing")}>
          Keep existing
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => resolve("trust_new")}>
          Trust new
        </Button>
        <div className="flex min-w-64 flex-1 items-center gap-2">
          <Input value={manual} onChange={(event) => setManual(event.target.value)} placeholder="Or enter the right value" aria-label="Manual value" />
          <Button disabled={busy || !manual.trim()} onClick={() => resolve("manual")}>
            Set
          </Button>
        </div>
      </div>
    </article>
  );
}

function CorrectionCard({ correction, onChanged }: { correction: CorrectionOut; onChanged: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(action: "apply" | "delete") {
    setBusy(true);
    setError(null);
    try {
      if (action === "apply") await unwrap(applyCorrection({ path: { correction_id: correction.id } }));
      else await unwrap(deleteCorrection({ path: { correction_id: correction.id } }));
      await onChanged();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="correction" data-verdict={correction.verdict}>
      <div className="flex items-center gap-2">
        <StatusBadge status={correction.verdict} />
        {correction.applied ? <StatusBadge status="APPLIED" /> : null}
        <span className="text-xs text-slate-500">
          {correction.target_type.replace("_", " ")} · {formatRelative(correction.created_at)}
        </span>
      </div>
      <p className="text-sm text-slate-800">
        <span className="text-slate-500 line-through">{correction.original_value}</span> → <span className="font-medium">{correction.proposed_value}</span>
      </p>
      {correction.reasoning ? <p className="text-sm text-slate-600">{correction.reasoning}</p> : null}
      {correction.changes && correction.changes.stale_items.length + correction.changes.stale_findings.length > 0 ? (
        <p className="text-xs text-amber-800">
          Marked {correction.changes.stale_items.length + correction.changes.stale_findings.length} item(s) stale: reprocess the case to regenerate them.
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex gap-2">
        {!correction.applied && correction.verdict !== "REJECTED" ? (
          <Button variant="secondary" disabled={busy} onClick={() => act("apply")}>
            Apply anyway
          </Button>
        ) : null}
        <Button variant="ghost" disabled={busy} onClick={() => act("delete")}>
          {correction.applied ? "Withdraw" : "Delete"}
        </Button>
      </div>
    </article>
  );
}
