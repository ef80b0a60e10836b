"use client";

import { useEffect, useRef, useState } from "react";

import { contentUrl } from "./content";

/**
 * The picture fitted to the panel with the cited box drawn over it. The box is in image pixels
 * (x0, y0, x1, y1 of the upright image), so it is placed in percentages of the natural size and
 * scales with the displayed picture.
 */
export function ImageView({ fileId, filename, bbox }: { fileId: string; filename: string; bbox: [number, number, number, number] | null }) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (natural && bbox) boxRef.current?.scrollIntoView({ block: "center", inline: "center" });
  }, [natural, bbox]);

  if (failed) {
    return <p className="p-4 text-sm text-slate-600">The browser cannot display this image format. Download it to view it.</p>;
  }
  const box =
    bbox && natural
      ? {
          left: `${(Math.min(bbox[0], natural.width) / natural.width) * 100}%`,
          top: `${(Math.min(bbox[1], natural.height) / natural.height) * 100}%`,
          width: `${((Math.min(bbox[2], natural.width) - Math.min(bbox[0], natural.width)) / natural.width) * 100}%`,
          height: `${((Math.min(bbox[3], natural.height) - Math.min(bbox[1], natural.height)) / natural.height) * 100}%`,
        }
      : null;
  return (
    <div className="flex min-h-full flex-col items-center gap-2 bg-slate-100 p-4">
      <div className="relative inline-block max-w-full leading-none shadow-sm ring-1 ring-slate-300">
        {/* eslint-disable-next-line @next/next/no-img-element -- evidence is served by the API, not optimised */}
        <img
          data-testid="source-image"
          src={contentUrl(fileId)}
          alt={filename}
          className="block h-auto max-h-[calc(100vh-16rem)] max-w-full object-contain"
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          onError={() => setFailed(true)}
        />
        {box ? (
          <div
            ref={boxRef}
            data-testid="source-bbox"
            className="pointer-events-none absolute rounded-sm border-2 border-amber-400 bg-amber-300/15 shadow-[0_0_0_1px_rgba(0,0,0,0.35)]"
            style={box}
          />
        ) : null}
      </div>
      {natural ? (
        <p className="text-[11px] text-slate-500">
          {natural.width} × {natural.height} px{bbox ? ` · box ${bbox.map((value) => Math.round(value)).join(", ")}` : ""}
        </p>
      ) : null}
    </div>
  );
}
