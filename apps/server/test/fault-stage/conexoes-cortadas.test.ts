import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { clientCnpjForUf } from '@portal/domain';
import { multipart, newUnitPayload, PDF, PNG } from '../support/requests.ts';
import { post, signIn, startTwoServers, type Instance, type TwoServers } from '../support/two-servers.ts';

/**
 * The fault stage (issue 30, GUIDE §7): two real server processes on one PostgreSQL under a steady
 * load of saves, list reads, base imports and exports, while the database's backends are
 * terminated again and again — idle, mid-statement and inside open transactions. Both processes
 * must live through it, be ready again within 5 s of each termination, and every write they
 * acknowledged must be readable afterwards.
 */
const postgres = process.env.TEST_DATABASE_URL;
const TERMINATIONS = 24;
const BETWEEN_TERMINATIONS_MS = 1_200;
const READY_WITHIN_MS = 5_000;
/** The change of holder's three documents, small: the saves go through the bucket too. */
const DOCUMENTS = [
  { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: PDF },
  { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
  { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
];
/** What a call may answer while its connection is being cut: done, or 503 (try again). */
const ACCEPTABLE = new Set([200, 503]);

describe.runIf(postgres)(
  'backends terminated under load: both servers live on, nothing acknowledged is lost',
  () => {
    let servers: TwoServers;
    let instances: Instance[];
    const tokens: Record<string, string[]> = {};

    beforeAll(async () => {
      servers = await startTwoServers();
      instances = [servers.a, servers.b];
      for (const who of ['solicitante', 'celula', 'amee'])
        tokens[who] = await Promise.all(instances.map((i) => signIn(i, `${who}@demo.portal`)));
    }, 180_000);
    afterAll(() => servers?.close(), 60_000);

    it(`${TERMINATIONS} rounds of pg_terminate_backend: both alive, ready within 5 s of each, every acknowledged write readable`, async () => {
      const unexpected: string[] = [];
      const saved: { id: number; unidade: string }[] = [];
      const imports: number[] = [];
      const exports: { id: number; on: number }[] = [];
      let stop = false;
      const answered = async (what: string, res: Response, acceptable = ACCEPTABLE) => {
        const body = (await res.json().catch(() => ({}))) as { dados?: { id?: number } };
        if (!acceptable.has(res.status)) unexpected.push(`${what}: ${res.status} ${JSON.stringify(body)}`);
        return res.status === 200 ? body : undefined;
      };
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // A failed fetch is a process that did not answer at all: never acceptable (and no reason to
      // hammer it: the loop waits a little).
      const guarded = (what: string, call: () => Promise<void>) =>
        call().catch(async (err: unknown) => {
          if (unexpected.length < 50) unexpected.push(`${what}: ${String(err)}`);
          await pause(200);
        });
      // Read before the load: the test's own connections are terminated with the servers'.
      const template = await newUnitPayload({ db: servers.handle.db } as unknown as FastifyInstance);

      const saves = async (worker: number) => {
        for (let n = 0; !stop; n++) {
          const on = (worker + n) % 2;
          await guarded('save', async () => {
            const payload = { ...template, unidade: `UC${worker}X${n}`, endereco_id: `SP${worker}X${n}` };
            const sent = multipart(payload, DOCUMENTS);
            const res = await fetch(`${instances[on]!.base}/api/unidades/add`, {
              method: 'POST',
              body: sent.payload,
              headers: { ...sent.headers, authorization: `Bearer ${tokens.solicitante![on]}` },
            });
            const body = await answered('save', res);
            if (body?.dados?.id) saved.push({ id: body.dados.id, unidade: payload.unidade });
          });
        }
      };
      const reads = async () => {
        for (let n = 0; !stop; n++) {
          await guarded('list', async () => {
            await answered(
              'list',
              await post(instances[n % 2]!, '/api/unidades/list', { page: 1 }, tokens.celula![n % 2]),
            );
          });
        }
      };
      const importsAndExports = async () => {
        for (let n = 0; !stop; n++) {
          const on = n % 2;
          await guarded('import', async () => {
            const form = new FormData();
            const csv = `UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF\r\nFALHA-${n};ENEL SP;${CLIENT_COMPANY_NAME};${clientCnpjForUf('SP')};SP\r\n`;
            form.append('arquivo', new Blob([csv], { type: 'text/csv' }), 'base.csv');
            const res = await fetch(`${instances[on]!.base}/api/conciliacao/importar?fluxo=energia`, {
              method: 'POST',
              body: form,
              headers: { authorization: `Bearer ${tokens.amee![on]}` },
            });
            const body = await answered('import', res);
            if (body?.dados?.id) imports.push(body.dados.id);
          });
          await guarded('export', async () => {
            const res = await post(
              instances[on]!,
              '/api/exportacoes',
              { origem: 'novas-unidades/relatorio/exportar', formato: 'csv' },
              tokens.celula![on],
            );
            // 429: this user's exports under way reached their limit, which the load does quickly.
            const body = await answered('export', res, new Set([...ACCEPTABLE, 429]));
            if (body?.dados?.id) exports.push({ id: body.dados.id, on });
          });
          await pause(500);
        }
      };

      const killer = new pg.Client({ connectionString: servers.databaseUrl });
      killer.on('error', () => undefined);
      await killer.connect();
      const database = new URL(servers.databaseUrl).pathname.slice(1);
      let terminated = 0;
      let inTransaction = 0;
      const slowestReady: number[] = [];
      const bothReady = async () => {
        const start = Date.now();
        for (;;) {
          const statuses = await Promise.all(
            instances.map((i) =>
              fetch(`${i.base}/api/ready`).then(
                (r) => r.status,
                () => 0,
              ),
            ),
          );
          if (statuses.every((s) => s === 200)) return Date.now() - start;
          if (Date.now() - start > 30_000) return Infinity;
          await pause(100);
        }
      };

      const load = [saves(0), saves(1), saves(2), reads(), importsAndExports()];
      await pause(1_000);
      const dead = () => instances.some((i) => i.child.exitCode !== null);
      for (let round = 0; round < TERMINATIONS && !dead(); round++) {
        const { rows } = await killer.query<{ in_transaction: boolean; terminated: boolean }>(
          `select xact_start is not null as in_transaction, pg_terminate_backend(pid) as terminated
           from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
          [database],
        );
        terminated += rows.filter((r) => r.terminated).length;
        inTransaction += rows.filter((r) => r.terminated && r.in_transaction).length;
        slowestReady.push(await bothReady());
        await pause(BETWEEN_TERMINATIONS_MS);
      }
      stop = true;
      await Promise.all(load);
      await killer.end();

      for (const instance of instances)
        expect(instance.child.exitCode, `${instance.name}: ${instance.output()}`).toBeNull();
      expect(unexpected).toEqual([]);
      expect(Math.max(...slowestReady)).toBeLessThanOrEqual(READY_WITHIN_MS);
      expect(terminated).toBeGreaterThanOrEqual(TERMINATIONS);
      expect(inTransaction, 'backends terminated inside an open transaction').toBeGreaterThan(0);
      expect(saved.length).toBeGreaterThan(0);

      // Every acknowledged write, read back through the other instance.
      for (const { id, unidade } of saved) {
        const res = await post(servers.b, '/api/unidades/list', { id }, tokens.solicitante![1]);
        expect(res.status, `request ${id}`).toBe(200);
        expect(((await res.json()) as { dados: { unidade: string } }).dados.unidade).toBe(unidade);
      }
      const listed = new Set<number>();
      for (let page = 1; listed.size < imports.length; page++) {
        const runs = await post(
          servers.a,
          '/api/conciliacao/importacoes',
          { page, per_page: 50 },
          tokens.amee![0],
        );
        expect(runs.status).toBe(200);
        const { dados } = (await runs.json()) as { dados: { id: number }[] };
        if (dados.length === 0) break;
        for (const run of dados) listed.add(run.id);
      }
      expect(imports.filter((id) => !listed.has(id))).toEqual([]);
      for (const { id, on } of exports) {
        const res = await fetch(`${instances[1 - on]!.base}/api/exportacoes/${id}`, {
          headers: { authorization: `Bearer ${tokens.celula![1 - on]}` },
        });
        expect(res.status, `export ${id}`).toBe(200);
      }
      console.log(
        `fault stage: ${terminated} backends terminated (${inTransaction} inside a transaction) in ${TERMINATIONS} rounds; ` +
          `${saved.length} saves, ${imports.length} imports, ${exports.length} exports acknowledged; ` +
          `slowest return to ready ${Math.max(...slowestReady)} ms`,
      );
    }, 300_000);
  },
);
