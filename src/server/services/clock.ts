/** The server's notion of now, injectable so token lifetimes can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

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
