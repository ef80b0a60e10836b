"use client";

import { useMemo, useRef, useState } from "react";

import { deleteFile } from "@/client/sdk.gen";
import type { FileOut } from "@/client/types.gen";
import { Button, StatusBadge } from "@/components/ui";
import { errorMessage, unwrap } from "@/lib/api";
import { fileKind, kindInfo } from "@/lib/fileKinds";
import { formatBytes, formatRelative } from "@/lib/format";
import { useSource } from "@/stores/source";
import { useUploads } from "@/stores/uploads";
import { useWorkspace } from "@/stores/workspace";

import { FileIcon } from "./FileIcon";
import { UploadQueue, UploadZone } from "./UploadZone";

/** The case's evidence: upload (drag and drop or picker), statuses with reasons, open, delete. */
export function FilesLibrary() {
  const caseId = useWorkspace((state) => state.caseId);
  const files = useWorkspace((state) => state.files);
  const add = useUploads((state) => state.add);
  const [dragging, setDragging] = useState(false);
  const [query, setQuery] = useState("");
  const depth = useRef(0);

  const shown = useMemo(() => {
    const wanted = query.trim().toLowerCase();
    return wanted ? files.filter((file) => file.filename.toLowerCase().includes(wanted)) : files;
  }, [files, query]);

  if (!caseId) return null;
  const totalBytes = files.reduce((sum, file) => sum + file.size_bytes, 0);
  const counts = countStatuses(files);
  const hasFiles = (event: React.DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

  return (
    <div
      data-testid="files-library"
      className="@container h-full overflow-auto"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        if (!dragging) setDragging(true);
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        const dropped = Array.from(event.dataTransfer.files);
        if (dropped.length) add(caseId, dropped);
      }}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 p-6">
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1">
            <h1 className="text-lg font-semibold text-slate-900">Evidence files</h1>
            <p className="text-sm text-slate-500">
              {files.length
                ? `${files.length} file${files.length === 1 ? "" : "s"} · ${formatBytes(totalBytes)}`
                : "No files yet. Uploaded files wait as PENDING until the case is processed."}
            </p>
          </div>
          {files.length ? (
            <div className="flex flex-wrap items-center gap-1.5" aria-label="Files by status">
              {(Object.entries(counts) as [string, number][]).map(([status, count]) => (
                <span key={status} className="inline-flex items-center gap-1 text-xs text-slate-600">
                  <StatusBadge status={status} />
                  {count}
                </span>
              ))}
            </div>
          ) : null}
        </div>

        <UploadZone caseId={caseId} large={files.length === 0} dragging={dragging} />
        <UploadQueue caseId={caseId} />

        {files.length ? (
          <section className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
            {files.length > 8 ? (
              <div className="border-b border-slate-100 px-4 py-2">
                <input
                  type="search"
                  value={query}
                  onChange={(event) => setQuery(event.target.value)}
                  placeholder="Filter by name…"
                  aria-label="Filter files by name"
                  className="w-64 max-w-full rounded-md border-0 px-2.5 py-1 text-sm ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-500 focus:outline-none"
                />
              </div>
            ) : null}
            <table className="w-full table-fixed text-sm">
              <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500">
                <tr>
                  <th className="px-4 py-2 font-medium">Name</th>
                  <th className="hidden w-32 px-3 py-2 font-medium @4xl:table-cell">Type</th>
                  <th className="hidden w-20 px-3 py-2 text-right font-medium @xl:table-cell">Size</th>
                  <th className="w-36 px-3 py-2 font-medium @4xl:w-52">Status</th>
                  <th className="hidden w-28 px-3 py-2 font-medium @2xl:table-cell">Uploaded</th>
                  <th className="w-16 px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((file) => (
                  <FileRow key={file.id} file={file} />
                ))}
                {!shown.length ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-6 text-center text-sm text-slate-500">
                      No file name contains “{query}”.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </section>
        ) : null}
      </div>
    </div>
  );
}

