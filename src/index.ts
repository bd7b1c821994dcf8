/**
 * leadkit — public API. No side effects: importing this registers no element
 * (`defineElements()` does, under a prefix if you like; `leadkit/define` registers the default names).
 */
export {
  createGatewayClient,
  type GatewayClient,
  type GatewayClientConfig,
  type GetOneTimeToken,
  type OneTimeTokenContext,
  type HostOneTimeToken,
} from './gateway/core/client';
export {
  HEADERS,
  LEADKIT_VERSION,
  gatewayHeaders,
  type GatewayHeaderConfig,
  type GatewayHeaderCall,
  type HeaderName,
  type HeaderNames,
} from './gateway/core/headers';
export { newIdempotencyKey, type CallOptions, type CreateCallOptions, type ReplayOutcome, type RequestSpec } from './gateway/core/request-spec';
export type { RetryPolicy } from './gateway/core/retries';
export type { GatewayAuth, CallerType } from './gateway/core/auth';
export { GatewayError, isGatewayError, isRetryableError, describeGatewayError, type GatewayErrorKind, type ErrorDescription } from './gateway/core/errors';
export { SETUP_CAUSES, type SetupCause, type SetupProblem } from './gateway/core/setup-causes';
export { createReplayQueue, type ReplayQueue, type ReplayEntry, type ChallengeBody } from './gateway/core/challenge';
// One namespace per gateway service, as in 0.2.0. The calls live in modules of their own (a widget
// loads only the ones it makes), so leadGateway, officeGateway and messageCenterGateway are
// gathered by files only this entry imports (src/gateway/*/*-gateway.ts). They lost 40 names when
// the modules split, which broke hosts for no gain: restored (CHANGELOG); api/leadkit.api.md lists them.
export * as leadGateway from './gateway/lead/lead-gateway';
export * as officeGateway from './gateway/office/office-gateway';
export * as messageCenterGateway from './gateway/message-center/message-center-gateway';
export * as reviewGateway from './gateway/review/calls';
export type { Lead, CustomerInfo, LeadListRequest, LeadListResponse, ServiceProviderInfo } from './gateway/office/schemas';
export type { RegisteredNumber } from './gateway/office/registered-number-schemas';
export type { LeadPageResponse, LeadPageResponseV2 } from './gateway/lead/provider-lead-schemas';
export type { CreateLeadV1, CreateLeadV3, SuggestionRequest, FetchedLead } from './gateway/lead/funnel/schemas';
export type { ContactInfoEntry, SendMessageRequest } from './gateway/message-center/schemas';
export type { ChatTokenContext, GetChatToken } from './gateway/message-center/chat-session-schema';
export type { LeadCounts, LeadCountsContext, LeadCountsProvider } from './gateway/office/lead-counts-schema';
export type { RecordContact, RecordContactContext } from './gateway/lead/contact-recorder';
export type { CreateContactRequest } from './gateway/lead/contact-schemas';
export type { ReviewRequestBoardForm, ReviewRequestByEmail, DraftReview } from './gateway/review/schemas';

export { enUS, type MessageKey, type Messages, type MessageCatalogue } from './i18n/en-US';
export { createTranslator, interpolate, type Translate, type MessageParams } from './i18n/core/translate';

export { defineElements } from './define-elements';
export type { DefineOptions } from './elements/define-element';
export { TAG_NAMES, type LeadkitTag, type TagAttributeProps, type HostAttributeProps } from './contract/tags';
export type {
  LeadkitElement,
  LeadkitElementBase,
  LeadkitElements,
  LeadPageElement,
  LeadBoardElement,
  LeadAppElement,
  ReviewRequestElement,
  MessageThreadElement,
  RaqFunnelElement,
} from './elements/element-types';
export type { HostProperties } from './contract/host-properties';
export {
  LEADKIT_EVENTS,
  type LeadkitEvent,
  type LeadkitEventMap,
  type LeadkitEventName,
  type LeadkitDomEventMap,
  type NavigationKind,
} from './contract/events';
export type { AnalyticsSink, AnalyticsProps } from './contract/host-properties';
export { FLAG_NAMES, type Flags } from './contract/flags';
export { defaultRoutes, type HostRouteBuilders, type RouteBuilders, type SpecRouteBuilders } from './domain/core/routes';
// Drafts (the composer's text, 'Your Notes') kept on this device: a host's sign-out on a shared computer can delete them all.
export { clearDrafts } from './domain/draft-backend-idb';
// The board's offline outbox (changes made offline, sent when back online): emptied on a host's sign-out.
export { clearOutbox } from './domain/outbox-backend-idb';
export type { GatewayInput } from './contract/host-properties';

// The message thread's chat layer: a host sets `element.chat = createTwilioChatClientFactory()`
// (from `leadkit/twilio`: the one entry that imports the optional peer), the sandbox's, or its own
// ChatClient factory; `openChat` for hosts that talk to a thread themselves.
export { openChat, type OpenChatOptions, type OpenedChat, type ChatThread } from './chat/open-chat';
export type { HeicConverter, HeicConverterModule } from './chat/peer-defaults';
export { createSandboxChatClientFactory } from './chat/sandbox-chat-client';
export type { SandboxChatOptions } from './chat/sandbox-chat-connection';
export {
  ChatError,
  isChatError,
  isRetryableChatError,
  isOwnMessage,
  type ChatClient,
  type ChatClientFactory,
  type ChatClientInit,
  type ChatConversation,
  type ChatConnectionState,
  type ChatMessage,
  type ChatMedia,
  type ChatMessagePage,
  type ChatReadHorizon,
  type ChatTypingEvent,
  type ChatErrorKind,
} from './chat/chat-client';
export { type ChatSession } from './gateway/message-center/chat-session-schema';

// A first screen rendered on a server from data fetched where the host's session is (a Next.js
// server component): pass the result as the `firstScreen` prop of a `leadkit/react` component.
export { loadFirstScreen, type LoadFirstScreenOptions } from './server/load-first-screen';
export type { FirstScreenData } from './contract/first-screen-data';
