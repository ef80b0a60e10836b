/**
 * Word (.docx) paragraphs and Excel (.xlsx) sheets read in the browser, so a citation of
 * "paragraph 12" or "AP Ledger row 9" shows the text around it. Both are zip packages of XML: the
 * zip is read here (stored and deflated entries, inflated with DecompressionStream) and the XML with
 * DOMParser. Numbering mirrors backend extraction/word.py and extraction/spreadsheet.py + rows.py.
 */
import { type DataTable, toDataTable } from "./formats";
import type { TextDocument, TextLine } from "./plan";

// ---------------------------------------------------------------------------------------------
// Zip

type ZipEntry = { name: string; method: number; compressedSize: number; offset: number };

export class ZipReader {
  private readonly entries = new Map<string, ZipEntry>();
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // End of central directory: the last 22+ bytes, found by its signature from the end.
    let end = -1;
    for (let index = bytes.length - 22; index >= Math.max(0, bytes.length - 22 - 0xffff); index -= 1) {
      if (this.view.getUint32(index, true) === 0x06054b50) {
        end = index;
        break;
      }
    }
    if (end < 0) throw new Error("not a zip package");
    const count = this.view.getUint16(end + 10, true);
    let cursor = this.view.getUint32(end + 16, true);
    const decoder = new TextDecoder();
    for (let index = 0; index < count; index += 1) {
      if (this.view.getUint32(cursor, true) !== 0x02014b50) throw new Error("damaged zip directory");
      const method = this.view.getUint16(cursor + 10, true);
      const compressedSize = this.view.getUint32(cursor + 20, true);
      const nameLength = this.view.getUint16(cursor + 28, true);
      const extraLength = this.view.getUint16(cursor + 30, true);
      const commentLength = this.view.getUint16(cursor + 32, true);
      const offset = this.view.getUint32(cursor + 42, true);
      const name = decoder.decode(bytes.subarray(cursor + 46, cursor + 46 + nameLength));
      this.entries.set(name.replace(/^\/+/, ""), { name, method, compressedSize, offset });
      cursor += 46 + nameLength + extraLength + commentLength;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name.replace(/^\/+/, ""));
  }

  async text(name: string): Promise<string | null> {
    const entry = this.entries.get(name.replace(/^\/+/, ""));
    if (!entry) return null;
    const local = entry.offset;
    if (this.view.getUint32(local, true) !== 0x04034b50) throw new Error("damaged zip entry");
    const start = local + 30 + this.view.getUint16(local + 26, true) + this.view.getUint16(local + 28, true);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) return new TextDecoder().decode(data);
    if (entry.method !== 8) throw new Error(`unsupported zip compression ${entry.method}`);
    const stream = new ReadableStream<BufferSource>({
      start(controller) {
        controller.enqueue(data.slice());
        controller.close();
      },
    }).pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(stream).text();
  }
}

function xml(text: string): Document {
  return new DOMParser().parseFromString(text, "application/xml");
}

/** Children by local name, whatever the namespace prefix. */
function children(parent: Element, name: string): Element[] {
  return Array.from(parent.children).filter((child) => child.localName === name);
}

function descendants(parent: Element | Document, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS("*", name));
}

function attribute(element: Element, name: string): string | null {
  if (element.hasAttribute(name)) return element.getAttribute(name);
  const found = Array.from(element.attributes).find((item) => item.localName === name);
  return found ? found.value : null;
}

// ---------------------------------------------------------------------------------------------
// Word

function paragraphText(paragraph: Element): string {
  let text = "";
  const visit = (node: Element) => {
    for (const child of Array.from(node.children)) {
      switch (child.localName) {
        case "t":
          text += child.textContent ?? "";
          break;
        case "tab":
          text += "\t";
          break;
        case "br":
        case "cr":
          text += "\n";
          break;
        case "pPr":
        case "rPr":
        case "del":
        case "instrText":
          break;
        default:
          visit(child);
      }
    }
  };
  visit(paragraph);
  return text;
}

function isHeading(paragraph: Element): boolean {
  const properties = children(paragraph, "pPr")[0];
  const style = properties ? children(properties, "pStyle")[0] : undefined;
  const value = style ? (attribute(style, "val") ?? "") : "";
  return /^(heading|title)/i.test(value);
}

/** Body paragraphs numbered from 1 (blank ones counted, as python-docx does); tables shown unnumbered. */
export async function readDocx(bytes: Uint8Array): Promise<TextDocument> {
  const zip = new ZipReader(bytes);
  const source = await zip.text("word/document.xml");
  if (!source) throw new Error("no word/document.xml in the package");
  const body = descendants(xml(source), "body")[0];
  const lines: TextLine[] = [];
  let number = 0;
  let tables = 0;
  const visitBlocks = (container: Element) => {
    for (const block of Array.from(container.children)) {
      if (block.localName === "p") {
        number += 1;
        lines.push({ n: number, text: paragraphText(block).trim(), heading: isHeading(block) });
      } else if (block.localName === "tbl") {
        tables += 1;
        // Data rows numbered from 1 under the first row of two or more cells (the header), as
        // backend extraction/word.py cites them.
        let row: number | null = null;
        for (const tr of children(block, "tr")) {
          const cells = children(tr, "tc").map((cell) =>
            children(cell, "p")
              .map(paragraphText)
              .join(" ")
              .replace(/\s+/g, " ")
              .trim(),
          );
          if (!cells.some(Boolean)) continue;
          if (row === null && cells.filter(Boolean).length >= 2) row = 0;
          else if (row !== null) row += 1;
          const cell = row !== null ? { table: tables, row } : undefined;
          lines.push({ n: null, text: cells.join(" | "), ...(cell ? { cell } : {}) });
        }
      } else if (block.localName === "sdt") {
        const content = children(block, "sdtContent")[0];
        if (content) visitBlocks(content);
      }
    }
  };
  if (body) visitBlocks(body);
  return { lines, headers: [], attachments: [], cues: [], note: null };
}

