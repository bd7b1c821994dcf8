/**
 * The expanded card's body (status, notes, contact, feedback, insurance, connect numbers) is a
 * chunk of its own, with its texts: the board starts loading it as it mounts, beside the first
 * page of leads, so it is not in the board's first load yet is there when the first card opens.
 */
export const preloadCardBody = () => import(/* lk:first-content */ './lead-card-body-part');
