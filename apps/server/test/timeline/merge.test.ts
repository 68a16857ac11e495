import { describe, expect, it } from 'vitest';
import { requestForm } from '@portal/domain';
import {
  buildTimeline,
  changedFields,
  comparable,
  displayValue,
  referencedIds,
} from '../../src/modules/solicitacoes/timeline.ts';
import type { AuditRecord } from '../../src/modules/solicitacoes/timeline-repo.ts';

const ALL = new Set([
  'site_id',
  'numero',
  'tipo_site',
  'regional',
  'data_ativacao',
  'centro_custo',
  'id_concessionaria',
]);
const form = requestForm('energia', 'nova');
const names = {
  regionais: new Map([
    [7, 'TSP'],
    [1, 'TCO'],
  ]),
  concessionarias: new Map([[3, 'Enel Distribuição São Paulo']]),
};

describe('field changes of one save (before → after)', () => {
  it('lists only the sent fields whose value differs from the stored one', () => {
    const antes = { status: 1, site_id: 'A', numero: '10', centro_custo: null, tipo_site: 1 };
    const depois = { status: 2, site_id: 'A', numero: '20', centro_custo: '', arquivos: [] };
    expect(changedFields(antes, depois, ALL)).toEqual([{ field: 'numero', before: '10', after: '20' }]);
  });

  it('leaves out a field the reader may not see', () => {
    expect(changedFields({ centro_custo: 'X' }, { centro_custo: 'Y' }, new Set(['numero']))).toEqual([]);
  });

  it('does not count a stored date and the same date sent as a change', () => {
    expect(comparable('2026-12-20T00:00:00.000Z')).toBe('2026-12-20');
    expect(
      changedFields({ data_ativacao: '2026-12-20' }, { data_ativacao: '2026-12-20T00:00:00.000Z' }, ALL),
    ).toEqual([]);
  });

  it('never treats the observation as a field change (it has its own history)', () => {
    expect(changedFields({}, { observacao: 'nota' }, new Set(['observacao']))).toEqual([]);
  });
});

describe('values as the screen shows them', () => {
  it('codes by their option labels, rows by their names, dates as dd/mm/aaaa, empty as null', () => {
    expect(displayValue('tipo_site', 7)).toBe('Loja');
    expect(displayValue('tipo_de_pagamento', '2')).toBe('DA');
    expect(displayValue('modalidade_tarifaria', 'v')).toBe('Verde');
    expect(displayValue('regional', 7, names)).toBe('TSP');
    expect(displayValue('id_concessionaria', 3, names)).toBe('Enel Distribuição São Paulo');
    expect(displayValue('data_ativacao', '2026-12-20')).toBe('20/12/2026');
    expect(displayValue('numero', '')).toBeNull();
    expect(displayValue('tipo_site', 99)).toBe('99');
  });

  it('reads the names of the regionals and concessionaires the visible changes mention', () => {
    const audit: AuditRecord[] = [
      {
        acao: 'editar-solicitacao',
        antes: { regional: 1, id_concessionaria: 3 },
        depois: { regional: 7, id_concessionaria: 3 },
        em: new Date(),
        por: 'X',
      },
    ];
    expect(referencedIds(audit, ALL)).toEqual({ regionais: [1, 7], concessionarias: [] });
    expect(referencedIds(audit, new Set())).toEqual({ regionais: [], concessionarias: [] });
  });
});

describe('one list out of the histories and the audit log', () => {
  const t0 = new Date('2026-11-01T10:00:00Z');
  const t1 = new Date('2026-11-02T10:00:00Z');
  const t2 = new Date('2026-11-03T10:00:00Z');
  const base = {
    form,
    shown: { fields: ALL, files: new Set(['complementar']) },
    names,
    statuses: [
      { nome: 'R', data_cadastro: t1.toISOString(), status: 2 },
      { nome: 'S', data_cadastro: t0.toISOString(), status: 1 },
    ],
    observations: [{ nome: 'R', data: t1.toISOString(), obs: 'ok' }],
    attachments: [{ tipo: 'complementar', nome: 'parecer.pdf', enviadoEm: t2 }],
  };
  const audit: AuditRecord[] = [
    {
      acao: 'criar-solicitacao',
      antes: null,
      depois: { status: 1, site_id: 'A', arquivos: [] },
      em: t0,
      por: 'S',
    },
    {
      acao: 'editar-solicitacao',
      antes: { status: 1, site_id: 'A' },
      depois: { status: 2, site_id: 'B', arquivos: [] },
      em: t1,
      por: 'R',
    },
    {
      acao: 'editar-solicitacao',
      antes: { status: 2 },
      depois: { status: 4, arquivos: ['complementar', 'complementar_tower'] },
      em: t2,
      por: 'C',
    },
    {
      acao: 'apagar-arquivo',
      antes: { tipo: 'complementar_tower', nome: 'torre.pdf' },
      depois: null,
      em: t2,
      por: 'C',
    },
    { acao: 'pre-validar', antes: {}, depois: { resultado: 2 }, em: t2, por: 'A' },
  ];
  const entries = buildTimeline({ ...base, audit });

  it('is newest first; within one save: status, fields, files, verdicts, observation', () => {
    expect(entries.map((e) => [e.em, e.tipo])).toEqual([
      [t2.toISOString(), 'anexo_adicionado'],
      [t2.toISOString(), 'validacao'],
      [t1.toISOString(), 'status'],
      [t1.toISOString(), 'campo'],
      [t1.toISOString(), 'observacao'],
      [t0.toISOString(), 'status'],
    ]);
  });

  it('a creation lists no field changes; an upload of the same save carries its file name', () => {
    expect(entries.filter((e) => e.tipo === 'campo')).toEqual([
      { tipo: 'campo', em: t1.toISOString(), por: 'R', campo: 'Site ID', antes: 'A', depois: 'B' },
    ]);
    expect(entries[0]).toEqual({
      tipo: 'anexo_adicionado',
      em: t2.toISOString(),
      por: 'C',
      campo: 'Anexo Complementar',
      texto: 'parecer.pdf',
    });
  });

  it('hidden slots leave no trace: neither the upload nor the removal', () => {
    expect(JSON.stringify(entries)).not.toMatch(/torre|Tower/);
  });

  it('the post-approval verdict reads as the validation screen says it', () => {
    expect(entries[1]).toMatchObject({ tipo: 'validacao', por: 'A', texto: 'Pré-Validação: Não Aprovado' });
  });
});
