/**
 * Session expiry (issue 3, item 4): streams stop, unsaved input is kept, the user signs in again
 * and comes back to where they were.
 */

const DRAFT_PREFIX = "holmes:draft:";
const listeners = new Set<() => void>();
let expired = false;

/** Called when the stream or an API call learns the session is gone. */
export function onSessionExpired(): void {
  if (expired) return;
  expired = true;
  listeners.forEach((listener) => listener());
  if (typeof window !== "undefined") {
    const next = window.location.pathname + window.location.search;
    window.location.assign(`/login/?expired=1&next=${encodeURIComponent(next)}`);
  }
}

/** Stream owners register here to close their connections first. */
export function onExpiry(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function resetSessionExpiry(): void {
  expired = false;
}

/** Unsaved form input survives a forced sign-in: kept per key in sessionStorage. */
export function saveDraft(key: string, value: string): void {
  if (typeof window === "undefined") return;
  if (value) window.sessionStorage.setItem(DRAFT_PREFIX + key, value);
  else window.sessionStorage.removeItem(DRAFT_PREFIX + key);
}

export function loadDraft(key: string): string {
  if (typeof window === "undefined") return "";
  return window.sessionStorage.getItem(DRAFT_PREFIX + key) ?? "";
}

/** Only same-origin paths are followed after sign-in. */
export function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/";
}
