"use client";

import "./pdf.css";

import type { PDFDocumentProxy, PDFPageProxy, RenderTask, TextLayer } from "pdfjs-dist";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

import { Alert, Button, Spinner } from "@/components/ui";

import { contentUrl } from "./content";
import { findExcerptInItems } from "./pdfText";

type PdfJs = typeof import("pdfjs-dist");

let pdfjsPromise: Promise<PdfJs> | null = null;

/**
 * pdf.js, loaded on first use (it needs the browser) with its worker as a bundled module worker:
 * a same-origin script, so the UI's CSP (script-src 'self') allows it.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist").then((pdfjs) => {
    if (!pdfjs.GlobalWorkerOptions.workerPort) {
      pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url), { type: "module" });
    }
    return pdfjs;
  });
  return pdfjsPromise;
}

/**
 * The shared worker port refuses a new document while the previous one is still being torn down,
 * so each load waits for the last teardown to finish.
 */
let teardown: Promise<void> = Promise.resolve();

/** Pages whose text is searched for the excerpt when the citation names no page. */
const SEARCHED_PAGES = 60;

type Size = { width: number; height: number };

/** The PDF with every page laid out, those near the view drawn; the cited page scrolled to. */
export function PdfView({ fileId, page, excerpt }: { fileId: string; page: number | null; excerpt: string | null }) {
  const scroller = useRef<HTMLDivElement>(null);
  const pageElements = useRef(new Map<number, HTMLDivElement>());
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [baseSize, setBaseSize] = useState<Size | null>(null);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [cited, setCited] = useState<number | null>(null);
  const [current, setCurrent] = useState(1);
  const [pageInput, setPageInput] = useState("1");

  // Load the document (range requests, cookie auth: same origin).
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    setDoc(null);
    setError(null);
    setBaseSize(null);
    loadPdfJs()
      .then(async (pdfjs) => {
        await teardown;
        if (cancelled) return;
        const task = pdfjs.getDocument({ url: contentUrl(fileId), isEvalSupported: false, verbosity: pdfjs.VerbosityLevel.ERRORS });
        destroy = () => {
          teardown = teardown.then(() => task.destroy()).catch(() => undefined);
        };
        const loaded = await task.promise;
        const first = await loaded.getPage(1);
        const viewport = first.getViewport({ scale: 1 });
        if (cancelled) return;
        setBaseSize({ width: viewport.width, height: viewport.height });
        setDoc(loaded);
      })
      .catch((caught: unknown) => {
        if (!cancelled) setError(caught instanceof Error ? caught.message : String(caught));
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [fileId]);

  // Which page the citation points at: the cited page, else the first page holding the excerpt.
  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    const resolve = async () => {
      if (page != null) return Math.min(Math.max(1, page), doc.numPages);
      if (!excerpt) return 1;
      for (let number = 1; number <= Math.min(doc.numPages, SEARCHED_PAGES); number += 1) {
        const content = await (await doc.getPage(number)).getTextContent();
        if (findExcerptInItems(content.items.filter(isTextItem), excerpt)) return number;
      }
      return 1;
    };
    resolve().then((number) => {
      if (!cancelled) setCited(number);
    }, () => undefined);
    return () => {
      cancelled = true;
    };
  }, [doc, page, excerpt]);

  // Fit the page width to the panel.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  const scale = baseSize && width ? Math.max(0.25, ((width - 32) / baseSize.width) * zoom) : 0;

  const goTo = useCallback((number: number, block: ScrollLogicalPosition = "start") => {
    const element = pageElements.current.get(number);
    if (element && scroller.current) {
      scroller.current.scrollTo({ top: element.offsetTop - 12, behavior: block === "start" ? "auto" : "smooth" });
    }
  }, []);

  useEffect(() => {
    if (cited != null && scale > 0) goTo(cited);
  }, [cited, scale > 0, goTo]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setPageInput(String(current));
  }, [current]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const probe = element.scrollTop + element.clientHeight / 3;
    let found = 1;
    pageElements.current.forEach((pageElement, number) => {
      if (pageElement.offsetTop <= probe && number > found) found = number;
    });
    setCurrent(found);
  };

  /** The excerpt's box on the cited page: brought to the upper third of the view. */
  const onHighlight = useCallback((number: number, top: number) => {
    const element = pageElements.current.get(number);
    if (!element || !scroller.current) return;
    const wanted = element.offsetTop + top - scroller.current.clientHeight / 3;
    if (wanted > scroller.current.scrollTop) scroller.current.scrollTo({ top: wanted });
  }, []);

  const total = doc?.numPages ?? 0;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex shrink-0 items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-600">
        <Button variant="ghost" className="px-2! py-1!" disabled={!doc || current <= 1} onClick={() => goTo(current - 1, "center")} aria-label="Previous page">
          ‹
        </Button>
        <form
          className="flex items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            const number = Number(pageInput);
            if (Number.isInteger(number) && number >= 1 && number <= total) goTo(number, "center");
            else setPageInput(String(current));
          }}
        >
          <span>Page</span>
          <input
            value={pageInput}
            onChange={(event) => setPageInput(event.target.value)}
            onBlur={() => setPageInput(String(current))}
            aria-label="Page number"
            className="w-9 rounded border-0 bg-white px-1 py-0.5 text-center ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500 focus:outline-none"
            inputMode="numeric"
          />
          <span>of {total || "…"}</span>
        </form>
        <Button variant="ghost" className="px-2! py-1!" disabled={!doc || current >= total} onClick={() => goTo(current + 1, "center")} aria-label="Next page">
          ›
        </Button>
        {cited != null && cited !== current ? (
          <button type="button" onClick={() => goTo(cited, "center")} className="ml-1 rounded bg-amber-100 px-2 py-0.5 font-medium text-amber-800 hover:bg-amber-200">
            Back to p. {cited}
          </button>
        ) : null}
        <span className="flex-1" />
        <Button variant="ghost" className="px-2! py-1!" onClick={() => setZoom((value) => Math.max(0.5, value / 1.2))} aria-label="Zoom out">
          −
        </Button>
        <button type="button" onClick={() => setZoom(1)} className="w-11 rounded py-0.5 text-center hover:bg-slate-200" title="Fit to width">
          {Math.round(zoom * 100)}%
        </button>
        <Button variant="ghost" className="px-2! py-1!" onClick={() => setZoom((value) => Math.min(4, value * 1.2))} aria-label="Zoom in">
          +
        </Button>
      </div>
      <div ref={scroller} onScroll={onScroll} className="relative min-h-0 flex-1 overflow-auto bg-slate-200/70 px-4 py-3">
        {error ? (
          <Alert>This PDF could not be opened: {error}</Alert>
        ) : !doc || !baseSize || !scale ? (
          <div className="flex h-40 items-center justify-center">
            <Spinner label="Opening PDF" />
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3">
            {Array.from({ length: total }, (_, index) => index + 1).map((number) => (
              <PdfPage
                key={number}
                doc={doc}
                number={number}
                scale={scale}
                estimate={baseSize}
                cited={number === cited}
                excerpt={number === cited ? excerpt : null}
                root={scroller}
                register={(element) => {
                  if (element) pageElements.current.set(number, element);
                  else pageElements.current.delete(number);
                }}
                onHighlight={onHighlight}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

function isTextItem(item: unknown): item is TextItem {
  return typeof (item as TextItem).str === "string";
}

type Box = { left: number; top: number; width: number; height: number };

function PdfPage({
  doc,
  number,
  scale,
  estimate,
  cited,
  excerpt,
  root,
  register,
  onHighlight,
}: {
  doc: PDFDocumentProxy;
  number: number;
  scale: number;
  estimate: Size;
  cited: boolean;
  excerpt: string | null;
  root: React.RefObject<HTMLDivElement | null>;
  register: (element: HTMLDivElement | null) => void;
  onHighlight: (page: number, top: number) => void;
}) {
  const wrapper = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(cited);
  const [size, setSize] = useState<Size | null>(null);
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      root: root.current,
      rootMargin: "800px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near && !cited) return;
    let cancelled = false;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    const draw = async () => {
      const pdfjs = await loadPdfJs();
      const page: PDFPageProxy = await doc.getPage(number);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      setSize({ width: viewport.width, height: viewport.height });
      const canvas = canvasRef.current;
      const text = textRef.current;
      if (!canvas || !text) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${viewport.width}px`;
      canvas.style.height = `${viewport.height}px`;
      renderTask = page.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
      await renderTask.promise;
      if (cancelled) return;
      setDrawn(true);
      const content = await page.getTextContent();
      if (cancelled) return;
      text.replaceChildren();
      textLayer = new pdfjs.TextLayer({ textContentSource: content, container: text, viewport });
      await textLayer.render();
      if (cancelled || !excerpt) {
        setBoxes([]);
        return;
      }
      const items = content.items.filter(isTextItem);
      const spans = findExcerptInItems(items, excerpt) ?? [];
      const origin = wrapper.current?.getBoundingClientRect();
      const found = spans.flatMap(({ item, from, to }) => {
        // The text layer has one span per text item: a DOM range over the matched characters
        // gives their exact boxes. Without it, the item's box is cut in proportion.
        const node = textLayer?.textDivs[item]?.firstChild;
        if (origin && node && node.nodeType === Node.TEXT_NODE && to <= (node.textContent ?? "").length) {
          const range = document.createRange();
          range.setStart(node, from);
          range.setEnd(node, to);
          const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          if (rects.length) {
            return rects.map((rect) => ({ left: rect.left - origin.left, top: rect.top - origin.top, width: rect.width, height: rect.height }));
          }
        }
        const entry = items[item];
        if (!entry || !entry.str.length) return [];
        const matrix = pdfjs.Util.transform(viewport.transform, entry.transform);
        const fontHeight = Math.hypot(matrix[2]!, matrix[3]!);
        const fullWidth = entry.width * viewport.scale;
        const left = matrix[4]! + (fullWidth * from) / entry.str.length;
        const width = (fullWidth * (to - from)) / entry.str.length;
        return [{ left, top: matrix[5]! - fontHeight * 0.85, width, height: fontHeight * 1.1 }];
      });
      setBoxes(found);
      if (found.length && cited) onHighlight(number, Math.min(...found.map((box) => box.top)));
    };
    draw().catch((caught: unknown) => {
      if (!cancelled && (caught as { name?: string })?.name !== "RenderingCancelledException") setDrawn(false);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [near, cited, doc, number, scale, excerpt, onHighlight]);

  const width = size?.width ?? estimate.width * scale;
  const height = size?.height ?? estimate.height * scale;
  return (
    <div
      ref={(element) => {
        wrapper.current = element;
        register(element);
      }}
      data-testid="source-pdf-page"
      data-page={number}
      data-cited={cited ? "true" : undefined}
      aria-label={`Page ${number}`}
      className={`relative shrink-0 bg-white shadow-sm ${cited ? "ring-2 ring-amber-400" : "ring-1 ring-slate-300"}`}
      style={{ width, height, ["--scale-factor" as string]: scale, ["--total-scale-factor" as string]: scale, ["--scale-round-x" as string]: "1px", ["--scale-round-y" as string]: "1px" }}
    >
      <canvas ref={canvasRef} className="absolute inset-0 block" />
      {boxes.map((box, index) => (
        <div
          key={index}
          data-testid="source-pdf-highlight"
          className="pointer-events-none absolute z-[1] rounded-[2px] bg-amber-300/45 mix-blend-multiply"
          style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
        />
      ))}
      <div ref={textRef} className="textLayer" />
      {!drawn ? (
        <div className="absolute inset-0 flex items-center justify-center text-xs text-slate-400">
          {near || cited ? <Spinner label={`Drawing page ${number}`} /> : `Page ${number}`}
        </div>
      ) : null}
    </div>
  );
}
