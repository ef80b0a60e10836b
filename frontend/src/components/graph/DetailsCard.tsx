"use client";

import { useState } from "react";

import { Citation } from "@/components/Citation";
import { FlagButton } from "@/components/corrections/FlagButton";
import { ItemFlagBadges } from "@/components/insights/StaleBadge";
import type { SourceLocation } from "@/stores/source";

import { type GraphModel, relationLabel, relationshipsOf, typeLabel } from "./model";
import type { Selected } from "./scene";

type Props = {
  model: GraphModel;
  selected: NonNullable<Selected>;
  colourOf: (type: string) => string;
  onSelectNode: (id: string) => void;
  onSelectEdge: (id: string) => void;
  onClose: () => void;
};

/**
 * The column beside the graph (beside, not over it: no entity hides under it): an entity with its
 * relationships and sources, or a relationship's evidence.
 */
export function DetailsCard(props: Props) {
  return (
    <aside
      className="flex w-[300px] shrink-0 flex-col overflow-hidden border-l border-slate-200 bg-white @4xl:w-[360px]"
      aria-label="Details"
    >
      {props.selected.kind === "node" ? (
        <EntityDetails key={props.selected.id} {...props} id={props.selected.id} />
      ) : (
        <RelationshipDetails key={props.selected.id} {...props} id={props.selected.id} />
      )}
    </aside>
  );
}

function Header({ kicker, colour, onClose, children }: { kicker: string; colour?: string; onClose: () => void; children?: React.ReactNode }) {
  return (
    <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-2.5">
      {colour ? <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: colour }} /> : null}
      <span className="text-[11px] font-semibold tracking-wider text-slate-500 uppercase">{kicker}</span>
      <span className="flex flex-1 items-center gap-1.5">{children}</span>
      <button type="button" onClick={onClose} aria-label="Close details" className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
        <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" stroke="currentColor" strokeWidth="1.8" aria-hidden>
          <path d="m4 4 8 8M12 4l-8 8" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

