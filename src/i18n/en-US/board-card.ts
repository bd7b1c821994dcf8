/**
 * The lead board's open card: details, contact, status, notes, job notes, connect
 * number, Closed won prompt, the feedback trigger, the insurance offer's first line (its
 * placeholder). Loaded with the card body, not in the board's first load; the feedback panel's
 * and the rest of the insurance offer's texts come later, with them (board-card-extras.ts).
 */
export const boardCardMessages = {
  // Failures of the card's actions (the status one is ours)
  'board.error.status': 'We could not change the status of this lead. Please try again.',
  'error.notesUpdate': 'There was an error updating your notes. Please try again later.',
  'error.numberConnected': 'This number has already been connected.',
  'error.saveNumber': 'Error: Please try again in a couple minutes.',
  'board.leadStatus': 'Lead status',
  'board.customerNotes': 'Customer Notes',
  'board.yourNotes': 'Your Notes',
  'board.projectDetails': 'Project Details',
  'board.archiveLead': 'Archive Lead',
  'board.contact': 'Contact',
  'board.requestReview': 'Request a Review',
  'board.readMore': 'Read More',
  'board.readLess': 'Read Less',
  'board.noPhone': 'This customer did not provide a phone number.',
  'board.expired': 'Expired',
  'board.moreActions': 'More actions',
  'board.location': 'Location',
  'board.phone': 'Phone',
  'board.email': 'Email',
  'board.address': 'Address',
  'board.contactLoading': 'Loading contact details…',
  'board.hideContact': 'Hide contact',
  'board.noNotes': 'No notes yet.',
  // Modals on the board
  'connectNumber.title': 'Connect your numbers',
  'connectNumber.name': 'Name',
  'connectNumber.phone': 'Phone number',
  'connectNumber.save': 'Save',
  'connectNumber.added': 'Phone number added!',
  'connectNumber.gotIt': 'Got it',
  'connectNumber.addAnother': 'Add another number',
  'jobNotes.saveAndClose': 'Save and Close',
  'jobNotes.discard': 'Discard',
  // The job notes modal's opener and title are not worded by the spec (ours).
  'jobNotes.open': 'Edit job notes',
  'jobNotes.title': 'Job notes',
  'closePrompt.text': 'Before you close this lead, would you like to Request a Review from this customer?',
  'closePrompt.requestReview': 'Request a Review',
  'closePrompt.noThanks': 'No thanks',
  // Notes
  'notes.edit': 'Edit',
  'notes.save': 'Save',
  'notes.cancel': 'Cancel',
  'notes.count': '{count} / {max}',
  // Feedback
  'feedback.star.5': 'Great',
  'feedback.star.4': 'Good',
  'feedback.star.3': 'Okay',
  'feedback.star.2': 'Fair',
  'feedback.star.1': 'Poor',
  // Feedback popover: visible texts the spec leaves unwritten (our wording).
  'feedback.trigger': 'Rate this lead',
  'feedback.triggerRated': 'Your rating: {label}',
  // The insurance offer's first line and button (its placeholder holds their place in the open card's first frame; the rest comes with the offer).
  'insurance.headline': 'Liability insurance for your business',
  'insurance.price': 'starting at $30/month',
  'insurance.purchase': 'Get a quote',
  // A Scheduled lead's card: the job as a calendar file (the dialog's texts come with the card's extras).
  'calendar.add': 'Add to calendar',
} as const;
