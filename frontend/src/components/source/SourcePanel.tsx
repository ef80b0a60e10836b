"use client";

import { useMemo } from "react";

import { getFile } from "@/client/sdk.gen";
import type { FileOut } from "@/client/types.gen";
import { FileIcon } from "@/components/files/FileIcon";
import { Alert, Spinner } from "@/components/ui";
import { ApiError, errorMessage, unwrap } from "@/lib/api";
import { baseName, fileKind, kindInfo } from "@/lib/fileKinds";
import { formatBytes } from "@/lib/format";
import { describeLocation, formatTimestamp, type SourceLocation, useSource } from "@/stores/source";
import { useWorkspace } from "@/stores/workspace";

import { contentUrl, fetchContent, PACKAGE_CAP_BYTES, TEXT_CAP_BYTES, useLoad } from "./content";
import { decodeBytes, parseDelimited, toDataTable } from "./formats";
import { ImageView } from "./ImageView";
import { MediaView } from "./MediaView";
import { readDocx, readXlsx } from "./office";
import { PdfView } from "./PdfView";
import { buildTextDocument, findLineHighlight, planView, type ViewPlan } from "./plan";
import { TableView } from "./TableView";
import { TextView } from "./TextView";

/** The Source panel: the file a citation points at, opened at the cited page, line, row, moment or box. */
export function SourcePanel() {
  const current = useSource((state) => state.current);
  const close = useSource((state) => state.close);
  const listed = useWorkspace((state) => (current ? state.files.find((file) => file.id === current.file_id) : undefined));
  // Files of the case are usually in the workspace list; a citation of another one is looked up.
  const fetched = useLoad(current && !listed ? current.file_id : null, () => unwrap(getFile({ path: { file_id: current!.file_id } })));
  const file = listed ?? (fetched.status === "ready" ? fetched.value : null);

  if (!current) return null;
  return (
    <div
      data-testid="source-panel"
      className="flex h-full min-h-0 flex-col bg-white"
      onKeyDown={(event) => {
        if (event.key === "Escape" && !(event.target instanceof HTMLInputElement)) close();
      }}
    >
      {file ? (
        <SourceFile file={file} location={current} onClose={close} />
      ) : (
        <>
          <PanelHeader title="Source" onClose={close} />
          <div className="p-4">
            {fetched.status === "error" ? (
              <Alert>
                {fetched.error instanceof ApiError && fetched.error.status === 404
                  ? "This file is no longer in the case."
                  : `The file could not be opened: ${errorMessage(fetched.error)}`}
              </Alert>
            ) : (
              <Spinner label="Opening source" />
            )}
          </div>
        </>
      )}
    </div>
  );
}

function PanelHeader({ title, onClose, children }: { title: React.ReactNode; onClose: () => void; children?: React.ReactNode }) {
  return (
    <div className="flex shrink-0 items-start gap-3 border-b border-slate-200 px-4 py-3">
      <div className="min-w-0 flex-1">{title}</div>
      {children}
      <button
        type="button"
        onClick={onClose}
        aria-label="Close source"
        data-testid="source-close"
        className="-mr-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
      >
        <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden>
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  );
}

