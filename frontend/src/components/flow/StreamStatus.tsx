"use client";

import { useEffect, useState } from "react";

import { useCaseEvents } from "@/stores/events";

/** Seconds left until `at` (epoch ms), ticking. */
function useCountdown(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const CLOSED_REASON: Record<string, string> = {
  not_found: "this case's event stream was not found",
  rejected: "the server refused the event stream",
  unauthorized: "your session has ended",
  expired: "your session has ended",
};

/** The live stream's state as a small pill (toolbar). */
export function StreamStatusPill() {
  const { connection, retryAt, attempt } = useCaseEvents();
  const seconds = useCountdown(connection === "reconnecting" ? retryAt : null);
  const look =
    connection === "open"
      ? { dot: "bg-emerald-500", text: "Live", ring: "ring-emerald-200 text-emerald-800 bg-emerald-50" }
      : connection === "reconnecting"
        ? {
            dot: "bg-amber-500 animate-pulse",
            text: seconds ? `Reconnecting in ${seconds} s` : "Reconnecting…",
            ring: "ring-amber-200 text-amber-900 bg-amber-50",
          }
        : connection === "connecting"
          ? { dot: "bg-sky-500 animate-pulse", text: "Connecting…", ring: "ring-sky-200 text-sky-800 bg-sky-50" }
          : { dot: "bg-slate-400", text: "Offline", ring: "ring-slate-200 text-slate-600 bg-slate-50" };
  return (
    <span
      data-testid="stream-status"
      data-state={connection}
      data-attempt={attempt}
      role="status"
      aria-live="polite"
      title={connection === "open" ? "Receiving live updates" : undefined}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${look.ring}`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${look.dot}`} />
      {look.text}
    </span>
  );
}

/** Over the canvas while the stream is down: what happens next, and a way to act now. */
export function StreamBanner({ caseId }: { caseId: string }) {
  const { connection, retryAt, attempt, reason, closedBy, reconnectNow, connect } = useCaseEvents();
  const seconds = useCountdown(connection === "reconnecting" ? retryAt : null);
  if (connection === "reconnecting") {
    return (
      <div
        data-testid="reconnect-banner"
        role="status"
        className="pointer-events-auto flex items-center gap-3 rounded-full bg-amber-50 px-4 py-1.5 text-[13px] text-amber-900 shadow-sm ring-1 ring-amber-200"
      >
        <span className="h-2 w-2 animate-pulse rounded-full bg-amber-500" />
        <span>
          <strong className="font-semibold">Reconnecting…</strong>{" "}
          {seconds !== null && seconds > 0
            ? `next attempt in ${seconds} s`
            : "trying now"}
          {attempt > 1 ? <span className="text-amber-700"> (attempt {attempt})</span> : null}
          {reason ? <span className="text-amber-700"> · {reason}</span> : null}
        </span>
        <button type="button" onClick={reconnectNow} className="rounded-md px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100">
          Retry now
        </button>
      </div>
    );
  }
  if (connection === "closed" && closedBy && closedBy !== "abort") {
    return (
      <div
        data-testid="reconnect-banner"
        role="alert"
        className="pointer-events-auto flex items-center gap-3 rounded-full bg-rose-50 px-4 py-1.5 text-[13px] text-rose-900 shadow-sm ring-1 ring-rose-200"
      >
        <span>
          <strong className="font-semibold">Live updates stopped:</strong> {CLOSED_REASON[closedBy] ?? reason ?? "the stream closed"}.
        </span>
        {closedBy !== "unauthorized" && closedBy !== "expired" ? (
          <button type="button" onClick={() => connect(caseId)} className="rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-rose-300 hover:bg-rose-100">
            Reconnect
          </button>
        ) : null}
      </div>
    );
  }
  return null;
}
