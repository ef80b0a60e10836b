import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { JobStatusOut } from "@/client/types.gen";

import { RunProgress } from "./RunProgress";

function status(jobStatus: string): JobStatusOut {
  return {
    job: { status: jobStatus, completed_phases: [], current_phase: null },
    phases: [{ name: "extraction", state: "pending" }],
    progress: 0,
  } as unknown as JobStatusOut;
}

describe("RunProgress", () => {
  it("says a queued job waits for a worker", () => {
    const html = renderToStaticMarkup(<RunProgress job={status("PENDING")} />);
    expect(html).toContain('data-testid="waiting-for-worker"');
    expect(html).toContain("waiting for a worker");
  });

  it("says nothing of workers once one runs the job", () => {
    const html = renderToStaticMarkup(<RunProgress job={status("PROCESSING")} />);
    expect(html).not.toContain("waiting for a worker");
  });
});
