/** Each error code answers with the contract's status and body, whatever the endpoint. */
import { ERROR_CODES, ERROR_STATUS, errorBodySchema } from '@family-portal/contract';
import type { Response } from 'express';
import { logger } from 'firebase-functions';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, sendError } from './errors';

function capture() {
  const sent: { status?: number; body?: unknown } = {};
  const response = {
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  return { sent, response };
}

describe('sendError', () => {
  it.each(ERROR_CODES.filter((code) => code !== 'internal'))('answers %s with its contract status and a body the web app parses', (code) => {
    const { sent, response } = capture();
    sendError(response, new HttpError(code, 'what happened'));
    expect(sent.status).toBe(ERROR_STATUS[code]);
    expect(errorBodySchema.parse(sent.body)).toEqual({ error: code, message: 'what happened' });
  });

  it('passes the data along', () => {
    const { sent, response } = capture();
    sendError(response, new HttpError('sync-failed', 'failed', { syncId: 's1' }));
    expect(sent).toEqual({ status: 502, body: { error: 'sync-failed', message: 'failed', data: { syncId: 's1' } } });
  });

  it('answers anything unexpected with 500 internal and none of its details, and logs it', () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const { sent, response } = capture();
    sendError(response, new TypeError('secret detail'));
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
    expect(sent.status).toBe(500);
    expect(errorBodySchema.parse(sent.body).error).toBe('internal');
    expect(JSON.stringify(sent.body)).not.toContain('secret');
  });
});
