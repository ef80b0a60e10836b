/** A check's relation ("f9 = f1 - f5") cut into its figures and the text between them, so each
 * figure can be shown as the document writes it and opened at its place. */
export type ExpressionPart<F> = { text: string; figure: F | null };

const FIGURE_ID = /[A-Za-z][A-Za-z0-9_]*/g;

export function expressionParts<F extends { id: string }>(expression: string, figures: F[]): ExpressionPart<F>[] {
  const byId = new Map(figures.map((figure) => [figure.id, figure]));
  const parts: ExpressionPart<F>[] = [];
  let last = 0;
  for (const match of expression.matchAll(FIGURE_ID)) {
    const figure = byId.get(match[0]);
    if (!figure) continue;
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: expression.slice(last, at), figure: null });
    parts.push({ text: match[0], figure });
    last = at + match[0].length;
  }
  if (last < expression.length) parts.push({ text: expression.slice(last), figure: null });
  return parts;
}
