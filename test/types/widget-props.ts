/**
 * Compile-time check, run by `npm run typecheck` (part of `npm test`): each widget's props take
 * its tag's attributes exactly as the contract types them (src/contract/tags.ts) — derived, not
 * copied — so a widget whose Props are written again by hand, with a type the tag does not have
 * (a string where the tag allows 'on' | 'off', a missing attribute), fails the build here.
 */
import { expectTypeOf } from 'vitest';
import type { LeadkitTag, WidgetAttributeProps } from '../../src/contract/tags';
import type { Widget } from '../../src/runtime/widget';
import type { leadAppWidget } from '../../src/widgets/lead-app/lead-app.widget';
import type { leadBoardWidget } from '../../src/widgets/lead-board/lead-board.widget';
import type { leadPageWidget } from '../../src/widgets/lead-page/lead-page.widget';
import type { messageThreadWidget } from '../../src/widgets/message-thread/message-thread.widget';
import type { raqFunnelWidget } from '../../src/widgets/raq-funnel/raq-funnel.widget';
import type { reviewRequestWidget } from '../../src/widgets/review-request/review-request.widget';

type PropsOf<W> = W extends Widget<infer P> ? P : never;
/** The part of a widget's props that its tag's attributes set. */
type AttributePart<T extends LeadkitTag, W> = Pick<PropsOf<W>, keyof WidgetAttributeProps<T> & keyof PropsOf<W>>;

expectTypeOf<AttributePart<'lead-app', typeof leadAppWidget>>().toEqualTypeOf<WidgetAttributeProps<'lead-app'>>();
expectTypeOf<AttributePart<'lead-board', typeof leadBoardWidget>>().toEqualTypeOf<WidgetAttributeProps<'lead-board'>>();
expectTypeOf<AttributePart<'lead-page', typeof leadPageWidget>>().toEqualTypeOf<WidgetAttributeProps<'lead-page'>>();
expectTypeOf<AttributePart<'message-thread', typeof messageThreadWidget>>().toEqualTypeOf<WidgetAttributeProps<'message-thread'>>();
expectTypeOf<AttributePart<'raq-funnel', typeof raqFunnelWidget>>().toEqualTypeOf<WidgetAttributeProps<'raq-funnel'>>();
expectTypeOf<AttributePart<'review-request', typeof reviewRequestWidget>>().toEqualTypeOf<WidgetAttributeProps<'review-request'>>();
