import {
  type D3DragEvent,
  drag,
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  pointer,
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
 * (filters, selection, search), and the scene does the rest. The force simulation ticks straight
 * into the drawing and stops when it settles; nothing re-renders per tick.
 *
 * Relationships are painted on a canvas under the SVG — hundreds of lines are one cheap bitmap
 * instead of hundreds of DOM elements — and are hit-tested geometrically. Entities stay SVG
 * elements: clickable, labelled, and addressable by tests (`graph-node`).
 *
 * Zoom is semantic: it spreads the layout out while dots, lines and text keep their size (with a
 * little growth when zoomed in), so labels stay legible at every scale.
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
  /** The canvas changed size (the Source panel opened or closed): keep the picture centred. */
  resize: () => void;
  destroy: () => void;
};

/** Positions survive a reload of the graph (a new version), so the picture does not jump. */
const rememberedPositions = new Map<string, { x: number; y: number }>();

const ZOOM_LABEL_ALL = 1.7;
const EDGE_COLOUR = "#cbd5e1";
const EDGE_FOCUS = "#6366f1";
const CONTRADICTION_COLOUR = "#e11d48";
const CONTRADICTS = /contradict/i;
const EDGE_HIT_PX = 5;

export function createScene(
  svgElement: SVGSVGElement,
  canvasElement: HTMLCanvasElement,
  model: GraphModel,
  colourOf: (type: string) => string,
  callbacks: { current: SceneCallbacks },
): Scene {
  const svg = select(svgElement);
  svg.selectAll("*").remove();
  const size = () => ({ width: svgElement.clientWidth || 800, height: svgElement.clientHeight || 600 });
  const context = canvasElement.getContext("2d");

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
  const linkById = new Map(simLinks.map((link) => [link.edge.id, link]));
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
  svg
    .append("defs")
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

  // Labels sit under the nodes: a node is always what a click at its centre hits.
  const labelLayer = layer.append("g").attr("class", "kg-labels").style("pointer-events", "none");
  const labels = labelLayer
    .selectAll<SVGTextElement, SimNode>("text")
    .data(simNodes, (item) => item.id)
    .join("text")
    .attr("class", "kg-label")
    .attr("dy", "0.35em")
    .attr("font-size", 11)
    .attr("fill", "#1e293b")
    .attr("stroke", "white")
    .attr("stroke-width", 3)
    .attr("stroke-linejoin", "round")
    .attr("paint-order", "stroke")
    .text((item) => truncate(item.name, 28));
  let shownLabels = labels.filter(() => false);
  /** Shown labels, most important first, for collision culling. */
  let labelOrder: { element: SVGTextElement; item: SimNode; forced: boolean; width: number }[] = [];

  const nodeGroups = layer
    .append("g")
    .attr("class", "kg-nodes")
    .selectAll<SVGGElement, SimNode>("g.kg-node")
    .data(simNodes, (item) => item.id)
    .join("g")
    .attr("class", "kg-node")
    .attr("data-testid", "graph-node")
    .attr("data-entity-type", (item) => item.node.type)
    .attr("data-name", (item) => item.name)
    .attr("data-id", (item) => item.id)
    .attr("data-contradiction", (item) => (model.contradicted.has(item.id) ? "true" : null))
    .attr("data-stale", (item) => (item.node.stale ? "true" : null))
    .attr("role", "button")
    .attr("aria-label", (item) => `${item.name} (${item.node.type})`)
    .style("cursor", "pointer");
  nodeGroups
    .filter((item) => model.contradicted.has(item.id))
    .append("circle")
    .attr("r", (item) => item.r + 4)
    .attr("fill", "none")
    .attr("stroke", CONTRADICTION_COLOUR)
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
  nodeGroups.append("title").text((item) => `${item.name}\n${item.node.type}${item.node.stale ? " · stale" : ""}`);

  const edgeLabel = layer.append("g").attr("class", "kg-edge-label").style("pointer-events", "none").attr("display", "none");
  const edgeLabelBox = edgeLabel.append("rect").attr("rx", 4).attr("fill", "white").attr("stroke", "#c7d2fe");
  const edgeLabelText = edgeLabel.append("text").attr("font-size", 10.5).attr("fill", "#3730a3").attr("text-anchor", "middle").attr("dy", "0.35em");

  // --- view state ------------------------------------------------------------------------------
  let view: ViewState = { visible: new Set(model.nodes.map((node) => node.id)), matches: new Set(), searching: false, selected: null, labelled: new Set() };
  let hovered: string | null = null;
  let hoveredEdge: string | null = null;
  let focusEdges = new Set<string>();
  let dimming = false;
  let transform: ZoomTransform = zoomIdentity;
  let glyph = 1;
  let labelAll = false;
  let canvasSize = { width: 0, height: 0, ratio: 1 };
  const nodeLook = new Map<string, string>();
  const labelLook = new Map<string, string>();

  const sx = (item: SimNode) => transform.applyX(item.x ?? 0);
  const sy = (item: SimNode) => transform.applyY(item.y ?? 0);
  const edgeVisible = (link: SimLink) => view.visible.has(link.source.id) && view.visible.has(link.target.id);

  // --- drawing ---------------------------------------------------------------------------------
  function fitCanvas() {
    const { width, height } = size();
    const ratio = window.devicePixelRatio || 1;
    if (width === canvasSize.width && height === canvasSize.height && ratio === canvasSize.ratio) return;
    canvasSize = { width, height, ratio };
    canvasElement.width = Math.round(width * ratio);
    canvasElement.height = Math.round(height * ratio);
  }

  function drawEdges() {
    if (!context) return;
    fitCanvas();
    const { width, height, ratio } = canvasSize;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.lineCap = "round";
    const scale = Math.min(1.4, Math.max(0.7, glyph));
    // Two passes: the lit relationships are painted over the rest.
    for (const pass of [false, true]) {
      for (const link of simLinks) {
        if (!edgeVisible(link)) continue;
        const lit = focusEdges.has(link.edge.id) || link.edge.id === hoveredEdge;
        if (lit !== pass) continue;
        const contradiction = CONTRADICTS.test(link.edge.type);
        context.globalAlpha = !dimming || lit ? 1 : 0.12;
        context.strokeStyle = contradiction ? CONTRADICTION_COLOUR : lit ? EDGE_FOCUS : EDGE_COLOUR;
        context.lineWidth = (edgeWidth(link.edge) + (lit ? 1 : 0)) * scale;
        context.setLineDash(contradiction ? [5, 3] : link.edge.stale ? [2, 3] : []);
        context.beginPath();
        context.moveTo(sx(link.source), sy(link.source));
        context.lineTo(sx(link.target), sy(link.target));
        context.stroke();
      }
    }
    context.globalAlpha = 1;
    context.setLineDash([]);
  }

  /** Places the shown labels; one that would overlap a more important one waits its turn. */
  const placeLabels = () => {
    const taken: [number, number, number, number][] = [];
    for (const { element, item, forced, width } of labelOrder) {
      const x = sx(item) + item.r * glyph + 4;
      const y = sy(item);
      const box: [number, number, number, number] = [x - 2, y - 7, x + width + 2, y + 7];
      const clash = !forced && taken.some((other) => box[0] < other[2] && box[2] > other[0] && box[1] < other[3] && box[3] > other[1]);
      setAttr(element, "visibility", clash ? "hidden" : null);
      if (clash) continue;
      taken.push(box);
      element.setAttribute("x", x.toFixed(1));
      element.setAttribute("y", y.toFixed(1));
    }
  };
  const draw = () => {
    drawEdges();
    nodeGroups.attr("transform", (item) => `translate(${sx(item).toFixed(1)},${sy(item).toFixed(1)}) scale(${glyph.toFixed(3)})`);
    placeLabels();
    placeEdgeLabel();
  };

  function activeEdge(): SimLink | undefined {
    const id = view.selected?.kind === "edge" ? view.selected.id : hoveredEdge;
    return id ? linkById.get(id) : undefined;
  }

  function placeEdgeLabel() {
    const link = activeEdge();
    if (!link || !edgeVisible(link)) {
      edgeLabel.attr("display", "none");
      return;
    }
    const x = (sx(link.source) + sx(link.target)) / 2;
    const y = (sy(link.source) + sy(link.target)) / 2;
    edgeLabel.attr("display", null).attr("transform", `translate(${x},${y - 12})`);
  }

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
    // Unconnected nodes would drift to the edges and shrink the fitted view: pull them in harder.
    .force("x", forceX<SimNode>(0).strength((item) => ((model.degree.get(item.id) ?? 0) === 0 ? 0.25 : 0.05)))
    .force("y", forceY<SimNode>(0).strength((item) => ((model.degree.get(item.id) ?? 0) === 0 ? 0.3 : 0.07)))
    .alphaDecay(0.035)
    .stop();

  // Settle most of the layout before the first paint: no explosion on screen, little animation.
  const started = performance.now();
  const known = simNodes.filter((item) => rememberedPositions.has(item.id)).length;
  const warm = count > 0 && known / count > 0.8 ? 40 : 300;
  for (let i = 0; i < warm && simulation.alpha() > 0.03 && performance.now() - started < 250; i += 1) simulation.tick();

  simulation.on("tick", draw).on("end", () => {
    for (const item of simNodes) rememberedPositions.set(item.id, { x: item.x ?? 0, y: item.y ?? 0 });
  });

  // --- zoom -----------------------------------------------------------------------------------
  const zoomBehaviour: ZoomBehavior<SVGSVGElement, unknown> = zoom<SVGSVGElement, unknown>()
    .scaleExtent([0.08, 6])
    // d3's default extent reads the SVG's width attribute, which a percentage size cannot answer
    // while the view is hidden or detached ("Could not resolve relative length").
    .extent(() => {
      const { width, height } = size();
      return [
        [0, 0],
        [width, height],
      ];
    })
    .on("zoom", (event: { transform: ZoomTransform }) => {
      transform = event.transform;
      glyph = Math.min(1.5, Math.max(0.55, Math.sqrt(transform.k)));
      const next = transform.k >= ZOOM_LABEL_ALL;
      if (next !== labelAll) {
        labelAll = next;
        restyle();
      }
      draw();
    });
  svg.call(zoomBehaviour).on("dblclick.zoom", null);

  // --- interaction ----------------------------------------------------------------------------
  /** The visible relationship within a few pixels of a point on screen, nearest first. */
  function edgeAt(x: number, y: number): SimLink | undefined {
    let best: SimLink | undefined;
    let bestDistance = EDGE_HIT_PX;
    for (const link of simLinks) {
      if (!edgeVisible(link)) continue;
      const distance = segmentDistance(x, y, sx(link.source), sy(link.source), sx(link.target), sy(link.target));
      if (distance < bestDistance) {
        bestDistance = distance;
        best = link;
      }
    }
    return best;
  }

  background
    .on("mousemove", (event: MouseEvent) => {
      const [x, y] = pointer(event, svgElement);
      const id = edgeAt(x, y)?.edge.id ?? null;
      if (id === hoveredEdge) return;
      hoveredEdge = id;
      background.style("cursor", id ? "pointer" : "");
      restyle();
    })
    .on("mouseleave", () => {
      if (!hoveredEdge) return;
      hoveredEdge = null;
      background.style("cursor", "");
      restyle();
    })
    .on("click", (event: MouseEvent) => {
      const [x, y] = pointer(event, svgElement);
      const link = edgeAt(x, y);
      callbacks.current.onSelect(link ? { kind: "edge", id: link.edge.id } : null);
    });

  nodeGroups
    .on("mouseenter", (_event, item) => {
      hovered = item.id;
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

  nodeGroups.call(
    drag<SVGGElement, SimNode>()
      .clickDistance(4)
      .subject((_event: unknown, item: SimNode) => ({ x: sx(item), y: sy(item) }))
      .on("start", (event: D3DragEvent<SVGGElement, SimNode, SimNode>, item) => {
        if (!event.active) simulation.alphaTarget(0.15).restart();
        item.fx = item.x;
        item.fy = item.y;
      })
      .on("drag", (event: D3DragEvent<SVGGElement, SimNode, SimNode>, item) => {
        item.fx = transform.invertX(event.x);
        item.fy = transform.invertY(event.y);
      })
      .on("end", (event: D3DragEvent<SVGGElement, SimNode, SimNode>, item) => {
        if (!event.active) simulation.alphaTarget(0);
        // A dragged node stays where the investigator put it.
        rememberedPositions.set(item.id, { x: item.fx ?? 0, y: item.fy ?? 0 });
      }),
  );

  function restyle(reorder = false) {
    const { visible, matches, searching, selected } = view;
    const focusIds = new Set<string>();
    focusEdges = new Set<string>();
    const around = selected?.kind === "node" ? selected.id : selected ? null : hovered;
    if (around) {
      focusIds.add(around);
      for (const id of neighbours.get(around) ?? []) focusIds.add(id);
      for (const link of simLinks) if (link.source.id === around || link.target.id === around) focusEdges.add(link.edge.id);
    } else if (selected?.kind === "edge") {
      const link = linkById.get(selected.id);
      if (link) {
        focusIds.add(link.source.id);
        focusIds.add(link.target.id);
        focusEdges.add(link.edge.id);
      }
    }
    dimming = focusIds.size > 0 || (searching && matches.size > 0);
    const lit = (id: string) => focusIds.has(id) || matches.has(id);
    const isSelected = (id: string) => selected?.kind === "node" && selected.id === id;

    // Only elements whose look changed are touched: a hover must not rewrite hundreds of nodes.
    nodeGroups.each(function (item) {
      const shown = visible.has(item.id);
      const faded = dimming && !lit(item.id);
      const chosen = isSelected(item.id);
      const match = matches.has(item.id);
      const key = `${shown}|${faded}|${chosen}|${match}`;
      if (nodeLook.get(item.id) === key) return;
      nodeLook.set(item.id, key);
      setAttr(this, "display", shown ? null : "none");
      setAttr(this, "opacity", faded ? "0.18" : null);
      setAttr(this, "data-selected", chosen ? "true" : null);
      setAttr(this, "data-match", match ? "true" : null);
      const dot = this.querySelector("circle.kg-dot");
      if (dot) {
        setAttr(dot, "stroke", chosen ? "#1e1b4b" : match ? "#f59e0b" : "white");
        setAttr(dot, "stroke-width", chosen || match ? "3" : "1.5");
        setAttr(dot, "filter", chosen ? "url(#kg-glow)" : null);
      }
    });

    const showLabel = (item: SimNode) => {
      if (!visible.has(item.id)) return false;
      if (item.id === hovered || lit(item.id)) return true;
      if (dimming) return false;
      return labelAll || view.labelled.has(item.id);
    };
    const emphasised = (item: SimNode) => item.id === hovered || isSelected(item.id);
    labels.each(function (item) {
      const shown = showLabel(item);
      const strong = emphasised(item);
      const bold = strong || matches.has(item.id);
      const key = `${shown}|${strong}|${bold}`;
      if (labelLook.get(item.id) === key) return;
      const previous = labelLook.get(item.id);
      labelLook.set(item.id, key);
      setAttr(this, "display", shown ? null : "none");
      setAttr(this, "font-weight", bold ? "600" : null);
      if (previous === undefined || previous.split("|")[1] !== String(strong)) this.textContent = truncate(item.name, strong ? 60 : 28);
    });
    shownLabels = labels.filter(showLabel);
    const rank = (item: SimNode) => (emphasised(item) ? 3 : isSelected(item.id) || matches.has(item.id) ? 2 : focusIds.has(item.id) ? 1 : 0);
    labelOrder = [];
    shownLabels.each(function (item) {
      const strong = emphasised(item);
      const length = Math.min(item.name.length, strong ? 60 : 28);
      labelOrder.push({ element: this, item, forced: strong, width: length * (strong || matches.has(item.id) ? 6.6 : 6.1) });
    });
    labelOrder.sort((a, b) => rank(b.item) - rank(a.item) || (model.degree.get(b.item.id) ?? 0) - (model.degree.get(a.item.id) ?? 0));
    // Re-ordering only on view changes, never on hover: moving the hovered node in the DOM between
    // mousedown and mouseup would cancel the click.
    if (reorder) nodeGroups.filter((item) => lit(item.id)).raise();
    shownLabels.filter((item) => lit(item.id) || item.id === hovered).raise();

    const link = activeEdge();
    if (link) {
      const text = relationLabel(link.edge.type);
      edgeLabelText.text(text);
      const width = Math.max(40, text.length * 6 + 12);
      edgeLabelBox.attr("x", -width / 2).attr("y", -9).attr("width", width).attr("height", 18);
    }
    // Positions have not moved: repaint the lines, place the labels that just appeared.
    drawEdges();
    placeLabels();
    placeEdgeLabel();
  }

  function focus(ids: readonly string[], animate = true) {
    const targets = (ids.length ? ids : [...view.visible]).map((id) => simById.get(id)).filter((item): item is SimNode => item !== undefined && view.visible.has(item.id));
    if (targets.length === 0) return;
    const { width, height } = size();
    const xs = targets.map((item) => item.x ?? 0);
    const ys = targets.map((item) => item.y ?? 0);
    const pad = 60;
    const minX = Math.min(...xs) - pad;
    const maxX = Math.max(...xs) + pad + 60; // labels run to the right
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

  let lastSize = size();
  restyle();
  draw();
  focus([], false);
  if (simulation.alpha() > simulation.alphaMin()) simulation.alpha(Math.min(simulation.alpha(), 0.1)).restart();

  return {
    update(next) {
      view = next;
      restyle(true);
    },
    focus,
    zoomBy(factor) {
      svg.transition().duration(250).call(zoomBehaviour.scaleBy, factor);
    },
    resize() {
      const next = size();
      const previous = lastSize;
      lastSize = next;
      if (next.width === previous.width && next.height === previous.height) return draw();
      if (!previous.width || !previous.height || !next.width || !next.height) return draw();
      // Keep the same part of the graph in view, centred: a narrower canvas (details column,
      // Source panel) zooms out rather than pushing entities out of sight.
      const ratio = Math.min(next.width / previous.width, next.height / previous.height);
      const centreX = transform.invertX(previous.width / 2);
      const centreY = transform.invertY(previous.height / 2);
      const k = Math.max(0.08, Math.min(6, transform.k * ratio));
      svg.call(zoomBehaviour.transform, zoomIdentity.translate(next.width / 2 - centreX * k, next.height / 2 - centreY * k).scale(k));
    },
    destroy() {
      simulation.stop();
      for (const item of simNodes) rememberedPositions.set(item.id, { x: item.x ?? 0, y: item.y ?? 0 });
      svg.interrupt();
      svg.on(".zoom", null);
      svg.selectAll("*").remove();
      context?.clearRect(0, 0, canvasElement.width, canvasElement.height);
    },
  };
}

function setAttr(element: Element, name: string, value: string | null): void {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

function edgeWidth(edge: GraphEdge): number {
  return 0.8 + (edge.confidence ?? 0.5) * 1.4;
}

/** Distance from a point to a segment, in the same units. */
export function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
