import type { FileOut } from "@/client/types.gen";
import type { GraphEdge, GraphNode } from "@/stores/caseData";

/** Colours per entity type; types the palette does not know get one of the spare colours. */
const TYPE_COLOURS: Record<string, string> = {
  person: "#4f46e5",
  organization: "#0d9488",
  organisation: "#0d9488",
  company: "#0d9488",
  place: "#d97706",
  location: "#d97706",
  address: "#d97706",
  event: "#0284c7",
  document: "#64748b",
  file: "#64748b",
  amount: "#db2777",
  money: "#db2777",
  transaction: "#db2777",
  account: "#65a30d",
  date: "#0891b2",
  vehicle: "#7c3aed",
  phone: "#9333ea",
  email: "#0369a1",
};
const SPARE = ["#65a30d", "#9333ea", "#b45309", "#be123c", "#0f766e", "#4338ca", "#a16207"];

export function typeColour(type: string, allTypes: readonly string[] = []): string {
  const known = TYPE_COLOURS[type];
  if (known) return known;
  const unknown = allTypes.filter((item) => !TYPE_COLOURS[item]).sort();
  const index = Math.max(0, unknown.indexOf(type));
  return SPARE[index % SPARE.length]!;
}

export function typeLabel(type: string): string {
  const text = type.replace(/[_-]+/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "party_to" → "party to". */
export function relationLabel(type: string): string {
  return type.replace(/[_-]+/g, " ");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a node is called on screen. Document nodes are named by their file id in the graph; the
 * file's name reads better. Event nodes are named "<timestamp>: <text>"; the text is the name.
 */
export function displayName(node: Pick<GraphNode, "id" | "name" | "type">, filesById: ReadonlyMap<string, FileOut>): string {
  const byName = filesById.get(node.name);
  if (byName) return byName.filename;
  const suffix = node.id.includes(":") ? node.id.slice(node.id.indexOf(":") + 1) : "";
  if (UUID.test(suffix)) {
    const file = filesById.get(suffix);
    if (file) return file.filename;
  }
  if (node.type === "event") {
    const match = /^\d{4}-\d{2}-\d{2}[^:]*(?::\d{2}){0,2}(?:\.\d+)?(?:[+-]\d{2}:\d{2}|Z)?: (.+)$/.exec(node.name);
    // "Said in deposition.srt: Mr. Hale: I do." — the file is shown elsewhere; the words matter.
    if (match?.[1]) return match[1].replace(/^Said in [^:]+: /, "");
  }
  return node.name;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export type GraphModel = {
  nodes: GraphNode[];
  edges: GraphEdge[];
  byId: Map<string, GraphNode>;
  degree: Map<string, number>;
  /** Edge ids per node. */
  incident: Map<string, GraphEdge[]>;
  /** Nodes at either end of a `contradicts` relationship. */
  contradicted: Set<string>;
  types: { type: string; count: number }[];
  names: Map<string, string>;
};

export function buildGraphModel(nodes: readonly GraphNode[], edges: readonly GraphEdge[], files: readonly FileOut[]): GraphModel {
  const filesById = new Map(files.map((file) => [file.id, file]));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const degree = new Map<string, number>(nodes.map((node) => [node.id, 0]));
  const incident = new Map<string, GraphEdge[]>(nodes.map((node) => [node.id, []]));
  const contradicted = new Set<string>();
  for (const edge of edges) {
    if (!byId.has(edge.source_id) || !byId.has(edge.target_id)) continue;
    degree.set(edge.source_id, (degree.get(edge.source_id) ?? 0) + 1);
    degree.set(edge.target_id, (degree.get(edge.target_id) ?? 0) + 1);
    incident.get(edge.source_id)!.push(edge);
    if (edge.target_id !== edge.source_id) incident.get(edge.target_id)!.push(edge);
    if (/contradict/i.test(edge.type)) {
      contradicted.add(edge.source_id);
      contradicted.add(edge.target_id);
    }
  }
  const counts = new Map<string, number>();
  for (const node of nodes) counts.set(node.type, (counts.get(node.type) ?? 0) + 1);
  const types = [...counts].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
  const names = new Map(nodes.map((node) => [node.id, displayName(node, filesById)]));
  return { nodes: [...nodes], edges: edges.filter((edge) => byId.has(edge.source_id) && byId.has(edge.target_id)), byId, degree, incident, contradicted, types, names };
}

/** Ids of nodes a type filter keeps. */
export function visibleNodeIds(model: GraphModel, hiddenTypes: ReadonlySet<string>): Set<string> {
  return new Set(model.nodes.filter((node) => !hiddenTypes.has(node.type)).map((node) => node.id));
}

/** Edges whose both ends are visible. */
export function visibleEdges(model: GraphModel, visible: ReadonlySet<string>): GraphEdge[] {
  return model.edges.filter((edge) => visible.has(edge.source_id) && visible.has(edge.target_id));
}

/**
 * Nodes matching a search: by displayed name, graph name or alias, case- and accent-insensitive.
 * Exact and prefix matches first, then the best-connected.
 */
export function searchNodes(model: GraphModel, query: string, visible?: ReadonlySet<string>): GraphNode[] {
  const needle = fold(query.trim());
  if (!needle) return [];
  const scored: { node: GraphNode; score: number }[] = [];
  for (const node of model.nodes) {
    if (visible && !visible.has(node.id)) continue;
    const haystack = [model.names.get(node.id) ?? node.name, node.name, ...node.aliases].map(fold);
    let score = -1;
    for (const text of haystack) {
      if (text === needle) score = Math.max(score, 3);
      else if (text.startsWith(needle)) score = Math.max(score, 2);
      else if (text.split(/[\s,.;:()'"-]+/).some((word) => word.startsWith(needle))) score = Math.max(score, 1.5);
      else if (text.includes(needle)) score = Math.max(score, 1);
    }
    if (score >= 0) scored.push({ node, score });
  }
  // "hale" inside "deposition_hale_2024.srt" is noise when whole words match elsewhere.
  const best = Math.max(...scored.map((item) => item.score), 0);
  return scored
    .filter((item) => best <= 1 || item.score > 1)
    .sort((a, b) => b.score - a.score || (model.degree.get(b.node.id) ?? 0) - (model.degree.get(a.node.id) ?? 0))
    .map((item) => item.node);
}

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

/**
 * Which nodes carry a label when nothing is hovered or selected: the best-connected ones, at most
 * `budget`, so a few hundred nodes do not turn into a wall of text. Contradiction ends always.
 */
export function labelledNodes(model: GraphModel, visible: ReadonlySet<string>, budget: number): Set<string> {
  const ranked = model.nodes
    .filter((node) => visible.has(node.id) && node.type !== "event")
    .sort((a, b) => (model.degree.get(b.id) ?? 0) - (model.degree.get(a.id) ?? 0));
  const chosen = new Set<string>();
  for (const node of ranked) {
    if (chosen.size >= budget) break;
    if ((model.degree.get(node.id) ?? 0) < 2 && chosen.size >= budget / 2) break;
    chosen.add(node.id);
  }
  for (const id of model.contradicted) if (visible.has(id)) chosen.add(id);
  return chosen;
}

/** Node radius: grows with connections, within limits. */
export function nodeRadius(degree: number): number {
  return Math.min(20, 5 + Math.sqrt(degree) * 2.6);
}

/** The relationships of a node, each with the node at the other end, strongest first. */
export function relationshipsOf(model: GraphModel, nodeId: string): { edge: GraphEdge; other: GraphNode; outgoing: boolean }[] {
  return (model.incident.get(nodeId) ?? [])
    .map((edge) => {
      const outgoing = edge.source_id === nodeId;
      const other = model.byId.get(outgoing ? edge.target_id : edge.source_id)!;
      return { edge, other, outgoing };
    })
    .sort((a, b) => (b.edge.confidence ?? 0) - (a.edge.confidence ?? 0) || a.edge.type.localeCompare(b.edge.type));
}
