import type { FieldLook } from '../../ui/field';

/** How the funnel's fields look (raq-funnel.css): every step's. */
export const FUNNEL_FIELD: FieldLook = { className: 'lk-funnel__field', errorClassName: 'lk-funnel__error', errorPart: 'funnel-field-error' };
