/** The review-request modal. */
export const reviewMessages = {
  // Review request failure (two spaces, as in the spec)
  'error.reviewRequest': "We're sorry; an error has occurred.  Please try again.",
  // Review request
  'review.title': 'Request a Review',
  'review.edit': 'Edit',
  'review.submit': 'Send Request',
  'review.firstName': 'First name',
  'review.lastName': 'Last name',
  'review.email': 'Email',
  'review.phone': 'Phone number',
  'review.postalCode': 'ZIP code of the job',
  'review.postalCodeInvalid': 'Please enter a 5-digit ZIP code',
  'review.descriptionOfWork': 'Description of work',
  'review.workCompleted': 'Were services performed?',
  'review.yes': 'Yes',
  'review.no': 'No',
  'review.categories': 'Categories',
  'review.thanks': 'Thank you! Your Review Request has been submitted.',
  // Review request modal: texts the spec leaves unwritten (our wording)
  'review.contact': 'Customer contact',
  'review.name': 'Name',
  'review.notProvided': 'Not provided',
  'review.categoriesNone': 'Select categories',
  'review.alreadyRequested': 'You already asked this customer for a review on {date}. Sending again emails them a reminder.',
  'review.sending': 'Sending…',
  'review.loading': 'Loading the customer details…',
} as const;
