// Types of host-stand-ins.js for the TypeScript that imports it (its component test in src/widgets/message-thread).
import type { GatewayClientConfig } from '../src/gateway/core/client';

export declare const hostProviders: Required<Pick<GatewayClientConfig, 'getChatToken' | 'getOneTimeToken' | 'recordContact'>> & { readonly leadCounts: false };
