import type { SandboxGateway } from '@leadkit/sandbox';
import type { ChatTokenContext, GetChatToken } from '../../src/gateway/message-center/chat-session-schema';

/**
 * A host's `getChatToken` as a host page would give it, standing in for the host's own chat
 * service: it issues the sandbox chat service's tokens directly (never through the sandbox's
 * session call), and records what it was asked.
 */
export function hostChatTokens(sandbox: SandboxGateway): { getChatToken: GetChatToken; asked: ChatTokenContext[] } {
  const asked: ChatTokenContext[] = [];
  const getChatToken: GetChatToken = async (context) => {
    asked.push(context);
    const identity = `provider-${context.serviceProviderId}`;
    return { conversationSid: sandbox.chat.conversationSid(context.serviceProviderId, context.userId), identity, ...sandbox.chat.issueToken(identity) };
  };
  return { getChatToken, asked };
}
