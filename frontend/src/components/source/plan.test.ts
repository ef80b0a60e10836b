import { describe, expect, it } from "vitest";

import { cueSpeaker, parseDelimited, toDataTable } from "./formats";
import { findExcerptInItems } from "./pdfText";
import { buildTextDocument, findLineHighlight, findRowHighlight, pickSheet, planView, validBox } from "./plan";

const encode = (text: string) => new TextEncoder().encode(text);
const file = (filename: string, mime_type: string) => ({ filename, mime_type });

describe("planView: which viewer and where", () => {
  it("opens a PDF at the cited page", () => {
    const plan = planView(file("minutes.pdf", "application/pdf"), { file_id: "f", page: 3, excerpt: "Motion carried" });
    expect(plan.renderer).toBe("pdf");
    expect(plan.page).toBe(3);
    expect(plan.excerpt).toBe("Motion carried");
  });

  it("ignores a nonsense page number", () => {
    expect(planView(file("a.pdf", "application/pdf"), { file_id: "f", page: 0 }).page).toBeNull();
  });

  it("plays video and audio from the cue", () => {
    const video = planView(file("cam2.mp4", "video/mp4"), { file_id: "f", cue_start: 158, cue_end: 161 });
    expect(video).toMatchObject({ renderer: "media", media: "video", cueStart: 158, cueEnd: 161 });
    const audio = planView(file("call.mp3", "audio/mpeg"), { file_id: "f", cue_start: 5, cue_end: 2 });
    expect(audio).toMatchObject({ renderer: "media", media: "audio", cueStart: 5, cueEnd: null });
  });

  it("draws an image's box only when it is a real box", () => {
    expect(planView(file("a.jpg", "image/jpeg"), { file_id: "f", bbox: [10, 20, 110, 220] }).bbox).toEqual([10, 20, 110, 220]);
    expect(validBox([10, 20, 5, 220])).toBeNull();
    expect(validBox([1, 2, 3])).toBeNull();
    expect(validBox(null)).toBeNull();
  });

  it("drops an excerpt that is only the file name", () => {
    expect(planView(file("IMG_1.jpg", "image/jpeg"), { file_id: "f", excerpt: "IMG_1.jpg" }).excerpt).toBeNull();
  });

  it("reads text-like files as numbered text, by type or by name", () => {
    const cases: [string, string, string][] = [
      ["memo.md", "text/markdown", "markdown"],
      ["notes.txt", "text/plain", "plain"],
      ["mail.eml", "message/rfc822", "email"],
      ["page.html", "text/html", "html"],
      ["cam.vtt", "text/vtt", "subtitles"],
      ["depo.srt", "application/x-subrip", "subtitles"],
      ["depo.srt", "application/octet-stream", "subtitles"],
      ["data.json", "application/json", "data"],
    ];
    for (const [name, mime, format] of cases) {
      const plan = planView(file(name, mime), { file_id: "f", line: 4 });
      expect(plan.renderer, name).toBe("text");
      expect(plan.textFormat, name).toBe(format);
      expect(plan.line).toBe(4);
    }
  });

  it("shows CSV and XLSX as tables at the row, DOCX as paragraphs, the rest as a download", () => {
    expect(planView(file("log.csv", "text/csv"), { file_id: "f", row: 2 })).toMatchObject({ renderer: "table", tableFormat: "csv", row: 2 });
    expect(
      planView(file("ledger.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), { file_id: "f", row: 9, sheet: "AP Ledger" }),
    ).toMatchObject({ renderer: "table", tableFormat: "xlsx", row: 9, sheet: "AP Ledger" });
    expect(planView(file("old.xls", "application/vnd.ms-excel"), { file_id: "f" }).renderer).toBe("download");
    expect(planView(file("a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"), { file_id: "f" }).renderer).toBe("document");
    expect(planView(file("a.doc", "application/msword"), { file_id: "f" }).renderer).toBe("download");
    expect(planView(file("blob.bin", "application/octet-stream"), { file_id: "f" }).renderer).toBe("download");
  });
});

describe("findLineHighlight", () => {
  const memo = ["# Case memo", "", "Prepared by Morgan Reyes.", "Privileged and confidential.", "", "## Background"].join("\n");

  it("marks the cited line when the excerpt is on it", () => {
    const doc = buildTextDocument("markdown", encode(memo));
    const hit = findLineHighlight(doc, { line: 4, excerpt: "Privileged and confidential.", cueStart: null });
    expect(hit).toEqual({ primary: 3, from: 3, to: 3, matched: true });
  });

  it("trusts the line number when there is no excerpt", () => {
    const doc = buildTextDocument("plain", encode(memo));
    expect(findLineHighlight(doc, { line: 6, excerpt: null, cueStart: null })?.primary).toBe(5);
  });

  it("moves to the excerpt when the number is slightly off, and keeps the number when the excerpt is nowhere", () => {
    const doc = buildTextDocument("plain", encode(memo));
    expect(findLineHighlight(doc, { line: 2, excerpt: "prepared by   MORGAN reyes", cueStart: null })).toMatchObject({ primary: 2, matched: true });
    expect(findLineHighlight(doc, { line: 2, excerpt: "not in this file", cueStart: null })).toMatchObject({ primary: 1, matched: false });
  });

  it("finds an excerpt without a line number, or gives up", () => {
    const doc = buildTextDocument("plain", encode(memo));
    expect(findLineHighlight(doc, { line: null, excerpt: "## Background", cueStart: null })?.primary).toBe(5);
    expect(findLineHighlight(doc, { line: 6, excerpt: "Prepared by Morgan Re…", cueStart: null })).toMatchObject({ primary: 2, matched: true });
    expect(findLineHighlight(doc, { line: null, excerpt: null, cueStart: null })).toBeNull();
    expect(findLineHighlight(doc, { line: 99, excerpt: null, cueStart: null })).toBeNull();
  });

  it("numbers e-mail lines from the decoded body, as the backend does", () => {
    const eml = [
      "From: Victor Hale <victor@example.com>",
      "Subject: RE: Board sign-off",
      "Content-Type: text/plain; charset=\"utf-8\"",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Maria,",
      "",
      "the board signed off on the Lakeshore eng=",
      "agement at the March 5 meeting.",
      "-----Original Message-----",
      "Sent: Thursday, March 14, 2024 4:55 PM",
    ].join("\r\n");
    const doc = buildTextDocument("email", encode(eml));
    expect(doc.headers).toEqual([
      ["From", "Victor Hale <victor@example.com>"],
      ["Subject", "RE: Board sign-off"],
    ]);
    expect(doc.lines[2]?.text).toBe("the board signed off on the Lakeshore engagement at the March 5 meeting.");
    const hit = findLineHighlight(doc, { line: 5, excerpt: "Sent: Thursday, March 14, 2024 4:55 PM", cueStart: null });
    expect(hit).toMatchObject({ primary: 4, matched: true });
    expect(doc.lines[hit!.primary]?.n).toBe(5);
  });

  it("marks a whole subtitle cue found by its start time", () => {
    const vtt = [
      "WEBVTT",
      "",
      "00:00:05.000 --> 00:00:08.000",
      "<v Host>Good evening, welcome to Harbor Lights.",
      "",
      "cue-2",
      "00:02:38.000 --> 00:02:41.000",
      "<v Host>Good evening. Do you have a reservation?",
      "<v Guest>Yes, under Hale.",
    ].join("\n");
    const doc = buildTextDocument("subtitles", encode(vtt));
    expect(doc.cues.map((cue) => cue.start)).toEqual([5, 158]);
    expect(doc.cues[1]?.text).toBe("Good evening. Do you have a reservation? Yes, under Hale.");
    expect(cueSpeaker(doc.cues[0]!.raw)).toEqual({ speaker: "Host", words: "Good evening, welcome to Harbor Lights." });
    expect(cueSpeaker("Mr. Hale: I do.")).toEqual({ speaker: "Mr. Hale", words: "I do." });
    expect(cueSpeaker("no speaker here")).toEqual({ speaker: null, words: "no speaker here" });
    // The citation carries the timing line (7) and the cue start.
    const hit = findLineHighlight(doc, { line: 7, excerpt: "Guest: Yes, under Hale.", cueStart: 158 });
    expect(hit).toEqual({ primary: 8, from: 5, to: 8, matched: true });
    // Without a start time the line alone finds the cue; the first spoken line is marked.
    expect(findLineHighlight(doc, { line: 3, excerpt: null, cueStart: null })).toEqual({ primary: 3, from: 2, to: 3, matched: false });
  });

  it("reads SubRip cues with comma decimals", () => {
    const srt = ["1", "00:00:05,000 --> 00:00:11,500", "Court Reporter: We are on the record.", "", "2", "00:00:11,500 --> 00:00:12,800", "Mr. Hale: I do."].join(
      "\n",
    );
    const doc = buildTextDocument("subtitles", encode(srt));
    expect(doc.cues.map((cue) => [cue.start, cue.end])).toEqual([
      [5, 11.5],
      [11.5, 12.8],
    ]);
    expect(findLineHighlight(doc, { line: 6, excerpt: "Mr. Hale: I do.", cueStart: 11.5 })).toEqual({ primary: 6, from: 4, to: 6, matched: true });
  });

  it("numbers HTML blocks and matches the excerpt", () => {
    const html = "<html><head><title>t</title><style>p{}</style></head><body><h1>Registry</h1><p>Certified <b>extract</b></p><table><tr><th>Field</th><th>Value</th></tr><tr><td>Status</td><td>Active</td></tr></table></body></html>";
    const doc = buildTextDocument("html", encode(html));
    expect(doc.lines.map((line) => line.text)).toEqual(["Registry", "Certified extract", "Field | Value", "Status | Active"]);
    expect(findLineHighlight(doc, { line: 4, excerpt: "Status | Active", cueStart: null })?.primary).toBe(3);
  });
});

describe("findRowHighlight", () => {
  const csv = [
    "Timestamp,Camera,Area,Event,Notes",
    '2024-03-14T20:52:10-05:00,CAM-1,Parking lot,Vehicle arrival,"Grey sedan, Illinois plate"',
    ",,,,",
    "2024-03-14T21:02:44-05:00,CAM-2,Main entrance,Entry,\"Party of four, seated table 5\"",
  ].join("\n");
  const table = toDataTable(parseDelimited(csv));

  it("counts data rows after the header, blank rows included, as the backend does", () => {
    expect(table.header).toEqual(["Timestamp", "Camera", "Area", "Event", "Notes"]);
    expect(table.rows.map((row) => row.n)).toEqual([1, 3]);
    expect(table.rows[0]?.cells[4]).toBe("Grey sedan, Illinois plate");
  });

  it("highlights the row-th data row", () => {
    expect(findRowHighlight(table, { row: 3, excerpt: null })).toMatchObject({ primary: 1, matched: false });
    expect(findRowHighlight(table, { row: 1, excerpt: "Timestamp: 2024-03-14T20:52:10-05:00; Camera: CAM-1" })).toMatchObject({ primary: 0, matched: true });
  });

  it("prefers the row holding the excerpt when the number disagrees", () => {
    expect(findRowHighlight(table, { row: 1, excerpt: "Camera: CAM-2; Area: Main entrance" })).toMatchObject({ primary: 1, matched: true });
    expect(findRowHighlight(table, { row: 2, excerpt: null })).toBeNull();
  });

  it("picks the cited sheet by name", () => {
    const sheets = [toDataTable([["a"], ["1"]], "AP Ledger"), toDataTable([["b"], ["2"]], "Vendor Master")];
    expect(pickSheet(sheets, "vendor master")).toBe(1);
    expect(pickSheet(sheets, "missing")).toBe(0);
    expect(pickSheet(sheets, null)).toBe(0);
    expect(pickSheet([], "x")).toBe(-1);
  });
});

describe("findExcerptInItems (PDF page text)", () => {
  const items = [
    { str: "NORTHGATE FREIGHT SOLUTIONS, INC.", hasEOL: true },
    { str: "MINUTES OF THE MEE" },
    { str: "TING OF THE BOARD", hasEOL: true },
    { str: "Resolution 2024-03: approve the Lakeshore engagement." },
  ];

  it("finds an excerpt across items split mid-word, ignoring spacing and case", () => {
    expect(findExcerptInItems(items, "Minutes of the meeting of the board")).toEqual([
      { item: 1, from: 0, to: 18 },
      { item: 2, from: 0, to: 17 },
    ]);
  });

  it("marks only the matched characters of an item", () => {
    expect(findExcerptInItems(items, "approve the Lakeshore")).toEqual([{ item: 3, from: 20, to: 41 }]);
  });

  it("falls back to the excerpt's opening, or finds nothing", () => {
    const spans = findExcerptInItems(items, "Resolution 2024-03: approve the Lakeshore engagement, and something the page does not say");
    expect(spans?.[0]).toMatchObject({ item: 3, from: 0 });
    expect(findExcerptInItems(items, "not on this page at all")).toBeNull();
    // A shortened excerpt is matched whole, without its ellipsis.
    expect(findExcerptInItems(items, "Resolution 2024-03: approve the Lakesho…")).toEqual([{ item: 3, from: 0, to: 39 }]);
    expect(findExcerptInItems(items, "   ")).toBeNull();
  });
});
