/** The office app (§2 route table): the not-found view and placeholders for widgets still to come. */
export const appMessages = {
  'notFound.title': 'Page not found',
  'notFound.detail': 'Oops! We apologize for the inconvenience, it appears the content you requested was not found.',
  'app.placeholder.title': 'Coming soon',
  'app.placeholder.detail': 'The {widget} is not part of this build yet.',
  'app.widget.leadBoard': 'lead board',
  'app.widget.messageThread': 'message thread',
  'app.widget.raqFunnel': 'request-a-quote funnel',
} as const;
