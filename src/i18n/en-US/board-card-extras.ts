/**
 * What an open card shows on request or below its first screen (the feedback popover's panel,
 * the insurance offer): these come with the card's extras part (card-extras-part.ts), after its
 * first frame, not with the card body.
 */
export const boardCardExtrasMessages = {
  'error.feedback': "We're sorry, there was an error submitting your feedback. Please refresh the page and try again.",
  // Insurance banner
  'insurance.notForThisJob': 'Not for this job',
  'insurance.notAtAll': 'Not at all',
  // Feedback
  'feedback.reason.LowValueJob': 'Low-value job',
  'feedback.reason.OutOfServiceArea': 'Out of service area',
  'feedback.reason.DontDoThisWork': "I don't do this work",
  'feedback.reason.CustomerUnresponsive': 'Customer unresponsive',
  'feedback.reason.PotentialSpam': 'Potential spam',
  'feedback.reason.Other': 'Other',
  'feedback.otherPlaceholder': 'Something else...',
  // Thank-you texts per reason: the spec asks for them without giving them (our wording).
  'feedback.thanks.rating': 'Thanks for rating this lead!',
  'feedback.thanks.LowValueJob': "Thanks for your feedback! We'll use it to send you jobs worth your time.",
  'feedback.thanks.OutOfServiceArea': 'Thanks for your feedback! Make sure your service area is up to date.',
  'feedback.thanks.DontDoThisWork': 'Thanks for your feedback! Make sure the services you offer are up to date.',
  'feedback.thanks.CustomerUnresponsive': "Thanks for your feedback! We'll keep working to bring you responsive customers.",
  'feedback.thanks.PotentialSpam': "Thanks for letting us know. We'll look into this lead.",
  'feedback.thanks.Other': 'Thanks for your feedback! It helps us send you better leads.',
  'feedback.thanks.editServiceArea': 'Edit your service area',
  'feedback.thanks.servicesOffered': 'Update the services you offer',
  'feedback.ratingLabel': 'How would you rate this lead?',
  'feedback.reasonLegend': 'What was wrong with this lead?',
  'feedback.otherLabel': 'Tell us more',
  'feedback.reasonRequired': 'Choose a reason.',
  'feedback.otherRequired': 'Tell us what was wrong with this lead.',
  'feedback.submit': 'Submit',
  'feedback.close': 'Close',
  // Insurance banner: visible texts the spec leaves unwritten (our wording).
  'insurance.newTab': '(opens in a new tab)',
  'insurance.dismiss': 'Dismiss insurance offer',
  'insurance.question': 'Not interested?',
  'insurance.thanks.lead': "Thanks! We won't show this offer on this lead again.",
  'insurance.thanks.all': "Thanks! We won't show insurance offers on your leads again.",
  'insurance.transition': 'Taking you to our insurance partner…',
  'insurance.popupBlocked': 'Your browser blocked the new tab.',
  'insurance.openInsurer': 'Open the insurance page',
  // 'Add to calendar' (our wording: the spec has no calendar).
  'calendar.date': 'Date',
  'calendar.time': 'Start time',
  'calendar.hint': "A calendar file for your phone's or computer's calendar, made on this device: nothing is sent.",
  'calendar.download': 'Download calendar file',
  'calendar.invalid': 'Please enter a date and a start time.',
  'calendar.downloaded': 'Calendar file downloaded. Open it to add the job to your calendar.',
  'calendar.eventTitle': '{category} — {name}',
  'calendar.leadLink': 'Lead: {url}',
} as const;
