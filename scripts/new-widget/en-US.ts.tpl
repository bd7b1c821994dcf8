/** `<__name__>`'s texts (its slot of the en-US catalogue; es-US/__name__.ts is its Spanish). */
export const __camel__Messages = {
  '__camel__.title': '__TITLE__',
  '__camel__.body': '__BODY__',
  '__camel__.show': 'Show details',
  '__camel__.hide': 'Hide details',
} as const;
