"use client";

export function Timeline() {
  return <div className="p-6 text-sm text-slate-500">Timeline</div>;
}
