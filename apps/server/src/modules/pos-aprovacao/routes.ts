import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  followUpCall,
  postApprovalListCall,
  postApprovalRecordCall,
  validateUnitCall,
} from '@portal/domain/contracts/calls/post-approval';
import { contextOf } from '../../http/context.ts';
import { route } from '../../http/route.ts';
import { followUpUnit } from './follow-up-unit.ts';
import { readUnit } from './read-unit.ts';
import { listStage } from './repo.ts';
import { validateUnit } from './validate-unit.ts';

/**
 * After approval (issue 14): the lists of /validacao-uc, /validacao-final-uc and
 * /acompanhamento-uc-nova, the unit a validator reads, and the three saves. Every call is guarded by
 * the menu entry's rule before its body is read.
 */
export const posAprovacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, postApprovalListCall, async (request) => ({
    error: 0 as const,
    prazo_dias: app.config.stageDeadlineDays,
    ...(await listStage(app.db, request.user, request.body, app.config.stageDeadlineDays)),
  }));

  route(app, postApprovalRecordCall, async (request) => ({
    error: 0 as const,
    dados: await readUnit(app.db, request.user, request.body.id),
  }));

  route(app, validateUnitCall, async (request) => validateUnit(contextOf(request), request.body));
  route(app, followUpCall, async (request) => followUpUnit(contextOf(request), request.body));
};
