import {
  ALL_FLOW_KINDS,
  DIRECTORATES,
  normalizeValue,
  requestForm,
  requestSaveSchema,
  TARIFF_MODALITIES,
  type Flow,
  type Kind,
} from '@portal/domain';
import { and, eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { call, readRequest } from '../support/requests.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';

/**
 * Issue 10 item 2: a record read back from `list {id}` must be accepted unchanged by `edit`, on
 * every form. The record is stored with every field of its form filled, then read, sent back whole
 * (the cell moving it from 2 to 4) and read again: nothing may be refused or change on the way.
 */
let t: TestApp;
let cell: string;
beforeAll(async () => {
  t = await createTestApp();
  cell = await login(t.app, 'celula@demo.portal');
});
afterAll(() => t.close());

const columns = Object.entries(getTableColumns(solicitacoes));
const keyOf = (field: string) => columns.find(([, c]) => c.name === field)![0];

/** Candidate values of every kind; each field takes the first its schema accepts as a non-blank value. */
const CANDIDATES = [
  'São Paulo',
  'SP',
  '01310100',
  '48392015000179',
  '2026-12-01',
  TARIFF_MODALITIES[0]!.code,
  DIRECTORATES[0]!.code,
  'TEXTO1',
  1,
  2,
  3,
  7,
];

async function filledRow(flow: Flow, kind: Kind) {
  const form = requestForm(flow, kind);
  const schema = requestSaveSchema(flow, kind);
  const [owner] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'solicitante@demo.portal'));
  const [serving] = await t.app.db
    .select({ id: concessionarias.id })
    .from(concessionarias)
    .where(and(eq(concessionarias.fluxo, flow), eq(concessionarias.ativo, true)));
  const row: Record<string, unknown> = {
    fluxo: flow,
    tipo: kind,
    status: 2,
    idUsuario: owner!.id,
    idEmpresa: owner!.idEmpresa,
  };
  for (const field of form.fields.filter((f) => f !== 'observacao')) {
    const value =
      field === 'id_concessionaria'
        ? serving!.id
        : field === 'regional'
          ? 7
          : CANDIDATES.find((c) => {
              const parsed = schema.safeParse({ [field]: c });
              return (
                parsed.success && normalizeValue((parsed.data as Record<string, unknown>)[field]) !== null
              );
            });
    expect(value, `nenhum valor aceito para ${field}`).toBeDefined();
    const parsed = schema.parse({ [field]: value }) as Record<string, unknown>;
    row[keyOf(field)] = parsed[field];
  }
  const [created] = await t.app.db
    .insert(solicitacoes)
    .values(row as typeof solicitacoes.$inferInsert)
    .returning({ id: solicitacoes.id });
  return created!.id;
}

describe('a record read from list {id} is accepted unchanged by edit', () => {
  for (const { flow, kind } of ALL_FLOW_KINDS) {
    const form = requestForm(flow, kind);
    it(`${flow}.${kind}: every field survives read → edit → read`, async () => {
      const id = await filledRow(flow, kind);
      const before = await readRequest(t.app, cell, form.apiBase, id);
      expect(requestSaveSchema(flow, kind).safeParse(before).success).toBe(true);

      const saved = await call(t.app, cell, `/api/${form.apiBase}/edit`, { ...before, status: 4 });
      expect(saved.statusCode, saved.body).toBe(200);

      const after = await readRequest(t.app, cell, form.apiBase, id);
      for (const field of form.fields.filter((f) => f !== 'observacao')) {
        expect(normalizeValue(after[field]), field).toBe(normalizeValue(before[field]));
        expect(normalizeValue(after[field]), field).not.toBeNull();
      }
      expect(after).toMatchObject({ status: 4, version: before.version + 1 });
    });
  }
});
