import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyCallsByFlow } from '@portal/domain/contracts/calls/admin/companies';
import { ADMIN_SHEETS } from '@portal/domain/reports';
import { contextOf } from '../../../http/context.ts';
import { SAVED } from '../../../http/replies.ts';
import { route } from '../../../http/route.ts';
import { sendListSheet } from '../../../http/sheet-export.ts';
import { deleteCompany } from './delete-company.ts';
import { listCompanies } from './list-companies.ts';
import type { Fluxo } from './repo.ts';
import { saveCompany } from './save-company.ts';

/** Enabled companies, energy (/empresas/*) and water (/agua/empresas/*) (spec part 2 §2.7, §7). */
export const empresasRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const fluxo of ['energia', 'agua'] as Fluxo[]) {
    const calls = companyCallsByFlow[fluxo];

    route(app, calls.list, async (request) => ({
      error: 0 as const,
      ...(await listCompanies(app.db, fluxo, request.body)),
    }));

    route(app, calls.exportList, async (request, reply) =>
      sendListSheet(
        reply,
        ADMIN_SHEETS['empresas'],
        { format: request.query.formato, publicUrl: app.config.publicUrl },
        (paging) => listCompanies(app.db, fluxo, { ...request.query, ...paging }),
      ),
    );

    route(app, calls.add, async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveCompany(contextOf(request), fluxo, request.body, 'add'),
    }));

    route(app, calls.edit, async (request) => ({
      error: 0 as const,
      msg: SAVED,
      dados: await saveCompany(contextOf(request), fluxo, request.body, 'edit'),
    }));

    route(app, calls.delete, async (request) => ({
      error: 0 as const,
      ...(await deleteCompany(contextOf(request), fluxo, request.body.id)),
    }));
  }
};
