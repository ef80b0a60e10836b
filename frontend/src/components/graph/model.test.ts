import { describe, expect, it } from "vitest";

import type { FileOut } from "@/client/types.gen";
import type { GraphEdge, GraphNode } from "@/stores/caseData";

import { segmentDistance } from "./scene";
import { buildGraphModel, displayName, labelledNodes, relationshipsOf, searchNodes, typeColour, visibleEdges, visibleNodeIds } from "./model";

const flags = { stale: false, stale_because: [], corrected_by: [] };
const node = (id: string, name: string, type: string, aliases: string[] = []): GraphNode => ({ ...flags, id, name, type, aliases, sources: [] });
const edge = (id: string, source_id: string, target_id: string, type = "knows", confidence = 0.5): GraphEdge => ({
  ...flags,
  id,
  source_id,
  target_id,
  type,
  description: "",
  confidence,
  evidence: [],
});

const FILE = "895b6958-eb23-4347-972e-9b48a2af6b2b";
const files = [{ id: FILE, filename: "invoice.pdf", mime_type: "application/pdf" }] as FileOut[];

const nodes = [
  node("person:hale", "Victor Alan Hale", "person", ["Mr. Hale", "V. Hale"]),
  node("person:reyes", "Morgan Reyes", "person"),
  node("place:harbor", "Harbor Lights", "place"),
  node(`document:${FILE}`, FILE, "document"),
  node("event:1", "2024-03-14T21:17:40-05:00: Entry at the main door", "event"),
  node("organization:renée", "Renée Holdings", "organization"),
];
const edges = [
  edge("e1", "person:hale", "place:harbor", "located_at", 0.9),
  edge("e2", "person:reyes", "person:hale", "mentioned_with", 0.4),
  edge("e3", `document:${FILE}`, "place:harbor", "contradicts", 0.8),
  edge("e4", "event:1", "place:harbor", "located_at"),
  edge("e5", "person:hale", "ghost"),
];

describe("graph model", () => {
  const model = buildGraphModel(nodes, edges, files);

  it("counts degrees, ignores dangling edges and finds contradiction ends", () => {
    expect(model.edges).toHaveLength(4);
    expect(model.degree.get("place:harbor")).toBe(3);
    expect(model.degree.get("person:hale")).toBe(2);
    expect([...model.contradicted].sort()).toEqual([`document:${FILE}`, "place:harbor"]);
    expect(model.types[0]).toEqual({ type: "person", count: 2 });
  });

  it("names documents by their file and events by their text", () => {
    expect(model.names.get(`document:${FILE}`)).toBe("invoice.pdf");
    expect(model.names.get("event:1")).toBe("Entry at the main door");
    expect(displayName(node("event:3", "2024-06-12T10:00:11.500000-05:00: Said in dep.srt: Mr. Hale: I do.", "event"), new Map())).toBe("Mr. Hale: I do.");
    expect(displayName(node("document:other", "memo", "document"), new Map())).toBe("memo");
  });

  it("filters by type: hidden types drop their nodes and every edge touching them", () => {
    const visible = visibleNodeIds(model, new Set(["place"]));
    expect(visible.has("place:harbor")).toBe(false);
    expect(visible.size).toBe(5);
    expect(visibleEdges(model, visible).map((item) => item.id)).toEqual(["e2"]);
    expect(visibleEdges(model, visibleNodeIds(model, new Set())).length).toBe(4);
  });

  it("searches names, aliases and file names; exact and prefix first; respects the filter", () => {
    expect(searchNodes(model, "hale").map((item) => item.id)).toEqual(["person:hale"]);
    // Substring-only matches count only when nothing matches a whole word.
    const withFile = buildGraphModel([...nodes, node("event:2", "2024-06-12T10:00:11-05:00: Said in deposition_hale.srt: I do.", "event")], [], files);
    expect(searchNodes(withFile, "hale").map((item) => item.id)).toEqual(["person:hale"]);
    expect(searchNodes(withFile, "ition_ha").map((item) => item.id)).toEqual(["event:2"]);
    expect(searchNodes(withFile, "i do")[0]?.id).toBe("event:2");
    expect(searchNodes(model, "mr. hale")[0]?.id).toBe("person:hale");
    expect(searchNodes(model, "invoice")[0]?.id).toBe(`document:${FILE}`);
    expect(searchNodes(model, "renee")[0]?.id).toBe("organization:renée");
    expect(searchNodes(model, "  ")).toEqual([]);
    expect(searchNodes(model, "harbor", visibleNodeIds(model, new Set(["place"])))).toEqual([]);
    const ranked = searchNodes(buildGraphModel([node("a", "Lakeshore Consulting", "organization"), node("b", "Lake", "place")], [], []), "lake");
    expect(ranked.map((item) => item.id)).toEqual(["b", "a"]);
  });

  it("labels the best-connected nodes within a budget, contradiction ends always", () => {
    const visible = visibleNodeIds(model, new Set());
    const labelled = labelledNodes(model, visible, 1);
    expect(labelled.has("place:harbor")).toBe(true);
    expect(labelled.has(`document:${FILE}`)).toBe(true);
    expect(labelled.has("person:reyes")).toBe(false);
  });

  it("lists a node's relationships with their direction, strongest first", () => {
    const relations = relationshipsOf(model, "person:hale");
    expect(relations.map((item) => [item.edge.id, item.other.id, item.outgoing])).toEqual([
      ["e1", "place:harbor", true],
      ["e2", "person:reyes", false],
    ]);
  });

  it("colours known types fixedly and unknown ones from a spare palette", () => {
    expect(typeColour("person")).toBe("#4f46e5");
    expect(typeColour("vessel", ["vessel", "weapon"])).not.toBe(typeColour("weapon", ["vessel", "weapon"]));
  });
});

describe("edge hit-testing", () => {
  it("measures the distance from a point to a segment", () => {
    expect(segmentDistance(5, 3, 0, 0, 10, 0)).toBe(3);
    expect(segmentDistance(-4, 3, 0, 0, 10, 0)).toBe(5);
    expect(segmentDistance(1, 1, 2, 2, 2, 2)).toBeCloseTo(Math.SQRT2);
  });
});
