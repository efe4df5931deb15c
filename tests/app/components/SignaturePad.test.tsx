// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNATURE_INSTRUCTIONS, SignaturePad, type SignaturePadProps } from '../../../src/app/components/SignaturePad.tsx';
import { theme } from '../../../src/app/theme.ts';
import { SIGNATURE_EMIT_DELAY_MS } from '../../../src/domain/constants.ts';

/**
 * happy-dom has no canvas backend and no layout: the pad's 2D context is a recorder, the pad
 * measures 300 × 180 CSS pixels at (20, 40), and ResizeObserver is one the test triggers.
 */
interface Recorder {
  canvas: HTMLCanvasElement;
  transforms: number[][];
  fills: string[];
  fillRects: number;
}
let recorders: Recorder[];
let resizeObservers: { callback: ResizeObserverCallback; targets: Element[] }[];
let padRect: { left: number; top: number; width: number; height: number };

class RecordedPath {
  constructor(readonly d: string) {}
}

function fakeContext(this: HTMLCanvasElement): CanvasRenderingContext2D {
  let recorder = recorders.find((r) => r.canvas === this);
  if (!recorder) {
    recorder = { canvas: this, transforms: [], fills: [], fillRects: 0 };
    recorders.push(recorder);
  }
  const r = recorder;
  return {
    canvas: this,
    fillStyle: '',
    setTransform: (...args: number[]) => r.transforms.push(args),
    clearRect: () => {
      r.fills = [];
    },
    fillRect: () => {
      r.fillRects += 1;
    },
    fill: (path: RecordedPath) => r.fills.push(path.d),
  } as unknown as CanvasRenderingContext2D;
}

