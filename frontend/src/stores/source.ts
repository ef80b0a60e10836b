import { create } from "zustand";

/**
 * A place in the evidence: what every citation, finding, entity, timeline entry and insight points
 * at. Opening one shows the Source panel at that page / line / row / timestamp / box.
 */
export type SourceLocation = {
  file_id: string;
  page?: number | null;
  line?: number | null;
  row?: number | null;
  sheet?: string | null;
  cue_start?: number | null;
  cue_end?: number | null;
  bbox?: number[] | null;
  excerpt?: string | null;
};

type SourceState = {
  current: SourceLocation | null;
  open: (location: SourceLocation) => void;
  close: () => void;
};

export const useSource = create<SourceState>((set) => ({
  current: null,
  open: (location) => set({ current: location }),
  close: () => set({ current: null }),
}));

/** "p. 3", "row 12", "line 40", "01:02:05" — how a location reads in a citation chip. */
export function describeLocation(location: SourceLocation): string {
  if (location.cue_start != null) return formatTimestamp(location.cue_start);
  if (location.page != null) return `p. ${location.page}`;
  if (location.row != null) return `${location.sheet ? `${location.sheet} ` : ""}row ${location.row}`;
  if (location.line != null) return `line ${location.line}`;
  return "";
}

export function formatTimestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const pad = (value: number) => String(value).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
