import type { RegularizationField, RegularizationFile } from '@portal/domain';
import type { RegularizationRecord } from '@portal/domain/contracts/regularization';
import { regularizationStatusOf } from '@portal/domain';
import type { RegularizationAttachment, RegularizationRow } from './repo.ts';

/**
 * The column of each field a regularization save may change (the save names the dates as the spec's
 * payload does: data_pedido, data_previsao; the record reads them as data_solicitacao, previsao_solicitacao).
 */
export const REGULARIZATION_FIELD_COLUMNS = {
  razao_social_correta: 'razaoSocialCorreta',
  cnpj_correto: 'cnpjCorreto',
  data_pedido: 'dataSolicitacao',
  data_previsao: 'previsaoSolicitacao',
  nova_unidade: 'novaUnidade',
} as const satisfies Record<Exclude<RegularizationField, 'observacao'>, keyof RegularizationRow>;
type ColumnField = keyof typeof REGULARIZATION_FIELD_COLUMNS;
const COLUMN_FIELDS = Object.keys(REGULARIZATION_FIELD_COLUMNS) as ColumnField[];

/** The stored values of the fields a save may change, keyed as the save names them. */
export const fieldValues = (row: RegularizationRow): Record<string, unknown> =>
  Object.fromEntries(COLUMN_FIELDS.map((f) => [f, row[REGULARIZATION_FIELD_COLUMNS[f]]]));

/** The payload's field values as a partial row update (only the fields sent). */
export const rowValues = (values: Record<string, unknown>): Partial<RegularizationRow> =>
  Object.fromEntries(
    COLUMN_FIELDS.filter((f) => Object.hasOwn(values, f)).map((f) => [
      REGULARIZATION_FIELD_COLUMNS[f],
      values[f] ?? null,
    ]),
  );

export const attachmentUrl = (flow: RegularizationRow['fluxo'], id: number) =>
  `/api/${flow === 'agua' ? 'agua/' : ''}consolidacao/arquivos/${id}`;

/** One record as `consolidacao/list {id}` answers it (spec part 2 §3). */
export function toApiRecord(row: RegularizationRow, files: RegularizationAttachment[]): RegularizationRecord {
  const link = (slot: RegularizationFile) => {
    const file = files.find((f) => f.tipo === slot);
    return file ? attachmentUrl(row.fluxo, file.id) : null;
  };
  return {
    id: row.id,
    fluxo: row.fluxo,
    id_con: row.idCon,
    version: row.version,
    status: regularizationStatusOf(row.status),
    tipo_divergencia: row.tipoDivergencia,
    unidade: row.unidade,
    endereco_id: row.enderecoId,
    site_id: row.siteId,
    regional: row.regional,
    cep: row.cep,
    uf: row.uf,
    cidade: row.cidade,
    endereco: row.endereco,
    numero: row.numero,
    bairro: row.bairro,
    complemento: row.complemento,
    cnpj_tim: row.cnpjTim,
    sigla: row.sigla,
    numero_medidor: row.numeroMedidor,
    tipo_tensao: row.tipoTensao,
    razao_social_fatura: row.razaoSocialFatura,
    razao_correta: row.razaoSocialFatura,
    cnpj_fatura: row.cnpjFatura,
    razao_social_correta: row.razaoSocialCorreta,
    cnpj_correto: row.cnpjCorreto,
    data_solicitacao: row.dataSolicitacao,
    previsao_solicitacao: row.previsaoSolicitacao,
    nova_unidade: row.novaUnidade,
    url_fatura: row.urlFatura,
    solicitacao: link('solicitacao'),
    resposta: link('resposta'),
    anexo: link('anexo'),
    anexos: files.map((f) => ({
      id: f.id,
      tipo: f.tipo,
      nome: f.nomeArquivo,
      tamanho: f.tamanho,
      url: attachmentUrl(row.fluxo, f.id),
    })),
  };
}
