// @vitest-environment happy-dom
import { act, fireEvent, renderHook, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form11Form } from '../../../src/app/screens/form11/Form11Form.tsx';
import { useDraft } from '../../../src/app/screens/form11/useDraft.ts';
import { ESTIMATOR, renderWithTheme, TODAY, YEAR } from './render.tsx';

afterEach(() => vi.useRealTimers());

describe('a page’s draft (what is typed and not submitted)', () => {
  it('is handed on 300 ms after typing stops, once, with the last values', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const { result } = renderHook(() => useDraft(save));
    act(() => {
      result.current.change({ doctorsAndConsultants: '8' });
      vi.advanceTimersByTime(200);
      result.current.change({ doctorsAndConsultants: '80' });
      vi.advanceTimersByTime(299);
    });
    expect(save).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledExactlyOnceWith({ doctorsAndConsultants: '80' });
  });

  it('is handed on at once when the page goes (unmount) or the tab is reloaded (pagehide), not after a submit', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const { result, unmount } = renderHook(() => useDraft(save));
    act(() => result.current.change({ landlordName: 'Harbour' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenLastCalledWith({ landlordName: 'Harbour' });
    act(() => result.current.change({ landlordName: 'Harbour Lettings' }));
    unmount();
    expect(save).toHaveBeenLastCalledWith({ landlordName: 'Harbour Lettings' });
    expect(save).toHaveBeenCalledTimes(2);

    const submitted = vi.fn();
    const page = renderHook(() => useDraft(submitted));
    act(() => {
      page.result.current.change({ landlordName: 'Harbour' });
      page.result.current.drop();
    });
    page.unmount();
    expect(submitted, 'the answer replaces the draft').not.toHaveBeenCalled();
  });

  it('is not kept for a page opened on its own', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDraft(null));
    act(() => {
      result.current.change({ amount: '1' });
      vi.advanceTimersByTime(1000);
    });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the form’s Back and draft', () => {
  it('reports the form’s values on every change (800 in Doctor and consultant fees), shows Back when given one, and starts from a draft', () => {
    const onDraft = vi.fn();
    const onBack = vi.fn();
    const view = renderWithTheme(
      <Form11Form category="health-expenses" year={YEAR} estimator={ESTIMATOR} today={TODAY} onSubmit={vi.fn()} onDraft={onDraft} onBack={onBack} submitLabel="Next" />,
    );
    const form = within(view.container.querySelector('form') as HTMLElement);
    const doctors = form.getByRole('textbox', { name: /^Doctor and consultant fees/ });
    fireEvent.change(doctors, { target: { value: '800' } });
    expect(onDraft).toHaveBeenLastCalledWith(expect.objectContaining({ doctorsAndConsultants: 800 }));
    fireEvent.click(form.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    view.unmount();

    const again = renderWithTheme(
      <Form11Form category="health-expenses" year={YEAR} estimator={ESTIMATOR} today={TODAY} onSubmit={vi.fn()} initialValues={onDraft.mock.lastCall![0]} />,
    );
    const form2 = within(again.container.querySelector('form') as HTMLElement);
    expect((form2.getByRole('textbox', { name: /^Doctor and consultant fees/ }) as HTMLInputElement).value).toContain('800');
    expect(form2.queryByRole('button', { name: 'Back' }), 'no Back on a page opened on its own').toBeNull();
  });
});
