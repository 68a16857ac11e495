import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { accessProblem } from '@portal/domain/contracts/access-rule';
import { PUBLIC, statusesOf, type AccessRule, type Call } from '@portal/domain/contracts/call';
import { authenticate } from '../auth/authenticate.ts';
import { forbidden, unauthorized } from './errors.ts';

type Schema = z.core.$ZodType;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may make the call: every /api route declares it, or the server refuses to start. */
    access?: AccessRule;
    /** The call's descriptor, when the route was registered from one (OpenAPI, answer checks). */
    call?: Call;
  }
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Field<C, K extends string> = C extends { [P in K]: infer T extends Schema } ? T : undefined;

/** The route schema a descriptor gives, as the type provider reads it (200 typed; errors are thrown). */
export type RouteSchemaOf<C extends Call> = {
  body: Field<C, 'body'>;
  querystring: Field<C, 'query'>;
  params: Field<C, 'params'>;
  response: C extends { answer: infer A extends Schema } ? { 200: A } : { 200: Schema };
};

export type CallHandler<C extends Call> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<C>,
  ZodTypeProvider
>;

/** What a route adds to its descriptor: its own hooks (rate limits) and config flags. */
export type RouteExtras = Pick<RouteShorthandOptions, 'preHandler' | 'logLevel'> & {
  onRequest?: RouteOptions['onRequest'];
  config?: Record<string, unknown>;
};

/**
 * Registers a call from its descriptor: method, path (relative to the plugin's prefix), body,
 * query and params schemas, the answer of every status, and the access rule (checked by the
 * root's onRoute hook, registerAccessRules). Multipart bodies and downloads are read and sent by
 * the handler; their shape is in the descriptor for the OpenAPI document.
 */
export function route<C extends Call>(
  app: ZodApp,
  call: C,
  handler: CallHandler<C>,
  extras: RouteExtras = {},
): void {
  const prefix = app.prefix;
  if (!call.path.startsWith(prefix)) {
    throw new Error(`a chamada ${call.method} ${call.path} foi registrada fora do prefixo ${prefix}`);
  }
  const answers = call.download
    ? Object.fromEntries(Object.entries(call.answers).filter(([status]) => status !== '200'))
    : call.answers;
  app.route({
    method: call.method,
    url: call.path.slice(prefix.length) || '/',
    schema: {
      tags: [...call.tags],
      ...(call.summary && { summary: call.summary }),
      ...(call.body && { body: call.body }),
      ...(call.query && { querystring: call.query }),
      ...(call.params && { params: call.params }),
      response: answers,
    },
    ...extras,
    config: { ...extras.config, access: call.access, call },
    handler: handler as RouteHandlerMethod,
  } as RouteOptions);
}

const isApiPath = (url: string) => /^\/api(?:[/?#]|$)/.test(url);

/** The OpenAPI UI's own pages and assets: public by declaration (registered by @fastify/swagger-ui). */
const DOCS_UI = '/api/docs';

/** onRequest check of one access rule, run after `authenticate` and before any body is read. */
const accessCheck =
  (rule: AccessRule) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // A route registered outside the signed-in plugin still needs the session its rule names.
    if (!request.user) await authenticate(request, reply);
    if (!request.user) throw unauthorized();
    const problem = accessProblem(request.user, rule);
    if (problem) throw forbidden(problem);
  };

/**
 * Fail closed (GUIDE §3): every route under /api registered after this call must declare its
 * access rule (config.access, set by `route` from the descriptor). The rule's check is attached
 * here, not by the route's author; a route without one makes `ready()` reject, so the server
 * refuses to start instead of serving a call nobody decided who may make.
 */
export function registerAccessRules(app: FastifyInstance): void {
  const undeclared: string[] = [];
  app.addHook('onRoute', (options) => {
    if (!isApiPath(options.url)) return;
    if (options.url === DOCS_UI || options.url.startsWith(`${DOCS_UI}/`)) {
      options.config = { ...options.config, access: PUBLIC };
      return;
    }
    const rule = options.config?.access;
    if (!rule) {
      undeclared.push(`${[options.method].flat().join(',')} ${options.url}`);
      return;
    }
    if (rule.kind === 'public') return;
    options.onRequest = [[options.onRequest ?? []].flat(), accessCheck(rule)].flat();
  });
  app.addHook('onReady', async () => {
    if (undeclared.length) {
      throw new Error(`rotas da API sem regra de acesso declarada: ${undeclared.join('; ')}`);
    }
  });
}

/**
 * Development and tests: an answer with a status the route's descriptor does not declare fails
 * loudly (a 500 naming it), so the OpenAPI document cannot drift from what the server sends.
 */
export function checkDeclaredStatuses(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const call = request.routeOptions.config?.call;
    if (!call || statusesOf(call).includes(reply.statusCode)) return payload;
    const status = reply.statusCode;
    request.log.error({ status, url: call.path }, 'status não declarado pela chamada');
    reply.status(500);
    return JSON.stringify({
      error: 1,
      msg: `Status ${status} não declarado em ${call.method} ${call.path}.`,
    });
  });
}
