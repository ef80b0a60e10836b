"use client";

export function KnowledgeGraph() {
  return <div className="p-6 text-sm text-slate-500">Knowledge graph</div>;
}
