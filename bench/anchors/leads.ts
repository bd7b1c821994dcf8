/** The anchors' data: the same gateway calls, with the same headers, as <lead-board>'s first page. */
export interface Lead {
  leadId: number;
  status: string;
  createDate: string;
  description: string | null;
  category: { name: string };
  questionsAndAnswers: { question: string; answers: string[] }[];
  customerInfo: {
    firstName: string;
    lastName: string;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    phoneNumber: string | null;
    emailAddress: string | null;
  };
}

const SP_ID = 1001;
const headers = {
  accept: 'application/json',
  'x-caller-type': 'ServiceProvider',
  'x-caller-id': String(SP_ID),
  'x-source-application': 'leadkit',
  'x-application-version': '0.3.0',
  'x-proxy-version': '1',
};

/**
 * The board's first page, as the board asks for it: provider info and the leads, `limit` of them
 * (in the page: the page's origin; on a server, `origin` and its own fetch).
 */
export function loadLeads(
  limit: number,
  { origin = '', fetch = globalThis.fetch }: { origin?: string; fetch?: typeof globalThis.fetch } = {},
): Promise<Lead[]> {
  const id = () => crypto.randomUUID();
  const provider = fetch(`${origin}/gateway/office-home/v4/service_provider?serviceProviderIds=${SP_ID}`, { headers: { ...headers, 'x-request-id': id() } });
  const leads = fetch(`${origin}/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-request-id': id() },
    body: JSON.stringify({ offset: 0, sort: 'NewestOldest', limit, filters: { archived: false, displayLead: true } }),
  });
  return Promise.all([provider, leads]).then(async ([, answer]) => {
    if (!answer.ok) throw new Error(`leads: ${answer.status}`);
    return ((await answer.json()) as { leads: Lead[] }).leads.slice(0, limit);
  });
}