const STATUS_ORDER = ["PENDING", "PROCESSING", "PROCESSED", "PARTIAL", "ERROR"];

function countStatuses(files: FileOut[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of STATUS_ORDER) {
    const count = files.filter((file) => file.status === status).length;
    if (count) counts[status] = count;
  }
  return counts;
}

function classification(file: FileOut): string | null {
  const value = file.triage_metadata?.["classification"];
  return typeof value === "string" && value ? value : null;
}

function FileRow({ file }: { file: FileOut }) {
  const open = useSource((state) => state.open);
  const isOpen = useSource((state) => state.current?.file_id === file.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kind = kindInfo(fileKind(file.mime_type, file.filename));
  const category = classification(file);

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await unwrap(deleteFile({ path: { file_id: file.id } }));
      if (useSource.getState().current?.file_id === file.id) useSource.getState().close();
      await useWorkspace.getState().refreshFiles();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <tr
      data-testid="file-row"
      data-status={file.status}
      data-filename={file.filename}
      aria-selected={isOpen}
      className={`group cursor-pointer align-middle transition-colors ${isOpen ? "bg-indigo-50/70" : "hover:bg-slate-50"}`}
      onClick={() => open({ file_id: file.id })}
    >
      <td className="px-4 py-2.5">
        <div className="flex min-w-0 items-center gap-3">
          <FileIcon mimeType={file.mime_type} filename={file.filename} />
          <div className="min-w-0">
            <button
              type="button"
              className="block max-w-full truncate text-left font-medium text-slate-900 group-hover:text-indigo-700 focus-visible:underline"
              title={`Open ${file.filename}`}
              onClick={(event) => {
                event.stopPropagation();
                open({ file_id: file.id });
              }}
            >
              {file.filename}
            </button>
            <p className="truncate text-xs text-slate-500">
              <span className="@4xl:hidden">{kind.label}</span>
              <span className="@xl:hidden"> · {formatBytes(file.size_bytes)}</span>
              {category ? (
                <>
                  <span className="@4xl:hidden"> · </span>
                  {category}
                </>
              ) : null}
            </p>
          </div>
        </div>
      </td>
      <td className="hidden truncate px-3 py-2.5 text-slate-600 @4xl:table-cell">{kind.label}</td>
      <td className="hidden px-3 py-2.5 text-right text-slate-600 tabular-nums @xl:table-cell">{formatBytes(file.size_bytes)}</td>
      <td className="px-3 py-2.5">
        <StatusBadge status={file.status} />
        {file.error ? (
          <p className="mt-1 line-clamp-3 text-xs break-words text-rose-700" title={file.error} data-testid="file-error">
            {file.error}
          </p>
        ) : null}
        {error ? (
          <p className="mt-1 text-xs text-rose-700" role="alert">
            {error}
          </p>
        ) : null}
      </td>
      <td className="hidden px-3 py-2.5 text-xs whitespace-nowrap text-slate-500 @2xl:table-cell" title={new Date(file.created_at).toLocaleString()}>
        {formatRelative(file.created_at)}
      </td>
      <td className="px-3 py-2 text-right" onClick={(event) => event.stopPropagation()}>
        {confirming ? (
          <div className="flex flex-col items-end gap-1">
            <Button variant="danger" className="px-2! py-0.5! text-xs!" disabled={busy} onClick={remove} data-testid="file-delete-confirm">
              {busy ? "Deleting…" : "Delete"}
            </Button>
            <button type="button" className="text-xs text-slate-500 hover:text-slate-800" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${file.filename}`}
            title="Delete file"
            data-testid="file-delete"
            className="rounded p-1 text-slate-400 opacity-60 group-hover:opacity-100 hover:bg-rose-50 hover:text-rose-700 focus-visible:opacity-100"
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden>
              <path
                fillRule="evenodd"
                d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                clipRule="evenodd"
              />
            </svg>
          </button>
        )}
      </td>
    </tr>
  );
}
