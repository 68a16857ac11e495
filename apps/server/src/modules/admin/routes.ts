import type { FastifyPluginAsync } from 'fastify';
import { concessionariasAdminRoutes } from './concessionarias/routes.ts';
import { empresasRoutes } from './empresas/routes.ts';
import { gruposRoutes } from './grupos/routes.ts';
import { motivosRecusaRoutes } from './motivos-recusa/routes.ts';
import { regionaisRoutes } from './regionais/routes.ts';
import { statusRotulosRoutes } from './status-rotulos/routes.ts';
import { tarefasRoutes } from './tarefas/routes.ts';
import { usuariosRoutes } from './usuarios/routes.ts';

/**
 * Administration (issue 5): users, access groups, regionals, companies, concessionaires and status
 * labels. Every endpoint is guarded by the menu rule of its screen (shared/guard.ts).
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(usuariosRoutes);
  await app.register(gruposRoutes);
  await app.register(regionaisRoutes);
  await app.register(empresasRoutes);
  await app.register(concessionariasAdminRoutes);
  await app.register(statusRotulosRoutes);
  await app.register(tarefasRoutes);
  await app.register(motivosRecusaRoutes);
};
