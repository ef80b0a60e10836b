import { describe, expect, it } from "vitest";

import type { Contradiction } from "@/stores/caseData";

import { bySeverity, correlationLabel, humanizeDelta, matchesInsight, strengthLevel } from "./format";

describe("insight formatting", () => {
  it("humanises time deltas", () => {
    expect(humanizeDelta(null)).toBe("");
    expect(humanizeDelta(0)).toBe("same moment");
    expect(humanizeDelta(1.5)).toBe("2 s apart");
    expect(humanizeDelta(158)).toBe("2 min 38 s apart");
    expect(humanizeDelta(-120)).toBe("2 min apart");
    expect(humanizeDelta(3 * 3600 + 300)).toBe("3 h 5 min apart");
    expect(humanizeDelta(86_400)).toBe("1 day apart");
    expect(humanizeDelta(2 * 86_400 + 3 * 3600)).toBe("2 days 3 h apart");
  });

  it("labels correlation types", () => {
    expect(correlationLabel("temporal:document↔recording")).toBe("Temporal · document ↔ recording");
    expect(correlationLabel("amount_match")).toBe("Amount match");
    expect(correlationLabel("same_person_temporal")).toBe("Same person temporal");
    expect(correlationLabel("")).toBe("Correlation");
  });

  it("maps strengths onto a 0–3 meter", () => {
    expect(strengthLevel("WEAK")).toBe(1);
    expect(strengthLevel("moderate")).toBe(2);
    expect(strengthLevel("STRONG")).toBe(3);
    expect(strengthLevel("MISSING")).toBe(0);
    expect(strengthLevel("0.9")).toBe(3);
    expect(strengthLevel("whatever")).toBe(1);
  });

  it("orders contradictions by severity", () => {
    const item = (id: string, severity: string) => ({ id, severity }) as Contradiction;
    expect([item("a", "LOW"), item("b", "CRITICAL"), item("c", "MEDIUM"), item("d", "HIGH")].sort(bySeverity).map((c) => c.id)).toEqual(["b", "d", "c", "a"]);
  });

  it("filters by text and staleness", () => {
    expect(matchesInsight(["Hale was in Milwaukee"], false, { query: "milwaukee", staleOnly: false })).toBe(true);
    expect(matchesInsight(["Hale was in Milwaukee"], false, { query: "chicago", staleOnly: false })).toBe(false);
    expect(matchesInsight(["x"], false, { query: "", staleOnly: true })).toBe(false);
    expect(matchesInsight(["x", null], true, { query: "", staleOnly: true })).toBe(true);
  });
});
