/**
 * The one configured API client. Everything it calls is generated from the backend's OpenAPI
 * document (src/client, `make client`); this module only adds what the browser needs: the session
 * cookie, and one reaction to an expired session.
 */
import { client } from "@/client/client.gen";
import type { ErrorEnvelope } from "@/client/types.gen";

import { onSessionExpired } from "./session";

client.setConfig({ baseUrl: "", credentials: "same-origin" });

client.interceptors.response.use((response, request) => {
  // A 401 on anything but the auth routes means the session is gone: send the user to sign in.
  if (response.status === 401 && !new URL(request.url).pathname.startsWith("/api/auth/")) {
    onSessionExpired();
  }
  return response;
});

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Result<T> = { data?: T; error?: unknown; response?: Response };

/** Returns the data of a generated SDK call, or throws an ApiError built from the §8.4 envelope. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response && response.ok) return data as T;
  throw toApiError(error, response?.status ?? 0);
}

export function toApiError(error: unknown, status: number): ApiError {
  const body = (error as ErrorEnvelope | undefined)?.error;
  if (body && typeof body.message === "string") {
    return new ApiError(status, body.code, body.message, (body.details ?? {}) as Record<string, unknown>);
  }
  if (status === 0) return new ApiError(0, "NETWORK", "The server could not be reached.");
  return new ApiError(status, "UNKNOWN", `The server answered ${status}.`);
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export { client };
