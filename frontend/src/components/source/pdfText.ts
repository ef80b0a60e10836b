/**
 * Finding a citation's excerpt in a PDF page's text items (pdf.js getTextContent): items are runs
 * of text with their own boxes, split anywhere (mid-word, mid-line), with or without the spaces a
 * reader sees. Both sides are compared without whitespace, so only the characters must agree.
 */

export type TextItemLike = { str: string; hasEOL?: boolean };

/** A matched stretch of one item: characters [from, to) of items[item].str. */
export type ItemSpan = { item: number; from: number; to: number };

function fold(char: string): string {
  if (/[\u2018\u2019\u201b]/.test(char)) return "'";
  if (/[\u201c\u201d\u201f]/.test(char)) return '"';
  if (/[\u2010-\u2015]/.test(char)) return "-";
  if (char === "\ufb01") return "fi";
  if (char === "\ufb02") return "fl";
  return char.toLowerCase();
}

function squeeze(text: string): string {
  let out = "";
  for (const char of text) if (!/\s/.test(char)) out += fold(char);
  return out;
}

/**
 * The item spans holding the excerpt, or null. A long excerpt that is not found whole is looked
 * for by its opening (the extractor may have joined text the page lays out apart).
 */
export function findExcerptInItems(items: TextItemLike[], excerpt: string): ItemSpan[] | null {
  let flat = "";
  const owner: { item: number; offset: number }[] = [];
  items.forEach((item, index) => {
    let offset = 0;
    for (const char of item.str) {
      if (!/\s/.test(char)) {
        const folded = fold(char);
        for (const piece of folded) {
          flat += piece;
          owner.push({ item: index, offset });
        }
      }
      offset += char.length;
    }
  });
  // An excerpt shortened with "…" (or "...") is matched without it.
  const wanted = squeeze(excerpt.replace(/^\s*(?:…|\.\.\.)|(?:…|\.\.\.)\s*$/g, ""));
  if (!wanted || !flat) return null;
  let start = flat.indexOf(wanted);
  let length = wanted.length;
  if (start < 0) {
    for (let size = Math.min(wanted.length - 1, 120); size >= 16; size = Math.floor(size * 0.7)) {
      start = flat.indexOf(wanted.slice(0, size));
      if (start >= 0) {
        length = size;
        break;
      }
    }
  }
  if (start < 0) return null;
  const spans = new Map<number, ItemSpan>();
  for (let index = start; index < start + length; index += 1) {
    const { item, offset } = owner[index]!;
    const span = spans.get(item);
    if (span) span.to = Math.max(span.to, offset + 1);
    else spans.set(item, { item, from: offset, to: offset + 1 });
  }
  return [...spans.values()];
}

/** Whether the page text holds the excerpt at all (to find the page when none is cited). */
export function pageHasExcerpt(items: TextItemLike[], excerpt: string): boolean {
  return findExcerptInItems(items, excerpt) !== null;
}
