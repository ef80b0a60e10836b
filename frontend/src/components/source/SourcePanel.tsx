"use client";

export function SourcePanel() {
  return <div className="p-6 text-sm text-slate-500">Source</div>;
}
