import { Box, Button, Group, Input, Text } from '@mantine/core';
import { type PointerEvent as ReactPointerEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { SIGNATURE_EMIT_DELAY_MS } from '../../domain/constants.ts';
import { type Size, type Stroke, NIB_SIZE, fitPlacement, inkPoint, rescaleStrokes } from './signature/geometry.ts';
import { PAPER_COLOUR, paintStrokes, signatureImage } from './signature/paint.ts';

export const SIGNATURE_INSTRUCTIONS = 'Sign with your mouse, finger or pen';
export const SIGNATURE_DEFAULT_LABEL = 'Signature';
const DEFAULT_HEIGHT = 180;
/** Pressure stored for devices that report none (mouse, most touch screens); the stroke simulates it. */
const NEUTRAL_PRESSURE = 0.5;

export interface SignaturePadProps {
  /** Visible label of the pad; also names the drawing for assistive technology. Default "Signature". */
  label?: string;
  description?: ReactNode;
  /** An error from the form (e.g. "Please sign"); marks the pad invalid and is announced with it. */
  error?: ReactNode;
  /** Shows the required asterisk beside the label. */
  required?: boolean;
  /** Ignores drawing and disables Clear; the signature already drawn stays. */
  disabled?: boolean;
  /** Height of the drawing area in CSS pixels; the width follows the container. Default 180. */
  height?: number;
  /**
   * The signature as a PNG data URL (trimmed to the ink, white background, at most 800 × 300
   * pixels), SIGNATURE_EMIT_DELAY_MS after the last stroke ends; null after Clear.
   */
  onChange: (dataUrl: string | null) => void;
}

/**
 * What the pad holds between renders. Strokes live in `box`, the pad's size when they were
 * drawn; the view shows that box scaled uniformly to fit the current size, so resizing never
 * loses or distorts ink. A stroke started at a new size first moves the old ink into the new
 * box exactly where it is shown.
 */
interface PadModel {
  strokes: Stroke[];
  box: Size;
  view: Size;
  pixelRatio: number;
  /** The pointer drawing the last stroke, while it is down. */
  pointerId: number | null;
}

const sameSize = (a: Size, b: Size) => a.width === b.width && a.height === b.height;

/**
 * A signature pad (PAYE authorisation): draw with mouse, finger or pen (pointer events with the
 * pen's pressure, pointer capture, no scrolling or zooming while drawing), Clear, and the image
 * emitted once the signer pauses. The ink is redrawn sharp at every size and pixel density.
 */
export function SignaturePad({ label = SIGNATURE_DEFAULT_LABEL, description, error, required, disabled = false, height = DEFAULT_HEIGHT, onChange }: SignaturePadProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const model = useRef<PadModel>({ strokes: [], box: { width: 0, height: 0 }, view: { width: 0, height: 0 }, pixelRatio: 1, pointerId: null });
  const emitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  const [hasInk, setHasInk] = useState(false);

  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const paint = () => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const pad = model.current;
    paintStrokes(ctx, pad.strokes, fitPlacement(pad.box, pad.view), pad.pixelRatio, { lastInProgress: pad.pointerId !== null });
  };

  /** Matches the canvas's backing store to its CSS size times the pixel ratio, then redraws. */
  const fitCanvas = (cssWidth: number, cssHeight: number) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = model.current;
    const pixelRatio = window.devicePixelRatio || 1;
    if (!sameSize(pad.view, { width: cssWidth, height: cssHeight }) || pad.pixelRatio !== pixelRatio) {
      pad.view = { width: cssWidth, height: cssHeight };
      pad.pixelRatio = pixelRatio;
      if (pad.strokes.length === 0) pad.box = pad.view;
      canvas.width = Math.max(1, Math.round(cssWidth * pixelRatio));
      canvas.height = Math.max(1, Math.round(cssHeight * pixelRatio));
    }
    paint();
  };

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const rect = canvas.getBoundingClientRect();
    fitCanvas(rect.width, rect.height);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) fitCanvas(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
    // fitCanvas only reads refs; the observer is set up once per canvas.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => clearTimeout(emitTimer.current), []);

  const scheduleEmit = () => {
    clearTimeout(emitTimer.current);
    emitTimer.current = setTimeout(() => {
      emitTimer.current = undefined;
      onChangeRef.current(signatureImage(model.current.strokes));
    }, SIGNATURE_EMIT_DELAY_MS);
  };

  const addPoints = (event: ReactPointerEvent<HTMLCanvasElement>, stroke: Stroke) => {
    const pad = model.current;
    const rect = event.currentTarget.getBoundingClientRect();
    const placement = fitPlacement(pad.box, pad.view);
    const native = event.nativeEvent;
    // Browsers deliver one move per frame; the coalesced events hold every sample in between.
    const samples = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    for (const sample of samples.length > 0 ? samples : [native]) {
      const pressure = stroke.realPressure ? sample.pressure : NEUTRAL_PRESSURE;
      stroke.points.push(inkPoint(sample.clientX, sample.clientY, pressure, rect, placement, pad.box));
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const pad = model.current;
    if (disabled || pad.pointerId !== null) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    const canvas = event.currentTarget;
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // The pointer is already gone (released between the event and this call): draw without capture.
    }
    clearTimeout(emitTimer.current);
    const rect = canvas.getBoundingClientRect();
    fitCanvas(rect.width, rect.height);
    if (!sameSize(pad.box, pad.view)) {
      pad.strokes = rescaleStrokes(pad.strokes, pad.box, pad.view);
      pad.box = pad.view;
    }
    const stroke: Stroke = { points: [], size: NIB_SIZE, realPressure: event.pointerType === 'pen' && event.pressure > 0 };
    const placement = fitPlacement(pad.box, pad.view);
    stroke.points.push(inkPoint(event.clientX, event.clientY, stroke.realPressure ? event.pressure : NEUTRAL_PRESSURE, rect, placement, pad.box));
    pad.strokes = [...pad.strokes, stroke];
    pad.pointerId = event.pointerId;
    setHasInk(true);
    paint();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const pad = model.current;
    const stroke = pad.strokes[pad.strokes.length - 1];
    if (event.pointerId !== pad.pointerId || !stroke) return;
    addPoints(event, stroke);
    paint();
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const pad = model.current;
    if (event.pointerId !== pad.pointerId) return;
    pad.pointerId = null;
    paint();
    scheduleEmit();
  };

  const clear = () => {
    clearTimeout(emitTimer.current);
    const pad = model.current;
    pad.strokes = [];
    pad.pointerId = null;
    pad.box = pad.view;
    setHasInk(false);
    paint();
    onChangeRef.current(null);
  };

  const instructionsId = `${id}-instructions`;
  const describedBy = [instructionsId, description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      withAsterisk={required}
      labelElement="div"
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <Box
        mt={description ? 6 : 4}
        style={{
          position: 'relative',
          minWidth: 0,
          borderRadius: 'var(--mantine-radius-md)',
          // gray.6 on white is 3.3:1: the pad's edge is visible (WCAG 1.4.11 non-text contrast).
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-6)'}`,
          background: PAPER_COLOUR,
          overflow: 'hidden',
          opacity: disabled ? 0.6 : 1,
        }}
      >
        {/* A signing line, as on paper; not part of the image. */}
        <Box
          aria-hidden
          style={{ position: 'absolute', left: '6%', right: '6%', top: '75%', borderTop: '1px dashed var(--mantine-color-gray-5)', pointerEvents: 'none' }}
        />
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${label}, ${hasInk ? 'signed' : 'empty'}`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-disabled={disabled || undefined}
          data-testid="signature-canvas"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onLostPointerCapture={onPointerEnd}
          onContextMenu={(event) => event.preventDefault()}
          style={{
            position: 'relative',
            display: 'block',
            width: '100%',
            height,
            touchAction: 'none',
            userSelect: 'none',
            WebkitUserSelect: 'none',
            cursor: disabled ? 'not-allowed' : 'crosshair',
          }}
        />
      </Box>
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <Text id={instructionsId} size="sm" c="dimmed">
          {SIGNATURE_INSTRUCTIONS}
        </Text>
        <Button variant="default" size="compact-sm" style={{ flexShrink: 0 }} onClick={clear} disabled={disabled || !hasInk} aria-label={`Clear ${label.toLowerCase()}`}>
          Clear
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
