/**
 * Reading evidence text in the browser the way the backend's extractors numbered it (PRD §6.2
 * locations): text lines, e-mail body lines, HTML blocks, subtitle cues, CSV data rows. The
 * Source panel highlights what a citation's line or row number points at, so the numbering here
 * mirrors backend/src/holmes_backend/extraction/{textfile,mail,webpage,transcripts,rows}.py.
 */

// ---------------------------------------------------------------------------------------------
// Bytes → text

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

/** A BOM wins, then a declared charset, then UTF-8, then Windows-1252 (which reads any byte). */
export function decodeBytes(bytes: Uint8Array, declared?: string | null): string {
  for (const [bom, encoding] of BOMS) {
    if (bom.every((byte, index) => bytes[index] === byte)) {
      return new TextDecoder(encoding).decode(bytes.subarray(bom.length));
    }
  }
  const candidates = [...(declared ? [declared] : []), "utf-8"];
  for (const encoding of candidates) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      // unknown label or not valid in that encoding: try the next one
    }
  }
  return new TextDecoder("windows-1252").decode(bytes);
}

/** Only real line breaks (form feeds mark pages and stay inside their line). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** One byte per char: how e-mail is parsed before its parts are decoded with their charsets. */
export function binaryString(bytes: Uint8Array): string {
  let out = "";
  const step = 0x8000;
  for (let index = 0; index < bytes.length; index += step) {
    out += String.fromCharCode(...bytes.subarray(index, index + step));
  }
  return out;
}

function bytesOf(binary: string): Uint8Array {
  const out = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) out[index] = binary.charCodeAt(index) & 0xff;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Matching a citation's excerpt against the text

