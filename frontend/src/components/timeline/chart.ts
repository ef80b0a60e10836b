import {
  axisBottom,
  type ScaleTime,
  scaleUtc,
  select,
  utcDay,
  utcFormat,
  utcHour,
  utcMinute,
  utcMonth,
  utcSecond,
  utcYear,
  zoom,
  type ZoomBehavior,
  zoomIdentity,
  type ZoomTransform,
} from "d3";

import type { SourceKind } from "@/stores/caseData";

import { clusterOverflow, packLanes, type PlacedEvent } from "./model";

/*
 * The time axis, drawn by D3 outside React. Zooming rescales the axis and re-packs the marks into
 * lanes at the new pixel spacing; where more events share a spot than there are lanes, a "+n"
 * cluster stands in for them and zooms in when clicked.
 */

export const KIND_COLOURS: Record<SourceKind, string> = {
  document: "#4f46e5",
  email: "#0284c7",
  spreadsheet: "#059669",
  transcript: "#9333ea",
  image: "#d97706",
  audio: "#db2777",
  video: "#dc2626",
};

export type ChartCallbacks = {
  onHover: (event: PlacedEvent | null, at: { x: number; y: number } | null) => void;
  onOpen: (event: PlacedEvent) => void;
  onRange: (from: number, to: number, zoomed: boolean) => void;
};

export type Chart = {
  /** `all` fixes the axis domain (so filtering does not move it); `shown` are drawn. */
  setEvents: (all: readonly PlacedEvent[], shown: readonly PlacedEvent[]) => void;
  highlight: (id: string | null) => void;
  zoomTo: (from: number, to: number) => void;
  zoomBy: (factor: number) => void;
  reset: () => void;
  resize: () => void;
  destroy: () => void;
};

const MARGIN = { top: 10, right: 20, bottom: 26, left: 20 };
const LANE = 15;
const R = 5;

const formatMillisecond = utcFormat(".%L");
const formatSecond = utcFormat(":%S");
const formatMinute = utcFormat("%H:%M");
const formatDay = utcFormat("%-d %b");
const formatMonth = utcFormat("%b");
const formatYear = utcFormat("%Y");

/** 24-hour, day-month ticks: how investigators write times. */
function tickFormat(date: Date): string {
  if (utcSecond(date) < date) return formatMillisecond(date);
  if (utcMinute(date) < date) return formatSecond(date);
  if (utcHour(date) < date) return formatMinute(date);
  if (utcDay(date) < date) return formatMinute(date);
  if (utcMonth(date) < date) return formatDay(date);
  if (utcYear(date) < date) return formatMonth(date);
  return formatYear(date);
}

