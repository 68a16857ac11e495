import type { FastifyInstance } from 'fastify';
import { RECOVERY_MAIL, recoveryMailHandler } from '../modules/auth/recovery-mail.ts';
import { exportHandler } from '../modules/exportacoes/generate.ts';
import { EXPORT_TASK } from '../modules/exportacoes/repo.ts';
import { importBaseHandler } from '../modules/conciliacao/import-task.ts';
import { IMPORT_BASE } from '../modules/conciliacao/repo.ts';
import { STATUS_MAIL, statusMailHandler } from '../modules/notificacoes/status-mail.ts';
import type { TaskHandlers } from './queue.ts';

/** Every kind of task the queue runs (queue.ts), with what each needs from the app. */
export const taskHandlers = (app: FastifyInstance): TaskHandlers => ({
  [STATUS_MAIL]: statusMailHandler({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl }),
  [RECOVERY_MAIL]: recoveryMailHandler({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl }),
  [EXPORT_TASK]: exportHandler({ db: app.db, storage: app.storage, publicUrl: app.config.publicUrl }),
  [IMPORT_BASE]: importBaseHandler({ db: app.db, storage: app.storage, log: app.log }),
});
