/**
 * Who is who in the sandbox's chat service (chat.ts): identities `provider-<spId>` and
 * `member-<memberId>`; conversation sids `CH` + the provider id and the member id as 16 hex
 * digits each (Twilio's shape: CH + 32 hex digits), one conversation per provider–member thread.
 */

export const providerIdentity = (spId: number) => `provider-${spId}`;
export const memberIdentity = (memberId: number) => `member-${memberId}`;

const hex16 = (n: number) => n.toString(16).padStart(16, '0');

export function conversationSid(spId: number, memberId: number): string {
  return `CH${hex16(spId)}${hex16(memberId)}`;
}

export function parseConversationSid(sid: string): { spId: number; memberId: number } | null {
  const match = /^CH([0-9a-f]{16})([0-9a-f]{16})$/.exec(sid);
  if (!match) return null;
  const spId = Number.parseInt(match[1]!, 16);
  const memberId = Number.parseInt(match[2]!, 16);
  return Number.isSafeInteger(spId) && Number.isSafeInteger(memberId) ? { spId, memberId } : null;
}