function EntityDetails({ model, id, colourOf, onSelectNode, onSelectEdge, onClose }: Props & { id: string }) {
  const node = model.byId.get(id);
  const [allRelations, setAllRelations] = useState(false);
  if (!node) return null;
  const name = model.names.get(id) ?? node.name;
  const relations = relationshipsOf(model, id);
  const shownRelations = allRelations ? relations : relations.slice(0, 8);
  const aliases = node.aliases.filter((alias) => alias !== name);
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="entity-details" data-name={name}>
      <Header kicker={typeLabel(node.type)} colour={colourOf(node.type)} onClose={onClose}>
        <ItemFlagBadges item={node} />
      </Header>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-3">
        <div>
          <h3 className="text-base leading-snug font-semibold break-words text-slate-900">{name}</h3>
          {name !== node.name && node.type !== "document" ? <p className="mt-1 text-xs break-words text-slate-500">{node.name}</p> : null}
          {aliases.length ? (
            <p className="mt-1 text-xs text-slate-500">
              Also known as <span className="text-slate-700">{aliases.join(", ")}</span>
            </p>
          ) : null}
          <FlagButton className="mt-1" target={{ targetType: "entity", targetId: id, originalValue: name, label: `${typeLabel(node.type)}: ${name}` }} />
          {model.contradicted.has(id) ? (
            <p className="mt-2 rounded bg-rose-50 px-2 py-1 text-xs text-rose-800 ring-1 ring-rose-200">Involved in a contradiction — see the red dashed lines.</p>
          ) : null}
        </div>

        <section>
          <h4 className="mb-1.5 text-xs font-semibold text-slate-700">
            Relationships <span className="font-normal text-slate-400">{relations.length}</span>
          </h4>
          {relations.length === 0 ? (
            <p className="text-xs text-slate-500">None recorded.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
              {shownRelations.map(({ edge, other, outgoing }) => (
                <li key={edge.id} className="flex items-center gap-2 px-2 py-1.5 text-xs hover:bg-slate-50">
                  <button
                    type="button"
                    onClick={() => onSelectEdge(edge.id)}
                    className={`shrink-0 rounded px-1.5 py-0.5 font-medium ${/contradict/i.test(edge.type) ? "bg-rose-50 text-rose-700" : "bg-slate-100 text-slate-600"} hover:ring-1 hover:ring-indigo-300`}
                    title="Show the evidence for this relationship"
                    data-testid="entity-relationship"
                  >
                    {outgoing ? "" : "← "}
                    {relationLabel(edge.type)}
                    {outgoing ? " →" : ""}
                  </button>
                  <button
                    type="button"
                    onClick={() => onSelectNode(other.id)}
                    className="flex min-w-0 items-center gap-1.5 text-left text-slate-700 hover:text-indigo-700"
                    title={model.names.get(other.id) ?? other.name}
                  >
                    <span className="h-2 w-2 shrink-0 rounded-full" style={{ background: colourOf(other.type) }} />
                    <span className="truncate">{model.names.get(other.id) ?? other.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {relations.length > shownRelations.length ? (
            <button type="button" onClick={() => setAllRelations(true)} className="mt-1 text-xs font-medium text-indigo-600 hover:underline">
              Show all {relations.length}
            </button>
          ) : null}
        </section>

        <SourceList title="Sources" sources={node.sources} />
      </div>
    </div>
  );
}

function RelationshipDetails({ model, id, colourOf, onSelectNode, onClose }: Props & { id: string }) {
  const edge = model.edges.find((item) => item.id === id);
  if (!edge) return null;
  const source = model.byId.get(edge.source_id);
  const target = model.byId.get(edge.target_id);
  const contradiction = /contradict/i.test(edge.type);
  const end = (nodeId: string, type: string | undefined) => (
    <button
      type="button"
      onClick={() => onSelectNode(nodeId)}
      className="flex w-full min-w-0 items-center gap-1.5 rounded px-1.5 py-1 text-left text-sm font-medium text-slate-800 hover:bg-slate-50 hover:text-indigo-700"
    >
      <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: colourOf(type ?? "") }} />
      <span className="truncate">{model.names.get(nodeId) ?? nodeId}</span>
    </button>
  );
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="relationship-details">
      <Header kicker="Relationship" onClose={onClose}>
        <ItemFlagBadges item={edge} />
      </Header>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-3">
        <div className="space-y-0.5">
          {end(edge.source_id, source?.type)}
          <div className="flex items-center gap-2 pl-2.5">
            <span className="h-4 border-l border-dashed border-slate-300" />
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${contradiction ? "bg-rose-50 text-rose-700" : "bg-indigo-50 text-indigo-700"}`}>
              {relationLabel(edge.type)}
            </span>
          </div>
          {end(edge.target_id, target?.type)}
        </div>
        {edge.description ? <p className="text-sm leading-relaxed break-words text-slate-700">{edge.description}</p> : null}
        {edge.confidence !== null ? <ConfidenceMeter value={edge.confidence} /> : null}
        <SourceList title="Evidence" sources={edge.evidence} emptyText="No evidence was cited for this relationship." />
      </div>
    </div>
  );
}

function ConfidenceMeter({ value }: { value: number }) {
  const percent = Math.round(value * 100);
  const tone = value >= 0.75 ? "bg-emerald-500" : value >= 0.5 ? "bg-amber-500" : "bg-rose-500";
  return (
    <div data-testid="relationship-confidence">
      <div className="mb-1 flex justify-between text-xs">
        <span className="font-semibold text-slate-700">Confidence</span>
        <span className="text-slate-600 tabular-nums">{percent}%</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" role="meter" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label="Confidence">
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Citations with their excerpts: the chip opens the Source panel at the place. */
export function SourceList({ title, sources, emptyText = "No sources cited." }: { title: string; sources: SourceLocation[]; emptyText?: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? sources : sources.slice(0, 5);
  return (
    <section>
      <h4 className="mb-1.5 text-xs font-semibold text-slate-700">
        {title} <span className="font-normal text-slate-400">{sources.length}</span>
      </h4>
      {sources.length === 0 ? (
        <p className="text-xs text-slate-500">{emptyText}</p>
      ) : (
        <ul className="space-y-2">
          {shown.map((source, index) => (
            <li key={`${source.file_id}-${index}`} className="space-y-1">
              <Citation source={source} />
              {source.excerpt ? <p className="line-clamp-3 border-l-2 border-slate-200 pl-2 text-xs leading-relaxed break-words text-slate-600">{source.excerpt}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {sources.length > shown.length ? (
        <button type="button" onClick={() => setAll(true)} className="mt-1 text-xs font-medium text-indigo-600 hover:underline">
          Show all {sources.length}
        </button>
      ) : null}
    </section>
  );
}
