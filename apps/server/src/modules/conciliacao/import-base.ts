import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { clientCnpjForUf, type Flow } from '@portal/domain';
import {
  checkBaseRow,
  columnHeader,
  divergenceOf,
  mapColumns,
  type BaseField,
  type BaseRow,
} from '@portal/domain/reconciliation';
import { writeAudit } from '../../audit/audit.ts';
import { csvCell } from '../../http/csv-cell.ts';
import { unprocessable } from '../../http/errors.ts';
import type { ActorContext } from '../../http/context.ts';
import type { FileStorage, WrittenFile } from '../../storage/file-storage.ts';
import { readTable } from './read-table.ts';
import {
  applyStagedRows,
  clearStage,
  closeRegularizations,
  openRegularizations,
  registeredNames,
  rowContext,
  stageRows,
  stagedUnits,
  unstageRepeatedRows,
  updateRun,
} from './repo.ts';

/** Rows staged per insert, and units examined per detection step. */
const BATCH = 2000;
/** How often (rows read) the run's counter is written, for the screen's progress. */
const PROGRESS_EVERY = 20_000;

/** The rejected rows, as a csv a spreadsheet opens (";" and a BOM, like the exports it came from). */
function rejectedRowsFile(storage: FileStorage) {
  let stream: PassThrough | undefined;
  let written: Promise<WrittenFile> | undefined;
  return {
    async add(linha: number, uc: string, concessionaria: string, reasons: string[]) {
      if (!stream) {
        stream = new PassThrough();
        written = storage.write(stream);
        stream.write('\uFEFFLinha;UC;Concessionária;Motivo\r\n');
      }
      const line = [String(linha), uc, concessionaria, reasons.join(' ')].map(csvCell).join(';') + '\r\n';
      if (!stream.write(line)) await new Promise((resolve) => stream!.once('drain', resolve));
    },
    async finish(): Promise<string | null> {
      if (!stream) return null;
      stream.end();
      return (await written!).key;
    },
    async discard() {
      if (!stream) return;
      stream.end();
      await storage.remove((await written!).key).catch(() => undefined);
    },
  };
}

/**
 * Applies the provider's base export of one flow (issue 11 items 1–2), for the job queue's task
 * of a run (import-task.ts). The file is read as it comes from storage; each row is checked by the
 * domain, the good ones staged and the others reported. Then, in one transaction, the staged rows
 * replace the base (keyed by unit and concessionaire), each unit's invoice holder is judged,
 * divergences open regularizations and units now right close theirs, and the run says 'aplicada'.
 * A file that fails anywhere changes nothing in the base and leaves no stage nor rejected-rows
 * file; saying why on the run is the caller's. `signal` stops the work between batches.
 */
export async function importBase(
  ctx: ActorContext,
  storage: FileStorage,
  run: { id: number; fluxo: Flow; nomeArquivo: string },
  bytes: AsyncIterable<Buffer>,
  { log, signal }: { log?: Pick<FastifyBaseLogger, 'info' | 'warn'>; signal?: AbortSignal } = {},
): Promise<void> {
  const { id: idImportacao, fluxo: flow } = run;
  // An attempt after one that died half-way (its process gone) starts from nothing.
  await clearStage(ctx.db, idImportacao);
  await updateRun(ctx.db, idImportacao, {
    situacao: 'recebendo',
    linhasLidas: 0,
    linhasAceitas: 0,
    linhasRejeitadas: 0,
    rejeitadasKey: null,
  });
  const rejected = rejectedRowsFile(storage);
  const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
  try {
    const readStart = performance.now();
    const counts = await stage(ctx, flow, idImportacao, bytes, rejected, signal);
    for (const r of await unstageRepeatedRows(ctx.db, idImportacao)) {
      await rejected.add(r.linha, r.uc, r.concessionaria, [
        `Linha repetida: mesma UC e concessionária da linha ${r.primeira}.`,
      ]);
      counts.accepted--;
      counts.rejected++;
    }
    const rejeitadasKey = await rejected.finish();
    await updateRun(ctx.db, idImportacao, {
      situacao: 'aplicando',
      linhasLidas: counts.read,
      linhasAceitas: counts.accepted,
      linhasRejeitadas: counts.rejected,
      rejeitadasKey,
    });
    const phases = { leitura_s: seconds(readStart), aplicacao_s: 0, julgamento_s: 0 };
    await ctx.db.transaction(async (tx) => {
      const applyStart = performance.now();
      await applyStagedRows(tx, idImportacao, flow);
      phases.aplicacao_s = seconds(applyStart);
      const judgeStart = performance.now();
      const result = await judgeUnits(tx, flow, idImportacao, signal);
      phases.julgamento_s = seconds(judgeStart);
      await updateRun(tx, idImportacao, {
        situacao: 'aplicada',
        divergenciasAbertas: result.opened,
        divergenciasFechadas: result.closed,
        // A note of an earlier attempt's failure is history now; the upload is no longer needed.
        erro: null,
        arquivoKey: null,
        concluidaEm: new Date(),
      });
      await writeAudit(tx, {
        idUsuario: ctx.user.id,
        acao: 'importar-base',
        entidade: 'importacoes_base',
        entidadeId: idImportacao,
        depois: { fluxo: flow, arquivo: run.nomeArquivo, ...counts, ...result },
        ip: ctx.ip,
      });
    });
    // The base is applied and the run says so: clearing the staged rows is housekeeping that must
    // not turn the import into a failure (the queue would try a done import again).
    await clearStage(ctx.db, idImportacao).catch((err: unknown) =>
      log?.warn({ err, importacao: idImportacao }, 'linhas preparadas não removidas'),
    );
    // Where an import's time goes (bench/import.ts prints it with LOG_LEVEL=info).
    log?.info({ importacao: idImportacao, linhas: counts.read, ...phases }, 'base importada');
  } catch (err) {
    await rejected.discard();
    await clearStage(ctx.db, idImportacao).catch(() => undefined);
    throw err;
  }
}

