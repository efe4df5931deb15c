// Pure geometry: runs in plain Node, no DOM.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_LIMITS,
  type InkPoint,
  type Stroke,
  exportLayout,
  fitPlacement,
  inkBounds,
  inkPoint,
  outlineToSvgPath,
  placeStrokes,
  rescaleStrokes,
  strokeToSvgPath,
  toStrokeBox,
} from '../../../src/app/components/signature/geometry.ts';

const stroke = (points: [number, number][], size = 4): Stroke => ({ points: points.map(([x, y]): InkPoint => [x, y, 0.5]), size, realPressure: false });

const distance = (a: InkPoint, b: InkPoint) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('fitPlacement', () => {
  it('scales a box uniformly to the largest size that fits and centres it on the spare axis', () => {
    expect(fitPlacement({ width: 600, height: 200 }, { width: 300, height: 100 })).toEqual({ scale: 0.5, offsetX: 0, offsetY: 0 });
    // Narrower view: width limits the scale (0.5), the height left over (200 - 100) is split above and below.
    expect(fitPlacement({ width: 600, height: 200 }, { width: 300, height: 200 })).toEqual({ scale: 0.5, offsetX: 0, offsetY: 50 });
    // Wider view: height limits the scale (1), the ink is centred horizontally.
    expect(fitPlacement({ width: 600, height: 200 }, { width: 1000, height: 200 })).toEqual({ scale: 1, offsetX: 200, offsetY: 0 });
  });

  it('maps with the identity when either box is empty (a pad not laid out yet)', () => {
    expect(fitPlacement({ width: 0, height: 0 }, { width: 300, height: 200 })).toEqual({ scale: 1, offsetX: 0, offsetY: 0 });
    expect(fitPlacement({ width: 300, height: 200 }, { width: 0, height: 180 })).toEqual({ scale: 1, offsetX: 0, offsetY: 0 });
  });
});

describe('rescaling strokes', () => {
  const signature = [stroke([[10, 20], [200, 150], [590, 5]], 3.5), stroke([[300, 100]], 3.5)];

  it('scales points and nib size together', () => {
    const [first] = placeStrokes(signature, { scale: 0.5, offsetX: 10, offsetY: 20 });
    expect(first!.size).toBe(1.75);
    expect(first!.points[0]).toEqual([15, 30, 0.5]);
  });

  it('round-trips between boxes of the same shape', () => {
    const small = rescaleStrokes(signature, { width: 600, height: 200 }, { width: 300, height: 100 });
    const back = rescaleStrokes(small, { width: 300, height: 100 }, { width: 600, height: 200 });
    back.forEach((s, i) => {
      expect(s.size).toBeCloseTo(signature[i]!.size, 10);
      s.points.forEach((p, j) => p.forEach((v, k) => expect(v).toBeCloseTo(signature[i]!.points[j]![k]!, 10)));
    });
  });

  it('keeps the shape (every distance scales by one factor) and every point inside the new box, whatever the boxes', () => {
    const size = fc.record({ width: fc.integer({ min: 40, max: 2000 }), height: fc.integer({ min: 40, max: 1200 }) });
    fc.assert(
      fc.property(size, size, fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 2, maxLength: 12 }), (from, to, unit) => {
        const original = stroke(unit.map(([u, v]) => [u * from.width, v * from.height]));
        const [moved] = rescaleStrokes([original], from, to);
        const factor = Math.min(to.width / from.width, to.height / from.height);
        for (const [x, y] of moved!.points) {
          expect(x).toBeGreaterThanOrEqual(-1e-9);
          expect(y).toBeGreaterThanOrEqual(-1e-9);
          expect(x).toBeLessThanOrEqual(to.width + 1e-9);
          expect(y).toBeLessThanOrEqual(to.height + 1e-9);
        }
        for (let i = 1; i < original.points.length; i++) {
          expect(distance(moved!.points[i]!, moved!.points[0]!)).toBeCloseTo(distance(original.points[i]!, original.points[0]!) * factor, 6);
        }
        expect(moved!.size).toBeCloseTo(original.size * factor, 10);
      }),
    );
  });
});

