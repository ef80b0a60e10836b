import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/session", () => ({ onSessionExpired: vi.fn() }));

import { onSessionExpired } from "@/lib/session";
import { useWorkspace } from "@/stores/workspace";

import { DEFAULT_LIMIT_BYTES, MAX_PARALLEL, parseUploadError, precheck, summarize, useUploads } from "./uploads";

/** A scripted XMLHttpRequest: the test decides when it progresses, answers or fails. */
class FakeXHR {
  static all: FakeXHR[] = [];
  method = "";
  url = "";
  body: FormData | null = null;
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXHR.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

const envelope = (code: string, message: string, details: Record<string, unknown> = {}) => ({
  error: { code, message, details, recoverable: false, suggested_action: null },
});

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const items = () => useUploads.getState().items;
const refreshFiles = vi.fn(async () => undefined);

beforeEach(() => {
  FakeXHR.all = [];
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
  useUploads.setState({ items: [], limitBytes: DEFAULT_LIMIT_BYTES });
  useWorkspace.setState({ caseId: "case-1", refreshFiles });
  refreshFiles.mockClear();
  vi.mocked(onSessionExpired).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("upload queue", () => {
  it("sends each file as its own multipart request in the field `files`", () => {
    useUploads.getState().add("case-1", [file("a.pdf"), file("b.csv")]);
    expect(FakeXHR.all).toHaveLength(2);
    const [first, second] = FakeXHR.all;
    expect(first!.method).toBe("POST");
    expect(first!.url).toBe("/api/cases/case-1/files");
    expect((first!.body!.getAll("files") as File[]).map((part) => part.name)).toEqual(["a.pdf"]);
    expect((second!.body!.getAll("files") as File[]).map((part) => part.name)).toEqual(["b.csv"]);
    expect(items().map((item) => item.state)).toEqual(["uploading", "uploading"]);
  });

  it("tracks progress per file and finishes with the server's record", () => {
    useUploads.getState().add("case-1", [file("a.pdf"), file("b.pdf")]);
    FakeXHR.all[0]!.progress(25, 100);
    expect(items()[0]!.progress).toBe(0.25);
    expect(items()[1]!.progress).toBe(0);
    FakeXHR.all[0]!.respond(201, [{ id: "f1", filename: "a.pdf", status: "PENDING" }]);
    expect(items()[0]).toMatchObject({ state: "done", progress: 1 });
    expect(items()[0]!.result[0]?.id).toBe("f1");
    expect(refreshFiles).toHaveBeenCalledTimes(1);
    expect(summarize(items())).toMatchObject({ done: 1, active: 1, failed: 0 });
  });

  it(`runs at most ${MAX_PARALLEL} uploads at a time and starts the next as one ends`, () => {
    useUploads.getState().add("case-1", ["1", "2", "3", "4", "5"].map((name) => file(`${name}.txt`)));
    expect(FakeXHR.all).toHaveLength(MAX_PARALLEL);
    expect(items().filter((item) => item.state === "queued")).toHaveLength(5 - MAX_PARALLEL);
    FakeXHR.all[0]!.respond(201, []);
    expect(FakeXHR.all).toHaveLength(MAX_PARALLEL + 1);
    FakeXHR.all[1]!.fail();
    expect(FakeXHR.all).toHaveLength(5);
  });

  it("shows the §8.4 error of each failed file: too large, unsupported, empty", () => {
    useUploads.getState().add("case-1", [file("big.mov"), file("virus.exe"), file("bad.txt")]);
    FakeXHR.all[0]!.respond(413, envelope("PAYLOAD_TOO_LARGE", "'big.mov' is larger than the 1000-byte limit.", { filename: "big.mov", limit_bytes: 1000 }));
    FakeXHR.all[1]!.respond(415, envelope("UNSUPPORTED_MEDIA_TYPE", "'virus.exe' is an executable, not evidence."));
    FakeXHR.all[2]!.respond(422, envelope("VALIDATION_ERROR", "'bad.txt' is empty.", { filename: "bad.txt" }));
    expect(items().map((item) => [item.state, item.error?.status, item.error?.code, item.error?.message])).toEqual([
      ["error", 413, "PAYLOAD_TOO_LARGE", "'big.mov' is larger than the 1000-byte limit."],
      ["error", 415, "UNSUPPORTED_MEDIA_TYPE", "'virus.exe' is an executable, not evidence."],
      ["error", 422, "VALIDATION_ERROR", "'bad.txt' is empty."],
    ]);
    // The per-file limit the server stated is used for the next pre-checks.
    expect(useUploads.getState().limitBytes).toBe(1000);
    useUploads.getState().add("case-1", [file("next.mov", 2000)]);
    expect(items()[3]).toMatchObject({ state: "error", error: { code: "PAYLOAD_TOO_LARGE", local: true } });
    expect(FakeXHR.all).toHaveLength(3);
    expect(refreshFiles).not.toHaveBeenCalled();
  });

  it("retries a failed file with a new request", () => {
    useUploads.getState().add("case-1", [file("a.pdf")]);
    FakeXHR.all[0]!.fail();
    expect(items()[0]).toMatchObject({ state: "error", error: { status: 0, code: "NETWORK" } });
    useUploads.getState().retry(items()[0]!.id);
    expect(FakeXHR.all).toHaveLength(2);
    expect(items()[0]).toMatchObject({ state: "uploading", error: null, progress: 0 });
    FakeXHR.all[1]!.respond(201, [{ id: "f1" }]);
    expect(items()[0]!.state).toBe("done");
    // Retrying what is not failed does nothing.
    useUploads.getState().retry(items()[0]!.id);
    expect(FakeXHR.all).toHaveLength(2);
  });

  it("lets the server decide when a local pre-check failed and the user retries", () => {
    useUploads.getState().add("case-1", [file("empty.txt", 0)]);
    expect(items()[0]).toMatchObject({ state: "error", error: { code: "VALIDATION_ERROR", local: true } });
    expect(FakeXHR.all).toHaveLength(0);
    useUploads.getState().retry(items()[0]!.id);
    expect(FakeXHR.all).toHaveLength(1);
  });

  it("cancels a running upload and dismisses or clears finished ones", () => {
    useUploads.getState().add("case-1", [file("a.pdf"), file("b.pdf")]);
    const [first] = items();
    useUploads.getState().cancel(first!.id);
    expect(FakeXHR.all[0]!.aborted).toBe(true);
    expect(items()).toHaveLength(1);
    FakeXHR.all[1]!.respond(201, []);
    useUploads.getState().add("case-2", [file("c.pdf")]);
    useUploads.getState().clearFinished("case-1");
    expect(items().map((item) => item.name)).toEqual(["c.pdf"]);
  });

  it("sends the user to sign in when the session has expired", () => {
    useUploads.getState().add("case-1", [file("a.pdf")]);
    FakeXHR.all[0]!.respond(401, envelope("UNAUTHORIZED", "Not signed in."));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(items()[0]!.error?.message).toBe("Not signed in.");
  });
});

describe("parseUploadError", () => {
  it("reads the envelope, or explains the status when there is none", () => {
    expect(parseUploadError(415, JSON.stringify(envelope("UNSUPPORTED_MEDIA_TYPE", "No.", { allowed: ["a"] })))).toEqual({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "No.",
      details: { allowed: ["a"] },
      local: false,
    });
    expect(parseUploadError(413, "<html>Request Entity Too Large</html>")).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(parseUploadError(502, "")).toMatchObject({ code: "SYSTEM_ERROR", message: "The server answered 502." });
    expect(parseUploadError(0, "")).toMatchObject({ code: "NETWORK" });
  });

  it("pre-checks size against the limit", () => {
    expect(precheck(file("a", 11), 10)).toMatchObject({ status: 413, local: true });
    expect(precheck(file("a", 10), 10)).toBeNull();
  });
});
