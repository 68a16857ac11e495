import { describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '../catalogs/ufs.ts';
import { mapColumns } from './columns.ts';
import { CLIENT_COMPANY_NAME, divergenceOf } from './divergence.ts';
import { checkBaseRow, deParaKey, type BaseRowContext } from './row.ts';

const ctx: BaseRowContext = {
  flow: 'energia',
  concessionaires: new Map([
    ['enel sp', { id: 3, nome: 'Enel SP' }],
    ['cemig', { id: 5, nome: 'Cemig' }],
  ]),
  regionals: new Map([
    ['tsp', 7],
    ['7', 7],
  ]),
  dePara: new Map([
    [deParaKey('concessionaria', 'ELETROPAULO'), 'Enel SP'],
    [deParaKey('regional', 'São Paulo'), 'TSP'],
  ]),
};
const SP = clientCnpjForUf('SP')!;
const row = {
  uc: '3000000001',
  concessionaria: 'Enel SP',
  rzSocial: CLIENT_COMPANY_NAME,
  cnpjFatura: SP,
  estado: 'sp',
};

describe('colunas da base do provedor', () => {
  it('reconhece os cabeçalhos sem acento, caixa ou pontuação e ignora colunas que não usa', () => {
    const mapping = mapColumns([
      'uc',
      'CONCESSIONARIA',
      'razao_social_fatura',
      'CNPJ da Fatura',
      'Estado',
      'Obs',
    ]);
    expect(mapping).toEqual({
      ok: true,
      fields: ['uc', 'concessionaria', 'rzSocial', 'cnpjFatura', 'estado', null],
      ignored: ['Obs'],
    });
  });

  it('recusa o arquivo sem uma coluna obrigatória, nomeando-a', () => {
    expect(mapColumns(['UC', 'Concessionária', 'Razão Social', 'UF'])).toEqual({
      ok: false,
      message: 'Falta a coluna "CNPJ Fatura" no arquivo. Confira a primeira linha (cabeçalho).',
    });
  });

  it('recusa o arquivo com a mesma coluna duas vezes', () => {
    const mapping = mapColumns(['UC', 'Unidade', 'Concessionária', 'Razão Social', 'CNPJ', 'UF']);
    expect(mapping).toEqual({ ok: false, message: 'A coluna "UC" aparece mais de uma vez no arquivo.' });
  });
});

describe('linha da base do provedor', () => {
  it('aceita uma linha completa e guarda o nome da concessionária do portal, a UF em maiúsculas e o CNPJ sem máscara', () => {
    const check = checkBaseRow(
      { ...row, cnpjFatura: '31.447.205/0026-00', regional: 'São Paulo', ativa: 'Não' },
      ctx,
    );
    expect(check).toMatchObject({
      ok: true,
      row: {
        concessionaria: 'Enel SP',
        idConcessionaria: 3,
        estado: 'SP',
        cnpjFatura: SP,
        regional: 7,
        ativa: false,
      },
    });
  });

  it('traduz a concessionária pelo De-Para antes de procurá-la', () => {
    expect(checkBaseRow({ ...row, concessionaria: 'eletropaulo' }, ctx)).toMatchObject({
      ok: true,
      row: { concessionaria: 'Enel SP' },
    });
  });

  it('recusa concessionária desconhecida, CNPJ inválido, UF inexistente, CEP curto e Ativa que não é Sim nem Não, com todos os motivos', () => {
    const check = checkBaseRow(
      {
        ...row,
        concessionaria: 'Luz do Norte',
        cnpjFatura: '11.111.111/1111-11',
        estado: 'XX',
        cep: '123',
        ativa: 'talvez',
      },
      ctx,
    );
    expect(check).toEqual({
      ok: false,
      reasons: [
        'Concessionária "Luz do Norte" não cadastrada para energia (cadastre-a ou crie um De-Para).',
        'CNPJ Fatura inválido.',
        'UF "XX" não existe.',
        'CEP inválido (8 dígitos).',
        'Ativa "talvez" não é Sim nem Não.',
      ],
    });
  });

  it('recusa campo obrigatório vazio e texto acima do máximo', () => {
    expect(checkBaseRow({ ...row, uc: '  ', endereco: 'x'.repeat(121) }, ctx)).toEqual({
      ok: false,
      reasons: ['UC não preenchido.', 'Endereço passa de 120 caracteres.'],
    });
  });

  it('identificadores da base são guardados na grafia única dos formulários (GUIDE §7)', () => {
    const checked = checkBaseRow(
      {
        ...row,
        uc: '３０００-０００１',
        enderecoId: 'sp\u200B7000001',
        siteId: 'spó001',
        numeroMedidor: 'ｍ123',
      },
      ctx,
    );
    expect(checked).toMatchObject({
      ok: true,
      row: { uc: '3000-0001', enderecoId: 'SP7000001', siteId: 'SPO001', numeroMedidor: 'M123' },
    });
  });

  it('recusa identificador com caracteres que nenhuma concessionária usa, nomeando a coluna', () => {
    expect(checkBaseRow({ ...row, uc: '٣٠٠٠', siteId: 'S#1' }, ctx)).toEqual({
      ok: false,
      reasons: [
        'O campo UC aceita apenas letras de A a Z, algarismos de 0 a 9, espaço e os sinais - . /',
        'O campo Site ID aceita apenas letras de A a Z, algarismos de 0 a 9, espaço e os sinais - . /',
      ],
    });
  });

  it('recusa o caractere NUL e metades de par substituto, que o banco não guarda', () => {
    expect(checkBaseRow({ ...row, bairro: 'Centro\u0000', complemento: 'Sala \ud800' }, ctx)).toEqual({
      ok: false,
      reasons: ['Complemento contém caracteres inválidos.', 'Bairro contém caracteres inválidos.'],
    });
  });
});

describe('divergência do titular da fatura', () => {
  const none = () => undefined;

  it('tipo 1 quando o CNPJ da fatura não é o do cliente na UF da unidade', () => {
    expect(divergenceOf({ estado: 'RJ', cnpjFatura: SP, rzSocial: CLIENT_COMPANY_NAME }, none)).toBe(1);
  });

  it('tipo 2 quando o CNPJ está certo e a razão social não é a cadastrada', () => {
    expect(divergenceOf({ estado: 'SP', cnpjFatura: SP, rzSocial: 'Torres Brasil S.A.' }, none)).toBe(2);
    expect(
      divergenceOf({ estado: 'SP', cnpjFatura: SP, rzSocial: CLIENT_COMPANY_NAME }, () => 'Outro Nome Ltda.'),
    ).toBe(2);
  });

  it('nenhuma quando CNPJ e razão social conferem, sem olhar acento, caixa ou pontuação', () => {
    expect(
      divergenceOf({ estado: 'SP', cnpjFatura: SP, rzSocial: 'OPERADORA TELECOM BRASIL S/A' }, none),
    ).toBeNull();
  });
});