export function createChart(svgElement: SVGSVGElement, callbacks: { current: ChartCallbacks }): Chart {
  const svg = select(svgElement);
  svg.selectAll("*").remove();
  let width = svgElement.clientWidth || 800;
  let height = svgElement.clientHeight || 200;
  let events: readonly PlacedEvent[] = [];
  let domainEvents: readonly PlacedEvent[] | null = null;
  let base: ScaleTime<number, number> = scaleUtc();
  let transform: ZoomTransform = zoomIdentity;
  let highlighted: string | null = null;

  const clipId = `tl-clip-${Math.random().toString(36).slice(2, 8)}`;
  const clip = svg.append("defs").append("clipPath").attr("id", clipId).append("rect");
  const backdrop = svg.append("rect").attr("fill", "transparent");
  const grid = svg.append("g").attr("class", "tl-grid");
  const axisGroup = svg.append("g").attr("class", "tl-axis");
  const plot = svg.append("g").attr("clip-path", `url(#${clipId})`);
  const intervals = plot.append("g");
  const marks = plot.append("g");
  const clusters = plot.append("g");

  const zoomBehaviour: ZoomBehavior<SVGSVGElement, unknown> = zoom<SVGSVGElement, unknown>().on("zoom", (event: { transform: ZoomTransform }) => {
    transform = event.transform;
    render();
    const scale = transform.rescaleX(base);
    const [from, to] = scale.domain() as [Date, Date];
    callbacks.current.onRange(from.getTime(), to.getTime(), transform.k > 1.001);
  });
  svg.call(zoomBehaviour).on("dblclick.zoom", null);

  function plotBottom() {
    return height - MARGIN.bottom;
  }

  function layoutBase() {
    const times = (domainEvents ?? events).flatMap((event) => (event.until !== null ? [event.at, event.until] : [event.at]));
    let min = times.length ? Math.min(...times) : Date.UTC(2024, 0, 1);
    let max = times.length ? Math.max(...times) : min + 86_400_000;
    if (max - min < 3_600_000) {
      min -= 1_800_000;
      max += 1_800_000;
    }
    const pad = (max - min) * 0.04;
    base = scaleUtc()
      .domain([new Date(min - pad), new Date(max + pad)])
      .range([MARGIN.left, width - MARGIN.right]);
    const span = max - min + 2 * pad;
    // Deep enough to pull apart events seconds apart.
    const maxK = Math.max(2, span / 20_000);
    zoomBehaviour
      .scaleExtent([1, maxK])
      .extent([
        [MARGIN.left, 0],
        [width - MARGIN.right, height],
      ])
      .translateExtent([
        [MARGIN.left, 0],
        [width - MARGIN.right, height],
      ]);
    clip
      .attr("x", MARGIN.left - R - 2)
      .attr("y", 0)
      .attr("width", Math.max(0, width - MARGIN.left - MARGIN.right + 2 * R + 4))
      .attr("height", plotBottom() + 1);
    backdrop.attr("width", width).attr("height", height);
  }

  function render() {
    const x = transform.rescaleX(base);
    const bottom = plotBottom();
    const ticks = Math.max(2, Math.floor((width - MARGIN.left - MARGIN.right) / 105));
    axisGroup
      .attr("transform", `translate(0,${bottom})`)
      .call(
        axisBottom<Date>(x)
          .ticks(ticks)
          .tickFormat((value) => tickFormat(value))
          .tickSizeOuter(0),
      )
      .call((group) => {
        group.select(".domain").attr("stroke", "#cbd5e1");
        group.selectAll(".tick line").attr("stroke", "#cbd5e1");
        group.selectAll(".tick text").attr("fill", "#475569").attr("font-size", 11);
      });
    grid
      .attr("transform", `translate(0,${bottom})`)
      .call(
        axisBottom<Date>(x)
          .ticks(ticks)
          .tickSize(-(bottom - MARGIN.top))
          .tickFormat(() => ""),
      )
      .call((group) => {
        group.select(".domain").remove();
        group.selectAll(".tick line").attr("stroke", "#f1f5f9");
      });

    const rows = Math.max(2, Math.floor((bottom - MARGIN.top) / LANE));
    const laneCount = rows - 1; // the top row is kept for "+n" clusters
    // Only what is on screen is in the DOM: cheaper, and no invisible marks to hover or click.
    const left = MARGIN.left - R;
    const right = width - MARGIN.right + R;
    const positioned = events
      .map((event) => ({ event, x: x(new Date(event.at)), x2: event.until !== null ? x(new Date(event.until)) : null }))
      .filter((item) => (item.x2 ?? item.x) >= left && item.x <= right);
    const lanes = packLanes(positioned, 2 * R + 3, laneCount);
    const laneY = (lane: number) => bottom - 6 - lane * LANE - LANE / 2 + 4;
    const placed = positioned.map((item, index) => ({ ...item, lane: lanes[index] ?? -1 }));
    const shown = placed.filter((item) => item.lane >= 0);
    const overflow = placed.filter((item) => item.lane < 0).map((item) => ({ x: item.x, at: item.event.at }));

    intervals
      .selectAll<SVGRectElement, (typeof shown)[number]>("rect")
      .data(
        shown.filter((item) => item.x2 !== null),
        (item) => item.event.id,
      )
      .join("rect")
      .attr("x", (item) => item.x)
      .attr("y", (item) => laneY(item.lane) - 4)
      .attr("width", (item) => Math.max(2, (item.x2 ?? item.x) - item.x))
      .attr("height", 8)
      .attr("rx", 4)
      .attr("fill", (item) => KIND_COLOURS[item.event.sourceKind])
      .attr("opacity", 0.28)
      .style("pointer-events", "none");

    marks
      .selectAll<SVGCircleElement, (typeof shown)[number]>("circle")
      .data(shown, (item) => item.event.id)
      .join((enter) =>
        enter
          .append("circle")
          .attr("data-testid", "timeline-event")
          .attr("role", "button")
          .style("cursor", "pointer")
          .on("mouseenter", (domEvent: MouseEvent, item) => {
            const box = svgElement.getBoundingClientRect();
            callbacks.current.onHover(item.event, { x: domEvent.clientX - box.left, y: domEvent.clientY - box.top });
            setHighlight(item.event.id);
          })
          .on("mouseleave", () => {
            callbacks.current.onHover(null, null);
            setHighlight(null);
          })
          .on("click", (_domEvent: MouseEvent, item) => callbacks.current.onOpen(item.event)),
      )
      .attr("data-id", (item) => item.event.id)
      .attr("data-kind", (item) => item.event.sourceKind)
      .attr("aria-label", (item) => item.event.description || item.event.timestamp)
      .attr("cx", (item) => item.x)
      .attr("cy", (item) => laneY(item.lane))
      .attr("r", (item) => (item.event.id === highlighted ? R + 2 : R))
      .attr("fill", (item) => KIND_COLOURS[item.event.sourceKind])
      .attr("stroke", (item) => (item.event.id === highlighted ? "#0f172a" : item.event.stale ? "#f59e0b" : "white"))
      .attr("stroke-width", (item) => (item.event.id === highlighted || item.event.stale ? 2 : 1.2));

    const groups = clusterOverflow(overflow, 22);
    const clusterY = laneY(laneCount);
    clusters
      .selectAll<SVGGElement, (typeof groups)[number]>("g")
      .data(groups)
      .join((enter) => {
        const group = enter.append("g").attr("data-testid", "timeline-cluster").style("cursor", "zoom-in");
        group.append("rect").attr("height", 14).attr("y", -7).attr("rx", 7).attr("fill", "#e2e8f0").attr("stroke", "#94a3b8");
        group.append("text").attr("text-anchor", "middle").attr("dy", "0.35em").attr("font-size", 10).attr("font-weight", 600).attr("fill", "#334155");
        group.append("title");
        return group;
      })
      .attr("transform", (item) => `translate(${item.x},${clusterY})`)
      .on("click", (_domEvent: MouseEvent, item) => zoomTo(item.from, item.to))
      .call((group) => {
        group.select("text").text((item) => `+${item.count}`);
        group
          .select("rect")
          .attr("width", (item) => 12 + String(item.count).length * 6)
          .attr("x", (item) => -(12 + String(item.count).length * 6) / 2);
        group.select("title").text((item) => `${item.count} more events here — click to zoom in`);
      });
  }

  function setHighlight(id: string | null) {
    highlighted = id;
    marks
      .selectAll<SVGCircleElement, { event: PlacedEvent }>("circle")
      .attr("r", (item) => (item.event.id === id ? R + 2 : R))
      .attr("stroke", (item) => (item.event.id === id ? "#0f172a" : item.event.stale ? "#f59e0b" : "white"))
      .attr("stroke-width", (item) => (item.event.id === id || item.event.stale ? 2 : 1.2))
      .filter((item) => item.event.id === id)
      .raise();
  }

  function zoomTo(from: number, to: number) {
    const span = Math.max(to - from, 60_000);
    const mid = (from + to) / 2;
    const lo = base(new Date(mid - span * 0.6));
    const hi = base(new Date(mid + span * 0.6));
    const k = Math.min(zoomBehaviour.scaleExtent()[1], (width - MARGIN.left - MARGIN.right) / Math.max(1, hi - lo));
    const centre = (lo + hi) / 2;
    const next = zoomIdentity.translate((MARGIN.left + width - MARGIN.right) / 2, 0).scale(k).translate(-centre, 0);
    svg.transition().duration(450).call(zoomBehaviour.transform, next);
  }

  return {
    setEvents(all, shown) {
      events = shown;
      if (all !== domainEvents) {
        domainEvents = all;
        layoutBase();
      }
      render();
    },
    highlight: setHighlight,
    zoomTo,
    zoomBy(factor) {
      svg.transition().duration(250).call(zoomBehaviour.scaleBy, factor);
    },
    reset() {
      svg.transition().duration(350).call(zoomBehaviour.transform, zoomIdentity);
    },
    resize() {
      const nextWidth = svgElement.clientWidth || width;
      const nextHeight = svgElement.clientHeight || height;
      if (nextWidth === width && nextHeight === height) return;
      // Keep the same stretch of time in view when the panel beside us opens or closes.
      const [from, to] = transform.rescaleX(base).domain() as [Date, Date];
      width = nextWidth;
      height = nextHeight;
      layoutBase();
      const a = base(from);
      const b = base(to);
      const k = Math.max(1, (width - MARGIN.left - MARGIN.right) / Math.max(1e-6, b - a));
      svg.call(zoomBehaviour.transform, zoomIdentity.translate(MARGIN.left - k * a, 0).scale(k));
      render();
    },
    destroy() {
      svg.interrupt();
      svg.on(".zoom", null);
      svg.selectAll("*").remove();
    },
  };
}
