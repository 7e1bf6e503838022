/**
 * A camera sees the same label many times a second. A code is accepted once, then ignored for as
 * long as it keeps being seen with gaps shorter than `windowMs`.
 */
export function createDuplicateFilter(windowMs = 1500, now: () => number = () => Date.now()) {
  let last: { code: string; seenAt: number } | null = null;
  return {
    /** True when the code should be delivered. */
    accept(code: string): boolean {
      const at = now();
      const repeat = last !== null && last.code === code && at - last.seenAt < windowMs;
      last = { code, seenAt: at };
      return !repeat;
    },
    reset() {
      last = null;
    },
  };
}
