/**
 * Location → view: which viewer shows a cited file and where in it to go (page, line, row, cue,
 * box). Pure functions, so the decisions are unit-tested apart from the DOM.
 */
import { type FileKind, fileKind } from "@/lib/fileKinds";
import type { SourceLocation } from "@/stores/source";

import {
  type Cue,
  type DataTable,
  decodeBytes,
  htmlBlocks,
  matchScore,
  parseCues,
  parseEmail,
  rowText,
  splitLines,
} from "./formats";

export type Renderer = "pdf" | "media" | "image" | "text" | "table" | "document" | "download";
export type TextFormat = "plain" | "markdown" | "data" | "email" | "html" | "subtitles";
export type TableFormat = "csv" | "xlsx";

export type ViewPlan = {
  kind: FileKind;
  renderer: Renderer;
  textFormat: TextFormat | null;
  tableFormat: TableFormat | null;
  media: "video" | "audio" | null;
  page: number | null;
  line: number | null;
  row: number | null;
  sheet: string | null;
  cueStart: number | null;
  cueEnd: number | null;
  bbox: [number, number, number, number] | null;
  excerpt: string | null;
};

type FileLike = { mime_type: string; filename: string };

const TEXT_FORMATS: Partial<Record<FileKind, TextFormat>> = {
  text: "plain",
  markdown: "markdown",
  data: "data",
  email: "email",
  html: "html",
  subtitles: "subtitles",
};

function positive(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 1 ? Math.floor(value) : null;
}

