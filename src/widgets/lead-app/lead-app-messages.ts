import { appMessages } from '../../i18n/en-US/app';
import { boardMessages } from '../../i18n/en-US/board';
import { commonMessages } from '../../i18n/en-US/common';
import { leadPageMessages } from '../../i18n/en-US/lead-page';
import { threadHeaderMessages } from '../../i18n/en-US/thread';

/**
 * The office app shows every widget it routes to: their first-screen parts together (parts that
 * load later, like the board's open card, bring their own texts).
 */
export const LEAD_APP_CATALOGUE = { ...commonMessages, ...appMessages, ...leadPageMessages, ...boardMessages, ...threadHeaderMessages } as const;
