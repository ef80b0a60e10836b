"use client";

import type { JobStatusOut } from "@/client/types.gen";

import styles from "./flow.module.css";

const PHASE_LABELS: Record<string, string> = {
  extraction: "Extraction",
  triage: "Triage",
  routing: "Routing",
  domains: "Domains",
  synthesis: "Synthesis",
  graph: "Graph",
};

/** The job's phases (GET /process/status) as one segmented bar with the overall percentage. A job
 * still PENDING waits in the queue until a worker takes it (on PostgreSQL deployments, where jobs
 * run on worker processes), which the bar says rather than sitting at 0%. */
export function RunProgress({ job }: { job: JobStatusOut }) {
  const status = job.job.status;
  const failed = status === "ERROR";
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  const failedPhase = failed ? (job.job.current_phase ?? job.phases.find((p) => p.state !== "completed")?.name ?? null) : null;
  return (
    <div className="flex min-w-0 items-center gap-3" data-testid="run-progress" data-status={status} data-progress={percent}>
      <div
        className="flex min-w-0 flex-1 gap-1"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="Processing progress"
      >
        {job.phases.map((phase) => {
          const isFailed = phase.name === failedPhase;
          const fill = isFailed
            ? "bg-rose-400"
            : phase.state === "completed"
              ? status === "PARTIAL" && phase.name === "domains"
                ? "bg-amber-400"
                : "bg-indigo-500"
              : phase.state === "running" && !failed
                ? styles.active
                : "bg-slate-200";
          return (
            <div key={phase.name} className="min-w-0 flex-1" data-phase={phase.name} data-state={isFailed ? "failed" : phase.state}>
              <div className={`h-1.5 rounded-full ${fill}`} />
              <div
                className={`mt-1 truncate text-[10.5px] font-medium ${
                  isFailed ? "text-rose-700" : phase.state === "running" ? "text-indigo-700" : phase.state === "completed" ? "text-slate-600" : "text-slate-400"
                }`}
              >
                {PHASE_LABELS[phase.name] ?? phase.name}
              </div>
            </div>
          );
        })}
      </div>
      {status === "PENDING" ? (
        <span className="shrink-0 text-xs font-medium text-slate-500" data-testid="waiting-for-worker">
          Queued: waiting for a worker
        </span>
      ) : null}
      <span className={`w-10 shrink-0 text-right text-xs font-semibold tabular-nums ${failed ? "text-rose-700" : "text-slate-700"}`}>{percent}%</span>
    </div>
  );
}