// ---------------------------------------------------------------------------------------------
// Excel

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/i.exec(reference)?.[0]?.toUpperCase() ?? "A";
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** An Excel serial day (1900 system) as ISO text: the date alone when there is no time of day. */
export function excelDate(serial: number): string {
  const milliseconds = Math.round((serial - 25569) * 86400 * 1000);
  const iso = new Date(milliseconds).toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19).replace("T", " ");
}

function numberText(value: string): string {
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) return value;
  return Number.isInteger(parsed) ? String(parsed) : String(parsed);
}

function resolveTarget(target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = `xl/${target}`.split("/");
  const out: string[] = [];
  for (const part of parts) {
    if (part === "..") out.pop();
    else if (part !== ".") out.push(part);
  }
  return out.join("/");
}

/** Every sheet's rows under its header row; `maxRows` caps what is kept per sheet. */
export async function readXlsx(bytes: Uint8Array, maxRows = 20000): Promise<DataTable[]> {
  const zip = new ZipReader(bytes);
  const workbookSource = await zip.text("xl/workbook.xml");
  if (!workbookSource) throw new Error("no xl/workbook.xml in the package");
  const relations = new Map<string, string>();
  const relationSource = await zip.text("xl/_rels/workbook.xml.rels");
  if (relationSource) {
    for (const relation of descendants(xml(relationSource), "Relationship")) {
      relations.set(relation.getAttribute("Id") ?? "", resolveTarget(relation.getAttribute("Target") ?? ""));
    }
  }
  const shared: string[] = [];
  const sharedSource = await zip.text("xl/sharedStrings.xml");
  if (sharedSource) {
    for (const item of descendants(xml(sharedSource), "si")) {
      shared.push(
        descendants(item, "t")
          .filter((text) => text.parentElement?.localName !== "rPh")
          .map((text) => text.textContent ?? "")
          .join(""),
      );
    }
  }
  const dateStyles = new Set<number>();
  const stylesSource = await zip.text("xl/styles.xml");
  if (stylesSource) {
    const styles = xml(stylesSource);
    const customDates = new Set(
      descendants(styles, "numFmt")
        .filter((format) => /[dmy]/i.test((format.getAttribute("formatCode") ?? "").replace(/\[[^\]]*\]|"[^"]*"/g, "")))
        .map((format) => Number(format.getAttribute("numFmtId"))),
    );
    const cellXfs = descendants(styles, "cellXfs")[0];
    (cellXfs ? children(cellXfs, "xf") : []).forEach((format, index) => {
      const id = Number(format.getAttribute("numFmtId") ?? 0);
      if (BUILTIN_DATE_FORMATS.has(id) || customDates.has(id)) dateStyles.add(index);
    });
  }

  const tables: DataTable[] = [];
  for (const sheet of descendants(xml(workbookSource), "sheet")) {
    const name = sheet.getAttribute("name") ?? `Sheet ${tables.length + 1}`;
    const path = relations.get(attribute(sheet, "id") ?? "") ?? `xl/worksheets/sheet${tables.length + 1}.xml`;
    const source = await zip.text(path);
    if (!source) continue;
    const rows: string[][] = [];
    for (const row of descendants(xml(source), "row")) {
      const number = Number(row.getAttribute("r") ?? rows.length + 1);
      if (number > maxRows + 1) break;
      while (rows.length < number - 1) rows.push([]);
      const cells: string[] = [];
      for (const cell of children(row, "c")) {
        const index = cell.getAttribute("r") ? columnIndex(cell.getAttribute("r")!) : cells.length;
        const type = cell.getAttribute("t") ?? "n";
        const raw = children(cell, "v")[0]?.textContent ?? "";
        let value: string;
        if (type === "s") value = shared[Number(raw)] ?? "";
        else if (type === "inlineStr") value = descendants(cell, "t").map((text) => text.textContent ?? "").join("");
        else if (type === "b") value = raw === "1" ? "TRUE" : raw === "0" ? "FALSE" : raw;
        else if (type === "n" && raw !== "" && dateStyles.has(Number(cell.getAttribute("s") ?? -1))) value = excelDate(Number(raw));
        else if (type === "n") value = numberText(raw);
        else value = raw;
        while (cells.length < index) cells.push("");
        cells[index] = value;
      }
      rows.push(cells);
    }
    tables.push(toDataTable(rows, name));
  }
  return tables;
}
