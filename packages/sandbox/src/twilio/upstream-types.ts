/** An upstream request as twilsock carries it (a `message` packet's `http_request` and payload), and its answer. */

export interface UpstreamRequest {
  readonly method: string;
  readonly host: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly payloadType: string;
  readonly body: string;
}

export interface UpstreamAnswer {
  status: number;
  body: unknown;
  /** What to do once the reply is sent (subscription events). */
  after?: () => void;
  /** The sandbox's drop fault: end the socket instead of replying (before the work, or after it). */
  drop?: boolean | undefined;
}

/** A fault's effect: an answer instead of the work (a status, or a drop before it), or a drop after it. */
export type FaultOutcome = { kind: 'answer'; answer: UpstreamAnswer } | { kind: 'drop-after' } | null;
