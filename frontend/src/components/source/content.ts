"use client";

import { useEffect, useState } from "react";

import { toApiError } from "@/lib/api";
import { onSessionExpired } from "@/lib/session";

/** Same-origin, cookie-authenticated; the server answers Range requests (or redirects to storage). */
export function contentUrl(fileId: string): string {
  return `/api/files/${encodeURIComponent(fileId)}/content`;
}

/** Text-like files are read up to this many bytes (the first ~2 MB). */
export const TEXT_CAP_BYTES = 2 * 1024 * 1024;
/** Office packages are read whole (their directory is at the end), up to this size. */
export const PACKAGE_CAP_BYTES = 30 * 1024 * 1024;

export type Loaded = { bytes: Uint8Array; truncated: boolean; totalBytes: number };

/** Fetches the first `cap` bytes of a file's content with a Range request. */
export async function fetchContent(fileId: string, cap: number, signal?: AbortSignal): Promise<Loaded> {
  const response = await fetch(contentUrl(fileId), {
    credentials: "same-origin",
    headers: { Range: `bytes=0-${cap - 1}` },
    signal,
  });
  if (!response.ok) {
    if (response.status === 401) onSessionExpired();
    let body: unknown = undefined;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw toApiError(body, response.status);
  }
  const buffer = new Uint8Array(await response.arrayBuffer());
  // 206: "bytes 0-2097151/5242880" tells the whole size. 200: the server sent everything.
  const range = /\/(\d+)\s*$/.exec(response.headers.get("Content-Range") ?? "");
  const totalBytes = range ? Number(range[1]) : buffer.length;
  const bytes = buffer.length > cap ? buffer.subarray(0, cap) : buffer;
  return { bytes, truncated: totalBytes > bytes.length, totalBytes };
}

export type LoadState<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "error"; error: unknown };

/** Runs an async loader for a key; a new key cancels the previous load. */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): LoadState<T> {
  const [state, setState] = useState<{ key: string | null; value: LoadState<T> }>({ key, value: { status: "loading" } });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState({ key, value: { status: "loading" } });
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ key, value: { status: "ready", value } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, value: { status: "error", error } });
      },
    );
    return () => controller.abort();
    // The loader is keyed: it changes exactly when the key does.
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return state.key === key ? state.value : { status: "loading" };
}
