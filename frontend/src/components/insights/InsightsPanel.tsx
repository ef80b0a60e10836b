"use client";

export function InsightsPanel() {
  return <div className="p-6 text-sm text-slate-500">Insights</div>;
}
