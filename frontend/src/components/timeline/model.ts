import type { FileOut } from "@/client/types.gen";
import { type SourceKind, sourceKind, type TimelineEvent } from "@/stores/caseData";

/*
 * Timestamps in evidence come as dates, local date-times, date-times with an offset and intervals.
 * The axis shows "wall-clock" time in one reference offset (the one most of the case's timestamps
 * carry), so 21:17 in a CCTV log reads 21:17 and a UTC e-mail header is moved to match. Times are
 * held as milliseconds on a UTC scale whose clock reads the reference wall clock.
 */

export type Precision = "year" | "month" | "day" | "minute" | "second";

export type ParsedTime = {
  /** Wall-clock milliseconds as written (Date.UTC of the written fields). */
  wall: number;
  /** Minutes east of UTC the timestamp declared, or null for a local (naive) time. */
  offset: number | null;
  precision: Precision;
};

export type ParsedWhen = { start: ParsedTime; end: ParsedTime | null };

const STAMP =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?)?)?$/i;

export function parseStamp(raw: string): ParsedTime | null {
  const match = STAMP.exec(raw.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = match;
  const year = Number(y);
  const month = mo ? Number(mo) : 1;
  const day = d ? Number(d) : 1;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  const wall = Date.UTC(year, month - 1, day, h ? Number(h) : 0, mi ? Number(mi) : 0, s ? Number(s) : 0, ms);
  let offset: number | null = null;
  if (zone) {
    if (zone.toUpperCase() === "Z") offset = 0;
    else {
      const sign = zone.startsWith("-") ? -1 : 1;
      const digits = zone.slice(1).replace(":", "");
      offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
    }
  }
  let precision: Precision = s ? "second" : h ? "minute" : d ? "day" : mo ? "month" : "year";
  // A spreadsheet date comes out as "2024-01-09T00:00:00": a day, not a moment at midnight.
  if (!zone && !frac && Number(h ?? 0) === 0 && Number(mi ?? 0) === 0 && Number(s ?? 0) === 0 && h) precision = "day";
  return { wall, offset, precision };
}

/** A timestamp or an interval "start/end"; null when it cannot be read. */
export function parseWhen(raw: string): ParsedWhen | null {
  const [first, second, ...rest] = raw.split("/");
  if (first === undefined || rest.length > 0) return null;
  const start = parseStamp(first);
  if (!start) return null;
  if (second === undefined) return { start, end: null };
  const end = parseStamp(second);
  return end ? { start, end } : null;
}

/** The offset most of the case's offset-bearing timestamps use; null when none carry one. */
export function referenceOffset(parsed: readonly (ParsedWhen | null)[]): number | null {
  const counts = new Map<number, number>();
  for (const when of parsed) {
    if (when?.start.offset != null) counts.set(when.start.offset, (counts.get(when.start.offset) ?? 0) + 1);
  }
  let best: number | null = null;
  let bestCount = 0;
  for (const [offset, count] of counts) {
    // Ties go to the offset that is not UTC: a "Z" is more often a server clock than the scene.
    if (count > bestCount || (count === bestCount && best === 0)) {
      best = offset;
      bestCount = count;
    }
  }
  return best;
}

/** Moves a parsed time onto the reference wall clock. Naive times are taken as already on it. */
export function toReference(time: ParsedTime, reference: number | null): number {
  if (time.offset === null || reference === null) return time.wall;
  return time.wall - time.offset * 60_000 + reference * 60_000;
}

export type PlacedEvent = TimelineEvent & {
  /** Reference wall-clock ms (see above). */
  at: number;
  /** End of an interval, or null for a moment. */
  until: number | null;
  precision: Precision;
  sourceKind: SourceKind;
  filename: string | null;
};

export type PlacedTimeline = {
  events: PlacedEvent[];
  /** Entries whose timestamp could not be read: listed, not placed. */
  unplaced: TimelineEvent[];
  reference: number | null;
};

export function placeEvents(events: readonly TimelineEvent[], files: readonly FileOut[]): PlacedTimeline {
  const byId = new Map(files.map((file) => [file.id, file]));
  const parsed = events.map((event) => parseWhen(event.timestamp));
  const reference = referenceOffset(parsed);
  const placed: PlacedEvent[] = [];
  const unplaced: TimelineEvent[] = [];
  events.forEach((event, index) => {
    const when = parsed[index];
    if (!when) {
      unplaced.push(event);
      return;
    }
    const file = event.source ? byId.get(event.source.file_id) : undefined;
    const at = toReference(when.start, reference);
    const until = when.end ? toReference(when.end, reference) : null;
    placed.push({
      ...event,
      at,
      until: until !== null && until > at ? until : null,
      precision: when.start.precision,
      sourceKind: sourceKind(file?.mime_type, file?.filename),
      filename: file?.filename ?? null,
    });
  });
  placed.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  return { events: placed, unplaced, reference };
}

export function filterByKind<T extends { sourceKind: SourceKind }>(events: readonly T[], hidden: ReadonlySet<SourceKind>): T[] {
  return hidden.size === 0 ? [...events] : events.filter((event) => !hidden.has(event.sourceKind));
}

/**
 * Greedy lane packing: each mark goes to the lowest lane where it does not touch the previous
 * mark. Marks that fit in no lane (more than `maxLanes` at one spot) get lane -1: drawn as a
 * "+n" cluster instead. Input must be sorted by x.
 */
export function packLanes(marks: readonly { x: number; x2?: number | null }[], gap: number, maxLanes: number): number[] {
  const laneEnds: number[] = [];
  return marks.map((mark) => {
    const right = Math.max(mark.x, mark.x2 ?? mark.x);
    for (let lane = 0; lane < maxLanes; lane += 1) {
      const end = laneEnds[lane];
      if (end === undefined || mark.x - end >= gap) {
        laneEnds[lane] = right;
        return lane;
      }
    }
    return -1;
  });
}

export type Cluster = { x: number; count: number; from: number; to: number };

/** Groups overflowing marks that sit within `gap` pixels of each other into clusters. */
export function clusterOverflow(marks: readonly { x: number; at: number }[], gap: number): Cluster[] {
  const clusters: Cluster[] = [];
  let current: (Cluster & { xs: number[] }) | null = null;
  for (const mark of marks) {
    if (current && mark.x - current.xs[current.xs.length - 1]! < gap) {
      current.count += 1;
      current.to = mark.at;
      current.xs.push(mark.x);
    } else {
      if (current) clusters.push(finish(current));
      current = { x: mark.x, count: 1, from: mark.at, to: mark.at, xs: [mark.x] };
    }
  }
  if (current) clusters.push(finish(current));
  return clusters;
}

function finish(cluster: Cluster & { xs: number[] }): Cluster {
  const xs = cluster.xs;
  return { x: (xs[0]! + xs[xs.length - 1]!) / 2, count: cluster.count, from: cluster.from, to: cluster.to };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (value: number) => String(value).padStart(2, "0");

/** "14 Mar 2024", "14 Mar 2024 21:17:40", "Mar 2024" — by the precision the evidence gave. */
export function formatAt(at: number, precision: Precision): string {
  const date = new Date(at);
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  switch (precision) {
    case "year":
      return String(date.getUTCFullYear());
    case "month":
      return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
    case "day":
      return day;
    case "minute":
      return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
    case "second":
      return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  }
}

/** The time of day part only ("21:17:40"), or "" for date-only precision. */
export function formatTimeOfDay(at: number, precision: Precision): string {
  if (precision !== "minute" && precision !== "second") return "";
  const date = new Date(at);
  const hm = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  return precision === "second" ? `${hm}:${pad(date.getUTCSeconds())}` : hm;
}

export function formatDay(at: number): string {
  const date = new Date(at);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "UTC−05:00" for the axis caption. */
export function formatOffset(offset: number): string {
  const sign = offset < 0 ? "−" : "+";
  const abs = Math.abs(offset);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** What an entry says, without the "Said in <file>: " lead-in (the citation names the file). */
export function eventText(description: string): string {
  return description.replace(/^Said in [^:]+: /, "").trim();
}

/** "legal_date" → "Legal date". */
export function humanizeKind(kind: string): string {
  const text = kind.replace(/[_-]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Event";
}
