"use client";

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";

import { Citation } from "@/components/Citation";
import { CaseDataStatus } from "@/components/insights/CaseDataStatus";
import { ItemFlagBadges } from "@/components/insights/StaleBadge";
import { SOURCE_KINDS, type SourceKind, useOpenCaseData } from "@/stores/caseData";
import { useSource } from "@/stores/source";
import { useWorkspace } from "@/stores/workspace";

import { type Chart, type ChartCallbacks, createChart, KIND_COLOURS } from "./chart";
import { eventText, filterByKind, formatAt, formatDay, formatOffset, formatTimeOfDay, humanizeKind, type PlacedEvent, placeEvents } from "./model";

export function Timeline() {
  const state = useOpenCaseData();
  const caseId = useWorkspace((s) => s.caseId);
  const files = useWorkspace((s) => s.files);
  const data = state.data && state.data.caseId === caseId ? state.data : null;
  const placed = useMemo(() => (data ? placeEvents(data.timeline, files) : null), [data, files]);

  if (!placed || placed.events.length === 0) {
    return (
      <CaseDataStatus state={state} hasData={Boolean(data)} emptyTitle="No dated events">
        <p className="text-sm text-slate-500">None of the evidence gave a date or time the timeline could place.</p>
      </CaseDataStatus>
    );
  }
  return <TimelineView events={placed.events} reference={placed.reference} unplaced={placed.unplaced.length} />;
}

type Range = { from: number; to: number; zoomed: boolean };

