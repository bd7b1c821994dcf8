/** Validation messages, shared by the forms of several widgets. */
export const validationMessages = {
  // Validation
  'validation.notesTooLong': 'Notes can be at most {max} characters. Please shorten your note.',
  'validation.fileTooLarge': 'File size cannot exceed 150MB. Please try again.',
  'validation.fileType': 'You can only send JPEG, JPG, or PNG images. Please try again.',
  'validation.fileDefault': 'Error with loading file',
  // Our wording: an iPhone photo (HEIC) that cannot be converted to JPEG here.
  'validation.heicUnavailable': "iPhone photos (HEIC) can't be converted here. Please send it as a JPEG or PNG.",
  'validation.heicFailed': "This photo couldn't be converted. Please try again or send a JPEG or PNG.",
  'validation.nameEmpty': 'Name must not be empty',
  'validation.phoneDigits': 'Phone number must contain 10 digits',
  'validation.numberEmpty': 'Number must not be empty',
  'validation.email': 'Please enter a valid email address',
  'validation.phone': 'Please enter a valid phone number',
  'validation.firstName': 'Please enter a valid first name',
  'validation.lastName': 'Please enter a valid last name',
  'validation.workCompleted': 'Please select if services were performed',
  'validation.categoriesRequired': 'Please select one or more categories for this review',
  'validation.categoriesEmpty': 'Please select at least one category for this review',
} as const;