/** Reads, checks and stages every row; the rejected ones go to the report. */
async function stage(
  ctx: ActorContext,
  flow: Flow,
  idImportacao: number,
  bytes: AsyncIterable<Buffer>,
  rejected: ReturnType<typeof rejectedRowsFile>,
  signal?: AbortSignal,
) {
  const context = await rowContext(ctx.db, flow);
  const counts = { read: 0, accepted: 0, rejected: 0 };
  let fields: (BaseField | null)[] | undefined;
  let batch: { linha: number; row: BaseRow }[] = [];
  // One batch is written while the next is read, so the database and the parser work together;
  // whatever happens, the stage is left with no write under way.
  let inserting: Promise<void> = Promise.resolve();
  const stageBatch = async () => {
    signal?.throwIfAborted();
    await inserting;
    inserting = stageRows(ctx.db, idImportacao, batch);
    inserting.catch(() => undefined); // awaited before the next batch or at the end
    batch = [];
  };
  try {
    let linha = 1; // the header is line 1, as a spreadsheet numbers it
    for await (const values of readTable(bytes)) {
      if (!fields) {
        const mapping = mapColumns(values);
        if (!mapping.ok) throw unprocessable(mapping.message, 'arquivo');
        fields = mapping.fields;
        continue;
      }
      linha++;
      counts.read++;
      const raw: Partial<Record<BaseField, string>> = {};
      fields.forEach((field, i) => {
        if (field) raw[field] = values[i] ?? '';
      });
      const check = checkBaseRow(raw, context);
      if (check.ok) {
        batch.push({ linha, row: check.row });
        counts.accepted++;
      } else {
        await rejected.add(linha, raw.uc ?? '', raw.concessionaria ?? '', check.reasons);
        counts.rejected++;
      }
      if (batch.length === BATCH) await stageBatch();
      if (counts.read % PROGRESS_EVERY === 0)
        await updateRun(ctx.db, idImportacao, { linhasLidas: counts.read });
    }
    if (!fields) throw unprocessable('O arquivo está vazio.', 'arquivo');
    if (counts.read === 0) {
      throw unprocessable(
        `O arquivo só tem o cabeçalho: nenhuma linha de ${columnHeader('uc')} para importar.`,
        'arquivo',
      );
    }
    await stageBatch();
    await inserting;
  } finally {
    await inserting.catch(() => undefined);
  }
  return counts;
}

/**
 * Judges each unit an import run wrote: opens the new divergences, closes the ones now fixed.
 * The demo seed judges its sample run with it too, so its divergences are the ones an import finds.
 */
export async function judgeUnits(
  tx: Parameters<typeof applyStagedRows>[0],
  flow: Flow,
  idImportacao: number,
  signal?: AbortSignal,
) {
  const names = await registeredNames(tx, flow);
  const registeredName = (cnpj: string) => names.get(cnpj);
  let opened = 0;
  let closed = 0;
  for await (const units of stagedUnits(tx, idImportacao, BATCH)) {
    signal?.throwIfAborted();
    const divergent = [];
    const fixed = [];
    for (const unit of units) {
      const tipo = divergenceOf(
        { estado: unit.estado, cnpjFatura: unit.cnpj_fatura, rzSocial: unit.rz_social },
        registeredName,
      );
      if (tipo === null) fixed.push(unit.uc);
      else divergent.push({ unit, tipo, cnpjCliente: clientCnpjForUf(unit.estado) });
    }
    opened += await openRegularizations(tx, flow, idImportacao, divergent);
    closed += await closeRegularizations(tx, flow, fixed);
  }
  return { opened, closed };
}
