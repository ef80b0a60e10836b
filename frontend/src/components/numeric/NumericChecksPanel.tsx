"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { getNumericRunStatus, listNumericChecks, runNumericChecks } from "@/client/sdk.gen";
import type { CheckedFigure, NumericCheckOut, NumericChecksOut, NumericRunOut } from "@/client/types.gen";
import { Alert, Button, EmptyState, Spinner, StatusBadge } from "@/components/ui";
import { ApiError, errorMessage, unwrap } from "@/lib/api";
import { expressionParts } from "@/lib/expression";
import { toSource } from "@/stores/caseData";
import { useCaseEvents } from "@/stores/events";
import { useSource } from "@/stores/source";
import { useWorkspace } from "@/stores/workspace";

import { NumericRunState } from "./NumericRunState";
import { followRun, isActive } from "./run";

const STATUSES = ["all", "mismatch", "verified", "unverifiable"] as const;

function amount(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return value.toLocaleString(undefined, { maximumFractionDigits: Math.abs(value) < 100 ? 4 : 0 });
}

/** A document's numeric checks: each relation with its figures as written, each figure opening
 * its place in the source; mismatches first, with the figure the reviewer holds responsible.
 * "Check this document" queues a validation (a job): its state is followed until it ends, then
 * the checks are read again. */
