import { requestForm, type Flow, type Kind } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../support/test-app.ts';

/** `/api/<form's prefix>/<call>` for a form. */
export const formCall = (flow: Flow, kind: Kind, call: string) =>
  `/api/${requestForm(flow, kind).apiBase}/${call}`;

/** A raw call: any method, body and content type, with or without a session. */
export const raw = (
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: string,
  contentType = 'application/json',
) =>
  app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: {
      ...(token ? bearer(token) : {}),
      ...(payload === undefined ? {} : { 'content-type': contentType }),
    },
  });

export { is4xx } from '../support/test-app.ts';
