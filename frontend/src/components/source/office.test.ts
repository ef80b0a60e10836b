import { describe, expect, it } from "vitest";

import { excelDate, readDocx, readXlsx, ZipReader } from "./office";
import { findLineHighlight, findRowHighlight, pickSheet } from "./plan";

function streamOf(bytes: Uint8Array): ReadableStream<BufferSource> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice());
      controller.close();
    },
  });
}

/** A minimal zip writer: each entry deflated (method 8) or stored (method 0). */
async function zip(files: Record<string, string>, deflate = true): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const raw = encoder.encode(text);
    const data = deflate
      ? new Uint8Array(await new Response(streamOf(raw).pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer())
      : raw;
    const nameBytes = encoder.encode(name);
    const local = new Uint8Array(30 + nameBytes.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(8, deflate ? 8 : 0, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, raw.length, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    local.set(data, 30 + nameBytes.length);
    const entry = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(entry.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(10, deflate ? 8 : 0, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, raw.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    entry.set(nameBytes, 46);
    locals.push(local);
    central.push(entry);
    offset += local.length;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, central.length, true);
  ev.setUint16(10, central.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...central, end];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let cursor = 0;
  for (const part of parts) {
    out.set(part, cursor);
    cursor += part.length;
  }
  return out;
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const S = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

describe("ZipReader", () => {
  it("reads stored and deflated entries and rejects what is not a zip", async () => {
    for (const deflate of [false, true]) {
      const reader = new ZipReader(await zip({ "a/b.txt": "hello zip" }, deflate));
      expect(await reader.text("a/b.txt")).toBe("hello zip");
      expect(await reader.text("missing")).toBeNull();
    }
    expect(() => new ZipReader(new TextEncoder().encode("PK not really a zip file at all, no"))).toThrow(/not a zip/);
  });
});

describe("readDocx", () => {
  it("numbers body paragraphs from 1 (blank ones counted) and shows tables unnumbered", async () => {
    const document = `<w:document ${W}><w:body>
      <w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>CONSULTING SERVICES AGREEMENT</w:t></w:r></w:p>
      <w:p/>
      <w:tbl><w:tr><w:tc><w:p><w:r><w:t>Fee</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>USD 50,000</w:t></w:r></w:p></w:tc></w:tr></w:tbl>
      <w:p><w:r><w:t xml:space="preserve">4.2 Any single payment </w:t></w:r><w:r><w:t>exceeding USD 25,000 requires approval.</w:t></w:r></w:p>
    </w:body></w:document>`;
    const doc = await readDocx(await zip({ "word/document.xml": document }));
    expect(doc.lines).toEqual([
      { n: 1, text: "CONSULTING SERVICES AGREEMENT", heading: true },
      { n: 2, text: "", heading: false },
      { n: null, text: "Fee | USD 50,000", cell: { table: 1, row: 0 } },
      { n: 3, text: "4.2 Any single payment exceeding USD 25,000 requires approval.", heading: false },
    ]);
    expect(findLineHighlight(doc, { line: 3, excerpt: "4.2 Any single payment exceeding", cueStart: null })?.primary).toBe(3);
  });
});

describe("readDocx tables", () => {
  it("marks a Word table's data rows so a citation of 'Table 1' row 2 lands on its row", async () => {
    const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join("")}</w:tr>`;
    const document = `<w:document ${W}><w:body>
      <w:p><w:r><w:t>Site diary, week 11.</w:t></w:r></w:p>
      <w:tbl>${row("Date", "Labour on site")}${row("Mon 9 March 2026", "Gang 6")}${row("Tue 10 March 2026", "None")}</w:tbl>
    </w:body></w:document>`;
    const doc = await readDocx(await zip({ "word/document.xml": document }));
    expect(doc.lines.map((line) => line.cell ?? null)).toEqual([
      null,
      { table: 1, row: 0 },
      { table: 1, row: 1 },
      { table: 1, row: 2 },
    ]);
    const hit = findLineHighlight(doc, {
      line: 1,
      excerpt: "Date: Tue 10 March 2026; Labour on site: None",
      cueStart: null,
      row: 2,
      sheet: "Table 1",
    });
    expect(hit).toMatchObject({ primary: 3, matched: true });
  });
});

describe("readXlsx", () => {
  it("reads every sheet with shared strings, dates and row numbers under the header", async () => {
    const workbook = `<workbook ${S} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>
      <sheet name="AP Ledger" sheetId="1" r:id="rId1"/><sheet name="Vendor Master" sheetId="2" r:id="rId2"/></sheets></workbook>`;
    const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
      <Relationship Id="rId1" Target="/xl/worksheets/sheet1.xml"/><Relationship Id="rId2" Target="worksheets/sheet2.xml"/></Relationships>`;
    const styles = `<styleSheet ${S}><numFmts><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>
      <cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="4"/></cellXfs></styleSheet>`;
    const strings = `<sst ${S}><si><t>Date</t></si><si><t>Vendor</t></si><si><r><t>Briggs &amp; </t></r><r><t>Kaul LLP</t></r></si></sst>`;
    const sheet1 = `<worksheet ${S}><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>Amount</t></is></c></row>
      <row r="2"><c r="A2" s="1"><v>45300</v></c><c r="B2" t="s"><v>2</v></c><c r="C2" s="2"><v>15000</v></c></row>
      <row r="4"><c r="C4"><v>24310.55</v></c></row>
    </sheetData></worksheet>`;
    const sheet2 = `<worksheet ${S}><sheetData><row r="2"><c r="B2" t="inlineStr"><is><t>Vendor</t></is></c></row><row r="3"><c r="B3" t="b"><v>1</v></c></row></sheetData></worksheet>`;
    const tables = await readXlsx(
      await zip({
        "xl/workbook.xml": workbook,
        "xl/_rels/workbook.xml.rels": rels,
        "xl/styles.xml": styles,
        "xl/sharedStrings.xml": strings,
        "xl/worksheets/sheet1.xml": sheet1,
        "xl/worksheets/sheet2.xml": sheet2,
      }),
    );
    expect(tables.map((table) => table.name)).toEqual(["AP Ledger", "Vendor Master"]);
    const ledger = tables[0]!;
    expect(ledger.header).toEqual(["Date", "Vendor", "Amount"]);
    expect(ledger.rows).toEqual([
      { n: 1, cells: ["2024-01-09", "Briggs & Kaul LLP", "15000"] },
      { n: 3, cells: ["", "", "24310.55"] },
    ]);
    expect(findRowHighlight(ledger, { row: 3, excerpt: null })?.primary).toBe(1);
    const vendors = tables[pickSheet(tables, "Vendor Master")]!;
    expect(vendors.header).toEqual(["Column 1", "Vendor"]);
    expect(vendors.rows).toEqual([{ n: 1, cells: ["", "TRUE"] }]);
  });

  it("turns Excel serial days into ISO dates", () => {
    expect(excelDate(45300)).toBe("2024-01-09");
    expect(excelDate(45300.5)).toBe("2024-01-09 12:00:00");
  });
});