/** Lower case, collapsed spaces, straight quotes, markup tags dropped: how text is compared. */
export function normalize(text: string): string {
  return text
    .replace(/<[^>]{1,80}>/g, " ")
    .replace(/[\u2018\u2019\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201f]/g, '"')
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * How well a piece of text matches an excerpt: 3 it contains the excerpt, 2 it is a sizeable part
 * of the excerpt (an excerpt can span lines) or contains it once a "Speaker:" prefix is dropped,
 * 1 it contains the excerpt's opening words, 0 no match.
 */
export function matchScore(text: string, excerpt: string): number {
  const line = normalize(text);
  // An excerpt shortened with "…" (or "...") is matched without it.
  const wanted = normalize(excerpt.replace(/^\s*(?:…|\.\.\.)|(?:…|\.\.\.)\s*$/g, ""));
  if (!line || !wanted) return 0;
  if (line.includes(wanted)) return 3;
  if (wanted.includes(line) && line.length >= Math.min(12, wanted.length)) return 2;
  const unspoken = wanted.replace(/^[^:]{1,40}:\s*/, "");
  if (unspoken !== wanted && unspoken.length >= 8 && line.includes(unspoken)) return 2;
  if (wanted.length >= 40 && line.includes(wanted.slice(0, 40))) return 1;
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Subtitles (WebVTT and SubRip)

export type Cue = {
  /** 1-based line of the timing line ("00:00:05.000 --> …"): what citations carry as `line`. */
  timingLine: number;
  /** 1-based first and last line of the cue block (an SRT index or VTT id line included). */
  firstLine: number;
  lastLine: number;
  start: number;
  end: number;
  /** The words, markup removed. */
  text: string;
  /** The payload as written (a VTT `<v Speaker>` voice tag kept). */
  raw: string;
};

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

export function parseTimestamp(value: string): number {
  const [clock = "0", fraction = "0"] = value.trim().replace(",", ".").split(".");
  const parts = clock.split(":").map(Number);
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return seconds + Number(`0.${fraction}`);
}

export function parseCues(text: string): Cue[] {
  const lines = splitLines(text);
  const cues: Cue[] = [];
  let block: { number: number; text: string }[] = [];
  const close = () => {
    const timingIndex = block.findIndex((line) => TIMING.test(line.text));
    if (timingIndex >= 0) {
      const timing = block[timingIndex]!;
      const match = TIMING.exec(timing.text)!;
      cues.push({
        timingLine: timing.number,
        firstLine: block[0]!.number,
        lastLine: block[block.length - 1]!.number,
        start: parseTimestamp(match[1]!),
        end: parseTimestamp(match[2]!),
        text: block
          .slice(timingIndex + 1)
          .map((line) => line.text.replace(/<[^>]{1,80}>/g, "").trim())
          .join(" "),
        raw: block
          .slice(timingIndex + 1)
          .map((line) => line.text.trim())
          .join(" "),
      });
    }
    block = [];
  };
  lines.forEach((line, index) => {
    if (line.trim()) block.push({ number: index + 1, text: line });
    else close();
  });
  close();
  return cues;
}

/** The speaker of a VTT `<v Name>` cue or an "Name: words" transcript line. */
export function cueSpeaker(text: string): { speaker: string | null; words: string } {
  const voice = /^<v(?:\.[^\s>]*)?\s+([^>]+)>(.*)$/.exec(text.trim());
  if (voice) return { speaker: voice[1]!.trim(), words: voice[2]!.replace(/<[^>]{1,80}>/g, "").trim() };
  const spoken = /^([A-Z][\w .'-]{0,40}):\s+(.*)$/.exec(text.trim());
  if (spoken) return { speaker: spoken[1]!.trim(), words: spoken[2]!.trim() };
  return { speaker: null, words: text.replace(/<[^>]{1,80}>/g, "").trim() };
}

// ---------------------------------------------------------------------------------------------
// Delimited text (CSV, TSV)

function sniffDelimiter(text: string): string {
  const sample = splitLines(text.slice(0, 64 * 1024))
    .filter((line) => line.trim())
    .slice(0, 20);
  let best = ",";
  let bestScore = 0;
  for (const delimiter of [",", ";", "\t", "|"]) {
    const counts = sample.map((line) => countOutsideQuotes(line, delimiter));
    const least = counts.length ? Math.min(...counts) : 0;
    const same = counts.filter((count) => count === counts[0]).length;
    const score = least > 0 ? least * 10 + same : 0;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count += 1;
  }
  return count;
}

/** RFC 4180 rows: quoted fields may hold delimiters, doubled quotes and line breaks. */
export function parseDelimited(text: string, delimiter = sniffDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      if (char === "\r" && text[index + 1] === "\n") index += 1;
    } else field += char;
    index += 1;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export type DataRow = { n: number; cells: string[] };
export type DataTable = { name: string | null; header: string[]; rows: DataRow[] };

/** The first non-empty row names the columns; data rows are numbered from 1 after it. */
export function toDataTable(rows: string[][], name: string | null = null): DataTable {
  const cells = rows.map((row) => row.map((cell) => cell.trim()));
  const headerIndex = cells.findIndex((row) => row.some(Boolean));
  if (headerIndex < 0) return { name, header: [], rows: [] };
  const header = cells[headerIndex]!.map((cell, index) => cell || `Column ${index + 1}`);
  const data: DataRow[] = [];
  cells.slice(headerIndex + 1).forEach((row, index) => {
    if (row.some(Boolean)) data.push({ n: index + 1, cells: row });
  });
  return { name, header, rows: data };
}

/** A row as the backend cites it: "Column: value; Column: value". */
export function rowText(header: string[], cells: string[]): string {
  return cells
    .map((value, index) => (value ? `${header[index] ?? `Column ${index + 1}`}: ${value}` : ""))
    .filter(Boolean)
    .join("; ");
}

// ---------------------------------------------------------------------------------------------
// E-mail (.eml)

export type EmailDocument = {
  headers: [string, string][];
  /** Body lines numbered as the backend numbers them (1 = first line of the decoded body). */
  bodyLines: string[];
  bodyType: "plain" | "html" | "none";
  attachments: string[];
};

type MimePart = { headers: Map<string, string>; order: [string, string][]; body: string };

function parsePart(raw: string): MimePart {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : "";
  const headers = new Map<string, string>();
  const order: [string, string][] = [];
  for (const line of head.split(/\r?\n(?![ \t])/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).replace(/\r?\n[ \t]+/g, " ").trim();
    order.push([name, value]);
    if (!headers.has(name.toLowerCase())) headers.set(name.toLowerCase(), value);
  }
  return { headers, order, body };
}

function parameter(header: string | undefined, name: string): string | null {
  if (!header) return null;
  const match = new RegExp(`;\\s*${name}\\*?=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(header);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function decodeQuotedPrintable(binary: string): string {
  return binary.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeBase64(binary: string): string {
  try {
    return atob(binary.replace(/[^A-Za-z0-9+/=]/g, ""));
  } catch {
    return binary;
  }
}

function decodeTransfer(part: MimePart): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  if (encoding === "base64") return decodeBase64(part.body);
  return part.body;
}

/** RFC 2047 encoded words in headers (=?utf-8?Q?…?= and =?utf-8?B?…?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const binary = kind.toUpperCase() === "B" ? decodeBase64(text) : decodeQuotedPrintable(text.replace(/_/g, " "));
      return decodeBytes(bytesOf(binary), charset);
    });
}

function contentType(part: MimePart): string {
  return (part.headers.get("content-type") ?? "text/plain").split(";")[0]!.trim().toLowerCase();
}

function leafParts(part: MimePart, depth = 0): MimePart[] {
  const type = contentType(part);
  if (!type.startsWith("multipart/") || depth > 8) return [part];
  const boundary = parameter(part.headers.get("content-type"), "boundary");
  if (!boundary) return [part];
  const pieces = part.body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`));
  return pieces
    .slice(1)
    .filter((piece) => piece.trim())
    .flatMap((piece) => leafParts(parsePart(piece), depth + 1));
}

function isAttachment(part: MimePart): boolean {
  const disposition = part.headers.get("content-disposition") ?? "";
  return /^\s*attachment/i.test(disposition) || parameter(disposition, "filename") !== null;
}

const SHOWN_HEADERS = ["from", "to", "cc", "bcc", "reply-to", "date", "subject"];

/** Headers worth reading, the body as the backend numbered its lines, and attachment names. */
export function parseEmail(bytes: Uint8Array): EmailDocument {
  const message = parsePart(binaryString(bytes));
  const headers = SHOWN_HEADERS.flatMap((name): [string, string][] => {
    const found = message.order.find(([key]) => key.toLowerCase() === name);
    return found ? [[found[0], decodeHeader(found[1])]] : [];
  });
  const leaves = leafParts(message);
  const attachments = leaves
    .filter(isAttachment)
    .map((part) => decodeHeader(parameter(part.headers.get("content-disposition"), "filename") ?? parameter(part.headers.get("content-type"), "name") ?? "attachment"));
  const readable = leaves.filter((part) => !isAttachment(part));
  const body = readable.find((part) => contentType(part) === "text/plain") ?? readable.find((part) => contentType(part) === "text/html");
  if (!body) return { headers, bodyLines: [], bodyType: "none", attachments };
  const charset = parameter(body.headers.get("content-type"), "charset");
  const text = decodeBytes(bytesOf(decodeTransfer(body)), charset);
  if (contentType(body) === "text/html") {
    return { headers, bodyLines: htmlBlocks(text), bodyType: "html", attachments };
  }
  return { headers, bodyLines: splitLines(text), bodyType: "plain", attachments };
}

// ---------------------------------------------------------------------------------------------
// HTML → text blocks

const SKIPPED = new Set(["script", "style", "noscript", "template", "head", "svg", "iframe", "object"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const BLOCKS = new Set([
  ...HEADINGS,
  ..."address article aside blockquote body caption center dd details dialog div dl dt fieldset figcaption figure footer form header hr li main nav ol p pre section summary ul".split(" "),
]);

/**
 * The visible text of an HTML document cut into blocks where a browser starts a new line; a data
 * table's rows become "cell | cell" blocks. Parsed with DOMParser: nothing runs, nothing loads.
 */
export function htmlBlocks(html: string): string[] {
  const document = new DOMParser().parseFromString(html, "text/html");
  const blocks: string[] = [];
  let parts: string[] = [];
  const flush = () => {
    const text = parts.join("").replace(/\s+/g, " ").trim();
    parts = [];
    if (text) blocks.push(text);
  };
  const walk = (node: Node, depth: number): void => {
    if (node.nodeType === 3) {
      parts.push(node.textContent ?? "");
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (SKIPPED.has(tag) || element.hasAttribute("hidden") || /display\s*:\s*none/i.test(element.getAttribute("style") ?? "")) return;
    if (tag === "br") {
      flush();
      return;
    }
    if (tag === "table" && depth < 16) {
      flush();
      const rows = Array.from(element.querySelectorAll("tr")).filter((row) => row.closest("table") === element);
      const cells = rows.map((row) =>
        Array.from(row.children)
          .filter((cell) => cell.tagName === "TD" || cell.tagName === "TH")
          .map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim())
          .filter(Boolean),
      );
      if (cells.filter((row) => row.length > 1).length >= 2) {
        for (const row of cells) if (row.length) blocks.push(row.join(" | "));
        return;
      }
    }
    const block = BLOCKS.has(tag);
    if (block) flush();
    element.childNodes.forEach((child) => walk(child, tag === "table" ? depth + 1 : depth));
    if (block) flush();
  };
  walk(document.body ?? document.documentElement, 0);
  flush();
  return blocks;
}
