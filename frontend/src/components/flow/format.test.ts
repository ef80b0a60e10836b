import { describe, expect, it } from "vitest";

import { PROVIDER_NAMES, providersOf } from "./format";

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
