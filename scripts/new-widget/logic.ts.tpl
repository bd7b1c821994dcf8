/** The toggle's text: what pressing it does next. Pure: tested without a DOM (__name__.logic.test.ts). */
export function toggleKey(open: boolean): '__camel__.hide' | '__camel__.show' {
  return open ? '__camel__.hide' : '__camel__.show';
}
