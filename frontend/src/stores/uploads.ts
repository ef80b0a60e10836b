import { create } from "zustand";

import type { FileOut } from "@/client/types.gen";
import { formatBytes } from "@/lib/format";
import { onSessionExpired } from "@/lib/session";
import { useWorkspace } from "@/stores/workspace";

/**
 * The upload queue: every file goes up as its own multipart request (field `files`, POST
 * /api/cases/{id}/files) so that each has its own progress bar, its own error from the §8.4
 * envelope and its own Retry. XMLHttpRequest rather than fetch: only it reports upload progress.
 */

export type UploadState = "queued" | "uploading" | "done" | "error";

export type UploadError = {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
  /** Found before sending (size): the server was not asked. */
  local: boolean;
};

export type UploadItem = {
  id: string;
  caseId: string;
  file: File;
  name: string;
  size: number;
  /** 0..1 of the request body sent. */
  progress: number;
  state: UploadState;
  error: UploadError | null;
  /** What the server recorded, once done. */
  result: FileOut[];
};

type UploadsState = {
  items: UploadItem[];
  /** The per-file size limit: 500 MiB until the server says otherwise in a 413. */
  limitBytes: number;
  add: (caseId: string, files: Iterable<File>) => void;
  retry: (id: string) => void;
  cancel: (id: string) => void;
  dismiss: (id: string) => void;
  clearFinished: (caseId: string) => void;
};

export const DEFAULT_LIMIT_BYTES = 500 * 1024 * 1024;
export const MAX_PARALLEL = 3;

const requests = new Map<string, XMLHttpRequest>();
let counter = 0;

const FALLBACK_MESSAGES: Record<number, [string, string]> = {
  0: ["NETWORK", "The upload was interrupted: the server could not be reached."],
  401: ["UNAUTHORIZED", "Your session has expired. Sign in again and retry."],
  404: ["NOT_FOUND", "The case no longer exists."],
  413: ["PAYLOAD_TOO_LARGE", "The file is larger than the upload limit."],
  415: ["UNSUPPORTED_MEDIA_TYPE", "This type of file is not accepted as evidence."],
  422: ["VALIDATION_ERROR", "The file was rejected (empty file or unusable name)."],
};

/** An upload failure from the response: the §8.4 envelope when there is one, else the status. */
export function parseUploadError(status: number, body: string): UploadError {
  try {
    const parsed = JSON.parse(body) as unknown;
    const error = (parsed as { error?: unknown } | null)?.error as
      | { code?: unknown; message?: unknown; details?: unknown }
      | undefined;
    if (error && typeof error.message === "string") {
      return {
        status,
        code: typeof error.code === "string" ? error.code : "UNKNOWN",
        message: error.message,
        details: error.details && typeof error.details === "object" ? (error.details as Record<string, unknown>) : {},
        local: false,
      };
    }
  } catch {
    // not JSON: fall through to the status
  }
  const [code, message] = FALLBACK_MESSAGES[status] ?? [status >= 500 ? "SYSTEM_ERROR" : "UNKNOWN", `The server answered ${status}.`];
  return { status, code, message, details: {}, local: false };
}

/** Checks made before sending; the server stays the authority. */
export function precheck(file: File, limitBytes: number): UploadError | null {
  if (file.size > limitBytes) {
    return {
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: `${file.name} is ${formatBytes(file.size)}; the limit is ${formatBytes(limitBytes)} per file.`,
      details: { filename: file.name, limit_bytes: limitBytes },
      local: true,
    };
  }
  if (file.size === 0) {
    return { status: 422, code: "VALIDATION_ERROR", message: `${file.name} is empty.`, details: { filename: file.name }, local: true };
  }
  return null;
}

export const useUploads = create<UploadsState>((set, get) => {
  const update = (id: string, patch: Partial<UploadItem>) =>
    set({ items: get().items.map((item) => (item.id === id ? { ...item, ...patch } : item)) });

  const pump = () => {
    let active = get().items.filter((item) => item.state === "uploading").length;
    for (const item of get().items) {
      if (active >= MAX_PARALLEL) break;
      if (item.state !== "queued") continue;
      active += 1;
      send(item);
    }
  };

  const finish = (item: UploadItem) => {
    requests.delete(item.id);
    pump();
    const workspace = useWorkspace.getState();
    if (workspace.caseId === item.caseId) void workspace.refreshFiles().catch(() => undefined);
  };

  const fail = (item: UploadItem, error: UploadError) => {
    if (error.code === "PAYLOAD_TOO_LARGE" && typeof error.details.limit_bytes === "number" && "filename" in error.details) {
      set({ limitBytes: error.details.limit_bytes });
    }
    update(item.id, { state: "error", error });
    requests.delete(item.id);
    if (error.status === 401) onSessionExpired();
    pump();
  };

  const send = (item: UploadItem) => {
    update(item.id, { state: "uploading", progress: 0, error: null });
    const xhr = new XMLHttpRequest();
    requests.set(item.id, xhr);
    xhr.open("POST", `/api/cases/${encodeURIComponent(item.caseId)}/files`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) update(item.id, { progress: Math.min(1, event.loaded / event.total) });
    };
    xhr.onload = () => {
      if (xhr.status === 201 || xhr.status === 200) {
        let result: FileOut[] = [];
        try {
          result = JSON.parse(xhr.responseText) as FileOut[];
        } catch {
          result = [];
        }
        update(item.id, { state: "done", progress: 1, result });
        finish(item);
      } else {
        fail(item, parseUploadError(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => fail(item, parseUploadError(0, ""));
    xhr.ontimeout = () => fail(item, parseUploadError(0, ""));
    xhr.onabort = () => {
      requests.delete(item.id);
      pump();
    };
    const form = new FormData();
    form.append("files", item.file, item.file.name);
    xhr.send(form);
  };

  return {
    items: [],
    limitBytes: DEFAULT_LIMIT_BYTES,
    add(caseId, files) {
      const added: UploadItem[] = [];
      for (const file of files) {
        counter += 1;
        const error = precheck(file, get().limitBytes);
        added.push({
          id: `upload-${counter}`,
          caseId,
          file,
          name: file.name,
          size: file.size,
          progress: 0,
          state: error ? "error" : "queued",
          error,
          result: [],
        });
      }
      set({ items: [...get().items, ...added] });
      pump();
    },
    retry(id) {
      const item = get().items.find((entry) => entry.id === id);
      if (!item || item.state !== "error") return;
      // A retry asks the server even when a local check failed: it decides.
      update(id, { state: "queued", error: null, progress: 0 });
      pump();
    },
    cancel(id) {
      requests.get(id)?.abort();
      requests.delete(id);
      set({ items: get().items.filter((item) => item.id !== id) });
      pump();
    },
    dismiss(id) {
      const item = get().items.find((entry) => entry.id === id);
      if (item && item.state !== "uploading") set({ items: get().items.filter((entry) => entry.id !== id) });
    },
    clearFinished(caseId) {
      set({ items: get().items.filter((item) => item.caseId !== caseId || item.state === "uploading" || item.state === "queued") });
    },
  };
});

/** Overall progress of a case's uploads, for a summary line. */
export function summarize(items: UploadItem[]) {
  const total = items.reduce((sum, item) => sum + item.size, 0);
  const sent = items.reduce((sum, item) => sum + item.size * (item.state === "done" ? 1 : item.progress), 0);
  return {
    total,
    sent,
    active: items.filter((item) => item.state === "uploading" || item.state === "queued").length,
    done: items.filter((item) => item.state === "done").length,
    failed: items.filter((item) => item.state === "error").length,
  };
}
