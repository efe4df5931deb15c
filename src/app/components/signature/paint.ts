/** Drawing strokes on a 2D canvas: the pad's view and the exported image use the same code. */
import { type Placement, type Stroke, exportLayout, inkBounds, outlineToSvgPath, strokeOutline, strokeToSvgPath } from './geometry.ts';

/** Ink and paper: near-black on white, like a pen on the printed declaration. */
export const INK_COLOUR = '#1a1b1e';
export const PAPER_COLOUR = '#ffffff';

/**
 * Outline and path of each finished stroke, computed once: a move of the pointer then costs
 * only the stroke being drawn, however long the signature. Strokes are never changed once
 * finished (rescaling makes new ones), so the cache cannot go stale.
 */
const finished = new WeakMap<Stroke, { outline: [number, number][]; path: Path2D | null }>();

function finishedStroke(stroke: Stroke) {
  let entry = finished.get(stroke);
  if (!entry) {
    const outline = strokeOutline(stroke);
    const d = outlineToSvgPath(outline);
    entry = { outline, path: d ? new Path2D(d) : null };
    finished.set(stroke, entry);
  }
  return entry;
}

/**
 * Clears the canvas and fills every stroke, placed on it by `placement` (CSS pixels) times the
 * device pixel ratio, so lines stay sharp on high-density screens. The last stroke is drawn
 * unfinished (no end taper, not cached) while the pointer is still down.
 */
export function paintStrokes(
  ctx: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  placement: Placement,
  pixelRatio: number,
  options: { lastInProgress?: boolean; paper?: boolean } = {},
): void {
  const { canvas } = ctx;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (options.paper) {
    ctx.fillStyle = PAPER_COLOUR;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  const scale = placement.scale * pixelRatio;
  ctx.setTransform(scale, 0, 0, scale, placement.offsetX * pixelRatio, placement.offsetY * pixelRatio);
  ctx.fillStyle = INK_COLOUR;
  strokes.forEach((stroke, index) => {
    if (options.lastInProgress && index === strokes.length - 1) {
      const d = strokeToSvgPath(stroke, false);
      if (d) ctx.fill(new Path2D(d));
      return;
    }
    const { path } = finishedStroke(stroke);
    if (path) ctx.fill(path);
  });
}

/**
 * The signature as a PNG data URL: trimmed to the ink, on a white background (it is shown and
 * printed on white forms, and stays legible in a dark theme), at most `EXPORT_LIMITS` in size.
 * Null when there is no ink. Only finished strokes are exported.
 */
export function signatureImage(strokes: readonly Stroke[]): string | null {
  const bounds = inkBounds(strokes, (stroke) => finishedStroke(stroke).outline);
  if (!bounds) return null;
  const layout = exportLayout(bounds);
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const ctx = canvas.getContext('2d');
  if (ctx) paintStrokes(ctx, strokes, layout.placement, 1, { paper: true });
  return canvas.toDataURL('image/png');
}
