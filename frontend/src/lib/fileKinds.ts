/**
 * What kind of evidence a file is, from its MIME type (and its name when the type is vague):
 * which viewer the Source panel uses, which icon and colour the Files library, graph and timeline
 * give it.
 */

export type FileKind =
  | "pdf"
  | "word"
  | "email"
  | "spreadsheet"
  | "csv"
  | "html"
  | "markdown"
  | "text"
  | "data"
  | "subtitles"
  | "image"
  | "audio"
  | "video"
  | "other";

/** Broader families, for colouring by source type (timeline, graph). */
export type SourceFamily = "document" | "email" | "table" | "transcript" | "image" | "media" | "other";

type KindInfo = {
  label: string;
  family: SourceFamily;
  /** A short tag drawn in the file icon. */
  tag: string;
  /** Hex colour of the kind (icons, timeline marks, graph sources). */
  color: string;
};

export const FILE_KINDS: Record<FileKind, KindInfo> = {
  pdf: { label: "PDF", family: "document", tag: "PDF", color: "#dc2626" },
  word: { label: "Word document", family: "document", tag: "DOC", color: "#2563eb" },
  email: { label: "E-mail", family: "email", tag: "EML", color: "#7c3aed" },
  spreadsheet: { label: "Spreadsheet", family: "table", tag: "XLS", color: "#16a34a" },
  csv: { label: "CSV", family: "table", tag: "CSV", color: "#059669" },
  html: { label: "Web page", family: "document", tag: "HTML", color: "#ea580c" },
  markdown: { label: "Markdown", family: "document", tag: "MD", color: "#475569" },
  text: { label: "Text", family: "document", tag: "TXT", color: "#64748b" },
  data: { label: "Data", family: "document", tag: "DATA", color: "#0f766e" },
  subtitles: { label: "Transcript", family: "transcript", tag: "SUB", color: "#0891b2" },
  image: { label: "Image", family: "image", tag: "IMG", color: "#db2777" },
  audio: { label: "Audio", family: "media", tag: "AUD", color: "#d97706" },
  video: { label: "Video", family: "media", tag: "VID", color: "#9333ea" },
  other: { label: "File", family: "other", tag: "FILE", color: "#94a3b8" },
};

export const FAMILY_COLORS: Record<SourceFamily, string> = {
  document: "#2563eb",
  email: "#7c3aed",
  table: "#16a34a",
  transcript: "#0891b2",
  image: "#db2777",
  media: "#d97706",
  other: "#94a3b8",
};

const BY_MIME: Record<string, FileKind> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "word",
  "application/msword": "word",
  "message/rfc822": "email",
  "text/csv": "csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "spreadsheet",
  "application/vnd.ms-excel": "spreadsheet",
  "text/html": "html",
  "application/xhtml+xml": "html",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/plain": "text",
  "text/vtt": "subtitles",
  "application/x-subrip": "subtitles",
  "text/srt": "subtitles",
  "application/json": "data",
  "application/xml": "data",
  "text/xml": "data",
};

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: "pdf",
  docx: "word",
  doc: "word",
  eml: "email",
  csv: "csv",
  tsv: "csv",
  xlsx: "spreadsheet",
  xls: "spreadsheet",
  html: "html",
  htm: "html",
  md: "markdown",
  markdown: "markdown",
  txt: "text",
  log: "text",
  vtt: "subtitles",
  srt: "subtitles",
  json: "data",
  xml: "data",
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : "";
}

/** The file's name without its extension: a recording and its transcript share it. */
export function baseName(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return (dot > 0 ? filename.slice(0, dot) : filename).toLowerCase();
}

export function fileKind(mimeType: string | null | undefined, filename = ""): FileKind {
  const mime = (mimeType ?? "").split(";")[0]!.trim().toLowerCase();
  const exact = BY_MIME[mime];
  if (exact) return exact;
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  if (mime.startsWith("video/")) return "video";
  const byName = BY_EXTENSION[extensionOf(filename)];
  if (byName) return byName;
  if (mime.startsWith("text/")) return "text";
  return "other";
}

export function kindInfo(kind: FileKind): KindInfo {
  return FILE_KINDS[kind];
}

/** Colour of a file by its source family: what the timeline and graph colour sources with. */
export function familyColor(mimeType: string | null | undefined, filename = ""): string {
  return FAMILY_COLORS[FILE_KINDS[fileKind(mimeType, filename)].family];
}
