/** The server's notion of now, injectable so token lifetimes can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock moved to read `start` now and run on from there in real time (CLOCK_START,
 * test mode only): a browser test can live on a date of its choosing, whatever today is.
 */
export function clockStartingAt(start: Date, real: () => number = Date.now): Clock {
  const offset = start.getTime() - real();
  return { now: () => new Date(real() + offset) };
}

/** A clock that only moves when told to. */
export function createManualClock(start: Date | string = '2026-01-15T10:00:00.000Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(at: Date | string) {
      current = new Date(at).getTime();
    },
  };
}
