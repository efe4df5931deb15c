/**
 * Signature geometry, free of the DOM: strokes are kept as points in the coordinate box they
 * were drawn in (CSS pixels of the pad at that time), and every view of them (the pad at its
 * current size, the exported image) is a uniform scale plus an offset of that box. Uniform
 * scaling is what keeps a signature undistorted when the pad changes shape.
 */
import { getStroke } from 'perfect-freehand';

/** One sampled pointer position: x, y in the stroke box, pressure 0..1. */
export type InkPoint = [x: number, y: number, pressure: number];

export interface Stroke {
  points: InkPoint[];
  /** Base nib diameter in the same units as the points. */
  size: number;
  /** The device reported real pressure (a pen); otherwise pressure is simulated from speed. */
  realPressure: boolean;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/** A uniform scale followed by an offset: view = stroke box × scale + offset. */
export interface Placement {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export const IDENTITY: Placement = { scale: 1, offsetX: 0, offsetY: 0 };

/** Nib diameter of a new stroke, in CSS pixels of the pad. */
export const NIB_SIZE = 4;

/** perfect-freehand settings for a pen-like signature line. */
const STROKE_OPTIONS = { thinning: 0.55, smoothing: 0.5, streamline: 0.45 } as const;

/**
 * The exported image: trimmed to the ink plus a margin, drawn at most twice the on-screen size
 * and never larger than this box, so a stored signature stays a few kilobytes.
 */
export const EXPORT_LIMITS: ExportLimits = { maxWidth: 800, maxHeight: 300, maxScale: 2, margin: 8 };

export interface ExportLimits {
  maxWidth: number;
  maxHeight: number;
  /** Largest enlargement of the ink over its on-screen size. */
  maxScale: number;
  /** White space around the ink, in image pixels. */
  margin: number;
}

/**
 * The placement that shows a `from` box as large as possible inside `to` without distortion,
 * centred on the axis with room to spare. An empty box maps with the identity.
 */
export function fitPlacement(from: Size, to: Size): Placement {
  if (from.width <= 0 || from.height <= 0 || to.width <= 0 || to.height <= 0) return IDENTITY;
  const scale = Math.min(to.width / from.width, to.height / from.height);
  return { scale, offsetX: (to.width - from.width * scale) / 2, offsetY: (to.height - from.height * scale) / 2 };
}

/** Maps a view position back into the stroke box (the inverse of `placement`). */
export function toStrokeBox(x: number, y: number, placement: Placement): [number, number] {
  return [(x - placement.offsetX) / placement.scale, (y - placement.offsetY) / placement.scale];
}

/**
 * A pointer position (client coordinates) as a point of the stroke box: relative to the pad's
 * rectangle, mapped through the inverse placement and clamped to the box, so a captured pointer
 * dragged outside the pad draws along its edge instead of off the image.
 */
export function inkPoint(clientX: number, clientY: number, pressure: number, pad: Rect, placement: Placement, box: Size): InkPoint {
  const [x, y] = toStrokeBox(clientX - pad.x, clientY - pad.y, placement);
  return [clamp(x, 0, box.width), clamp(y, 0, box.height), clamp(pressure, 0, 1)];
}

/** Strokes moved by a placement: points and nib sizes scale together. */
export function placeStrokes(strokes: readonly Stroke[], placement: Placement): Stroke[] {
  const { scale, offsetX, offsetY } = placement;
  return strokes.map((stroke) => ({
    ...stroke,
    size: stroke.size * scale,
    points: stroke.points.map(([x, y, pressure]): InkPoint => [x * scale + offsetX, y * scale + offsetY, pressure]),
  }));
}

/** Strokes drawn in box `from` redrawn to fit box `to`, undistorted (see `fitPlacement`). */
export function rescaleStrokes(strokes: readonly Stroke[], from: Size, to: Size): Stroke[] {
  return placeStrokes(strokes, fitPlacement(from, to));
}

/** The filled outline of a stroke (perfect-freehand); `complete` tapers the end as a lifted pen. */
export function strokeOutline(stroke: Stroke, complete = true): [number, number][] {
  return getStroke(stroke.points, { ...STROKE_OPTIONS, size: stroke.size, simulatePressure: !stroke.realPressure, last: complete });
}

const fixed = (n: number) => String(Math.round(n * 100) / 100);

/**
 * A closed SVG path through an outline: quadratic curves whose control points are the outline
 * points and whose ends are the midpoints between neighbours, which rounds every corner.
 */
export function outlineToSvgPath(outline: readonly (readonly [number, number])[]): string {
  const count = outline.length;
  if (count === 0) return '';
  const mid = (i: number): string => {
    const a = outline[i % count]!;
    const b = outline[(i + 1) % count]!;
    return `${fixed((a[0] + b[0]) / 2)},${fixed((a[1] + b[1]) / 2)}`;
  };
  const parts = [`M${mid(count - 1)}`];
  for (let i = 0; i < count; i++) {
    const [x, y] = outline[i]!;
    parts.push(`Q${fixed(x)},${fixed(y)} ${mid(i)}`);
  }
  parts.push('Z');
  return parts.join(' ');
}

/** The SVG path of one stroke, ready for `new Path2D(d)` or an SVG `<path d>`. */
export function strokeToSvgPath(stroke: Stroke, complete = true): string {
  return outlineToSvgPath(strokeOutline(stroke, complete));
}

/**
 * The rectangle covering all ink (outlines, so the nib's width counts), or null with no ink.
 * `outlineOf` lets a caller reuse outlines it has already computed.
 */
export function inkBounds(strokes: readonly Stroke[], outlineOf: (stroke: Stroke) => readonly (readonly [number, number])[] = strokeOutline): Rect | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const stroke of strokes) {
    for (const [x, y] of outlineOf(stroke)) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  if (minX > maxX) return null;
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

export interface ExportLayout extends Size {
  /** Where the strokes go on the image (whole pixels). */
  placement: Placement;
}

/**
 * The size of the exported image and where the ink goes on it: the ink bounds plus a margin,
 * scaled up to `maxScale` for print sharpness but never beyond `maxWidth` × `maxHeight`.
 */
export function exportLayout(bounds: Rect, limits: ExportLimits = EXPORT_LIMITS): ExportLayout {
  const inkWidth = Math.max(bounds.width, 1);
  const inkHeight = Math.max(bounds.height, 1);
  const available = { width: limits.maxWidth - 2 * limits.margin, height: limits.maxHeight - 2 * limits.margin };
  const scale = Math.min(limits.maxScale, available.width / inkWidth, available.height / inkHeight);
  const width = Math.ceil(inkWidth * scale + 2 * limits.margin);
  const height = Math.ceil(inkHeight * scale + 2 * limits.margin);
  return {
    width,
    height,
    placement: { scale, offsetX: limits.margin - bounds.x * scale, offsetY: limits.margin - bounds.y * scale },
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
