/**
 * The one typed client for the HTTP Cloud Functions: JSON in and out, the signed-in user's ID
 * token as a bearer token where needed. Answers are parsed by the contract's schemas; a failure
 * becomes an ApiError with a code, which the screens translate (errorMessages.ts).
 */
import type * as z from 'zod/mini';
import { functionsBaseUrl } from '../lib/config';
import { ApiError } from './apiError';

export { ApiError, type ApiErrorCode } from './apiError';

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number>;
  /** Returns the ID token; required for bearer calls. */
  idToken?: () => Promise<string | null>;
}

/**
 * The contract's schemas load with the first call, beside its request: neither the sign-in
 * screen, which rarely calls, nor the family's pages, preloaded while the parent reads the
 * dashboard, evaluate them before then.
 */
type Contract = typeof import('@family-portal/contract');
const contract = (): Promise<Contract> => import('@family-portal/contract');

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Calls the function `name`; `answer` picks the contract's schema of its answer. */
export async function callFunction<S extends z.ZodMiniType>(name: string, answer: (schemas: Contract) => S, options: CallOptions = {}): Promise<z.infer<S>> {
  const schemas = contract();
  // Awaited below unless the call ends first (no token, no network): then a failed load is moot.
  schemas.catch(() => undefined);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.idToken) {
    const token = await options.idToken();
    if (!token) throw new ApiError('User not authenticated', 401, 'unauthenticated');
    headers.Authorization = `Bearer ${token}`;
  }
  // Admin calls always send JSON (spec section 7); a body-less POST sends none.
  if (options.body !== undefined || options.idToken) headers['Content-Type'] = 'application/json';
  const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  let response: Response;
  try {
    response = await fetch(`${functionsBaseUrl()}/${name}${query}`, {
      method: options.method ?? 'POST',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new ApiError((error as Error).message || 'Network error', 0, 'network');
  }
  const body = await readJson(response);
  if (!response.ok) {
    const failure = (await schemas).errorBodySchema.safeParse(body);
    if (!failure.success) throw new ApiError(`HTTP ${response.status} without the API's error body`, response.status, 'unavailable');
    // Read from the body: a cross-origin page cannot read the Retry-After header.
    const retryAfter = (failure.data.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    throw new ApiError(failure.data.message, response.status, failure.data.error, typeof retryAfter === 'number' ? retryAfter : undefined, failure.data.data);
  }
  const parsed = answer(await schemas).safeParse(body);
  if (!parsed.success) throw new ApiError(`The answer of ${name} does not match the contract`, response.status, 'invalid-answer');
  return parsed.data;
}

/** POST checkEmailExists {email} → whether the address belongs to a member. */
export async function checkEmailExists(email: string): Promise<boolean> {
  const { exists } = await callFunction('checkEmailExists', (schemas) => schemas.checkEmailExistsAnswer, { body: { email } });
  return exists;
}
