/**
 * Runs `work` once the browser has painted the current update (a frame, then a task after it):
 * for follow-ups an interaction causes but its first frame does not need — marking the lead
 * just opened as read — so the frame that answers the input comes sooner.
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work));
}
