/** The lead page (LeadFeed). */
export const leadPageMessages = {
  // Lead page
  'leadPage.betaTitle': 'LeadFeed',
  'leadPage.betaBadge': 'BETA',
  'leadPage.tagline': 'Better leads when you want them.',
  'leadPage.howItWorks.title': 'How it works',
  'leadPage.howItWorks.alert': 'Get alerted to new projects near you.',
  'leadPage.howItWorks.review': 'Review the project details.',
  'leadPage.howItWorks.unlock': 'Unlock full customer info.',
  'leadPage.howItWorks.contact': 'Contact the customer and book the job.',
  'leadPage.faq.title': 'FAQ',
  'leadPage.faq.howLong.q': 'How long can I purchase a lead?',
  'leadPage.faq.howLong.a': 'A lead can be purchased until 24 hours after it was sent or until 3 companies have bought it.',
  'leadPage.faq.payment.q': 'How do I pay?',
  'leadPage.faq.payment.a': 'Payment is by major credit card, stored for later purchases.',
  'leadPage.faq.refund.q': 'What if I already bought this lead from the member?',
  'leadPage.faq.refund.a': 'An advertiser who buys a lead from a member is refunded.',
  'leadPage.faq.cost.q': 'How much does a lead cost?',
  'leadPage.faq.cost.a': 'Most leads cost $7-75 depending on job size and location.',
  'leadPage.unlocked': 'Lead Unlocked',
  'leadPage.unlockedDetail':
    'Customer contact info is shown below. A confirmation, the project details and a receipt have been emailed to you and your associates.',
  'leadPage.beFirst': 'Be the first!',
  'leadPage.beFirstDetail': 'Most providers respond almost immediately. This lead was sent to several other providers.',
  'leadPage.unavailable': 'This lead is no longer available for purchase.',
  // Purchase window (our wording): what is left of the 3 buyers / 24 hours, or why it is gone.
  'leadPage.window.spotsLeft': '{left} of {max} spots left',
  'leadPage.window.hoursLeft': '{hours} h left',
  'leadPage.window.minutesLeft': '{minutes} min left',
  'leadPage.window.soldOut': '{max} pros bought this lead',
  'leadPage.window.expired': 'Sent more than 24 hours ago',
} as const;
