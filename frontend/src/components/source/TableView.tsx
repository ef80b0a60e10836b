"use client";

import { useEffect, useRef, useState } from "react";

import type { DataTable } from "./formats";
import { findRowHighlight, pickSheet, type ViewPlan } from "./plan";

const MAX_DRAWN_ROWS = 5000;

/** CSV or workbook rows under their header, the cited data row marked; sheets as tabs. Keyed by
 * the citation in the parent, so a new citation starts again on its sheet. */
export function TableView({ tables, plan, truncated }: { tables: DataTable[]; plan: ViewPlan; truncated: boolean }) {
  const cited = pickSheet(tables, plan.sheet);
  const [chosen, setChosen] = useState(cited);
  const table = tables[chosen] ?? tables[0];
  const highlight = table && chosen === cited ? findRowHighlight(table, plan) : null;
  const target = useRef<HTMLTableRowElement>(null);

  useEffect(() => {
    target.current?.scrollIntoView({ block: "center" });
  }, [highlight?.primary, chosen]);

  if (!table) return <p className="p-4 text-sm text-slate-500">This file has no rows.</p>;
  const center = highlight?.primary ?? 0;
  const start = table.rows.length > MAX_DRAWN_ROWS ? Math.max(0, Math.min(center - MAX_DRAWN_ROWS / 2, table.rows.length - MAX_DRAWN_ROWS)) : 0;
  const rows = table.rows.slice(start, start + MAX_DRAWN_ROWS);

  return (
    <div data-testid="source-text" className="flex min-h-full flex-col bg-white">
      {tables.length > 1 ? (
        <div className="sticky top-0 z-20 flex gap-1 overflow-x-auto border-b border-slate-200 bg-slate-50 px-3 py-1.5" role="tablist" aria-label="Sheets">
          {tables.map((sheet, index) => (
            <button
              key={sheet.name ?? index}
              type="button"
              role="tab"
              aria-selected={index === chosen}
              onClick={() => setChosen(index)}
              className={`rounded px-2.5 py-1 text-xs font-medium whitespace-nowrap ${
                index === chosen ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200" : "text-slate-600 hover:bg-white"
              }`}
            >
              {sheet.name ?? `Sheet ${index + 1}`}
              <span className="ml-1.5 text-slate-400">{sheet.rows.length}</span>
            </button>
          ))}
        </div>
      ) : null}
      <div className="overflow-x-auto">
        <table className="min-w-full border-separate border-spacing-0 text-[12.5px]">
          <thead>
            <tr>
              <th className="sticky top-0 z-10 w-10 border-b border-slate-200 bg-slate-50 px-2 py-1.5 text-right font-mono text-[11px] font-normal text-slate-400">
                #
              </th>
              {table.header.map((name, index) => (
                <th
                  key={index}
                  className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-2.5 py-1.5 text-left font-semibold whitespace-nowrap text-slate-700"
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, offset) => {
              const index = start + offset;
              const primary = highlight?.primary === index;
              return (
                <tr
                  key={row.n}
                  ref={primary ? target : undefined}
                  data-testid={primary ? "source-highlight" : undefined}
                  data-row={row.n}
                  className={primary ? "bg-amber-100" : "odd:bg-white even:bg-slate-50/60"}
                >
                  <td
                    className={`border-b border-slate-100 px-2 py-1 text-right font-mono text-[11px] ${
                      primary ? "font-semibold text-amber-700 shadow-[inset_3px_0_0_#f59e0b]" : "text-slate-400"
                    }`}
                  >
                    {row.n}
                  </td>
                  {table.header.map((_, cell) => (
                    <td
                      key={cell}
                      className="max-w-[18rem] truncate border-b border-slate-100 px-2.5 py-1 whitespace-nowrap text-slate-800"
                      title={row.cells[cell] ?? ""}
                    >
                      {row.cells[cell] ?? ""}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {table.rows.length > rows.length ? (
        <p className="px-4 py-2 text-xs text-slate-500">Showing rows {rows[0]?.n}–{rows[rows.length - 1]?.n} of {table.rows.length.toLocaleString()}.</p>
      ) : null}
      {truncated ? <p className="px-4 py-2 text-xs text-slate-500">Only the first part of this file is shown. Download it to read the rest.</p> : null}
    </div>
  );
}