beforeEach(() => {
  vi.useFakeTimers();
  recorders = [];
  resizeObservers = [];
  padRect = { left: 20, top: 40, width: 300, height: 180 };
  vi.stubGlobal('Path2D', RecordedPath);
  vi.stubGlobal('devicePixelRatio', 2);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: { callback: ResizeObserverCallback; targets: Element[] };
      constructor(callback: ResizeObserverCallback) {
        this.entry = { callback, targets: [] };
        resizeObservers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
      unobserve() {}
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(fakeContext as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ ...padRect, x: padRect.left, y: padRect.top, right: padRect.left + padRect.width, bottom: padRect.top + padRect.height, toJSON: () => ({}) }) as DOMRect,
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPad(props: Partial<SignaturePadProps> = {}) {
  const onChange = vi.fn<(dataUrl: string | null) => void>();
  const utils = render(
    <MantineProvider theme={theme} env="test">
      <SignaturePad onChange={onChange} {...props} />
    </MantineProvider>,
  );
  const canvas = screen.getByRole('img') as HTMLCanvasElement;
  return { ...utils, onChange, canvas, view: () => recorders.find((r) => r.canvas === canvas)! };
}

type PointerInit = { pointerId?: number; pointerType?: string; button?: number; pressure?: number };

/** A stroke from `from` to `to` in pad-relative CSS pixels, sampled at `steps` moves. */
function drawStroke(canvas: HTMLCanvasElement, from: [number, number], to: [number, number], init: PointerInit = {}, steps = 5) {
  const event = { pointerId: 1, pointerType: 'mouse', button: 0, pressure: 0.5, ...init };
  const at = ([x, y]: [number, number]) => ({ clientX: padRect.left + x, clientY: padRect.top + y });
  fireEvent.pointerDown(canvas, { ...event, ...at(from) });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    fireEvent.pointerMove(canvas, { ...event, ...at([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]) });
  }
  fireEvent.pointerUp(canvas, { ...event, ...at(to) });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** All numbers of the SVG paths last filled on a canvas: ink coordinates before the transform. */
const pathNumbers = (fills: string[]) => fills.join(' ').match(/-?[\d.]+/g)!.map(Number);

describe('SignaturePad', () => {
  it('shows a labelled, empty pad with instructions and a disabled Clear', () => {
    const { canvas } = renderPad({ description: 'As on your passport' });
    expect(screen.getByRole('group', { name: 'Signature' })).toBeTruthy();
    expect(canvas.getAttribute('aria-label')).toBe('Signature, empty');
    expect(screen.getByText(SIGNATURE_INSTRUCTIONS)).toBeTruthy();
    const describedBy = canvas.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([SIGNATURE_INSTRUCTIONS, 'As on your passport']);
    expect(canvas.style.touchAction).toBe('none');
    expect((screen.getByRole('button', { name: 'Clear signature' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sizes its canvas to the CSS size times the device pixel ratio', () => {
    const { canvas } = renderPad();
    expect([canvas.width, canvas.height]).toEqual([600, 360]);
  });

  it('emits a PNG data URL once, SIGNATURE_EMIT_DELAY_MS after the stroke ends', () => {
    const { canvas, onChange } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60]);
    expect(canvas.getAttribute('aria-label')).toBe('Signature, signed');
    advance(SIGNATURE_EMIT_DELAY_MS - 1);
    expect(onChange).not.toHaveBeenCalled();
    advance(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0]).toMatch(/^data:image\/png;base64,/);
    advance(1000);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('draws the ink on the pad and on the exported image (white paper, trimmed)', () => {
    const { canvas, view } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60]);
    expect(view().fills).toHaveLength(1);
    // The pad's transform is the device pixel ratio (strokes live in the pad's own CSS pixels).
    expect(view().transforms.at(-1)).toEqual([2, 0, 0, 2, 0, 0]);
    const xs = pathNumbers(view().fills).filter((_, i) => i % 2 === 0);
    expect(Math.min(...xs)).toBeLessThan(32);
    expect(Math.max(...xs)).toBeGreaterThan(248);
    advance(SIGNATURE_EMIT_DELAY_MS);
    const image = recorders.find((r) => r.canvas !== canvas)!;
    expect(image.fillRects).toBe(1);
    expect(image.fills).toHaveLength(1);
    // About 220 × 40 CSS pixels of ink, doubled, plus margins: well under the 800 × 300 limit.
    expect(image.canvas.width).toBeGreaterThan(440);
    expect(image.canvas.width).toBeLessThan(480);
    expect(image.canvas.height).toBeLessThan(120);
  });

  it('takes every coalesced sample of a move', () => {
    const { canvas, view } = renderPad();
    const at = (x: number, y: number) => ({ clientX: padRect.left + x, clientY: padRect.top + y });
    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'mouse', ...at(20, 100) });
    // One move whose samples rise to y = 10 and come back down to where the move event itself is.
    const samples = [40, 50, 60, 70, 80, 90, 100, 110].map((x) => new PointerEvent('pointermove', { pointerId: 1, ...at(x, x === 110 ? 100 : 10) }));
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', ...at(110, 100), coalescedEvents: samples });
    const ys = pathNumbers(view().fills).filter((_, i) => i % 2 === 1);
    expect(Math.min(...ys)).toBeLessThan(40);
  });

  it('debounces quick strokes into one emission after the last', () => {
    const { canvas, onChange } = renderPad();
    drawStroke(canvas, [20, 100], [80, 60]);
    advance(60);
    drawStroke(canvas, [90, 100], [150, 60]);
    advance(60);
    drawStroke(canvas, [160, 100], [220, 60]);
    advance(SIGNATURE_EMIT_DELAY_MS - 1);
    expect(onChange).not.toHaveBeenCalled();
    advance(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(recorders.find((r) => r.canvas !== canvas)!.fills).toHaveLength(3);
  });

  it('holds the emission while a stroke is in progress', () => {
    const { canvas, onChange } = renderPad();
    drawStroke(canvas, [20, 100], [80, 60]);
    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 150, clientY: 120 });
    advance(500);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 150, clientY: 120 });
    advance(SIGNATURE_EMIT_DELAY_MS);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('Clear empties the pad, emits null at once and cancels a pending image', () => {
    const { canvas, onChange, view } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60]);
    advance(50);
    fireEvent.click(screen.getByRole('button', { name: 'Clear signature' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(view().fills).toHaveLength(0);
    expect(canvas.getAttribute('aria-label')).toBe('Signature, empty');
    expect((screen.getByRole('button', { name: 'Clear signature' }) as HTMLButtonElement).disabled).toBe(true);
    advance(1000);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('signs again after Clear', () => {
    const { canvas, onChange } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60]);
    advance(SIGNATURE_EMIT_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Clear signature' }));
    drawStroke(canvas, [30, 60], [250, 100]);
    advance(SIGNATURE_EMIT_DELAY_MS);
    expect(onChange.mock.calls.map(([value]) => (value === null ? null : 'image'))).toEqual(['image', null, 'image']);
  });

  it('ignores input while disabled, keeps what was drawn, and disables Clear', () => {
    const { canvas, onChange, rerender, view } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60]);
    advance(SIGNATURE_EMIT_DELAY_MS);
    rerender(
      <MantineProvider theme={theme} env="test">
        <SignaturePad onChange={onChange} disabled />
      </MantineProvider>,
    );
    drawStroke(canvas, [30, 20], [250, 150]);
    advance(1000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(view().fills).toHaveLength(1);
    expect(canvas.getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByRole('button', { name: 'Clear signature' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ignores a right-button press and a second finger while one is drawing', () => {
    const { canvas, onChange, view } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60], { button: 2 });
    advance(1000);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerDown(canvas, { pointerId: 7, pointerType: 'touch', clientX: 60, clientY: 140 });
    fireEvent.pointerDown(canvas, { pointerId: 8, pointerType: 'touch', clientX: 200, clientY: 140 });
    fireEvent.pointerMove(canvas, { pointerId: 8, pointerType: 'touch', clientX: 250, clientY: 60 });
    fireEvent.pointerUp(canvas, { pointerId: 8, pointerType: 'touch', clientX: 250, clientY: 60 });
    advance(1000);
    expect(onChange).not.toHaveBeenCalled();
    expect(view().fills).toHaveLength(1);
    fireEvent.pointerCancel(canvas, { pointerId: 7, pointerType: 'touch' });
    advance(SIGNATURE_EMIT_DELAY_MS);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('redraws the same ink, scaled uniformly and centred, when the pad is resized', () => {
    const { canvas, view } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60]);
    const before = view().fills;
    expect(resizeObservers[0]!.targets).toEqual([canvas]);
    padRect = { ...padRect, width: 150 };
    act(() => resizeObservers[0]!.callback([{ contentRect: { width: 150, height: 180 } } as ResizeObserverEntry], {} as ResizeObserver));
    expect([canvas.width, canvas.height]).toEqual([300, 360]);
    // Same paths, now scaled by 150/300 and moved down by (180 - 90) / 2, times the pixel ratio 2.
    expect(view().fills).toEqual(before);
    expect(view().transforms.at(-1)).toEqual([1, 0, 0, 1, 0, 90]);
    // Back to full width: exactly as drawn.
    padRect = { ...padRect, width: 300 };
    act(() => resizeObservers[0]!.callback([{ contentRect: { width: 300, height: 180 } } as ResizeObserverEntry], {} as ResizeObserver));
    expect(view().fills).toEqual(before);
    expect(view().transforms.at(-1)).toEqual([2, 0, 0, 2, 0, 0]);
  });

  it('keeps earlier ink where it is shown when signing goes on at a new size', () => {
    const { canvas, view } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60]);
    padRect = { ...padRect, width: 150 };
    act(() => resizeObservers[0]!.callback([{ contentRect: { width: 150, height: 180 } } as ResizeObserverEntry], {} as ResizeObserver));
    drawStroke(canvas, [10, 170], [140, 170]);
    // The pad's box is now 150 × 180: the first stroke was moved to where it was shown (x from 15
    // to 125, y about 75 to 95), the new one lies along the bottom.
    expect(view().transforms.at(-1)).toEqual([2, 0, 0, 2, 0, 0]);
    const [first, second] = view().fills.map((d) => pathNumbers([d]));
    const firstXs = first!.filter((_, i) => i % 2 === 0);
    const firstYs = first!.filter((_, i) => i % 2 === 1);
    expect(Math.min(...firstXs)).toBeGreaterThan(12);
    expect(Math.max(...firstXs)).toBeLessThan(128);
    expect(Math.min(...firstYs)).toBeGreaterThan(70);
    expect(Math.max(...firstYs)).toBeLessThan(100);
    expect(Math.min(...second!.filter((_, i) => i % 2 === 1))).toBeGreaterThan(165);
  });

  it('shows a form error on the pad and links it for assistive technology', () => {
    const { canvas } = renderPad({ error: 'Please sign the declaration' });
    expect(canvas.getAttribute('aria-invalid')).toBe('true');
    const describedBy = canvas.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain('Please sign the declaration');
  });

  it('stops a pending emission when it unmounts', () => {
    const { canvas, onChange, unmount } = renderPad();
    drawStroke(canvas, [30, 100], [250, 60]);
    unmount();
    advance(1000);
    expect(onChange).not.toHaveBeenCalled();
  });
});
