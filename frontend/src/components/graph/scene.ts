import {
  type D3DragEvent,
  drag,
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  select,
  type Simulation,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
  zoom,
  type ZoomBehavior,
  zoomIdentity,
  type ZoomTransform,
} from "d3";

import type { GraphEdge, GraphNode } from "@/stores/caseData";

import { type GraphModel, nodeRadius, relationLabel, truncate } from "./model";

/*
 * The knowledge graph drawn with D3, outside React: React hands over the model and the view state
 * (filters, selection, search), and the scene does the rest — the force simulation ticks straight
 * into the SVG attributes, stops when it settles, and restyling touches attributes only. This keeps
 * a few hundred nodes smooth: nothing re-renders per tick.
 */

type SimNode = SimulationNodeDatum & { id: string; node: GraphNode; r: number; colour: string; name: string };
type SimLink = SimulationLinkDatum<SimNode> & { edge: GraphEdge; source: SimNode; target: SimNode };

export type Selected = { kind: "node"; id: string } | { kind: "edge"; id: string } | null;

export type ViewState = {
  visible: ReadonlySet<string>;
  /** Search matches (empty when no search). */
  matches: ReadonlySet<string>;
  searching: boolean;
  selected: Selected;
  /** Labelled when nothing is hovered or selected. */
  labelled: ReadonlySet<string>;
};

export type SceneCallbacks = {
  onSelect: (selected: Selected) => void;
};

export type Scene = {
  update: (view: ViewState) => void;
  /** Zooms to fit the given nodes (all visible nodes when empty). */
  focus: (ids: readonly string[], animate?: boolean) => void;
  zoomBy: (factor: number) => void;
  destroy: () => void;
};

/** Positions survive a reload of the graph (a new version), so the picture does not jump. */
const rememberedPositions = new Map<string, { x: number; y: number }>();

const ZOOM_LABEL_ALL = 1.7;
const EDGE_COLOUR = "#cbd5e1";
const CONTRADICTS = /contradict/i;

