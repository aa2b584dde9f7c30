/**
 * The one typed client for the HTTP Cloud Functions: JSON in and out, the signed-in user's ID
 * token as a bearer token where needed, and non-OK answers turned into errors with the
 * server's message (spec section 8).
 */
import { functionsBaseUrl } from '../lib/config';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type ErrorBody = { message?: unknown; error?: unknown };

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number>;
  /** Returns the ID token; required for bearer calls. */
  idToken?: () => Promise<string | null>;
}

export async function callFunction<T>(name: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.idToken) {
    const token = await options.idToken();
    if (!token) throw new ApiError('User not authenticated', 401, 'unauthenticated');
    headers.Authorization = `Bearer ${token}`;
  }
  // Admin calls always send JSON (spec section 7); a body-less POST sends none.
  if (options.body !== undefined || options.idToken) headers['Content-Type'] = 'application/json';
  const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  const response = await fetch(`${functionsBaseUrl()}/${name}${query}`, {
    method: options.method ?? 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) {
    let body: ErrorBody | null = null;
    try {
      body = (await response.json()) as ErrorBody | null;
    } catch {
      throw new ApiError('Request failed', response.status);
    }
    const message = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
    throw new ApiError(message, response.status, typeof body?.error === 'string' ? body.error : null);
  }
  return (await response.json()) as T;
}

/** POST checkEmailExists {email} → whether the address belongs to a member. */
export async function checkEmailExists(email: string): Promise<boolean> {
  const { exists } = await callFunction<{ exists: boolean }>('checkEmailExists', { body: { email } });
  return exists === true;
}
