import { describe, expect, it } from "vitest";

import { PROVIDER_NAMES, formatUsd, providersOf, totalCost } from "./format";

type Rec = { provider: string | null; started_at: string; children: Rec[] };
const record = (provider: string | null, startedAt: string, children: Rec[] = []): Rec => ({ provider, started_at: startedAt, children });

describe("providersOf", () => {
  it("lists each provider once, the latest run's first, children included", () => {
    const earlier = record("gemini", "2026-12-01T10:00:00Z", [record("gemini", "2026-12-01T10:01:00Z")]);
    const later = record("openai_compat", "2026-12-06T09:00:00Z", [record("openai_compat", "2026-12-06T09:02:00Z")]);
    expect(providersOf([earlier, later])).toEqual(["openai_compat", "gemini"]);
  });

  it("says nothing for records older than the provider field", () => {
    expect(providersOf([record(null, "2026-11-01T10:00:00Z")])).toEqual([]);
    expect(providersOf([])).toEqual([]);
  });

  it("names every provider the backend records", () => {
    expect(Object.keys(PROVIDER_NAMES).sort()).toEqual(["gemini", "local", "openai_compat"]);
  });
});

describe("totalCost", () => {
  it("sums every record's cost, children included", () => {
    const records = [
      { cost_usd: 0.25, children: [{ cost_usd: 0.5, children: [] }, { cost_usd: 0.125, children: [] }] },
      { cost_usd: 0, children: [] },
    ];
    expect(totalCost(records)).toBeCloseTo(0.875);
    expect(totalCost([])).toBe(0);
  });

  it("formats dollars to cents over a dollar and to four places under", () => {
    expect(formatUsd(1.5)).toBe("$1.50");
    expect(formatUsd(0.00421)).toBe("$0.0042");
  });
});
