"use client";

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";

import { CaseDataStatus } from "@/components/insights/CaseDataStatus";
import { useOpenCaseData } from "@/stores/caseData";
import { useWorkspace } from "@/stores/workspace";

import { DetailsCard } from "./DetailsCard";
import { buildGraphModel, type GraphModel, labelledNodes, searchNodes, typeColour, typeLabel, visibleNodeIds } from "./model";
import { createScene, type Scene, type SceneCallbacks, type Selected } from "./scene";

export function KnowledgeGraph() {
  const state = useOpenCaseData();
  const caseId = useWorkspace((s) => s.caseId);
  const files = useWorkspace((s) => s.files);
  const data = state.data && state.data.caseId === caseId ? state.data : null;
  const model = useMemo(() => (data ? buildGraphModel(data.nodes, data.edges, files) : null), [data, files]);

  if (!model || model.nodes.length === 0) {
    return (
      <CaseDataStatus state={state} hasData={Boolean(data)} emptyTitle="The knowledge graph is empty">
        <p className="text-sm text-slate-500">No entities were found in this case&apos;s evidence.</p>
      </CaseDataStatus>
    );
  }
  return <GraphView model={model} refreshing={state.refreshing} error={state.error} />;
}

function GraphView({ model, refreshing, error }: { model: GraphModel; refreshing: boolean; error: string | null }) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [selected, setSelected] = useState<Selected>(null);
  const sceneRef = useRef<Scene | null>(null);

  const allTypes = useMemo(() => model.types.map((item) => item.type), [model]);
  const colourOf = useCallback((type: string) => typeColour(type, allTypes), [allTypes]);
  const visible = useMemo(() => visibleNodeIds(model, hidden), [model, hidden]);
  const matches = useMemo(() => searchNodes(model, deferredQuery, visible), [model, deferredQuery, visible]);
  const matchIds = useMemo(() => new Set(matches.map((node) => node.id)), [matches]);
  const labelled = useMemo(() => labelledNodes(model, visible, Math.max(12, Math.round(visible.size / 6))), [model, visible]);

  // A selection that a reload or a filter removed is dropped.
  const current: Selected =
    selected?.kind === "node" && visible.has(selected.id)
      ? selected
      : selected?.kind === "edge" && model.edges.some((edge) => edge.id === selected.id && visible.has(edge.source_id) && visible.has(edge.target_id))
        ? selected
        : null;

  const onSceneReady = useCallback((scene: Scene | null) => {
    sceneRef.current = scene;
  }, []);

  useEffect(() => {
    sceneRef.current?.update({ visible, matches: matchIds, searching: deferredQuery.trim() !== "", selected: current, labelled });
  }, [model, visible, matchIds, deferredQuery, current, labelled]);

  // Centre the matches as the search narrows.
  useEffect(() => {
    if (!deferredQuery.trim() || matches.length === 0) return;
    const timer = setTimeout(() => sceneRef.current?.focus(matches.slice(0, 12).map((node) => node.id)), 220);
    return () => clearTimeout(timer);
  }, [deferredQuery, matches]);

  const toggleType = (type: string) => {
    setHidden((previous) => {
      const next = new Set(previous);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      // Hiding every type leaves an empty canvas: treat it as "show only this one" undone.
      return next.size === allTypes.length ? new Set() : next;
    });
  };
  const soloType = (type: string) => {
    setHidden((previous) => {
      const only = allTypes.filter((item) => item !== type);
      const alreadySolo = previous.size === only.length && only.every((item) => previous.has(item));
      return alreadySolo ? new Set() : new Set(only);
    });
  };

  const selectNode = (id: string) => {
    setSelected({ kind: "node", id });
    sceneRef.current?.focus([id]);
  };

  return (
    <div className="flex h-full flex-col">
      <div className="@container flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2">
        <form
          className="relative w-56 shrink-0 @4xl:w-64"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const first = matches[0];
            if (first) selectNode(first.id);
          }}
        >
          <SearchIcon />
          <input
            type="text"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setQuery("");
            }}
            placeholder="Search entities…"
            aria-label="Search the graph"
            data-testid="graph-search"
            className={`block w-full rounded-md border-0 bg-white py-1.5 pl-8 text-sm ${query ? "pr-28" : "pr-3"} text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-500 focus:outline-none`}
          />
          {query ? (
            <span className="absolute top-1/2 right-1.5 flex -translate-y-1/2 items-center gap-1">
              <span className="text-xs text-slate-500 tabular-nums" data-testid="graph-search-count">
                {matches.length === 0 ? "no match" : `${matches.length} match${matches.length === 1 ? "" : "es"}`}
              </span>
              <button
                type="button"
                onClick={() => setQuery("")}
                aria-label="Clear search"
                className="rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
              >
                <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" stroke="currentColor" strokeWidth="1.8" aria-hidden>
                  <path d="m4 4 8 8M12 4l-8 8" strokeLinecap="round" />
                </svg>
              </button>
            </span>
          ) : null}
        </form>
        <div
          className="order-last flex min-w-0 basis-full flex-wrap items-center gap-1.5 @4xl:order-none @4xl:flex-1 @4xl:basis-auto"
          role="group"
          aria-label="Entity types (click to show or hide)"
          data-testid="graph-legend"
        >
          {model.types.map(({ type, count }) => {
            const off = hidden.has(type);
            return (
              <button
                key={type}
                type="button"
                onClick={(event) => (event.altKey || event.metaKey ? soloType(type) : toggleType(type))}
                onDoubleClick={() => soloType(type)}
                aria-pressed={!off}
                title={off ? `Show ${typeLabel(type).toLowerCase()} entities` : `Hide ${typeLabel(type).toLowerCase()} entities (double-click: only these)`}
                data-testid="graph-type-filter"
                data-entity-type={type}
                className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 transition-colors select-none ${
                  off ? "bg-white text-slate-400 ring-slate-200 hover:text-slate-600" : "bg-slate-50 text-slate-700 ring-slate-200 hover:bg-slate-100"
                }`}
              >
                <span className="h-2.5 w-2.5 rounded-full" style={{ background: off ? "#e2e8f0" : colourOf(type) }} />
                {typeLabel(type)}
                <span className="tabular-nums text-slate-400">{count}</span>
              </button>
            );
          })}
          {hidden.size > 0 ? (
            <button type="button" onClick={() => setHidden(new Set())} className="px-1 text-xs font-medium text-indigo-600 hover:underline">
              Show all
            </button>
          ) : null}
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-3 text-xs text-slate-500">
          {refreshing ? <span className="text-indigo-600">Updating…</span> : null}
          {error ? (
            <span className="max-w-48 truncate text-rose-600" title={error} role="alert">
              {error}
            </span>
          ) : null}
          <span className="tabular-nums">
            {visible.size} entities · {model.edges.filter((edge) => visible.has(edge.source_id) && visible.has(edge.target_id)).length} relationships
          </span>
        </div>
      </div>
      <div className="@container flex min-h-0 flex-1">
        <div className="relative min-w-0 flex-1 bg-slate-50">
          <GraphCanvas model={model} colourOf={colourOf} onSelect={setSelected} onReady={onSceneReady} />
          <div className="pointer-events-none absolute bottom-3 left-3 flex flex-col items-start gap-2">
            <div className="pointer-events-auto flex flex-col overflow-hidden rounded-md bg-white shadow-sm ring-1 ring-slate-200">
              <ZoomButton label="Zoom in" onClick={() => sceneRef.current?.zoomBy(1.4)}>
                +
              </ZoomButton>
              <ZoomButton label="Zoom out" onClick={() => sceneRef.current?.zoomBy(1 / 1.4)}>
                −
              </ZoomButton>
              <ZoomButton label="Fit to view" onClick={() => sceneRef.current?.focus([])}>
                <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden>
                  <path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" />
                </svg>
              </ZoomButton>
            </div>
            {model.contradicted.size > 0 ? (
              <div className="pointer-events-auto flex items-center gap-2 rounded-md bg-white/90 px-2 py-1 text-[11px] text-slate-600 ring-1 ring-slate-200">
                <svg width="18" height="10" aria-hidden>
                  <line x1="1" y1="5" x2="17" y2="5" stroke="#e11d48" strokeWidth="1.6" strokeDasharray="4 2" />
                </svg>
                contradicts
              </div>
            ) : null}
          </div>
          {current ? null : (
            <p className="pointer-events-none absolute right-3 bottom-3 rounded bg-white/80 px-2 py-1 text-[11px] text-slate-500">
              Click an entity or a line for details · scroll to zoom · drag to move
            </p>
          )}
        </div>
        {current ? (
          <DetailsCard
            model={model}
            selected={current}
            colourOf={colourOf}
            onSelectNode={selectNode}
            onSelectEdge={(id) => setSelected({ kind: "edge", id })}
            onClose={() => setSelected(null)}
          />
        ) : null}
      </div>
    </div>
  );
}

function GraphCanvas({
  model,
  colourOf,
  onSelect,
  onReady,
}: {
  model: GraphModel;
  colourOf: (type: string) => string;
  onSelect: (selected: Selected) => void;
  onReady: (scene: Scene | null) => void;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const callbacks = useRef<SceneCallbacks>({ onSelect });
  useEffect(() => {
    callbacks.current = { onSelect };
  }, [onSelect]);

  useEffect(() => {
    const svg = svgRef.current;
    const canvas = canvasRef.current;
    if (!svg || !canvas) return;
    const scene = createScene(svg, canvas, model, colourOf, callbacks);
    onReady(scene);
    const observer = new ResizeObserver(() => scene.resize());
    observer.observe(svg);
    return () => {
      observer.disconnect();
      onReady(null);
      scene.destroy();
    };
  }, [model, colourOf, onReady]);

  return (
    <div className="absolute inset-0" data-testid="knowledge-graph">
      <canvas ref={canvasRef} className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden />
      <svg ref={svgRef} className="absolute inset-0 block h-full w-full select-none" role="img" aria-label="Knowledge graph" />
    </div>
  );
}

function ZoomButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="flex h-7 w-7 items-center justify-center text-base leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900 [&:not(:last-child)]:border-b [&:not(:last-child)]:border-slate-200"
    >
      {children}
    </button>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4 4" strokeLinecap="round" />
    </svg>
  );
}
