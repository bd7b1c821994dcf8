import type { PurchaseWindow } from '../../domain/purchase-window';
import type { LeadPageResponse, LeadPageResponseV2 } from '../../gateway/lead/provider-lead-schemas';

/** What the lead page shows, whichever response variant (v1 or V2, either address spelling) arrived. */
export interface LeadPageView {
  purchased: boolean;
  title: string;
  description: string;
  urgency: string;
  category: { id: number; name: string };
  questions: { question: string; answer: string }[];
  location: { city: string; state: string; postalCode: string };
  /** Present only once the lead is purchased. */
  customer: {
    firstName: string;
    lastName: string;
    phone: string | null;
    email: string | null;
    addressLines: string[];
  } | null;
  /** A LeadFeed lead's buyers so far and when it was sent (null: not a LeadFeed lead). */
  purchaseWindow: PurchaseWindow | null;
}

function addressLines(address: LeadPageResponse['address']): string[] {
  const lines = address.firstLine || address.secondLine ? [address.firstLine, address.secondLine] : [address.lineOne, address.lineTwo];
  return lines.map((line) => line?.trim() ?? '').filter(Boolean);
}

export function normalizeLeadPage(response: LeadPageResponse | LeadPageResponseV2): LeadPageView {
  const names = ('customerInfo' in response ? response.customerInfo : null) ?? response.user ?? null;
  const customer = response.purchased
    ? {
        firstName: names?.firstName?.trim() ?? '',
        lastName: names?.lastName?.trim() ?? '',
        phone: response.user?.phone?.trim() || null,
        email: response.user?.email?.trim() || null,
        addressLines: addressLines(response.address),
      }
    : null;
  return {
    purchased: response.purchased,
    title: response.info.title,
    description: response.info.description?.trim() ?? '',
    urgency: response.info.urgency,
    category: response.info.category,
    questions: response.info.attributes.map((a) => ({ question: a.questionText, answer: a.answerText })),
    location: { city: response.address.city, state: response.address.state, postalCode: response.address.postalCode },
    customer,
    purchaseWindow: response.purchaseWindow ?? null,
  };
}
