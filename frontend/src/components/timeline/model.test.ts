import { describe, expect, it } from "vitest";

import type { FileOut } from "@/client/types.gen";
import type { TimelineEvent } from "@/stores/caseData";

import { clusterOverflow, eventText, filterByKind, formatAt, formatOffset, packLanes, parseStamp, parseWhen, placeEvents, referenceOffset, toReference } from "./model";

function event(id: string, timestamp: string, fileId = "f-video"): TimelineEvent {
  return { id, timestamp, kind: "event", description: id, place: null, source: { file_id: fileId }, stale: false, stale_because: [], corrected_by: [] };
}

const files = [
  { id: "f-video", filename: "cam.mp4", mime_type: "video/mp4" },
  { id: "f-mail", filename: "mail.eml", mime_type: "message/rfc822" },
] as FileOut[];

describe("parseStamp", () => {
  it("reads dates, date-times, fractions and offsets", () => {
    expect(parseStamp("2024-03-14")).toEqual({ wall: Date.UTC(2024, 2, 14), offset: null, precision: "day" });
    expect(parseStamp("2024-03")).toMatchObject({ precision: "month", wall: Date.UTC(2024, 2, 1) });
    expect(parseStamp("2024-03-14T21:15")).toMatchObject({ precision: "minute", offset: null });
    expect(parseStamp("2024-01-09T00:00:00")).toMatchObject({ precision: "day", wall: Date.UTC(2024, 0, 9) });
    expect(parseStamp("2024-01-09T00:00:00-05:00")?.precision).toBe("second");
    expect(parseStamp("2024-03-14T21:17:41.500000-05:00")).toEqual({ wall: Date.UTC(2024, 2, 14, 21, 17, 41, 500), offset: -300, precision: "second" });
    expect(parseStamp("2024-03-15T02:15:00+00:00")?.offset).toBe(0);
    expect(parseStamp("2024-03-15T02:15:00Z")?.offset).toBe(0);
    expect(parseStamp("2024-03-15 02:15:00+0530")?.offset).toBe(330);
  });

  it("refuses what is not a timestamp", () => {
    expect(parseStamp("March 14")).toBeNull();
    expect(parseStamp("2024-13-01")).toBeNull();
    expect(parseStamp("")).toBeNull();
  });
});

describe("parseWhen", () => {
  it("reads intervals", () => {
    const when = parseWhen("2024-03-14T18:00:00/2024-03-14T23:59:59");
    expect(when?.start.wall).toBe(Date.UTC(2024, 2, 14, 18));
    expect(when?.end?.wall).toBe(Date.UTC(2024, 2, 14, 23, 59, 59));
    expect(parseWhen("2024-03-14/garbage")).toBeNull();
    expect(parseWhen("a/b/c")).toBeNull();
  });
});

describe("reference offset", () => {
  it("is the offset most timestamps carry, and moves the others onto its wall clock", () => {
    const parsed = ["2024-03-14T21:17:40-05:00", "2024-03-14T21:18:00-05:00", "2024-03-15T02:15:00+00:00", "2024-03-14"].map(parseWhen);
    const reference = referenceOffset(parsed);
    expect(reference).toBe(-300);
    // 02:15 UTC on the 15th is 21:15 on the 14th in UTC−5.
    expect(toReference(parsed[2]!.start, reference)).toBe(Date.UTC(2024, 2, 14, 21, 15));
    // Naive times are taken as already on the reference clock.
    expect(toReference(parsed[3]!.start, reference)).toBe(Date.UTC(2024, 2, 14));
    expect(referenceOffset([parseWhen("2024-01-01")])).toBeNull();
  });
});

describe("placeEvents", () => {
  it("sorts, colours by the file's kind and keeps unreadable entries aside", () => {
    const placed = placeEvents(
      [event("b", "2024-03-15T09:12:31-05:00", "f-mail"), event("a", "2024-03-14T21:17:40-05:00"), event("x", "sometime"), event("i", "2024-03-14T18:00:00/2024-03-14T23:59:59", "unknown")],
      files,
    );
    expect(placed.events.map((item) => item.id)).toEqual(["i", "a", "b"]);
    expect(placed.events.map((item) => item.sourceKind)).toEqual(["document", "video", "email"]);
    expect(placed.events[0]!.until).toBe(Date.UTC(2024, 2, 14, 23, 59, 59));
    expect(placed.events[1]!.filename).toBe("cam.mp4");
    expect(placed.unplaced.map((item) => item.id)).toEqual(["x"]);
    expect(filterByKind(placed.events, new Set(["video"])).map((item) => item.id)).toEqual(["i", "b"]);
    expect(filterByKind(placed.events, new Set())).toHaveLength(3);
  });
});

describe("packLanes", () => {
  it("puts marks that would touch in different lanes, and overflow in lane -1", () => {
    expect(packLanes([{ x: 0 }, { x: 5 }, { x: 8 }, { x: 30 }], 12, 3)).toEqual([0, 1, 2, 0]);
    expect(packLanes([{ x: 0 }, { x: 1 }, { x: 2 }], 12, 2)).toEqual([0, 1, -1]);
    // An interval occupies its lane to its end.
    expect(packLanes([{ x: 0, x2: 100 }, { x: 50 }, { x: 120 }], 12, 3)).toEqual([0, 1, 0]);
  });

  it("clusters overflow marks that sit together", () => {
    const clusters = clusterOverflow(
      [
        { x: 10, at: 1 },
        { x: 15, at: 2 },
        { x: 100, at: 3 },
      ],
      20,
    );
    expect(clusters).toEqual([
      { x: 12.5, count: 2, from: 1, to: 2 },
      { x: 100, count: 1, from: 3, to: 3 },
    ]);
  });
});

describe("formatting", () => {
  it("drops the 'Said in <file>:' lead-in", () => {
    expect(eventText("Said in dep.srt: Mr. Hale: I do.")).toBe("Mr. Hale: I do.");
    expect(eventText("Wire in: 84,500")).toBe("Wire in: 84,500");
  });

  it("formats by precision and offset", () => {
    const at = Date.UTC(2024, 2, 14, 21, 7, 5);
    expect(formatAt(at, "day")).toBe("14 Mar 2024");
    expect(formatAt(at, "minute")).toBe("14 Mar 2024 21:07");
    expect(formatAt(at, "second")).toBe("14 Mar 2024 21:07:05");
    expect(formatOffset(-300)).toBe("UTC−05:00");
    expect(formatOffset(330)).toBe("UTC+05:30");
  });
});
