"use client";

import { useEffect, useMemo, useRef, useState } from "react";

import type { FileOut } from "@/client/types.gen";
import { Button, Spinner } from "@/components/ui";
import { formatTimestamp } from "@/stores/source";

import { contentUrl, fetchContent, TEXT_CAP_BYTES, useLoad } from "./content";
import { type Cue, cueSpeaker, decodeBytes, parseCues } from "./formats";

/**
 * A recording at the cited moment: the player seeks to cue_start once it knows the duration (the
 * server's Range support makes it seekable), the cited window is shown and can be replayed, and
 * the transcript of the same name (.vtt/.srt) follows along.
 */
export function MediaView({
  file,
  kind,
  cueStart,
  cueEnd,
  transcript,
}: {
  file: FileOut;
  kind: "video" | "audio";
  cueStart: number | null;
  cueEnd: number | null;
  transcript: FileOut | null;
}) {
  const player = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const stopAt = useRef<number | null>(null);
  const [time, setTime] = useState(cueStart ?? 0);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  const cues = useLoad(transcript ? transcript.id : null, async (signal) => {
    const loaded = await fetchContent(transcript!.id, TEXT_CAP_BYTES, signal);
    return parseCues(decodeBytes(loaded.bytes));
  });

  // A new citation of the same recording: seek there.
  useEffect(() => {
    const element = player.current;
    if (element && cueStart != null && element.readyState >= 1) element.currentTime = cueStart;
    setTime(cueStart ?? 0);
  }, [cueStart]);

  const seek = (seconds: number, play = false, until: number | null = null) => {
    const element = player.current;
    if (!element) return;
    element.currentTime = seconds;
    stopAt.current = until;
    if (play) void element.play().catch(() => undefined);
  };

  const props = {
    ref: player,
    src: contentUrl(file.id),
    controls: true,
    preload: "metadata",
    "data-testid": "source-media",
    "data-cue-start": cueStart ?? undefined,
    onLoadedMetadata: () => {
      setReady(true);
      if (cueStart != null && player.current) player.current.currentTime = cueStart;
    },
    onTimeUpdate: () => {
      const element = player.current;
      if (!element) return;
      setTime(element.currentTime);
      if (stopAt.current != null && element.currentTime >= stopAt.current) {
        element.pause();
        stopAt.current = null;
      }
    },
    onError: () => setFailed(true),
  } as const;

  const cueList = cues.status === "ready" ? cues.value : [];
  const hasWindow = cueStart != null;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="shrink-0 space-y-3 border-b border-slate-200 bg-slate-950/[0.03] p-4">
        {kind === "video" ? (
          // Captions come from the transcript list beside the player, not a <track>.
          <video {...props} className="max-h-[46vh] w-full rounded-md bg-black" />
        ) : (
          <audio {...props} className="w-full" />
        )}
        {failed ? (
          <p className="text-xs text-slate-600">
            The browser cannot play this recording (its format or codec is not supported, or it holds no playable track). Download it
            {transcript ? ", or read the transcript below" : ""}.
          </p>
        ) : null}
        {hasWindow ? (
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="rounded bg-amber-100 px-2 py-1 font-medium text-amber-900" data-testid="source-cue">
              Cited {formatTimestamp(cueStart)}
              {cueEnd != null ? ` – ${formatTimestamp(cueEnd)}` : ""}
            </span>
            <Button variant="secondary" className="py-1! text-xs!" disabled={failed || !ready} onClick={() => seek(cueStart, true, cueEnd)}>
              ▶ Play cited part
            </Button>
            <span className="ml-auto font-mono text-slate-500">{formatTimestamp(time)}</span>
          </div>
        ) : null}
      </div>
      {transcript ? (
        <TranscriptList
          name={transcript.filename}
          status={cues.status}
          cues={cueList}
          time={time}
          cueStart={cueStart}
          onSeek={(cue) => seek(cue.start, true, null)}
        />
      ) : (
        <p className="p-4 text-xs text-slate-500">No transcript file of the same name in this case.</p>
      )}
    </div>
  );
}

function TranscriptList({
  name,
  status,
  cues,
  time,
  cueStart,
  onSeek,
}: {
  name: string;
  status: "loading" | "ready" | "error";
  cues: Cue[];
  time: number;
  cueStart: number | null;
  onSeek: (cue: Cue) => void;
}) {
  const citedRef = useRef<HTMLLIElement>(null);
  const citedIndex = useMemo(
    () => (cueStart == null ? -1 : cues.findIndex((cue) => Math.abs(cue.start - cueStart) < 0.05 || (cueStart >= cue.start && cueStart < cue.end))),
    [cues, cueStart],
  );
  useEffect(() => {
    citedRef.current?.scrollIntoView({ block: "center" });
  }, [citedIndex]);

  return (
    <div className="min-h-0 flex-1 overflow-auto">
      <p className="sticky top-0 z-10 border-b border-slate-100 bg-white/95 px-4 py-2 text-xs font-medium text-slate-500 backdrop-blur">Transcript · {name}</p>
      {status === "loading" ? (
        <div className="p-4">
          <Spinner label="Loading transcript" />
        </div>
      ) : status === "error" ? (
        <p className="p-4 text-xs text-rose-700">The transcript could not be loaded.</p>
      ) : (
        <ol className="py-1">
          {cues.map((cue, index) => {
            const playing = time >= cue.start && time < cue.end;
            const cited = index === citedIndex;
            const { speaker, words } = cueSpeaker(cue.raw);
            return (
              <li key={cue.timingLine} ref={cited ? citedRef : undefined} data-cited={cited ? "true" : undefined}>
                <button
                  type="button"
                  onClick={() => onSeek(cue)}
                  className={`flex w-full gap-3 px-4 py-1.5 text-left text-[13px] leading-5 hover:bg-slate-50 ${
                    cited ? "bg-amber-100 shadow-[inset_3px_0_0_#f59e0b] hover:bg-amber-100" : playing ? "bg-indigo-50" : ""
                  }`}
                >
                  <span className={`w-12 shrink-0 font-mono text-[11px] leading-5 ${cited ? "font-semibold text-amber-700" : "text-slate-400"}`}>
                    {formatTimestamp(cue.start)}
                  </span>
                  <span className="min-w-0 flex-1 text-slate-800">
                    {speaker ? <span className="font-medium text-slate-900">{speaker}: </span> : null}
                    {words}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
