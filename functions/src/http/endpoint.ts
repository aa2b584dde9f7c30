/**
 * Turns a typed handler into an HTTP function body: body size and method checks, the JSON body,
 * JSON answers, error mapping.
 *
 * Bodies reach this code already read by the Functions Framework (the emulator does the same):
 * `application/json` is parsed by body-parser before any function code runs, and a malformed
 * one is answered by the framework itself with an HTML 400 that this code never sees. Every
 * other content type arrives as text or a Buffer, and a body without a content type arrives
 * unread; those are parsed here, so that malformed JSON gets the API's JSON 400.
 */
import type { Request, Response } from 'express';
import { badRequest, HttpError, sendError } from './errors';

type Method = 'GET' | 'POST';

/**
 * The largest body any endpoint accepts. The biggest legitimate one, a contact update at its
 * maximum lengths, is under 3 KiB of JSON; 16 KiB leaves room for escapes and multi-byte
 * characters while sparing the functions from reading, parsing and validating megabytes (the
 * framework itself accepts up to 32 MiB in the emulator and more in production).
 */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * An office notice is the one larger body: up to three languages of 5,000 characters each, two
 * bytes a Cyrillic character, with JSON's escapes for line breaks and quotes.
 */
export const NOTICE_BODY_BYTES = 64 * 1024;

const tooLarge = (limit: number) => new HttpError('payload-too-large', `The request body is larger than ${limit / 1024} KiB; this endpoint takes no more.`);

/** The framework keeps the raw bytes of every body it read, JSON included. */
const rawBodyOf = (request: Request) => (request as Request & { rawBody?: Buffer }).rawBody;

function checkDeclaredSize(request: Request, limit: number): void {
  const raw = rawBodyOf(request);
  const size = Buffer.isBuffer(raw) ? raw.length : Number(request.headers['content-length'] ?? 0);
  if (size > limit) throw tooLarge(limit);
}

/** A body sent without a content type is left in the stream; read it, up to the limit. */
async function unreadBody(request: Request, limit: number): Promise<Buffer | undefined> {
  if (rawBodyOf(request) !== undefined || request.readableEnded || !request.readable) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function jsonBody(request: Request, limit: number): Promise<unknown> {
  const unread = await unreadBody(request, limit);
  // body-parser leaves {} for a body it did not read.
  const received: unknown = unread?.length ? unread : request.body;
  if (!Buffer.isBuffer(received) && typeof received !== 'string') return received;
  const text = Buffer.isBuffer(received) ? received.toString('utf8') : received;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

/**
 * `body: 'form'` leaves the body as the framework read it (an object for a URL-encoded form, the
 * bytes of a multipart one): for callers that are not the web app, such as a mail program.
 */
export function endpoint(method: Method, handler: (request: Request) => Promise<unknown>, options: { body?: 'json' | 'form'; maxBytes?: number } = {}) {
  const limit = options.maxBytes ?? MAX_BODY_BYTES;
  return async (request: Request, response: Response): Promise<void> => {
    try {
      checkDeclaredSize(request, limit);
      if (request.method !== method) {
        response.set('Allow', method);
        throw new HttpError('method-not-allowed', `Use ${method} for this endpoint.`);
      }
      if (options.body !== 'form') request.body = await jsonBody(request, limit);
      const body = await handler(request);
      response.status(200).json(body);
    } catch (error) {
      sendError(response, error);
    }
  };
}
