import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  followUpBody,
  postApprovalListBody,
  postApprovalListReply,
  postApprovalRecordBody,
  postApprovalRecordReply,
  postApprovalSaveReply,
  validationBody,
} from '@portal/domain/contracts/post-approval';
import { contextOf } from '../../http/context.ts';
import { menuGuard, writeGuard } from '../../http/menu-guard.ts';
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
  const tags = ['Depois da aprovação'];
  const onRequest = menuGuard('pos-aprovacao');

  app.post(
    '/pos-aprovacao/list',
    { onRequest, schema: { tags, body: postApprovalListBody, response: { 200: postApprovalListReply } } },
    async (request) => ({
      error: 0 as const,
      prazo_dias: app.config.stageDeadlineDays,
      ...(await listStage(app.db, request.user, request.body, app.config.stageDeadlineDays)),
    }),
  );

  app.post(
    '/pos-aprovacao/registro',
    { onRequest, schema: { tags, body: postApprovalRecordBody, response: { 200: postApprovalRecordReply } } },
    async (request) => ({ error: 0 as const, dados: await readUnit(app.db, request.user, request.body.id) }),
  );

  app.post(
    '/pos-aprovacao/validar',
    {
      onRequest: [onRequest, writeGuard],
      schema: { tags, body: validationBody, response: { 200: postApprovalSaveReply } },
    },
    async (request) => validateUnit(contextOf(request), request.body),
  );

  app.post(
    '/pos-aprovacao/acompanhar',
    {
      onRequest: [onRequest, writeGuard],
      schema: { tags, body: followUpBody, response: { 200: postApprovalSaveReply } },
    },
    async (request) => followUpUnit(contextOf(request), request.body),
  );
};
