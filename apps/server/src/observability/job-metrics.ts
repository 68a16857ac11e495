import { Counter } from 'prom-client';

/**
 * Counted where the queue worker runs (jobs/queue.ts), per process; registered into each app's
 * metrics registry by metrics.ts. Labelled by task kind only, never by a task's data.
 */
export const jobAttemptsFailed = new Counter({
  name: 'portal_job_attempts_failed_total',
  help: 'Tentativas de tarefas da fila que falharam (serão tentadas de novo ou abandonadas).',
  labelNames: ['tipo'] as const,
  registers: [],
});

export const jobsGivenUp = new Counter({
  name: 'portal_jobs_given_up_total',
  help: 'Tarefas da fila abandonadas após o número máximo de tentativas.',
  labelNames: ['tipo'] as const,
  registers: [],
});
