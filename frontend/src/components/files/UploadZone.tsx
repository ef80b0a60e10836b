"use client";

import { useRef } from "react";
import { useShallow } from "zustand/react/shallow";

import { Button } from "@/components/ui";
import { formatBytes } from "@/lib/format";
import { summarize, type UploadItem, useUploads } from "@/stores/uploads";

import { FileIcon } from "./FileIcon";

const ACCEPTED_HINT = "PDF, Word, e-mail, spreadsheets, CSV, web pages, transcripts, images, audio and video";

/** The drop target and file picker. `large` when the case has no files yet: it is the first step. */
export function UploadZone({ caseId, large, dragging }: { caseId: string; large: boolean; dragging: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const add = useUploads((state) => state.add);
  const limit = useUploads((state) => state.limitBytes);

  const choose = () => input.current?.click();
  return (
    <div
      data-testid="upload-zone"
      className={`rounded-lg border-2 border-dashed text-center transition-colors ${
        dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-white hover:border-slate-400"
      } ${large ? "px-6 py-12" : "flex items-center gap-4 px-4 py-3 text-left"}`}
    >
      <input
        ref={input}
        type="file"
        multiple
        className="sr-only"
        data-testid="upload-input"
        aria-label="Choose evidence files"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (files.length) add(caseId, files);
          event.target.value = "";
        }}
      />
      <UploadGlyph large={large} />
      {large ? (
        <div className="mt-3 space-y-2">
          <h2 className="text-base font-semibold text-slate-900">Add the case’s evidence</h2>
          <p className="text-sm text-slate-600">
            Drop files here, or{" "}
            <button type="button" onClick={choose} className="font-medium text-indigo-600 hover:underline">
              choose files
            </button>
            . Then press <span className="font-medium text-slate-800">Process</span> to start the analysis.
          </p>
          <p className="text-xs text-slate-500">
            {ACCEPTED_HINT} · up to {formatBytes(limit)} each
          </p>
        </div>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-slate-800">{dragging ? "Drop to upload" : "Add evidence"}</p>
            <p className="truncate text-xs text-slate-500">
              Drag files here · {ACCEPTED_HINT} · up to {formatBytes(limit)} each
            </p>
          </div>
          <Button variant="secondary" onClick={choose}>
            Choose files
          </Button>
        </>
      )}
    </div>
  );
}

function UploadGlyph({ large }: { large: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 ${large ? "h-12 w-12" : "h-9 w-9"}`}
      aria-hidden
    >
      <svg viewBox="0 0 24 24" className={large ? "h-6 w-6" : "h-5 w-5"} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5" />
        <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
      </svg>
    </span>
  );
}

/** Each file's upload: progress while it goes, the server's reason and Retry when it fails. */
export function UploadQueue({ caseId }: { caseId: string }) {
  const items = useUploads(useShallow((state) => state.items.filter((item) => item.caseId === caseId)));
  const clearFinished = useUploads((state) => state.clearFinished);
  if (!items.length) return null;
  const summary = summarize(items);
  const finished = summary.done + summary.failed;
  return (
    <section aria-label="Uploads" className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
      <header className="flex items-center gap-3 border-b border-slate-100 px-4 py-2 text-xs">
        <span className="font-semibold text-slate-700">Uploads</span>
        <span className="text-slate-500">
          {summary.active ? `${summary.active} in progress · ` : ""}
          {summary.done} done{summary.failed ? ` · ` : ""}
          {summary.failed ? <span className="font-medium text-rose-700">{summary.failed} failed</span> : null}
        </span>
        {summary.active ? (
          <span className="text-slate-400">
            {formatBytes(summary.sent)} of {formatBytes(summary.total)}
          </span>
        ) : null}
        <span className="flex-1" />
        {finished ? (
          <button type="button" onClick={() => clearFinished(caseId)} className="font-medium text-slate-500 hover:text-slate-800">
            Clear finished
          </button>
        ) : null}
      </header>
      <ul className="max-h-72 divide-y divide-slate-100 overflow-auto">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { retry, cancel, dismiss } = useUploads.getState();
  const shownState = item.state === "queued" ? "uploading" : item.state;
  const percent = Math.round(item.progress * 100);
  return (
    <li data-testid="upload-item" data-state={shownState} data-phase={item.state} data-filename={item.name} className="px-4 py-2">
      <div className="flex items-center gap-3">
        <FileIcon mimeType={item.file.type} filename={item.name} size="sm" />
        <span className="min-w-0 flex-1 truncate text-sm text-slate-800" title={item.name}>
          {item.name}
        </span>
        <span className="shrink-0 text-xs text-slate-500 tabular-nums">{formatBytes(item.size)}</span>
        <span className="w-20 shrink-0 text-right text-xs">
          {item.state === "queued" ? <span className="text-slate-500">Waiting…</span> : null}
          {item.state === "uploading" ? <span className="text-slate-600 tabular-nums">{percent < 100 ? `${percent}%` : "Saving…"}</span> : null}
          {item.state === "done" ? <span className="font-medium text-emerald-700">✓ Uploaded</span> : null}
          {item.state === "error" ? <span className="font-medium text-rose-700">Failed</span> : null}
        </span>
        <span className="flex w-14 shrink-0 justify-end">
          {item.state === "error" ? (
            <button
              type="button"
              onClick={() => retry(item.id)}
              data-testid="upload-retry"
              className="rounded px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
            >
              Retry
            </button>
          ) : null}
        </span>
        <button
          type="button"
          onClick={() => (item.state === "uploading" || item.state === "queued" ? cancel(item.id) : dismiss(item.id))}
          aria-label={item.state === "uploading" || item.state === "queued" ? `Cancel upload of ${item.name}` : `Remove ${item.name} from the list`}
          className="shrink-0 rounded p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden>
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      </div>
      {item.state === "uploading" || item.state === "queued" ? (
        <div
          className="mt-1.5 ml-8 h-1.5 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label={`Uploading ${item.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className={`h-full rounded-full bg-indigo-500 transition-[width] duration-200 ${percent >= 100 ? "animate-pulse" : ""}`} style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      {item.error ? (
        <p className="mt-1 ml-8 text-xs text-rose-700" data-testid="upload-error" data-code={item.error.code} data-status={item.error.status}>
          {item.error.message}
          {item.error.local ? <span className="text-slate-500"> (checked before sending; Retry asks the server)</span> : null}
        </p>
      ) : null}
    </li>
  );
}