function SourceFile({ file, location, onClose }: { file: FileOut; location: SourceLocation; onClose: () => void }) {
  const plan = useMemo(() => planView(file, location), [file, location]);
  const where = describeLocation(location);
  const files = useWorkspace((state) => state.files);
  const info = kindInfo(plan.kind);

  // A recording and its transcript share a name: each links to the other.
  const sibling = useMemo(() => {
    const stem = baseName(file.filename);
    const wanted = plan.renderer === "media" ? ["subtitles"] : plan.textFormat === "subtitles" ? ["video", "audio"] : [];
    if (!wanted.length) return null;
    return files.find((other) => other.id !== file.id && baseName(other.filename) === stem && wanted.includes(fileKind(other.mime_type, other.filename))) ?? null;
  }, [files, file, plan.renderer, plan.textFormat]);

  return (
    <>
      <PanelHeader
        onClose={onClose}
        title={
          <div className="flex min-w-0 items-start gap-3">
            <FileIcon mimeType={file.mime_type} filename={file.filename} size="lg" />
            <div className="min-w-0">
              <h2 className="truncate text-sm font-semibold text-slate-900" title={file.filename} data-testid="source-filename">
                {file.filename}
              </h2>
              <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                <span>{info.label}</span>
                <span aria-hidden>·</span>
                <span>{formatBytes(file.size_bytes)}</span>
                {where ? (
                  <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900" data-testid="source-location">
                    {where}
                    {location.cue_end != null && location.cue_start != null ? `–${formatTimestamp(location.cue_end)}` : ""}
                  </span>
                ) : null}
              </div>
            </div>
          </div>
        }
      >
        <a
          href={contentUrl(file.id)}
          download={file.filename}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50"
          data-testid="source-download"
        >
          <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor" aria-hidden>
            <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
            <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
          </svg>
          Download
        </a>
      </PanelHeader>
      {plan.excerpt ? (
        <blockquote
          className="max-h-24 shrink-0 overflow-auto border-b border-slate-200 bg-amber-50/60 px-4 py-2 text-[13px] leading-5 text-slate-700 italic"
          data-testid="source-excerpt"
        >
          “{plan.excerpt}”
        </blockquote>
      ) : null}
      {sibling ? (
        <div className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-1.5 text-xs text-slate-600">
          <FileIcon mimeType={sibling.mime_type} filename={sibling.filename} size="sm" />
          <span className="min-w-0 truncate">{plan.renderer === "media" ? "Transcript" : "Recording"}: {sibling.filename}</span>
          {plan.renderer !== "media" ? (
            <button
              type="button"
              className="ml-auto shrink-0 font-medium text-indigo-600 hover:underline"
              onClick={() =>
                useSource.getState().open({ file_id: sibling.id, cue_start: location.cue_start ?? null, cue_end: location.cue_end ?? null, excerpt: location.excerpt ?? null })
              }
            >
              {location.cue_start != null ? `Play at ${formatTimestamp(location.cue_start)}` : "Open recording"}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="min-h-0 flex-1 overflow-auto" data-renderer={plan.renderer}>
        <SourceBody key={file.id} file={file} plan={plan} sibling={sibling} />
      </div>
    </>
  );
}

function SourceBody({ file, plan, sibling }: { file: FileOut; plan: ViewPlan; sibling: FileOut | null }) {
  switch (plan.renderer) {
    case "pdf":
      return <PdfView fileId={file.id} page={plan.page} excerpt={plan.excerpt} />;
    case "media":
      return <MediaView file={file} kind={plan.media ?? "video"} cueStart={plan.cueStart} cueEnd={plan.cueEnd} transcript={sibling} />;
    case "image":
      return <ImageView fileId={file.id} filename={file.filename} bbox={plan.bbox} />;
    case "text":
    case "document":
      return <TextSource file={file} plan={plan} />;
    case "table":
      return <TableSource file={file} plan={plan} />;
    case "download":
      return <DownloadOnly file={file} />;
  }
}

function TextSource({ file, plan }: { file: FileOut; plan: ViewPlan }) {
  const format = plan.renderer === "document" ? "docx" : (plan.textFormat ?? "plain");
  const loaded = useLoad(`${file.id}:${format}`, async (signal) => {
    if (format === "docx") {
      const content = await fetchContent(file.id, PACKAGE_CAP_BYTES, signal);
      if (content.truncated) return { doc: null, truncated: true };
      return { doc: await readDocx(content.bytes), truncated: false };
    }
    const content = await fetchContent(file.id, TEXT_CAP_BYTES, signal);
    return { doc: buildTextDocument(format, content.bytes, content.truncated), truncated: content.truncated };
  });
  const highlight = useMemo(
    () => (loaded.status === "ready" && loaded.value.doc ? findLineHighlight(loaded.value.doc, plan) : null),
    [loaded, plan],
  );
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <LoadFailed error={loaded.error} file={file} />;
  if (!loaded.value.doc) return <DownloadOnly file={file} reason="This document is too large to preview." />;
  return (
    <>
      <NotFoundNote plan={plan} matched={highlight?.matched ?? false} found={highlight != null} what="line" />
      <TextView doc={loaded.value.doc} highlight={highlight} format={format} truncated={loaded.value.truncated} />
    </>
  );
}

function TableSource({ file, plan }: { file: FileOut; plan: ViewPlan }) {
  const loaded = useLoad(`${file.id}:${plan.tableFormat}`, async (signal) => {
    if (plan.tableFormat === "xlsx") {
      const content = await fetchContent(file.id, PACKAGE_CAP_BYTES, signal);
      if (content.truncated) return { tables: null, truncated: true };
      return { tables: await readXlsx(content.bytes), truncated: false };
    }
    const content = await fetchContent(file.id, TEXT_CAP_BYTES, signal);
    let text = decodeBytes(content.bytes);
    if (content.truncated) text = text.slice(0, Math.max(0, text.lastIndexOf("\n")));
    return { tables: [toDataTable(parseDelimited(text))], truncated: content.truncated };
  });
  if (loaded.status === "loading") return <Loading />;
  if (loaded.status === "error") return <LoadFailed error={loaded.error} file={file} />;
  if (!loaded.value.tables) return <DownloadOnly file={file} reason="This workbook is too large to preview." />;
  return <TableView key={`${plan.sheet}:${plan.row}:${plan.excerpt}`} tables={loaded.value.tables} plan={plan} truncated={loaded.value.truncated} />;
}

function NotFoundNote({ plan, matched, found, what }: { plan: ViewPlan; matched: boolean; found: boolean; what: string }) {
  if (!plan.excerpt || matched) return null;
  return (
    <p className="border-b border-slate-200 bg-slate-50 px-4 py-1.5 text-xs text-slate-500">
      {found ? `The quoted words were not found verbatim; the cited ${what} is marked.` : "The quoted words were not found in the text shown."}
    </p>
  );
}

function Loading() {
  return (
    <div className="flex h-32 items-center justify-center">
      <Spinner label="Loading file" />
    </div>
  );
}

function LoadFailed({ error, file }: { error: unknown; file: FileOut }) {
  return (
    <div className="space-y-3 p-4">
      <Alert>This file could not be read: {errorMessage(error)}</Alert>
      <DownloadOnly file={file} reason={null} />
    </div>
  );
}

function DownloadOnly({ file, reason = "There is no preview for this type of file." }: { file: FileOut; reason?: string | null }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <FileIcon mimeType={file.mime_type} filename={file.filename} size="lg" />
      {reason ? <p className="text-sm text-slate-600">{reason}</p> : null}
      <a
        href={contentUrl(file.id)}
        download={file.filename}
        className="inline-flex items-center rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500"
      >
        Download {file.filename}
      </a>
    </div>
  );
}