export function NumericChecksPanel() {
  const caseId = useWorkspace((state) => state.caseId) ?? "";
  const files = useWorkspace((state) => state.files);
  const [result, setResult] = useState<NumericChecksOut | null>(null);
  const [fileId, setFileId] = useState<string>("");
  const [status, setStatus] = useState<(typeof STATUSES)[number]>("all");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState<NumericRunOut | null>(null);
  const [queuedRuns, setQueuedRuns] = useState(0); // a run queued here: follow it
  const queuedRun = useRef<string | null>(null); // its checks are read again however fast it ends

  const load = useCallback(
    () =>
      unwrap(listNumericChecks({ path: { case_id: caseId } }))
        .then(setResult)
        .catch((caught: unknown) => setError(errorMessage(caught))),
    [caseId],
  );

  useEffect(() => {
    void load();
    return useCaseEvents.getState().subscribe((event) => {
      if (event.type === "PROCESSING_COMPLETED") void load();
    });
  }, [load]);

  const checked = useMemo(() => [...new Set((result?.checks ?? []).map((check) => check.file_id))], [result]);
  const selected = fileId || checked[0] || files[0]?.id || "";
  const shown = useMemo(
    () =>
      (result?.checks ?? [])
        .filter((check) => check.file_id === selected && (status === "all" || check.status === status))
        .sort((a, b) => Number(b.status === "mismatch") - Number(a.status === "mismatch")),
    [result, selected, status],
  );

  // The selected document's latest run, followed while it is queued or running (one queued
  // here, or on an earlier visit); the checks are read again once one ends.
  useEffect(() => {
    if (!caseId || !selected) return;
    const controller = new AbortController();
    let followed = false;
    const fetchRun = () => unwrap(getNumericRunStatus({ path: { case_id: caseId, file_id: selected } }));
    const onUpdate = (latest: NumericRunOut) => {
      followed ||= isActive(latest) || latest.id === queuedRun.current;
      setRun(latest);
    };
    followRun(fetchRun, onUpdate, { signal: controller.signal })
      .then((ended) => (ended && followed ? load() : undefined))
      .catch((caught: unknown) => {
        // 404: the document has not been checked on demand yet.
        if (!controller.signal.aborted && !(caught instanceof ApiError && caught.status === 404)) {
          setError(errorMessage(caught));
        }
      });
    return () => controller.abort();
  }, [caseId, selected, queuedRuns, load]);

  async function check() {
    if (!selected) return;
    setBusy(true);
    setError(null);
    try {
      const queued = await unwrap(runNumericChecks({ path: { case_id: caseId, file_id: selected } }));
      queuedRun.current = queued.id;
      setRun(queued);
      setQueuedRuns((count) => count + 1);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  if (result === null) {
    return <div className="flex h-full items-center justify-center">{error ? <Alert>{error}</Alert> : <Spinner />}</div>;
  }
  const names = new Map(files.map((file) => [file.id, file.filename]));
  const choices = [...new Set([...checked, ...files.map((file) => file.id)])];
  return (
    <div className="flex h-full flex-col" data-testid="numeric-checks">
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2">
        <select
          aria-label="Document"
          value={selected}
          onChange={(event) => {
            setFileId(event.target.value);
            setRun(null); // the other document's run is read next
          }}
          className="rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-slate-300"
        >
          {choices.map((id) => (
            <option key={id} value={id}>
              {names.get(id) ?? id}
            </option>
          ))}
        </select>
        {STATUSES.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={status === name}
            onClick={() => setStatus(name)}
            className={`rounded-full px-3 py-1 text-sm capitalize ring-1 ${
              status === name ? "bg-indigo-50 text-indigo-700 ring-indigo-200" : "bg-white text-slate-600 ring-slate-200 hover:bg-slate-50"
            }`}
          >
            {name}
          </button>
        ))}
        <span className="text-sm text-slate-500">
          {result.verified} verified · {result.mismatch} mismatch · {result.unverifiable} unverifiable
        </span>
        <Button className="ml-auto" onClick={check} disabled={busy || isActive(run) || !selected} data-testid="run-checks">
          {busy ? <Spinner label="Queueing" /> : null}
          Check this document
        </Button>
      </div>
      {error ? (
        <div className="px-4 pt-3">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      <NumericRunState run={run} />
      <div className="min-h-0 flex-1 overflow-auto px-4 py-4">
        {shown.length === 0 ? (
          <EmptyState title="No checks for this document" />
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th className="py-2 pr-3">Status</th>
                <th className="py-2 pr-3">Line item</th>
                <th className="py-2 pr-3">Period</th>
                <th className="py-2 pr-3">Computation</th>
                <th className="py-2 pr-3 text-right">Stated</th>
                <th className="py-2 pr-3 text-right">Computed</th>
                <th className="py-2 text-right">Tolerance</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((check) => (
                <CheckRow key={check.id} check={check} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

function CheckRow({ check }: { check: NumericCheckOut }) {
  const mismatch = check.status === "mismatch";
  return (
    <tr className={`border-t border-slate-100 align-top ${mismatch ? "bg-rose-50/60" : ""}`} data-testid="numeric-check" data-status={check.status}>
      <td className="py-2 pr-3">
        <StatusBadge status={check.status.toUpperCase()} />
      </td>
      <td className="py-2 pr-3">
        <div className="font-medium text-slate-900">{check.subject}</div>
        <div className="text-xs text-slate-500">
          {check.statement} · {check.check_type.replaceAll("_", " ")}
        </div>
      </td>
      <td className="py-2 pr-3 text-slate-600">{check.period || "—"}</td>
      <td className="py-2 pr-3">
        <Computation check={check} />
        {mismatch && check.note ? <p className="mt-1 text-xs text-rose-700">{check.note}</p> : null}
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{amount(check.stated)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{amount(check.computed)}</td>
      <td className="py-2 text-right tabular-nums text-slate-500">±{amount(check.tolerance)}</td>
    </tr>
  );
}

function Computation({ check }: { check: NumericCheckOut }) {
  const open = useSource((state) => state.open);
  return (
    <span className="font-mono text-xs">
      {expressionParts<CheckedFigure>(check.expression, check.figures).map((part, index) => {
        const source = part.figure ? toSource(part.figure.source) : null;
        if (!part.figure || !source) return <span key={index}>{part.text}</span>;
        const suspect = part.figure.id === check.suspect_figure;
        return (
          <button
            key={index}
            type="button"
            onClick={() => open(source)}
            title={`${part.figure.label} ${part.figure.period}`.trim()}
            data-testid="check-figure"
            className={`rounded px-1 ring-1 hover:bg-indigo-50 hover:text-indigo-700 ${suspect ? "bg-rose-100 text-rose-800 ring-rose-300" : "bg-slate-100 ring-slate-200"}`}
          >
            {part.figure.written}
          </button>
        );
      })}
    </span>
  );
}
