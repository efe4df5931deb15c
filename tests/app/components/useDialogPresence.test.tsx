// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type DialogPresence, useDialogPresence, useLastShown } from '../../../src/app/components/useDialogPresence.ts';

afterEach(cleanup);

function renderPresence(open: boolean) {
  const seen: { current?: DialogPresence } = {};
  function Probe({ open }: { open: boolean }) {
    seen.current = useDialogPresence(open);
    return null;
  }
  const view = render(<Probe open={open} />);
  return { seen, rerender: (next: boolean) => view.rerender(<Probe open={next} />) };
}

describe('a dialog kept on the page while it closes', () => {
  it('is not on the page before it first opens', () => {
    const { seen } = renderPresence(false);
    expect(seen.current).toMatchObject({ mounted: false, opened: false });
  });

  it('stays on the page, closed, until its closing transition has ended; then leaves', () => {
    const { seen, rerender } = renderPresence(false);
    rerender(true);
    expect(seen.current).toMatchObject({ mounted: true, opened: true });
    rerender(false);
    expect(seen.current).toMatchObject({ mounted: true, opened: false });
    act(() => seen.current!.onExitTransitionEnd());
    expect(seen.current).toMatchObject({ mounted: false, opened: false });
  });

  it('opened again while closing, it stays and opens', () => {
    const { seen, rerender } = renderPresence(true);
    rerender(false);
    rerender(true);
    expect(seen.current).toMatchObject({ mounted: true, opened: true });
  });
});

describe('the last words a dialog showed', () => {
  it('are kept once the value is gone, and follow a new one', () => {
    const seen: { current?: string } = {};
    function Probe({ value }: { value?: string }) {
      seen.current = useLastShown(value);
      return null;
    }
    const view = render(<Probe />);
    expect(seen.current).toBeUndefined();
    view.rerender(<Probe value="Health Expenses" />);
    expect(seen.current).toBe('Health Expenses');
    view.rerender(<Probe />);
    expect(seen.current).toBe('Health Expenses');
    view.rerender(<Probe value="Rent Tax Credit" />);
    expect(seen.current).toBe('Rent Tax Credit');
  });
});
