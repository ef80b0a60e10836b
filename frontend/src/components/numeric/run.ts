import type { NumericRunOut } from "@/client/types.gen";

/** A numeric run still to end: queued (until a worker takes it) or running. */
export function isActive(run: NumericRunOut | null): boolean {
  return run !== null && (run.status === "PENDING" || run.status === "PROCESSING");
}

/** Polls a file's numeric run (GET .../numeric-checks/status) until it has ended, reporting each
 * state it is seen in; the ended run, or null when stopped (`signal`) first. */
export async function followRun(
  fetchRun: () => Promise<NumericRunOut>,
  onUpdate: (run: NumericRunOut) => void,
  { intervalMs = 1000, signal }: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<NumericRunOut | null> {
  while (!signal?.aborted) {
    const run = await fetchRun();
    if (signal?.aborted) return null;
    onUpdate(run);
    if (!isActive(run)) return run;
    await pause(intervalMs, signal);
  }
  return null;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
