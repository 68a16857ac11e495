import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companySaveBody, recordId } from '@portal/domain';
import { contextOf } from '../../../http/context.ts';
import { menuGuard } from '../../../http/menu-guard.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { listExportQuery } from '@portal/domain/contracts/reports';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { deletedReply, idBody, listBody, listReply, savedReply } from '@portal/domain/contracts/envelopes';
import { companyRow } from '@portal/domain/contracts/admin';
import { SAVED } from '../../../http/replies.ts';
import { deleteCompany } from './delete-company.ts';
import { listCompanies } from './list-companies.ts';
import type { Fluxo } from './repo.ts';
import { saveCompany } from './save-company.ts';

/** Enabled companies, energy (/empresas/*) and water (/agua/empresas/*) (spec part 2 §2.7, §7). */
export const empresasRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [prefix, fluxo] of [
    ['/empresas', 'energia'],
    ['/agua/empresas', 'agua'],
  ] as [string, Fluxo][]) {
    const options = { onRequest: menuGuard('empresas') };
    const tags = [fluxo === 'agua' ? 'Empresas (água)' : 'Empresas'];

    app.post(
      `${prefix}/list`,
      { ...options, schema: { tags, body: listBody, response: { 200: listReply(companyRow) } } },
      async (request) => ({
        error: 0 as const,
        ...(await listCompanies(app.db, fluxo, request.body)),
      }),
    );

    app.get(
      `${prefix}/list/exportar`,
      { ...options, schema: { tags, querystring: listExportQuery } },
      async (request, reply) =>
        sendListSheet(
          reply,
          ADMIN_SHEETS['empresas'],
          { format: request.query.formato, publicUrl: app.config.publicUrl },
          (paging) => listCompanies(app.db, fluxo, { ...request.query, ...paging }),
        ),
    );

    app.post(
      `${prefix}/add`,
      { ...options, schema: { tags, body: companySaveBody, response: { 200: savedReply(companyRow) } } },
      async (request) => ({
        error: 0 as const,
        msg: SAVED,
        dados: await saveCompany(contextOf(request), fluxo, request.body, 'add'),
      }),
    );

    app.post(
      `${prefix}/edit`,
      {
        ...options,
        schema: {
          tags,
          body: companySaveBody.extend({ id: recordId }),
          response: { 200: savedReply(companyRow) },
        },
      },
      async (request) => ({
        error: 0 as const,
        msg: SAVED,
        dados: await saveCompany(contextOf(request), fluxo, request.body, 'edit'),
      }),
    );

    app.post(
      `${prefix}/delete`,
      { ...options, schema: { tags, body: idBody, response: { 200: deletedReply } } },
      async (request) => ({
        error: 0 as const,
        ...(await deleteCompany(contextOf(request), fluxo, request.body.id)),
      }),
    );
  }
};
