import { describe, expect, it } from 'vitest';
import { ROLE_KIND_KEYS, type RoleKind } from '../access/groups.ts';
import type { Flow, Kind } from '../catalogs/flow-kind.ts';
import type { RequestStatus } from '../catalogs/request-status.ts';
import { requestPolicy } from './request-policy.ts';

const policy = (
  papel: RoleKind,
  status: RequestStatus | null,
  flow: Flow = 'energia',
  kind: Kind = 'troca',
) => requestPolicy({ actor: { papel, perfil: 2 }, flow, kind, currentStatus: status });
const seers = (
  check: (p: ReturnType<typeof policy>) => boolean,
  status: RequestStatus = 2,
  flow: Flow = 'energia',
  kind: Kind = 'troca',
) => ROLE_KIND_KEYS.filter((role) => check(policy(role, status, flow, kind)));

describe('Blocos visíveis por grupo', () => {
  it('bloco de dados da Célula só para Célula e Xerox/AME', () => {
    expect(seers((p) => p.visibleFields.includes('classe_tarifaria'))).toEqual(['amee', 'celula']);
  });

  it('Previsão de Ativação e Protocolo só para Célula e Xerox/AME', () => {
    expect(seers((p) => p.visibleFields.includes('data_ativacao'))).toEqual(['amee', 'celula']);
    expect(seers((p) => p.visibleFields.includes('protocolo'))).toEqual(['amee', 'celula']);
  });

  it('Tipo de Loja só para Property Management e Célula', () => {
    expect(seers((p) => p.visibleFields.includes('tipo_de_loja'))).toEqual([
      'celula',
      'property',
      'analise_property',
    ]);
  });

  it('Anexo Complementar só para a Célula', () => {
    expect(seers((p) => p.visibleFiles.includes('complementar'))).toEqual(['celula']);
  });

  it('Anexo Complementar Tower: o Tower o envia no status 9; Célula e Xerox/AME o veem para avaliar', () => {
    expect(seers((p) => p.visibleFiles.includes('complementar_tower'), 9)).toEqual([
      'amee',
      'celula',
      'tower',
    ]);
    expect(seers((p) => p.visibleFiles.includes('complementar_tower'), 4)).toEqual(['amee', 'celula']);
  });

  it('Unidade Nova escondida do Tower na troca de água, visível aos demais', () => {
    expect(policy('tower', 0, 'agua', 'troca').visibleFields).not.toContain('unidade_nova');
    expect(policy('solicitante', 0, 'agua', 'troca').visibleFields).toContain('unidade_nova');
  });

  it('quem só consulta vê os campos mesmo sem poder editar', () => {
    const p = requestPolicy({
      actor: { papel: 'celula', perfil: 3 },
      flow: 'energia',
      kind: 'nova',
      currentStatus: 5,
    });
    expect(p.visibleFields).toContain('classe_tarifaria');
    expect(p.editableFields).toEqual([]);
  });
});

describe('Regras de leitura do spec, uma a uma', () => {
  it('Status 7 para Célula ou Regional é somente leitura', () => {
    expect(policy('celula', 7).canSave).toBe(false);
    expect(policy('regional', 7).canSave).toBe(false);
  });

  it('Status 5 para outros grupos é somente leitura', () => {
    expect(seers((p) => p.canSave, 5)).toEqual(['celula']);
  });

  it('Regional no status 10 é somente leitura, sem envio', () => {
    expect(policy('regional', 10).canSave).toBe(false);
  });

  it('Regional nos status 8 e 14 é totalmente bloqueada', () => {
    expect(policy('regional', 8).canSave).toBe(false);
    expect(policy('regional', 14).canSave).toBe(false);
  });

  it('Célula no status 8 é bloqueada', () => {
    expect(policy('celula', 8).canSave).toBe(false);
  });

  it('Xerox/AME nos status 7, 8 e 13 só muda status e observação', () => {
    for (const s of [7, 8, 13] as const) expect(policy('amee', s).editableFields).toEqual(['observacao']);
  });

  it('Tower com profile 3 não salva nem no status 9', () => {
    const p = requestPolicy({
      actor: { papel: 'tower', perfil: 3 },
      flow: 'energia',
      kind: 'troca',
      currentStatus: 9,
    });
    expect(p.canSave).toBe(false);
  });

  it('combinação não listada é somente leitura e diz por quê', () => {
    expect(policy('solicitante', 0).reason).toBe(
      'Seu grupo não pode alterar esta solicitação no status "Solicitação Iniciada".',
    );
  });
});
