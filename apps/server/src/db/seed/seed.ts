import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  baseProvedor,
  baseProvedorCarga,
  concessionarias,
  empresas,
  grupos,
  perfis,
  regionais,
  statusRotulos,
  usuarioRegionais,
  usuarios,
} from '../schema.ts';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { judgeUnits } from '../../modules/conciliacao/import-base.ts';
import { applyStagedRows, clearStage, startRun, updateRun } from '../../modules/conciliacao/repo.ts';
import { providerBaseRows } from './provider-base.ts';
import { hashPassword } from '../../auth/passwords.ts';
import {
  ENERGY_CONCESSIONAIRES,
  GROUPS,
  PROFILE_ROWS,
  REGIONAIS,
  STATUS_LABELS,
  WATER_CONCESSIONAIRES,
} from './reference-data.ts';
import {
  DEMO_COMPANIES,
  DEMO_PASSWORD,
  DEMO_REGIONAL_MANAGERS,
  DEMO_USERS,
  DEMO_WATER_COMPANIES,
} from './demo-data.ts';

/** Groups, profiles, regionals and concessionaires: inserted once, never overwritten (admins edit them). */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(grupos).values(GROUPS).onConflictDoNothing();
    await tx.insert(perfis).values(PROFILE_ROWS).onConflictDoNothing();
    await tx.insert(regionais).values(REGIONAIS).onConflictDoNothing();
    // The ids are explicit (the domain names regionals 1–7); move the sequence past them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('regionais', 'id'), (select max(id) from regionais))`,
    );
    // Missing labels are added; labels an administrator edited are kept.
    await tx.insert(statusRotulos).values(STATUS_LABELS).onConflictDoNothing();
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(concessionarias);
    if (n === 0) {
      await tx
        .insert(concessionarias)
        .values([
          ...ENERGY_CONCESSIONAIRES.map((c) => ({ ...c, fluxo: 'energia' as const })),
          ...WATER_CONCESSIONAIRES.map((c) => ({ ...c, fluxo: 'agua' as const })),
        ]);
    }
  });
}

/**
 * Demo companies and users (idempotent: existing rows are left alone). Whether they belong in a
 * database is the caller's call: the server asks demoSeedAllowed; tests and the benchmark ask for
 * them on databases they have just created. Returns the e-mails of the users it created, so the
 * first start can print them.
 */
export async function seedDemoData(db: Database): Promise<string[]> {
  const existing = await db
    .select({ email: usuarios.email })
    .from(usuarios)
    .where(
      inArray(
        usuarios.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  const missing = DEMO_USERS.filter((u) => !existing.some((e) => e.email === u.email));
  // Hash before the transaction: PGlite is one connection, and nothing but the database may be awaited inside.
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    await tx
      .insert(empresas)
      .values(DEMO_COMPANIES.map(({ key: _key, ...c }) => ({ ...c, fluxo: 'energia' as const })))
      .onConflictDoNothing();
    await tx
      .insert(empresas)
      .values(DEMO_WATER_COMPANIES.map((c) => ({ ...c, fluxo: 'agua' as const })))
      .onConflictDoNothing();
    for (const [regional, manager] of Object.entries(DEMO_REGIONAL_MANAGERS)) {
      // Only fills what nobody has filled: an administrator's edits stay.
      await tx
        .update(regionais)
        .set(manager)
        .where(and(eq(regionais.regional, regional), isNull(regionais.gestor)));
    }
    const companyIds = new Map<string, number>();
    for (const c of DEMO_COMPANIES) {
      const [row] = await tx
        .select({ id: empresas.id })
        .from(empresas)
        .where(and(eq(empresas.fluxo, 'energia'), eq(empresas.cnpj, c.cnpj)));
      companyIds.set(c.key, row!.id);
    }
    const regionalIds = new Map((await tx.select().from(regionais)).map((r) => [r.regional, r.id]));
    for (const [i, u] of missing.entries()) {
      const ids = (u.regionais ?? []).map((r) => regionalIds.get(r)!);
      const [created] = await tx
        .insert(usuarios)
        .values({
          name: u.name,
          email: u.email,
          passwordHash: hashes[i]!,
          idEmpresa: companyIds.get(u.empresa)!,
          idGrupo: u.grupo,
          idPerfil: u.perfil,
          idRegional: ids[0] ?? null,
          trocarSenha: u.trocarSenha ?? 1,
          telefone: u.telefone,
          cnpj: u.cnpj,
        })
        .returning({ id: usuarios.id });
      if (ids.length) {
        await tx
          .insert(usuarioRegionais)
          .values(ids.map((idRegional) => ({ idUsuario: created!.id, idRegional })));
      }
    }
  });
  await seedProviderBase(db);
  return missing.map((u) => u.email);
}

/**
 * A few hundred units of the provider's base, so the duplicate checks have something to find; and
 * a sample import run of a dozen more, judged as an import is, so /consolidacao opens with a few
 * divergences of each type to work on.
 */
async function seedProviderBase(db: Database): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(baseProvedor);
  if (n > 0) return;
  const energy = [...providerBaseRows(BASE_UNITS + SAMPLE_RUN_UNITS)];
  await db
    .insert(baseProvedor)
    .values([...energy.slice(0, BASE_UNITS), ...providerBaseRows(100, 2026, 'agua')]);

  const [operator] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.email, SAMPLE_RUN_BY));
  await db.transaction(async (tx) => {
    const run = await startRun(tx, 'energia', operator!.id, 'carga-de-demonstracao.csv');
    // Staged, applied and judged as an import's rows are.
    const sample = energy.slice(BASE_UNITS).map(({ fluxo: _, sge: __, ...row }, i) => ({
      ...row,
      ...sampleHolder(row.estado, i),
      idImportacao: run,
      linha: i + 2,
    }));
    await tx.insert(baseProvedorCarga).values(sample);
    await applyStagedRows(tx, run, 'energia');
    const { opened, closed } = await judgeUnits(tx, 'energia', run);
    await clearStage(tx, run);
    await updateRun(tx, run, {
      situacao: 'aplicada',
      linhasLidas: sample.length,
      linhasAceitas: sample.length,
      divergenciasAbertas: opened,
      divergenciasFechadas: closed,
      concluidaEm: new Date(),
    });
  });
}

const BASE_UNITS = 300;
const SAMPLE_RUN_UNITS = 12;
const SAMPLE_RUN_BY = 'amee@demo.portal';

/**
 * Who the sample run's invoices name: the client, as registered, for most units; every fourth
 * unit is billed to a tower company's CNPJ (type 1, 'CNPJ Diverge da UF') and the next to the
 * client's CNPJ under another name (type 2, 'CNPJ/Razão Divergente').
 */
function sampleHolder(uf: string, i: number): { cnpjFatura: string; rzSocial: string } {
  const client = { cnpjFatura: clientCnpjForUf(uf)!, rzSocial: CLIENT_COMPANY_NAME };
  if (i % 4 === 1) return { cnpjFatura: TOWER_COMPANY.cnpj, rzSocial: TOWER_COMPANY.razaoSocial };
  if (i % 4 === 2) return { ...client, rzSocial: 'Operadora Telecom Brasil Serviços Ltda.' };
  return client;
}
const TOWER_COMPANY = DEMO_COMPANIES.find((c) => c.cnpj === '35810274000120')!;
