import type { NumericRunOut } from "@/client/types.gen";
import { Alert, Spinner } from "@/components/ui";

/** Where the selected document's validation is: queued (on PostgreSQL deployments a run waits
 * until a worker process takes it, which is said rather than left to look stuck), running, or
 * how it failed. Nothing once it is done: its checks are the table. */
export function NumericRunState({ run }: { run: NumericRunOut | null }) {
  if (run === null || run.status === "READY") return null;
  if (run.status === "ERROR") {
    return (
      <div className="px-4 pt-3" data-testid="numeric-run" data-status={run.status}>
        <Alert>
          The check of this document failed: {run.error?.message ?? "unknown error"}
          {run.error?.suggested_action ? ` (${run.error.suggested_action})` : ""}
        </Alert>
      </div>
    );
  }
  const waiting = run.status === "PENDING";
  return (
    <div
      className="flex items-center gap-2 px-4 pt-3 text-sm text-slate-600"
      data-testid="numeric-run"
      data-status={run.status}
    >
      <Spinner label={waiting ? "Queued" : "Checking"} />
      {waiting ? (
        <span data-testid="numeric-waiting-for-worker">Queued: waiting for a worker</span>
      ) : (
        <span>Checking the figures of this document…</span>
      )}
    </div>
  );
}
