/**
 * A signal that aborts after `ms` (a `TimeoutError`, as `AbortSignal.timeout`'s), and `clear`,
 * which stops its timer once the work is done. Not `AbortSignal.timeout`: its timer cannot be
 * cancelled, so every call left one running — and its signals held — for the whole time limit
 * after the answer came: 15 s of live timers after an element was removed, and a signal pair
 * per call in the heap meanwhile (test/e2e/lifecycle.test.ts).
 */
export function timeLimit(ms: number): { readonly signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
