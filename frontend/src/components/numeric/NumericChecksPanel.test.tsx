import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { NumericChecksOut, NumericRunOut } from "@/client/types.gen";

const sdk = vi.hoisted(() => ({
  listNumericChecks: vi.fn(),
  runNumericChecks: vi.fn(),
  getNumericRunStatus: vi.fn(),
}));
vi.mock("@/client/sdk.gen", () => sdk);
vi.mock("@/stores/events", () => ({
  useCaseEvents: { getState: () => ({ subscribe: () => () => undefined }) },
}));

import { useWorkspace } from "@/stores/workspace";

import { NumericChecksPanel } from "./NumericChecksPanel";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ok = <T,>(data: T) => Promise.resolve({ data, response: new Response(null, { status: 200 }) });
const notFound = () =>
  Promise.resolve({
    error: { error: { code: "NOT_FOUND", message: "not checked yet", details: {}, recoverable: false } },
    response: new Response(null, { status: 404 }),
  });

function run(status: string): NumericRunOut {
  return {
    id: "run-1",
    case_id: "case-1",
    file_id: "file-1",
    status,
    error: null,
    created_at: "2026-12-06T05:00:00Z",
    started_at: null,
    completed_at: null,
  } as NumericRunOut;
}

function checks(verified: number): NumericChecksOut {
  return { case_id: "case-1", verified, mismatch: 0, unverifiable: 0, checks: [] };
}

async function until(condition: () => boolean, seconds = 5) {
  const deadline = Date.now() + seconds * 1000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

describe("NumericChecksPanel", () => {
  const host = document.createElement("div");
  afterEach(() => vi.clearAllMocks());

  it("waits for the queued run, says it waits for a worker, then reads the checks again", async () => {
    useWorkspace.setState({
      caseId: "case-1",
      files: [{ id: "file-1", filename: "statement.html" }] as never,
    });
    sdk.listNumericChecks.mockImplementationOnce(() => ok(checks(0))).mockImplementation(() => ok(checks(17)));
    const states = ["PENDING", "PENDING", "READY"];
    sdk.getNumericRunStatus
      .mockImplementationOnce(notFound) // never checked before
      .mockImplementation(() => ok(run((states.length > 1 ? states.shift() : states[0]) as string)));
    sdk.runNumericChecks.mockImplementation(() => ok(run("PENDING")));

    const root = createRoot(host);
    await act(async () => root.render(<NumericChecksPanel />));
    await until(() => host.textContent?.includes("0 verified") ?? false);
    const button = () => host.querySelector<HTMLButtonElement>('[data-testid="run-checks"]')!;
    expect(button().disabled).toBe(false);
    expect(host.querySelector('[data-testid="numeric-run"]')).toBeNull();

    await act(async () => button().click());
    await until(() => host.querySelector('[data-testid="numeric-waiting-for-worker"]') !== null);
    expect(host.textContent).toContain("Queued: waiting for a worker");
    expect(button().disabled).toBe(true);

    await until(() => host.textContent?.includes("17 verified") ?? false);
    expect(host.querySelector('[data-testid="numeric-run"]')).toBeNull();
    expect(button().disabled).toBe(false);
    expect(sdk.runNumericChecks).toHaveBeenCalledTimes(1);
    expect(sdk.listNumericChecks).toHaveBeenCalledTimes(2);
    await act(async () => root.unmount());
  });
});
