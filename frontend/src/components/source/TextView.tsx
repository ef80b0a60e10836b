"use client";

import { useEffect, useMemo, useRef } from "react";

import type { Highlight, TextDocument, TextFormat } from "./plan";

/** Beyond this many lines only a window around the cited line is drawn. */
const MAX_DRAWN_LINES = 8000;

type Props = {
  doc: TextDocument;
  highlight: Highlight | null;
  format: TextFormat | "docx";
  truncated: boolean;
};

/** Numbered lines with the cited line (or cue) marked and scrolled to the middle of the view. */
export function TextView({ doc, highlight, format, truncated }: Props) {
  const target = useRef<HTMLDivElement>(null);
  const prose = format === "docx" || format === "html" || format === "email";
  const { start, end } = useMemo(() => {
    const total = doc.lines.length;
    if (total <= MAX_DRAWN_LINES) return { start: 0, end: total };
    const center = highlight?.primary ?? 0;
    const first = Math.max(0, Math.min(center - MAX_DRAWN_LINES / 2, total - MAX_DRAWN_LINES));
    return { start: first, end: first + MAX_DRAWN_LINES };
  }, [doc.lines.length, highlight?.primary]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    target.current?.scrollIntoView({ block: "center" });
  }, [highlight?.primary, doc]);

  return (
    <div data-testid="source-text" className="min-h-full bg-white pb-6">
      {doc.headers.length ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-3 text-[13px]">
          {doc.headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-medium text-slate-500">{name}</dt>
              <dd className="min-w-0 break-words text-slate-900">{value}</dd>
            </div>
          ))}
          {doc.attachments.length ? (
            <div className="contents">
              <dt className="font-medium text-slate-500">Attached</dt>
              <dd className="min-w-0 break-words text-slate-700">{doc.attachments.join(", ")}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {doc.note ? <p className="px-4 pt-3 text-xs text-slate-500">{doc.note}</p> : null}
      {start > 0 ? <p className="px-4 py-2 text-xs text-slate-500">{start.toLocaleString()} lines above are not shown.</p> : null}
      <div className={`py-2 ${prose ? "text-[13px] leading-6" : "font-mono text-[12px] leading-5"}`}>
        {doc.lines.slice(start, end).map((line, offset) => {
          const index = start + offset;
          const primary = highlight?.primary === index;
          const inRange = highlight != null && index >= highlight.from && index <= highlight.to;
          const cueTiming = format === "subtitles" && /-->/.test(line.text);
          return (
            <div
              key={index}
              ref={primary ? target : undefined}
              data-testid={primary ? "source-highlight" : undefined}
              data-line={line.n ?? undefined}
              className={`flex gap-3 pr-4 ${primary ? "bg-amber-100 shadow-[inset_3px_0_0_#f59e0b]" : inRange ? "bg-amber-50 shadow-[inset_3px_0_0_#fcd34d]" : ""}`}
            >
              <span
                className={`w-11 shrink-0 pr-1 text-right font-mono text-[11px] select-none ${prose ? "leading-6" : "leading-5"} ${
                  primary ? "font-semibold text-amber-700" : "text-slate-400"
                }`}
              >
                {line.n ?? ""}
              </span>
              <span
                className={`min-w-0 flex-1 whitespace-pre-wrap break-words ${
                  line.heading || (format === "markdown" && /^#{1,6}\s/.test(line.text)) ? "font-semibold text-slate-900" : ""
                } ${line.n == null ? "text-slate-500 italic" : ""} ${cueTiming ? "text-slate-400" : "text-slate-800"}`}
              >
                {line.text || "\u00a0"}
              </span>
            </div>
          );
        })}
      </div>
      {end < doc.lines.length ? (
        <p className="px-4 py-2 text-xs text-slate-500">{(doc.lines.length - end).toLocaleString()} more lines are not shown.</p>
      ) : null}
      {truncated ? <p className="px-4 py-2 text-xs text-slate-500">Only the first part of this file is shown. Download it to read the rest.</p> : null}
    </div>
  );
}
