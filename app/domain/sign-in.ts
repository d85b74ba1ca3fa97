const FAILURES_BEFORE_SLOWING = 5
const SLOWING_PER_FAILURE_MS = 200
export const MAX_SIGN_IN_DELAY_MS = 3_000

/**
 * How long to hold a sign-in to an account that had `failures` failed sign-ins lately, from
 * any address: nothing for a few typos, then more with each failure, never past a few seconds.
 * Guessing gets slow; the owner, with the right password, still gets in.
 */
export function signInDelayMs(failures: number) {
  return Math.min(MAX_SIGN_IN_DELAY_MS, Math.max(0, failures - FAILURES_BEFORE_SLOWING) * SLOWING_PER_FAILURE_MS)
}
