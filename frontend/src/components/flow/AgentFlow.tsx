"use client";

export function AgentFlow() {
  return <div className="p-6 text-sm text-slate-500">Agent Flow</div>;
}