describe('pointer positions', () => {
  const pad = { x: 100, y: 50, width: 300, height: 200 };

  it('are taken relative to the pad and mapped back through the placement', () => {
    const placement = fitPlacement({ width: 600, height: 200 }, { width: 300, height: 200 });
    // Pad-relative (150, 100) is the centre of the view, and so the centre of the 600 × 200 box.
    expect(inkPoint(250, 150, 0.5, pad, placement, { width: 600, height: 200 })).toEqual([300, 100, 0.5]);
    expect(toStrokeBox(0, 50, placement)).toEqual([0, 0]);
  });

  it('are clamped to the box, so a captured pointer dragged off the pad draws along its edge', () => {
    const box = { width: 300, height: 200 };
    expect(inkPoint(50, 20, 1.4, pad, fitPlacement(box, box), box)).toEqual([0, 0, 1]);
    expect(inkPoint(900, 900, -1, pad, fitPlacement(box, box), box)).toEqual([300, 200, 0]);
  });
});

describe('SVG paths', () => {
  it('run quadratic curves through the midpoints of the outline and close it', () => {
    expect(outlineToSvgPath([[0, 0], [10, 0], [10, 10], [0, 10]])).toBe('M0,5 Q0,0 5,0 Q10,0 10,5 Q10,10 5,10 Q0,10 0,5 Z');
    expect(outlineToSvgPath([[0.123, 1.456], [2, 2]])).toBe('M1.06,1.73 Q0.12,1.46 1.06,1.73 Q2,2 1.06,1.73 Z');
  });

  it('are empty for an empty outline', () => {
    expect(outlineToSvgPath([])).toBe('');
    expect(strokeToSvgPath({ points: [], size: 4, realPressure: false })).toBe('');
  });

  it('draw a tap as a dot around the point, about the nib wide', () => {
    const d = strokeToSvgPath(stroke([[50, 40]], 4));
    expect(d).toMatch(/^M[\d.]+,[\d.]+ Q.* Z$/);
    const numbers = d.match(/[\d.]+/g)!.map(Number);
    for (let i = 0; i < numbers.length; i += 2) {
      expect(Math.abs(numbers[i]! - 50)).toBeLessThanOrEqual(4);
      expect(Math.abs(numbers[i + 1]! - 40)).toBeLessThanOrEqual(4);
    }
  });

  it('follow a stroke from end to end', () => {
    // A "V" sampled every pixel, as pointer moves arrive: down to (60, 30) and up again.
    const v = Array.from({ length: 101 }, (_, i): [number, number] => [10 + i, 30 - Math.abs(50 - i) * 0.4]);
    const bounds = inkBounds([stroke(v, 4)])!;
    expect(bounds.x).toBeLessThan(11);
    expect(bounds.x + bounds.width).toBeGreaterThan(109);
    expect(bounds.y).toBeLessThan(11);
    expect(bounds.y + bounds.height).toBeGreaterThan(26);
  });
});

describe('exported image layout', () => {
  it('has no ink bounds without strokes', () => {
    expect(inkBounds([])).toBeNull();
  });

  it('trims to the ink plus a margin and doubles a small signature for print', () => {
    const layout = exportLayout({ x: 40, y: 30, width: 200, height: 60 });
    expect(layout.width).toBe(200 * 2 + 2 * EXPORT_LIMITS.margin);
    expect(layout.height).toBe(60 * 2 + 2 * EXPORT_LIMITS.margin);
    // The ink's top-left corner lands on the margin.
    expect(40 * layout.placement.scale + layout.placement.offsetX).toBe(EXPORT_LIMITS.margin);
    expect(30 * layout.placement.scale + layout.placement.offsetY).toBe(EXPORT_LIMITS.margin);
  });

  it('never exceeds the size limits, keeping the aspect ratio', () => {
    const wide = exportLayout({ x: 0, y: 0, width: 1500, height: 100 });
    expect(wide.width).toBeLessThanOrEqual(EXPORT_LIMITS.maxWidth);
    expect(wide.placement.scale).toBeCloseTo((EXPORT_LIMITS.maxWidth - 2 * EXPORT_LIMITS.margin) / 1500, 10);
    const tall = exportLayout({ x: 0, y: 0, width: 300, height: 400 });
    expect(tall.height).toBeLessThanOrEqual(EXPORT_LIMITS.maxHeight);
    expect(tall.width).toBe(Math.ceil(300 * tall.placement.scale + 2 * EXPORT_LIMITS.margin));
  });

  it('gives a dot a small image rather than a blown-up blob', () => {
    const dot = exportLayout({ x: 10, y: 10, width: 4, height: 4 });
    expect(dot.width).toBe(4 * 2 + 2 * EXPORT_LIMITS.margin);
  });
});
