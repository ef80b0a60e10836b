import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import type { NumericRunOut } from "@/client/types.gen";

import { NumericRunState } from "./NumericRunState";
import { followRun, isActive } from "./run";

function run(status: string, error: NumericRunOut["error"] = null): NumericRunOut {
  return {
    id: "run-1",
    case_id: "case-1",
    file_id: "file-1",
    status,
    error,
    created_at: "2026-12-06T05:00:00Z",
    started_at: null,
    completed_at: null,
  } as NumericRunOut;
}

describe("NumericRunState", () => {
  it("says a queued run waits for a worker", () => {
    const html = renderToStaticMarkup(<NumericRunState run={run("PENDING")} />);
    expect(html).toContain('data-testid="numeric-waiting-for-worker"');
    expect(html).toContain("waiting for a worker");
  });

  it("says a running run is checking, and nothing of workers", () => {
    const html = renderToStaticMarkup(<NumericRunState run={run("PROCESSING")} />);
    expect(html).toContain("Checking the figures");
    expect(html).not.toContain("waiting for a worker");
  });

  it("shows how a run failed", () => {
    const failed = run("ERROR", {
      code: "FILE_CORRUPT",
      message: "The file could not be read: bad xref",
      details: {},
      recoverable: false,
      suggested_action: "upload a readable copy of the file",
    });
    const html = renderToStaticMarkup(<NumericRunState run={failed} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("The file could not be read: bad xref");
    expect(html).toContain("upload a readable copy of the file");
  });

  it("shows nothing once the run is done", () => {
    expect(renderToStaticMarkup(<NumericRunState run={run("READY")} />)).toBe("");
    expect(renderToStaticMarkup(<NumericRunState run={null} />)).toBe("");
  });
});

describe("followRun", () => {
  it("polls until the run has ended, reporting each state", async () => {
    const states = [run("PENDING"), run("PENDING"), run("PROCESSING"), run("READY")];
    const fetchRun = vi.fn(async () => states.shift() as NumericRunOut);
    const seen: string[] = [];
    const ended = await followRun(fetchRun, (r) => seen.push(r.status), { intervalMs: 1 });
    expect(ended?.status).toBe("READY");
    expect(seen).toEqual(["PENDING", "PENDING", "PROCESSING", "READY"]);
    expect(fetchRun).toHaveBeenCalledTimes(4);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    const fetchRun = vi.fn(async () => run("PENDING"));
    const following = followRun(fetchRun, () => controller.abort(), { intervalMs: 10_000, signal: controller.signal });
    await expect(following).resolves.toBeNull();
    expect(fetchRun).toHaveBeenCalledTimes(1);
  });

  it("knows which runs are still to end", () => {
    expect(isActive(run("PENDING"))).toBe(true);
    expect(isActive(run("PROCESSING"))).toBe(true);
    expect(isActive(run("ERROR"))).toBe(false);
    expect(isActive(null)).toBe(false);
  });
});
