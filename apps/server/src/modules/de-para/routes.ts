import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deParaAddCall,
  deParaDeleteCall,
  deParaEditCall,
  deParaListCall,
  deParaOptionsCall,
} from '@portal/domain/contracts/calls/de-para';
import { contextOf } from '../../http/context.ts';
import { route } from '../../http/route.ts';
import { SAVED } from '../../http/replies.ts';
import { deParaOptions } from './de-para-options.ts';
import { deleteDePara } from './delete-de-para.ts';
import { listDePara } from './list-de-para.ts';
import { saveDePara } from './save-de-para.ts';

/**
 * /de-para (issue 11): the provider's values and the portal's they stand for, read by the next
 * import of the provider's base. Every call behind the screen's menu rule, before the body is read;
 * writes also refuse the read-only profile.
 */
export const deParaRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, deParaListCall, async (request) => ({
    error: 0 as const,
    ...(await listDePara(app.db, request.body)),
  }));

  route(app, deParaOptionsCall, async () => ({ error: 0 as const, dados: await deParaOptions(app.db) }));

  route(app, deParaAddCall, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveDePara(contextOf(request), request.body, 'add'),
  }));

  route(app, deParaEditCall, async (request) => ({
    error: 0 as const,
    msg: SAVED,
    dados: await saveDePara(contextOf(request), request.body, 'edit'),
  }));

  route(app, deParaDeleteCall, async (request) => ({
    error: 0 as const,
    ...(await deleteDePara(contextOf(request), request.body.id)),
  }));
};
