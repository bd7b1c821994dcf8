import type { Context } from 'hono';
import * as v from 'valibot';
import type { SandboxEnv } from './context';

/**
 * Request/response helpers shared by the routes. Handlers throw an `HttpError`; the app's
 * error handler turns it into a JSON answer. Validation messages name fields, never values
 * (valibot's own messages quote the input, which may be a customer's e-mail or phone).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; fields?: string[]; [key: string]: unknown },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: string[]) => new HttpError(400, fields ? { message, fields } : { message });
export const unauthorized = (message = 'A valid one-time token is required (Authorization: OneTime <token>).') => new HttpError(401, { message });
export const forbidden = (message: string) => new HttpError(403, { message });
export const notFound = (message: string) => new HttpError(404, { message });
export const conflict = (message: string) => new HttpError(409, { message });

type Issue = v.BaseIssue<unknown>;

function describeIssue(path: string, issue: Issue): string {
  if (issue.kind === 'schema') {
    if (issue.received === 'undefined') return `${path} is required`;
    return `${path} must be ${issue.expected ?? 'of another type'}`;
  }
  const requirement = typeof issue.requirement === 'number' ? issue.requirement : null;
  switch (issue.type) {
    case 'min_length':
    case 'non_empty':
      return requirement === null || requirement <= 1 ? `${path} must not be empty` : `${path} needs at least ${requirement} characters or items`;
    case 'max_length':
      return requirement === null ? `${path} is too long` : `${path} is too long (at most ${requirement})`;
    case 'min_value':
      return requirement === null ? `${path} is too small` : `${path} must be at least ${requirement}`;
    case 'max_value':
      return requirement === null ? `${path} is too large` : `${path} must be at most ${requirement}`;
    case 'integer':
      return `${path} must be a whole number`;
    case 'email':
      return `${path} must be a valid e-mail address`;
    case 'iso_timestamp':
      return `${path} must be an ISO 8601 timestamp`;
    case 'regex':
      return `${path} has an invalid format`;
    default:
      return `${path} is invalid`;
  }
}

/** A 400 naming every invalid field once (dot paths), with no input value in it. */
function validationError(issues: readonly Issue[], prefix = ''): HttpError {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const path = prefix + (v.getDotPath(issue) ?? (prefix ? '' : 'body'));
    const field = path.replace(/\.$/, '') || 'body';
    if (!seen.has(field)) seen.set(field, describeIssue(field, issue));
  }
  return badRequest(`Invalid request: ${[...seen.values()].join('; ')}.`, [...seen.keys()]);
}

/** Parses input with a gateway schema; a failure is a 400. */
export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown, prefix = ''): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(result.issues, prefix);
  return result.output;
}

/** Marks a body that was sent but was not JSON. */
export const INVALID_JSON = Symbol('invalid-json');

/** The parsed JSON body (read once by the request log). */
export function jsonBody(c: Context<SandboxEnv>): unknown {
  const body = c.get('body');
  if (body === INVALID_JSON) throw badRequest('The request body must be JSON.', ['body']);
  if (body === undefined) throw badRequest('A JSON request body is required.', ['body']);
  return body;
}

export function parseBody<S extends v.GenericSchema>(c: Context<SandboxEnv>, schema: S): v.InferOutput<S> {
  return parseWith(schema, jsonBody(c));
}

export type QueryFieldType = 'string' | 'int' | 'number' | 'bool' | 'int[]' | 'string[]';

function coerce(raw: string, type: 'string' | 'int' | 'number' | 'bool'): unknown {
  switch (type) {
    case 'string':
      return raw;
    case 'int':
    case 'number': {
      // A non-number stays a string: the schema then reports the field (without its value).
      const n = raw.trim() === '' ? Number.NaN : Number(raw);
      return Number.isFinite(n) ? n : raw;
    }
    case 'bool':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
  }
}

/**
 * The query string as a typed object for a gateway schema. Arrays come as repeated keys
 * (`a=1&a=2`, what the client sends) or comma-separated (`a=1,2`).
 */
function queryInput(c: Context<SandboxEnv>, shape: Record<string, QueryFieldType>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(shape)) {
    if (type === 'int[]' || type === 'string[]') {
      const values = (c.req.queries(key) ?? []).flatMap((value) => value.split(',')).filter((value) => value !== '');
      if (c.req.queries(key) !== undefined) input[key] = values.map((value) => coerce(value, type === 'int[]' ? 'int' : 'string'));
    } else {
      const value = c.req.query(key);
      if (value !== undefined) input[key] = coerce(value, type);
    }
  }
  return input;
}

export function parseQuery<S extends v.GenericSchema>(c: Context<SandboxEnv>, shape: Record<string, QueryFieldType>, schema: S): v.InferOutput<S> {
  return parseWith(schema, queryInput(c, shape));
}

/** An integer path parameter; anything else is a 400 naming the parameter. */
export function idParam(c: Context<SandboxEnv>, name: string, options: { allowNegative?: boolean } = {}): number {
  const raw = c.req.param(name) ?? '';
  const pattern = options.allowNegative ? /^-?\d{1,15}$/ : /^\d{1,15}$/;
  if (!pattern.test(raw))
    throw badRequest(`Invalid request: path parameter ${name} must be a whole number${options.allowNegative ? '' : ' of 0 or more'}.`, [name]);
  return Number(raw);
}
