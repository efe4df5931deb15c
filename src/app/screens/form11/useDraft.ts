import { useEffect, useRef, useState } from 'react';
import type { JsonValue } from '../../../../machines/form11Flow/form11Flow.view.ts';

/** Typing pauses this long before what is typed is handed on: a keystroke must not save the whole progress. */
const DRAFT_PAUSE_MS = 300;

export interface DraftSaver {
  /** Give it the form's values on every change. */
  change(values: unknown): void;
  /** Hand on what is pending now (before the page is left). */
  flush(): void;
  /** Forget what is pending (the page was submitted: its answer replaces the draft). */
  drop(): void;
}

/**
 * What is typed on a page of the guided flow, handed to `save` (the flow's `step.draft`) after a
 * short pause, and at once when the page goes (another page, a link, a reload or a closed tab), so
 * nothing typed is lost. With `save` null (a page opened on its own) nothing is kept.
 */
export function useDraft(save: ((values: JsonValue) => void) | null): DraftSaver {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const [saver] = useState(() => {
    let pending: JsonValue | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drop = () => {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    };
    const flush = () => {
      const values = pending;
      drop();
      if (values !== undefined) saveRef.current?.(values);
    };
    return {
      change(values: unknown) {
        if (!saveRef.current) return;
        // Plain JSON: what the form holds is strings, numbers, booleans and lists of them.
        pending = JSON.parse(JSON.stringify(values)) as JsonValue;
        clearTimeout(timer);
        timer = setTimeout(flush, DRAFT_PAUSE_MS);
      },
      flush,
      drop,
    } satisfies DraftSaver;
  });
  useEffect(() => {
    // A reload or a closed tab: no unmount runs, so the page's last words are saved here.
    window.addEventListener('pagehide', saver.flush);
    return () => {
      window.removeEventListener('pagehide', saver.flush);
      saver.flush();
    };
  }, [saver]);
  return saver;
}
