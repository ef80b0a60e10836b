"use client";

import { describeLocation, type SourceLocation, useSource } from "@/stores/source";
import { useWorkspace } from "@/stores/workspace";

/** A citation chip: the file's name and the place in it; clicking opens the Source panel there. */
export function Citation({ source, className = "" }: { source: SourceLocation; className?: string }) {
  const file = useWorkspace((state) => state.files.find((item) => item.id === source.file_id));
  const open = useSource((state) => state.open);
  const where = describeLocation(source);
  return (
    <button
      type="button"
      onClick={() => open(source)}
      title={source.excerpt ?? undefined}
      data-testid="citation"
      className={`inline-flex max-w-full items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200 transition hover:bg-indigo-50 hover:text-indigo-700 hover:ring-indigo-200 ${className}`}
    >
      <span className="truncate">{file?.filename ?? "source"}</span>
      {where ? <span className="shrink-0 text-slate-500">· {where}</span> : null}
    </button>
  );
}