export function createScene(
  svgElement: SVGSVGElement,
  model: GraphModel,
  colourOf: (type: string) => string,
  callbacks: { current: SceneCallbacks },
): Scene {
  const svg = select(svgElement);
  svg.selectAll("*").remove();
  const size = () => ({ width: svgElement.clientWidth || 800, height: svgElement.clientHeight || 600 });

  // --- data -----------------------------------------------------------------------------------
  const simNodes: SimNode[] = model.nodes.map((node, index) => {
    const remembered = rememberedPositions.get(node.id);
    const angle = index * 2.399963; // golden angle: an even first spread
    const radius = 12 * Math.sqrt(index + 1);
    return {
      id: node.id,
      node,
      r: nodeRadius(model.degree.get(node.id) ?? 0),
      colour: colourOf(node.type),
      name: model.names.get(node.id) ?? node.name,
      x: remembered?.x ?? Math.cos(angle) * radius,
      y: remembered?.y ?? Math.sin(angle) * radius,
    };
  });
  const simById = new Map(simNodes.map((item) => [item.id, item]));
  const simLinks: SimLink[] = model.edges.map((edge) => ({ edge, source: simById.get(edge.source_id)!, target: simById.get(edge.target_id)! }));
  // New nodes of a reloaded graph start next to a neighbour that already has a place.
  for (const link of simLinks) {
    for (const [from, to] of [
      [link.source, link.target],
      [link.target, link.source],
    ] as const) {
      if (!rememberedPositions.has(from.id) && rememberedPositions.has(to.id)) {
        from.x = (to.x ?? 0) + (Math.random() - 0.5) * 40;
        from.y = (to.y ?? 0) + (Math.random() - 0.5) * 40;
      }
    }
  }
  const neighbours = new Map<string, Set<string>>(simNodes.map((item) => [item.id, new Set<string>()]));
  for (const link of simLinks) {
    neighbours.get(link.source.id)!.add(link.target.id);
    neighbours.get(link.target.id)!.add(link.source.id);
  }

  // --- elements -------------------------------------------------------------------------------
  const defs = svg.append("defs");
  defs
    .append("filter")
    .attr("id", "kg-glow")
    .attr("x", "-50%")
    .attr("y", "-50%")
    .attr("width", "200%")
    .attr("height", "200%")
    .append("feDropShadow")
    .attr("dx", 0)
    .attr("dy", 0)
    .attr("stdDeviation", 3)
    .attr("flood-color", "#6366f1")
    .attr("flood-opacity", 0.6);

  const background = svg.append("rect").attr("width", "100%").attr("height", "100%").attr("fill", "transparent");
  const layer = svg.append("g").attr("class", "kg-layer");
  const edgeLayer = layer.append("g").attr("class", "kg-edges");
  const edgeLines = edgeLayer
    .selectAll<SVGLineElement, SimLink>("line.kg-edge")
    .data(simLinks)
    .join("line")
    .attr("class", "kg-edge")
    .attr("stroke", (link) => (CONTRADICTS.test(link.edge.type) ? "#e11d48" : EDGE_COLOUR))
    .attr("stroke-width", (link) => edgeWidth(link.edge))
    .attr("stroke-dasharray", (link) => (CONTRADICTS.test(link.edge.type) ? "5 3" : link.edge.stale ? "2 3" : null))
    .attr("stroke-linecap", "round");
  // Wide invisible twins make thin lines easy to hover and click.
  const edgeHits = edgeLayer
    .selectAll<SVGLineElement, SimLink>("line.kg-edge-hit")
    .data(simLinks)
    .join("line")
    .attr("class", "kg-edge-hit")
    .attr("stroke", "transparent")
    .attr("stroke-width", 9)
    .attr("data-testid", "graph-edge")
    .attr("data-relation", (link) => link.edge.type)
    .style("cursor", "pointer");
  edgeHits.append("title").text((link) => `${link.source.name} — ${relationLabel(link.edge.type)} → ${link.target.name}`);

  const edgeLabel = layer.append("g").attr("class", "kg-edge-label").style("pointer-events", "none").attr("display", "none");
  const edgeLabelBox = edgeLabel.append("rect").attr("rx", 4).attr("fill", "white").attr("stroke", "#c7d2fe");
  const edgeLabelText = edgeLabel.append("text").attr("font-size", 10.5).attr("fill", "#3730a3").attr("text-anchor", "middle").attr("dy", "0.35em");

  const nodeLayer = layer.append("g").attr("class", "kg-nodes");
  const nodeGroups = nodeLayer
    .selectAll<SVGGElement, SimNode>("g.kg-node")
    .data(simNodes, (item) => item.id)
    .join("g")
    .attr("class", "kg-node")
    .attr("data-testid", "graph-node")
    .attr("data-entity-type", (item) => item.node.type)
    .attr("data-name", (item) => item.name)
    .attr("data-id", (item) => item.id)
    .attr("role", "button")
    .attr("aria-label", (item) => `${item.name} (${item.node.type})`)
    .style("cursor", "pointer");
  nodeGroups
    .filter((item) => model.contradicted.has(item.id))
    .append("circle")
    .attr("class", "kg-contradiction")
    .attr("r", (item) => item.r + 4)
    .attr("fill", "none")
    .attr("stroke", "#e11d48")
    .attr("stroke-width", 1.6)
    .attr("stroke-dasharray", "3 2");
  nodeGroups
    .append("circle")
    .attr("class", "kg-dot")
    .attr("r", (item) => item.r)
    .attr("fill", (item) => item.colour)
    .attr("stroke", "white")
    .attr("stroke-width", 1.5);
  nodeGroups
    .filter((item) => item.node.stale)
    .append("circle")
    .attr("r", 3)
    .attr("cx", (item) => item.r * 0.75)
    .attr("cy", (item) => -item.r * 0.75)
    .attr("fill", "#f59e0b")
    .attr("stroke", "white");
  const labels = nodeGroups
    .append("text")
    .attr("class", "kg-label")
    .attr("x", (item) => item.r + 4)
    .attr("dy", "0.35em")
    .attr("font-size", 11)
    .attr("fill", "#1e293b")
    .attr("stroke", "white")
    .attr("stroke-width", 3)
    .attr("stroke-linejoin", "round")
    .attr("paint-order", "stroke")
    .style("pointer-events", "none")
    .text((item) => truncate(item.name, 28));
  nodeGroups.append("title").text((item) => `${item.name}\n${item.node.type}`);

  // --- simulation -----------------------------------------------------------------------------
  const count = simNodes.length;
  const simulation: Simulation<SimNode, SimLink> = forceSimulation(simNodes)
    .force(
      "link",
      forceLink<SimNode, SimLink>(simLinks)
        .id((item) => item.id)
        .distance((link) => 34 + link.source.r + link.target.r)
        .strength((link) => 0.7 / Math.min(model.degree.get(link.source.id) ?? 1, model.degree.get(link.target.id) ?? 1)),
    )
    .force("charge", forceManyBody<SimNode>().strength(count > 200 ? -140 : -220).distanceMax(520).theta(0.9))
    .force("collide", forceCollide<SimNode>().radius((item) => item.r + 7).iterations(1))
    .force("x", forceX<SimNode>(0).strength(0.05))
    .force("y", forceY<SimNode>(0).strength(0.07))
    .alphaDecay(0.035)
    .stop();

  // Settle most of the layout before the first paint: no explosion on screen, no jank.
  const started = performance.now();
  const known = simNodes.filter((item) => rememberedPositions.has(item.id)).length;
  const warm = count > 0 && known / count > 0.8 ? 40 : 260;
  for (let i = 0; i < warm && simulation.alpha() > 0.04 && performance.now() - started < 180; i += 1) simulation.tick();

  const draw = () => {
    edgeLines
      .attr("x1", (link) => link.source.x ?? 0)
      .attr("y1", (link) => link.source.y ?? 0)
      .attr("x2", (link) => link.target.x ?? 0)
      .attr("y2", (link) => link.target.y ?? 0);
    edgeHits
      .attr("x1", (link) => link.source.x ?? 0)
      .attr("y1", (link) => link.source.y ?? 0)
      .attr("x2", (link) => link.target.x ?? 0)
      .attr("y2", (link) => link.target.y ?? 0);
    nodeGroups.attr("transform", (item) => `translate(${(item.x ?? 0).toFixed(1)},${(item.y ?? 0).toFixed(1)})`);
    placeEdgeLabel();
  };
  simulation.on("tick", draw).on("end", () => {
    for (const item of simNodes) rememberedPositions.set(item.id, { x: item.x ?? 0, y: item.y ?? 0 });
  });

  // --- zoom -----------------------------------------------------------------------------------
  let transform: ZoomTransform = zoomIdentity;
  let labelAll = false;
  const zoomBehaviour: ZoomBehavior<SVGSVGElement, unknown> = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.08, 6])
    .on("zoom", (event: { transform: ZoomTransform }) => {
      transform = event.transform;
      layer.attr("transform", transform.toString());
      const next = transform.k >= ZOOM_LABEL_ALL;
      if (next !== labelAll) {
        labelAll = next;
        restyle();
      }
    });
  svg.call(zoomBehaviour).on("dblclick.zoom", null);

  // --- interaction ----------------------------------------------------------------------------
  let view: ViewState = { visible: new Set(model.nodes.map((node) => node.id)), matches: new Set(), searching: false, selected: null, labelled: new Set() };
  let hovered: string | null = null;
  let hoveredEdge: string | null = null;

  nodeGroups
    .on("mouseenter", (_event, item) => {
      hovered = item.id;
      select<SVGGElement, SimNode>(_event.currentTarget as SVGGElement).raise();
      restyle();
    })
    .on("mouseleave", () => {
      hovered = null;
      restyle();
    })
    .on("click", (event: MouseEvent, item) => {
      event.stopPropagation();
      callbacks.current.onSelect({ kind: "node", id: item.id });
    });
  edgeHits
    .on("mouseenter", (_event, link) => {
      hoveredEdge = link.edge.id;
      restyle();
    })
    .on("mouseleave", () => {
      hoveredEdge = null;
      restyle();
    })
    .on("click", (event: MouseEvent, link) => {
      event.stopPropagation();
      callbacks.current.onSelect({ kind: "edge", id: link.edge.id });
    });
  background.on("click", () => callbacks.current.onSelect(null));

  nodeGroups.call(
    drag<SVGGElement, SimNode>()
      .clickDistance(4)
      .on("start", (event: D3DragEvent<SVGGElement, SimNode, SimNode>, item) => {
        if (!event.active) simulation.alphaTarget(0.15).restart();
        item.fx = item.x;
        item.fy = item.y;
      })
      .on("drag", (event: D3DragEvent<SVGGElement, SimNode, SimNode>, item) => {
        item.fx = event.x;
        item.fy = event.y;
      })
      .on("end", (event: D3DragEvent<SVGGElement, SimNode, SimNode>, item) => {
        if (!event.active) simulation.alphaTarget(0);
        // A dragged node stays where the investigator put it.
        rememberedPositions.set(item.id, { x: item.fx ?? 0, y: item.fy ?? 0 });
      }),
  );

  function selectedEdgeLink(): SimLink | undefined {
    const id = view.selected?.kind === "edge" ? view.selected.id : hoveredEdge;
    return id ? simLinks.find((link) => link.edge.id === id) : undefined;
  }

  function placeEdgeLabel() {
    const link = selectedEdgeLink();
    if (!link || !view.visible.has(link.source.id) || !view.visible.has(link.target.id)) {
      edgeLabel.attr("display", "none");
      return;
    }
    const x = ((link.source.x ?? 0) + (link.target.x ?? 0)) / 2;
    const y = ((link.source.y ?? 0) + (link.target.y ?? 0)) / 2;
    edgeLabel.attr("display", null).attr("transform", `translate(${x},${y})`);
  }

  function restyle() {
    const { visible, matches, searching, selected } = view;
    const focusIds = new Set<string>();
    const focusEdges = new Set<string>();
    if (selected?.kind === "node") {
      focusIds.add(selected.id);
      for (const id of neighbours.get(selected.id) ?? []) focusIds.add(id);
      for (const link of simLinks) if (link.source.id === selected.id || link.target.id === selected.id) focusEdges.add(link.edge.id);
    } else if (selected?.kind === "edge") {
      const link = simLinks.find((item) => item.edge.id === selected.id);
      if (link) {
        focusIds.add(link.source.id);
        focusIds.add(link.target.id);
        focusEdges.add(link.edge.id);
      }
    } else if (hovered) {
      focusIds.add(hovered);
      for (const id of neighbours.get(hovered) ?? []) focusIds.add(id);
      for (const link of simLinks) if (link.source.id === hovered || link.target.id === hovered) focusEdges.add(link.edge.id);
    }
    const dimming = focusIds.size > 0 || (searching && matches.size > 0);
    const lit = (id: string) => focusIds.has(id) || matches.has(id);

    nodeGroups
      .attr("display", (item) => (visible.has(item.id) ? null : "none"))
      .attr("opacity", (item) => (!dimming || lit(item.id) ? 1 : 0.18))
      .attr("data-selected", (item) => (selected?.kind === "node" && selected.id === item.id ? "true" : null))
      .attr("data-match", (item) => (matches.has(item.id) ? "true" : null));
    nodeGroups
      .select<SVGCircleElement>("circle.kg-dot")
      .attr("stroke", (item) => (selected?.kind === "node" && selected.id === item.id ? "#1e1b4b" : matches.has(item.id) ? "#f59e0b" : "white"))
      .attr("stroke-width", (item) => (selected?.kind === "node" && selected.id === item.id ? 3 : matches.has(item.id) ? 3 : 1.5))
      .attr("filter", (item) => (selected?.kind === "node" && selected.id === item.id ? "url(#kg-glow)" : null));

    const showLabel = (item: SimNode) => {
      if (!visible.has(item.id)) return false;
      if (item.id === hovered || lit(item.id)) return true;
      if (dimming) return false;
      return labelAll || view.labelled.has(item.id);
    };
    labels
      .attr("display", (item) => (showLabel(item) ? null : "none"))
      .attr("font-weight", (item) => (item.id === hovered || (selected?.kind === "node" && selected.id === item.id) || matches.has(item.id) ? 600 : 400))
      .text((item) => (item.id === hovered || (selected?.kind === "node" && selected.id === item.id) ? truncate(item.name, 60) : truncate(item.name, 28)));

    const edgeVisible = (link: SimLink) => visible.has(link.source.id) && visible.has(link.target.id);
    edgeLines
      .attr("display", (link) => (edgeVisible(link) ? null : "none"))
      .attr("stroke", (link) =>
        CONTRADICTS.test(link.edge.type) ? "#e11d48" : focusEdges.has(link.edge.id) || link.edge.id === hoveredEdge ? "#6366f1" : EDGE_COLOUR,
      )
      .attr("stroke-width", (link) => edgeWidth(link.edge) + (focusEdges.has(link.edge.id) || link.edge.id === hoveredEdge ? 1 : 0))
      .attr("opacity", (link) => (!dimming || focusEdges.has(link.edge.id) ? 1 : 0.12));
    edgeHits.attr("display", (link) => (edgeVisible(link) ? null : "none"));

    const link = selectedEdgeLink();
    if (link) {
      edgeLabelText.text(relationLabel(link.edge.type));
      const width = Math.max(40, relationLabel(link.edge.type).length * 6 + 12);
      edgeLabelBox.attr("x", -width / 2).attr("y", -9).attr("width", width).attr("height", 18);
    }
    placeEdgeLabel();
    // Keep what is lit above the rest.
    nodeGroups.filter((item) => lit(item.id)).raise();
  }

  function focus(ids: readonly string[], animate = true) {
    const targets = (ids.length ? ids : [...view.visible]).map((id) => simById.get(id)).filter((item): item is SimNode => item !== undefined && view.visible.has(item.id));
    if (targets.length === 0) return;
    const { width, height } = size();
    const xs = targets.map((item) => item.x ?? 0);
    const ys = targets.map((item) => item.y ?? 0);
    const pad = 60;
    const minX = Math.min(...xs) - pad;
    const maxX = Math.max(...xs) + pad + 80; // labels run to the right
    const minY = Math.min(...ys) - pad;
    const maxY = Math.max(...ys) + pad;
    const scale = Math.min(ids.length === 1 ? 1.8 : 2, Math.max(0.15, Math.min(width / (maxX - minX), height / (maxY - minY))));
    const next = zoomIdentity
      .translate(width / 2, height / 2)
      .scale(scale)
      .translate(-(minX + maxX) / 2, -(minY + maxY) / 2);
    if (animate) svg.transition().duration(450).call(zoomBehaviour.transform, next);
    else svg.call(zoomBehaviour.transform, next);
  }

  draw();
  focus([], false);
  simulation.alpha(Math.min(simulation.alpha(), 0.12)).restart();

  return {
    update(next) {
      view = next;
      restyle();
    },
    focus,
    zoomBy(factor) {
      svg.transition().duration(250).call(zoomBehaviour.scaleBy, factor);
    },
    destroy() {
      simulation.stop();
      for (const item of simNodes) rememberedPositions.set(item.id, { x: item.x ?? 0, y: item.y ?? 0 });
      svg.on(".zoom", null);
      svg.selectAll("*").remove();
    },
  };
}

function edgeWidth(edge: GraphEdge): number {
  return 0.8 + (edge.confidence ?? 0.5) * 1.4;
}

