/** Feature flags by name; unknown flags are off. (React-free: `leadkit` exports it to servers too.) */
export type Flags = Readonly<Record<string, boolean>>;

export const FLAG_NAMES = {
  /** The new-review-request experiment (spec §4: ClosedWon opens the review prompt). */
  newReviewRequest: 'new_review_request',
  /** Call tracking on the board (spec §7). */
  callTracking: 'pro_ads_leadcalltracking_v2_frontend_lead_board',
} as const;
