// A column as wide as its longest label, so no label is cut while the table has room to spare: the labels are
// measured in the table's own font, once per distinct set of labels.
const cellPadding = 20;
/** Without a canvas to measure with (tests in happy-dom), a generous average glyph width. */
const fallbackEmPerChar = 0.62;

let context: CanvasRenderingContext2D | null | undefined;

function measuringContext(): CanvasRenderingContext2D | null {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  return context;
}

/**
 * The width in pixels a column needs to show every label whole (at least `min`); `weight` as its cells' (600 for
 * `cell-strong`), `labelSize` (pixels) where the labels are drawn smaller than the page's text (a cell's second line).
 */
export function fittedColumnWidth(labels: Iterable<string>, min: number, weight = 400, labelSize?: number): number {
  const root = typeof document === 'undefined' ? undefined : getComputedStyle(document.documentElement);
  const fontSize = labelSize ?? (Number.parseFloat(root?.fontSize ?? '') || 14);
  const measure = measuringContext();
  if (measure !== null) measure.font = `${weight} ${fontSize}px ${root?.fontFamily ?? 'sans-serif'}`;
  let widest = 0;
  for (const label of new Set(labels)) {
    widest = Math.max(widest, measure === null ? label.length * fontSize * fallbackEmPerChar : measure.measureText(label).width);
  }
  return Math.max(min, Math.ceil(widest) + cellPadding + 2);
}
