import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { FileOut } from "@/client/types.gen";
import { toSource } from "@/stores/caseData";
import { useSource } from "@/stores/source";
import { useWorkspace } from "@/stores/workspace";

import { SourcePanel } from "./SourcePanel";

// React's act() outside a test renderer needs this flag.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const video = {
  id: "f-video",
  case_id: "c1",
  filename: "cctv.mp4",
  mime_type: "video/mp4",
  size_bytes: 1024,
  status: "READY",
  error: null,
  created_at: "2026-12-06T05:00:00Z",
} as unknown as FileOut;

// A finding's source as the API returns it when the model cited the video's 754th second.
const cited = { file_id: "f-video", cue_start: 754, cue_end: 760, excerpt: "a person leaves through the side door" };

describe("SourcePanel and a citation of a recording's second", () => {
  let root: Root;
  let host: HTMLDivElement;

  beforeEach(() => {
    host = document.createElement("div");
    document.body.appendChild(host);
    root = createRoot(host);
    useWorkspace.setState({ files: [video] });
  });

  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    useSource.getState().close();
  });

  it("opens the player at the cited second", () => {
    const location = toSource(cited);
    expect(location?.cue_start).toBe(754);
    act(() => root.render(<SourcePanel />));
    act(() => useSource.getState().open(location!));

    const player = host.querySelector<HTMLVideoElement>('[data-testid="source-media"]');
    expect(player?.tagName).toBe("VIDEO");
    expect(player?.getAttribute("src")).toBe("/api/files/f-video/content");
    // Once the browser knows the recording's length, it seeks to the cited moment.
    act(() => {
      player!.dispatchEvent(new Event("loadedmetadata"));
    });
    expect(player!.currentTime).toBe(754);
    expect(host.querySelector('[data-testid="source-cue"]')?.textContent).toBe("Cited 12:34 – 12:40");
  });

  it("moves the open player to another cited second of the same recording", () => {
    act(() => root.render(<SourcePanel />));
    act(() => useSource.getState().open(toSource(cited)!));
    const player = host.querySelector<HTMLVideoElement>('[data-testid="source-media"]')!;
    act(() => {
      player.dispatchEvent(new Event("loadedmetadata"));
    });
    Object.defineProperty(player, "readyState", { value: 1, configurable: true });
    act(() => useSource.getState().open(toSource({ ...cited, cue_start: 1210, cue_end: null })!));
    expect(player.currentTime).toBe(1210);
  });
});
