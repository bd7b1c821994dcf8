import type { FieldLook } from '../../ui/field';
import type { FormActionsLook } from '../../ui/form-actions';

/** How the funnel's fields look (raq-funnel.css): every step's. */
export const FUNNEL_FIELD: FieldLook = { className: 'lk-funnel__field', errorClassName: 'lk-funnel__error', errorPart: 'funnel-field-error' };

/** How the funnel's form action rows look (raq-funnel.css). */
export const FUNNEL_ACTIONS: FormActionsLook = { className: 'lk-funnel__actions', busyClassName: 'lk-funnel__busy' };
