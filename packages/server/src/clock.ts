/** Where the server reads the time. Tests pass one they control (OTP expiry, sale windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move. */
export interface ManualClock extends Clock {
  set(to: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string = new Date()): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (to) => void (current = new Date(to).getTime()),
    advance: (ms) => void (current += ms),
  };
}
