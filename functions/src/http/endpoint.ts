/** Turns a typed handler into an HTTP function body: method check, JSON answers, error mapping. */
import type { Request, Response } from 'express';
import { HttpError, sendError } from './errors';

type Method = 'GET' | 'POST';

export function endpoint(method: Method, handler: (request: Request) => Promise<unknown>) {
  return async (request: Request, response: Response): Promise<void> => {
    try {
      if (request.method !== method) {
        response.set('Allow', method);
        throw new HttpError(405, 'method-not-allowed', `Use ${method} for this endpoint.`);
      }
      const body = await handler(request);
      response.status(200).json(body);
    } catch (error) {
      sendError(response, error);
    }
  };
}