function TimelineView({ events, reference, unplaced }: { events: PlacedEvent[]; reference: number | null; unplaced: number }) {
  const [hidden, setHidden] = useState<ReadonlySet<SourceKind>>(() => new Set());
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [hover, setHover] = useState<{ event: PlacedEvent; x: number; y: number } | null>(null);
  const [range, setRange] = useState<Range | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const chartRef = useRef<Chart | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const open = useSource((s) => s.open);

  const counts = useMemo(() => {
    const map = new Map<SourceKind, number>();
    for (const event of events) map.set(event.sourceKind, (map.get(event.sourceKind) ?? 0) + 1);
    return map;
  }, [events]);
  const byKind = useMemo(() => filterByKind(events, hidden), [events, hidden]);
  const shown = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    if (!needle) return byKind;
    return byKind.filter((event) =>
      [event.description, event.place, event.filename, event.kind, event.timestamp].some((text) => (text ?? "").toLowerCase().includes(needle)),
    );
  }, [byKind, deferredQuery]);
  const inView = useMemo(
    () => (range?.zoomed ? shown.filter((event) => (event.until ?? event.at) >= range.from && event.at <= range.to) : shown),
    [shown, range],
  );

  const openEvent = useCallback(
    (event: PlacedEvent) => {
      setActive(event.id);
      if (event.source) open(event.source);
      const row = listRef.current?.querySelector(`[data-id="${CSS.escape(event.id)}"]`);
      row?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    },
    [open],
  );

  const callbacks = useRef<ChartCallbacks>({ onHover: () => undefined, onOpen: () => undefined, onRange: () => undefined });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    callbacks.current = {
      onHover: (event, at) => setHover(event && at ? { event, ...at } : null),
      onOpen: openEvent,
      onRange: (from, to, zoomed) => {
        // The list follows the axis, but not on every frame of a zoom gesture.
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => setRange({ from, to, zoomed }), 120);
      },
    };
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [openEvent]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const chart = createChart(svg, callbacks);
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(svg);
    return () => {
      observer.disconnect();
      chart.destroy();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.setEvents(events, shown);
  }, [events, shown]);

  useEffect(() => {
    chartRef.current?.highlight(active);
  }, [active, shown]);

  const toggle = (kind: SourceKind) =>
    setHidden((previous) => {
      const next = new Set(previous);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next.size === counts.size ? new Set() : next;
    });

  const days = useMemo(() => groupByDay(inView), [inView]);

  return (
    <div className="flex h-full flex-col">
      <div className="@container flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2">
        <div
          className="order-last flex min-w-0 basis-full flex-wrap items-center gap-1.5 @4xl:order-none @4xl:flex-1 @4xl:basis-auto"
          role="group" aria-label="Source types (click to show or hide)" data-testid="timeline-legend">
          {SOURCE_KINDS.filter(({ kind }) => counts.has(kind)).map(({ kind, label }) => {
            const off = hidden.has(kind);
            return (
              <button
                key={kind}
                type="button"
                onClick={() => toggle(kind)}
                aria-pressed={!off}
                data-testid="timeline-kind-filter"
                data-kind={kind}
                title={off ? `Show events from ${label.toLowerCase()} files` : `Hide events from ${label.toLowerCase()} files`}
                className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 transition-colors select-none ${
                  off ? "bg-white text-slate-400 ring-slate-200 hover:text-slate-600" : "bg-slate-50 text-slate-700 ring-slate-200 hover:bg-slate-100"
                }`}
              >
                <span className="h-2.5 w-2.5 rounded-full" style={{ background: off ? "#e2e8f0" : KIND_COLOURS[kind] }} />
                {label}
                <span className="text-slate-400 tabular-nums">{counts.get(kind)}</span>
              </button>
            );
          })}
        </div>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Filter events…"
          aria-label="Filter events"
          data-testid="timeline-filter"
          className="block w-48 rounded-md border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-500 focus:outline-none"
        />
        <div className="flex shrink-0 items-center overflow-hidden rounded-md ring-1 ring-slate-300">
          <ToolButton label="Zoom out" onClick={() => chartRef.current?.zoomBy(1 / 2)}>
            −
          </ToolButton>
          <ToolButton label="Zoom in" onClick={() => chartRef.current?.zoomBy(2)}>
            +
          </ToolButton>
          <ToolButton label="Show the whole timeline" onClick={() => chartRef.current?.reset()} wide>
            All
          </ToolButton>
        </div>
      </div>

      <div className="relative h-[clamp(170px,30%,250px)] shrink-0 border-b border-slate-200 bg-white">
        <svg ref={svgRef} className="block h-full w-full select-none" data-testid="timeline" role="img" aria-label="Timeline of events" />
        <p className="pointer-events-none absolute top-1.5 left-4 text-[11px] text-slate-400">
          {reference !== null ? `Times in ${formatOffset(reference)}, as recorded` : "Times as recorded"} · scroll to zoom, drag to pan
        </p>
        {hover ? <Tooltip hover={hover} width={svgRef.current?.clientWidth ?? 800} /> : null}
      </div>

      <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="timeline-list">
        <div className="sticky top-0 z-10 flex items-center gap-3 border-b border-slate-200 bg-slate-50/95 px-4 py-1.5 text-xs text-slate-500 backdrop-blur">
          <span className="tabular-nums">
            {range?.zoomed ? `${inView.length} of ${shown.length} events in view` : `${shown.length} event${shown.length === 1 ? "" : "s"}`}
            {unplaced ? ` · ${unplaced} undated` : ""}
          </span>
          {range?.zoomed ? (
            <button type="button" className="font-medium text-indigo-600 hover:underline" onClick={() => chartRef.current?.reset()}>
              Show all
            </button>
          ) : null}
        </div>
        {days.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-500">No events match.</p>
        ) : (
          days.map((day) => (
            <section key={day.key} aria-label={day.label}>
              <h3 className="flex items-center gap-2 px-4 pt-3 pb-1 text-xs font-semibold text-slate-700">
                <button
                  type="button"
                  onClick={() => chartRef.current?.zoomTo(day.from, day.to)}
                  className="hover:text-indigo-700 hover:underline"
                  title="Zoom the axis to this day"
                >
                  {day.label}
                </button>
                <span className="font-normal text-slate-400">{day.events.length}</span>
              </h3>
              <ul className="px-2">
                {day.events.map((event) => (
                  <EventRow
                    key={event.id}
                    event={event}
                    active={event.id === active}
                    onOpen={openEvent}
                    onHover={(on) => chartRef.current?.highlight(on ? event.id : active)}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </div>
  );
}

function EventRow({ event, active, onOpen, onHover }: { event: PlacedEvent; active: boolean; onOpen: (event: PlacedEvent) => void; onHover: (on: boolean) => void }) {
  const time = formatTimeOfDay(event.at, event.precision);
  const until = event.until !== null ? formatTimeOfDay(event.until, "minute") : "";
  return (
    <li
      data-testid="timeline-row"
      data-id={event.id}
      onMouseEnter={() => onHover(true)}
      onMouseLeave={() => onHover(false)}
      onClick={(domEvent) => {
        if ((domEvent.target as HTMLElement).closest("button")) return;
        onOpen(event);
      }}
      className={`grid cursor-pointer grid-cols-[4.5rem_0.75rem_minmax(0,1fr)_auto] items-start gap-x-2 rounded-md px-2 py-1 text-sm ${
        active ? "bg-indigo-50 ring-1 ring-indigo-200" : "hover:bg-white"
      }`}
    >
      <span className="pt-px text-xs text-slate-500 tabular-nums">{until ? `${time}–${until}` : time}</span>
      <span className="mt-1.5 h-2.5 w-2.5 rounded-full" style={{ background: KIND_COLOURS[event.sourceKind] }} aria-hidden />
      <span className="min-w-0">
        <span className="line-clamp-2 break-words text-slate-800">
          {eventText(event.description) || event.timestamp}
          <span className="ml-2 inline-flex translate-y-[-1px] items-center gap-1.5 align-middle">
            <span className="rounded bg-slate-100 px-1 py-px text-[10.5px] text-slate-500">{humanizeKind(event.kind)}</span>
            {event.place ? <span className="text-xs text-slate-500">· {event.place}</span> : null}
            <ItemFlagBadges item={event} />
          </span>
        </span>
      </span>
      <span className="max-w-56 min-w-0 pt-px">{event.source ? <Citation source={event.source} /> : null}</span>
    </li>
  );
}

function Tooltip({ hover, width }: { hover: { event: PlacedEvent; x: number; y: number }; width: number }) {
  const { event } = hover;
  const left = hover.x > width - 300 ? hover.x - 292 : hover.x + 12;
  const kindLabel = SOURCE_KINDS.find((item) => item.kind === event.sourceKind)?.label ?? "Source";
  return (
    <div
      role="tooltip"
      data-testid="timeline-tooltip"
      className="pointer-events-none absolute z-20 w-[280px] rounded-md bg-slate-900 px-3 py-2 text-xs text-slate-100 shadow-lg"
      style={{ left, top: Math.max(4, hover.y - 90) }}
    >
      <div className="font-semibold text-white">
        {formatAt(event.at, event.precision)}
        {event.until !== null ? ` – ${formatAt(event.until, "minute")}` : ""}
      </div>
      <div className="mt-1 line-clamp-4 text-slate-200">{eventText(event.description)}</div>
      {event.place ? <div className="mt-1 text-slate-300">📍 {event.place}</div> : null}
      <div className="mt-1.5 flex items-center gap-1.5 text-slate-400">
        <span className="h-2 w-2 rounded-full" style={{ background: KIND_COLOURS[event.sourceKind] }} />
        <span className="truncate">
          {kindLabel}
          {event.filename ? ` · ${event.filename}` : ""} · {humanizeKind(event.kind)}
        </span>
      </div>
      {event.source ? <div className="mt-1 text-slate-400">Click to open the source</div> : null}
    </div>
  );
}

function ToolButton({ label, onClick, children, wide = false }: { label: string; onClick: () => void; children: React.ReactNode; wide?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`flex h-7 items-center justify-center bg-white text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 [&:not(:last-child)]:border-r [&:not(:last-child)]:border-slate-300 ${wide ? "px-2.5 text-xs font-medium" : "w-7"}`}
    >
      {children}
    </button>
  );
}

type Day = { key: string; label: string; from: number; to: number; events: PlacedEvent[] };

function groupByDay(events: readonly PlacedEvent[]): Day[] {
  const days: Day[] = [];
  for (const event of events) {
    const start = Math.floor(event.at / 86_400_000) * 86_400_000;
    const last = days[days.length - 1];
    if (last && last.from === start) last.events.push(event);
    else days.push({ key: String(start), label: formatDay(start), from: start, to: start + 86_400_000 - 1, events: [event] });
  }
  return days;
}
