import { describe, expect, it } from "vitest";

import { expressionParts } from "./expression";

describe("expressionParts", () => {
  const figures = [
    { id: "f1", written: "$293,618" },
    { id: "f5", written: "153,547" },
    { id: "f9", written: "140,071" },
  ];

  it("cuts a relation into its figures and the operators between them", () => {
    const parts = expressionParts("f9 = f1 - f5", figures);
    expect(parts.map((part) => part.figure?.written ?? part.text)).toEqual(["140,071", " = ", "$293,618", " - ", "153,547"]);
  });

  it("keeps a name it was not given as text and does not confuse f1 with f12", () => {
    const parts = expressionParts("(f12 - f1) / f1 * 100", figures);
    expect(parts.filter((part) => part.figure).map((part) => part.figure?.id)).toEqual(["f1", "f1"]);
    expect(parts.map((part) => part.text).join("")).toBe("(f12 - f1) / f1 * 100");
  });
});