function seconds(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/** A usable [x0, y0, x1, y1] box in image pixels, or null. */
export function validBox(bbox: number[] | null | undefined): [number, number, number, number] | null {
  if (!bbox || bbox.length !== 4 || !bbox.every((value) => Number.isFinite(value))) return null;
  const [x0, y0, x1, y1] = bbox as [number, number, number, number];
  if (x1 <= x0 || y1 <= y0 || x0 < 0 || y0 < 0) return null;
  return [x0, y0, x1, y1];
}

export function planView(file: FileLike, location: SourceLocation): ViewPlan {
  const kind = fileKind(file.mime_type, file.filename);
  const lowerName = file.filename.toLowerCase();
  const excerpt = location.excerpt?.trim() || null;
  const plan: ViewPlan = {
    kind,
    renderer: "download",
    textFormat: null,
    tableFormat: null,
    media: null,
    page: positive(location.page),
    line: positive(location.line),
    row: positive(location.row),
    sheet: location.sheet?.trim() || null,
    cueStart: seconds(location.cue_start),
    cueEnd: seconds(location.cue_end),
    bbox: null,
    // A citation of a whole picture or recording often quotes just its file name.
    excerpt: excerpt && excerpt.toLowerCase() !== lowerName ? excerpt : null,
  };
  if (plan.cueEnd != null && plan.cueStart != null && plan.cueEnd < plan.cueStart) plan.cueEnd = null;
  switch (kind) {
    case "pdf":
      return { ...plan, renderer: "pdf" };
    case "video":
    case "audio":
      return { ...plan, renderer: "media", media: kind };
    case "image":
      return { ...plan, renderer: "image", bbox: validBox(location.bbox) };
    case "csv":
      return { ...plan, renderer: "table", tableFormat: "csv" };
    case "spreadsheet":
      // Only the Office Open XML workbook is read in the browser; legacy .xls is downloaded.
      return lowerName.endsWith(".xlsx") || file.mime_type.includes("openxmlformats")
        ? { ...plan, renderer: "table", tableFormat: "xlsx" }
        : plan;
    case "word":
      return lowerName.endsWith(".docx") || file.mime_type.includes("openxmlformats") ? { ...plan, renderer: "document" } : plan;
    default: {
      const textFormat = TEXT_FORMATS[kind];
      return textFormat ? { ...plan, renderer: "text", textFormat } : plan;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Text documents

export type TextLine = {
  /** The number citations use for this line (file line, e-mail body line, HTML block, paragraph);
   * null for text shown for context only (a Word table row). */
  n: number | null;
  text: string;
  heading?: boolean;
  /** A Word table's data row, as citations name it ("Table 2", row 3); the header row is 0. */
  cell?: { table: number; row: number };
};

export type TextDocument = {
  lines: TextLine[];
  /** E-mail headers, shown above the numbered body. */
  headers: [string, string][];
  attachments: string[];
  cues: Cue[];
  /** Why some lines are not numbered as in the file, or what is missing. */
  note: string | null;
};

/** Builds the numbered lines of a text-like file. `truncated` drops a possibly cut last line. */
export function buildTextDocument(format: TextFormat, bytes: Uint8Array, truncated = false): TextDocument {
  const empty: TextDocument = { lines: [], headers: [], attachments: [], cues: [], note: null };
  if (format === "email") {
    const email = parseEmail(bytes);
    return {
      ...empty,
      lines: email.bodyLines.map((text, index) => ({ n: index + 1, text })),
      headers: email.headers,
      attachments: email.attachments,
      note: email.bodyType === "none" ? "This message has no text body." : email.bodyType === "html" ? "HTML body, shown as text." : null,
    };
  }
  const text = decodeBytes(bytes);
  if (format === "html") {
    return { ...empty, lines: htmlBlocks(text).map((block, index) => ({ n: index + 1, text: block })), note: "Web page shown as text blocks." };
  }
  let lines = splitLines(text);
  if (truncated && lines.length > 1) lines = lines.slice(0, -1);
  return {
    ...empty,
    lines: lines.map((line, index) => ({ n: index + 1, text: line })),
    cues: format === "subtitles" ? parseCues(lines.join("\n")) : [],
  };
}

export type Highlight = {
  /** Index (into lines/rows) of the line to scroll to and mark. */
  primary: number;
  /** Inclusive index range also marked (a subtitle cue's block). */
  from: number;
  to: number;
  /** True when the excerpt was found at the highlighted place. */
  matched: boolean;
};

function bestMatch(texts: string[], excerpt: string, near: number): { index: number; score: number } | null {
  let best: { index: number; score: number; distance: number } | null = null;
  texts.forEach((text, index) => {
    const score = matchScore(text, excerpt);
    if (score === 0) return;
    const distance = near >= 0 ? Math.abs(index - near) : index;
    if (!best || score > best.score || (score === best.score && distance < best.distance)) best = { index, score, distance };
  });
  return best;
}

/**
 * Which line a text citation points at. The cited number is trusted when the excerpt is on that
 * line; otherwise the excerpt is looked for near it, then anywhere (numbering can differ slightly
 * between the extractor and the browser, e.g. HTML blocks). Subtitles mark the whole cue.
 */
export function findLineHighlight(
  doc: TextDocument,
  plan: Pick<ViewPlan, "line" | "excerpt" | "cueStart"> & Partial<Pick<ViewPlan, "row" | "sheet">>,
): Highlight | null {
  const { lines } = doc;
  if (!lines.length) return null;
  // A Word table's row, cited by the table's number and the data row ("Table 1", row 2).
  const table = /^table (\d+)$/i.exec(plan.sheet ?? "");
  if (table && plan.row != null) {
    const index = lines.findIndex((line) => line.cell?.table === Number(table[1]) && line.cell.row === plan.row);
    if (index >= 0) return single(index, true);
  }
  const cited = plan.line != null ? lines.findIndex((line) => line.n === plan.line) : -1;

  if (doc.cues.length) {
    const cue =
      (plan.cueStart != null ? doc.cues.find((item) => Math.abs(item.start - plan.cueStart!) < 0.05) : undefined) ??
      (plan.line != null ? doc.cues.find((item) => plan.line! >= item.firstLine && plan.line! <= item.lastLine) : undefined);
    if (cue) {
      const from = lines.findIndex((line) => line.n === cue.firstLine);
      const to = lines.findIndex((line) => line.n === cue.lastLine);
      const payload = lines.slice(lines.findIndex((line) => line.n === cue.timingLine) + 1, to + 1);
      const hit = plan.excerpt ? bestMatch(payload.map((line) => line.text), plan.excerpt, 0) : null;
      const primaryLine = payload[hit?.index ?? 0] ?? lines[from];
      return {
        primary: lines.indexOf(primaryLine!),
        from: Math.max(0, from),
        to: Math.max(0, to),
        matched: hit != null,
      };
    }
  }

  if (plan.excerpt) {
    if (cited >= 0 && matchScore(lines[cited]!.text, plan.excerpt) >= 2) return single(cited, true);
    const texts = lines.map((line) => line.text);
    const window = 6;
    if (cited >= 0) {
      const start = Math.max(0, cited - window);
      const nearby = bestMatch(texts.slice(start, cited + window + 1), plan.excerpt, cited - start);
      if (nearby && nearby.score >= 2) return single(start + nearby.index, true);
    }
    const anywhere = bestMatch(texts, plan.excerpt, cited);
    if (anywhere && (anywhere.score >= 2 || cited < 0)) return single(anywhere.index, true);
  }
  return cited >= 0 ? single(cited, false) : null;
}

function single(index: number, matched: boolean): Highlight {
  return { primary: index, from: index, to: index, matched };
}

// ---------------------------------------------------------------------------------------------
// Tables (CSV, spreadsheet sheets)

/** The sheet a citation names (case-insensitive), else the first. */
export function pickSheet(tables: DataTable[], sheet: string | null): number {
  if (!tables.length) return -1;
  if (!sheet) return 0;
  const wanted = sheet.toLowerCase();
  const index = tables.findIndex((table) => (table.name ?? "").toLowerCase() === wanted);
  return index >= 0 ? index : 0;
}

/** Which data row a citation points at: the row-th data row, checked against the excerpt. */
export function findRowHighlight(table: DataTable, plan: Pick<ViewPlan, "row" | "excerpt">): Highlight | null {
  const { rows, header } = table;
  if (!rows.length) return null;
  const cited = plan.row != null ? rows.findIndex((row) => row.n === plan.row) : -1;
  if (plan.excerpt) {
    const texts = rows.map((row) => rowText(header, row.cells));
    if (cited >= 0 && matchScore(texts[cited]!, plan.excerpt) >= 2) return single(cited, true);
    const hit = bestMatch(texts, plan.excerpt, cited);
    if (hit && (hit.score >= 2 || cited < 0)) return single(hit.index, true);
  }
  return cited >= 0 ? single(cited, false) : null;
}
