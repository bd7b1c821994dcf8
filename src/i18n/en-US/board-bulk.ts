/**
 * The board's bulk actions (docs/widgets/lead-board.md#counts-and-bulk-actions; all our
 * wording): the toolbar over
 * the list once leads are selected, and the one message an action ends with. Loaded with the
 * bulk part (widgets/lead-board/bulk/bulk-part.tsx), not in the board's first load; the cards'
 * checkboxes are named by `board.selectLead` (board.ts).
 *
 * en-US takes no plural argument (test/locale-catalogues.test.ts): a single lead has keys of its
 * own ('doneOne', 'failedOne'), chosen by the count (bulk.logic.ts `bulkSummary`); a partial
 * result always counts at least two leads.
 */
export const boardBulkMessages = {
  'bulk.group': 'Selected leads',
  'bulk.selectAll': 'Select all on this page',
  'bulk.selected': '{count} selected',
  'bulk.archive': 'Archive',
  'bulk.restore': 'Restore',
  'bulk.clear': 'Clear selection',
  'bulk.result.archive.done': '{count} leads archived',
  'bulk.result.archive.doneOne': '1 lead archived',
  'bulk.result.archive.partial': "{done} of {total} leads archived. {failed} couldn't be archived. Try again.",
  'bulk.result.archive.failed': 'None of the {total} leads could be archived. Try again.',
  'bulk.result.archive.failedOne': "The lead couldn't be archived. Try again.",
  'bulk.result.restore.done': '{count} leads moved to Active Leads',
  'bulk.result.restore.doneOne': '1 lead moved to Active Leads',
  'bulk.result.restore.partial': "{done} of {total} leads moved to Active Leads. {failed} couldn't be moved. Try again.",
  'bulk.result.restore.failed': 'None of the {total} leads could be moved to Active Leads. Try again.',
  'bulk.result.restore.failedOne': "The lead couldn't be moved to Active Leads. Try again.",
  'bulk.result.read.done': '{count} leads marked as read',
  'bulk.result.read.doneOne': '1 lead marked as read',
  'bulk.result.read.partial': "{done} of {total} leads marked as read. {failed} couldn't be marked. Try again.",
  'bulk.result.read.failed': 'None of the {total} leads could be marked as read. Try again.',
  'bulk.result.read.failedOne': "The lead couldn't be marked as read. Try again.",
  'bulk.result.unread.done': '{count} leads marked as unread',
  'bulk.result.unread.doneOne': '1 lead marked as unread',
  'bulk.result.unread.partial': "{done} of {total} leads marked as unread. {failed} couldn't be marked. Try again.",
  'bulk.result.unread.failed': 'None of the {total} leads could be marked as unread. Try again.',
  'bulk.result.unread.failedOne': "The lead couldn't be marked as unread. Try again.",
} as const;
