/** The office app (docs/widgets/lead-app.md#routes): the not-found view. */
export const appMessages = {
  'notFound.title': 'Page not found',
  'notFound.detail': 'Oops! We apologize for the inconvenience, it appears the content you requested was not found.',
  // The not-found view's way on (our wording).
  'notFound.toLeads': 'Go to your leads',
} as const;
