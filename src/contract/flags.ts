/** Feature flags by name; unknown flags are off. (React-free: `leadkit` exports it to servers too.) */
export type Flags = Readonly<Record<string, boolean>>;

export const FLAG_NAMES = {
  /** The new-review-request experiment (ClosedWon opens the review prompt). */
  newReviewRequest: 'new_review_request',
  /**
   * The provider uses the office inbox (the spec: the board's Message link goes "to the office
   * inbox … when the inbox is enabled"; where that is known is not shown, so the host says it).
   * Needs the host's `routes.officeInbox` too (its path is not shown).
   */
  officeInbox: 'office_inbox',
  /** Call tracking on the board. */
  callTracking: 'pro_ads_leadcalltracking_v2_frontend_lead_board',
} as const;
