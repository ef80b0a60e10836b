import { fileKind, kindInfo } from "@/lib/fileKinds";

/** A small document glyph with the kind's tag (PDF, EML, VID…) in the kind's colour. */
export function FileIcon({ mimeType, filename, size = "md" }: { mimeType: string; filename: string; size?: "sm" | "md" | "lg" }) {
  const info = kindInfo(fileKind(mimeType, filename));
  const box = size === "lg" ? "h-10 w-8 text-[9px]" : size === "sm" ? "h-6 w-5 text-[6.5px]" : "h-8 w-6.5 text-[7.5px]";
  return (
    <span
      aria-hidden
      title={info.label}
      className={`relative inline-flex shrink-0 items-end justify-center rounded-[3px] pb-[3px] leading-none font-bold tracking-tight text-white ${box}`}
      style={{ backgroundColor: info.color }}
    >
      <span className="absolute top-0 right-0 h-[28%] w-[34%] rounded-bl-[3px] bg-white/45" />
      {info.tag}
    </span>
  );
}
