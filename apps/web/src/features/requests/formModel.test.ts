import { messages, REQUEST_FIELDS, statusLabel, STATUS } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { policyCase, recordOf, userOf } from '../../test/fixtures.ts';
import { initialValues, invalidTaxId, saveProblems, savePayload, type FormValues } from './formModel.ts';

/** Every field holding some text, so a payload shows which ones it picked. */
const everyFieldFilled = () => Object.fromEntries(REQUEST_FIELDS.map((f) => [f, `v-${f}`])) as FormValues;

/** What a requester types on a new energy unit that the domain accepts. */
const validNewUnit = (): FormValues => ({
  ...initialValues(undefined),
  regional: '3',
  uf: 'SP',
  municipio: 'São Paulo',
  endereco: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  cnpj_solicitada: '11.222.333/0001-81',
  id_concessionaria: '5',
  unidade: 'UC-123',
  numero_medidor: 'M-1',
  id_tensao: '1',
  tipo_site: '2',
});

const requester = userOf('solicitante');
const regional = userOf('regional');

describe('initialValues', () => {
  it('a new request starts with every field blank', () => {
    const values = initialValues(undefined);
    expect(Object.keys(values).sort()).toEqual([...REQUEST_FIELDS].sort());
    expect(Object.values(values).every((v) => v === '')).toBe(true);
  });

  it('a stored CNPJ and CEP show with their masks', () => {
    const values = initialValues(
      recordOf('energia', 'nova', { cnpj_solicitada: '11222333000181', cep: '01310100' }),
    );
    expect(values.cnpj_solicitada).toBe('11.222.333/0001-81');
    expect(values.cep).toBe('01310-100');
  });

  it('a stored CPF shows with the CPF mask', () => {
    expect(
      initialValues(recordOf('energia', 'nova', { cnpj_solicitada: '52998224725' })).cnpj_solicitada,
    ).toBe('529.982.247-25');
  });

  it('stored codes show as their digits and empty columns as blank', () => {
    const values = initialValues(
      recordOf('energia', 'nova', { id_concessionaria: 5, tipo_site: 2, unidade: null, endereco_id: 'E-1' }),
    );
    expect(values).toMatchObject({
      id_concessionaria: '5',
      tipo_site: '2',
      unidade: '',
      endereco_id: 'E-1',
      cep: '',
    });
  });
});

describe('savePayload', () => {
  it('an edit sends only the fields the policy lets this role edit, plus id, version and the chosen status', () => {
    const { policy } = policyCase('energia', 'nova', regional, STATUS.INICIADA);
    const record = recordOf('energia', 'nova', { id: 41, version: 9, status: STATUS.INICIADA });
    const payload = savePayload(policy, everyFieldFilled(), record, STATUS.EM_VALIDACAO_REGIONAL, false);
    expect(payload).toEqual({
      endereco_id: 'v-endereco_id',
      site_id: 'v-site_id',
      observacao: 'v-observacao',
      id: 41,
      version: 9,
      status: STATUS.EM_VALIDACAO_REGIONAL,
    });
  });

  it('creating sends the fields the creator fills and no id, version or status', () => {
    const { policy } = policyCase('energia', 'nova', requester, null);
    const payload = savePayload(policy, everyFieldFilled(), undefined, STATUS.INICIADA, false);
    expect(Object.keys(payload).sort()).toEqual([...policy.editableFields].sort());
    expect(payload).not.toHaveProperty('id');
    expect(payload).not.toHaveProperty('status');
    // The cell's fields are not the requester's to fill, whatever the inputs hold.
    expect(payload).not.toHaveProperty('tipo_de_pagamento');
  });

  it('a read-only profile sends no field at all', () => {
    const { policy } = policyCase('energia', 'nova', userOf('celula', 3), STATUS.EM_VALIDACAO_CELULA);
    const record = recordOf('energia', 'nova', { status: STATUS.EM_VALIDACAO_CELULA });
    expect(savePayload(policy, everyFieldFilled(), record, STATUS.EM_VALIDACAO_CELULA, false)).toEqual({
      id: 7,
      version: 3,
      status: STATUS.EM_VALIDACAO_CELULA,
    });
  });

  it('confirming a duplicate says so in the payload, and only then', () => {
    const { policy } = policyCase('energia', 'nova', requester, null);
    expect(savePayload(policy, validNewUnit(), undefined, 0, true)).toHaveProperty(
      'confirmar_duplicidade',
      true,
    );
    expect(savePayload(policy, validNewUnit(), undefined, 0, false)).not.toHaveProperty(
      'confirmar_duplicidade',
    );
  });
});

describe('invalidTaxId', () => {
  const { policy: creating } = policyCase('energia', 'nova', requester, null);

  it('an invalid CPF/CNPJ stops the save when the user may edit it', () => {
    expect(invalidTaxId(creating, { ...validNewUnit(), cnpj_solicitada: '11.222.333/0001-82' })).toBe(true);
    expect(invalidTaxId(creating, { ...validNewUnit(), cnpj_solicitada: '529.982.247-24' })).toBe(true);
  });

  it('a blank or valid tax id does not stop the save', () => {
    expect(invalidTaxId(creating, { ...validNewUnit(), cnpj_solicitada: '' })).toBe(false);
    expect(invalidTaxId(creating, { ...validNewUnit(), cnpj_solicitada: '529.982.247-25' })).toBe(false);
  });

  it('a tax id the user cannot edit does not stop the save', () => {
    const { policy } = policyCase('energia', 'nova', regional, STATUS.INICIADA);
    expect(invalidTaxId(policy, { ...validNewUnit(), cnpj_solicitada: '11.222.333/0001-82' })).toBe(false);
  });
});

describe('saveProblems', () => {
  const creatingNewUnit = (values: FormValues, files = {}) => {
    const { form, policy } = policyCase('energia', 'nova', requester, null);
    return saveProblems({ form, user: requester, policy, values, record: undefined, chosenStatus: 0, files });
  };

  it('a save the domain accepts reports no problem', () => {
    expect(creatingNewUnit(validNewUnit())).toEqual({});
  });

  it('each required field left blank is reported on that field, named by its label', () => {
    const problems = creatingNewUnit({ ...validNewUnit(), unidade: '  ', bairro: '' });
    expect(problems).toEqual({
      unidade: messages.required('Unidade'),
      bairro: messages.required('Bairro'),
    });
  });

  it('a water form names a blank field its own way', () => {
    const { form, policy } = policyCase('agua', 'nova', requester, null);
    const values: FormValues = { ...validNewUnit(), id_tensao: '', tipo_site: '1', unidade: '' };
    const problems = saveProblems({
      form,
      user: requester,
      policy,
      values,
      record: undefined,
      chosenStatus: 0,
      files: {},
    });
    expect(problems.unidade).toBe('O campo Matrícula/RGI é obrigatório.');
  });

  it('a value the payload schema refuses is reported on its field', () => {
    const problems = creatingNewUnit({ ...validNewUnit(), endereco_id: 'E'.repeat(13), tipo_site: '99' });
    expect(problems).toEqual({
      endereco_id: messages.max('Endereço ID', 12),
      tipo_site: messages.invalid('Tipo do Site'),
    });
  });

  it('a required document not chosen is reported on its slot', () => {
    const { form, policy } = policyCase('energia', 'troca', requester, null);
    const fatura = new File(['%PDF'], 'fatura.pdf', { type: 'application/pdf' });
    const problems = saveProblems({
      form,
      user: requester,
      policy,
      values: validNewUnit(),
      record: undefined,
      chosenStatus: 0,
      files: { fatura },
    });
    expect(problems).toEqual({
      comprovante_pagamento: 'O arquivo Comprovante de Pagamento é obrigatório.',
      autorizacao: 'O arquivo Autorização é obrigatório.',
    });
  });

  describe('what the domain refuses (checkSave) is reported where it names', () => {
    const stored = recordOf('energia', 'nova', {
      status: STATUS.INICIADA,
      endereco_id: 'E-1',
      site_id: 'S-1',
    });
    const regionalSaves = (chosenStatus: number, files = {}) => {
      const { form, policy } = policyCase('energia', 'nova', regional, STATUS.INICIADA);
      return saveProblems({
        form,
        user: regional,
        policy,
        values: initialValues(stored),
        record: stored,
        chosenStatus,
        files,
      });
    };

    it('the regional may save the address ids it was given', () => {
      expect(regionalSaves(STATUS.EM_VALIDACAO_REGIONAL)).toEqual({});
    });

    it('a file this role may not send is reported on its slot', () => {
      const complementar = new File(['x'], 'extra.pdf', { type: 'application/pdf' });
      expect(regionalSaves(STATUS.INICIADA, { complementar })).toEqual({
        complementar: 'O arquivo Anexo Complementar não pode ser enviado neste status.',
      });
    });

    it('a status this role may not choose is reported on the status selector', () => {
      expect(regionalSaves(STATUS.APROVADA)).toEqual({
        status: `Você não pode escolher o status "${statusLabel(STATUS.APROVADA, 'energia', 'nova')}".`,
      });
    });
  });

  it('a read-only profile is told why nothing can be saved', () => {
    const user = userOf('celula', 3);
    const { form, policy } = policyCase('energia', 'nova', user, STATUS.EM_VALIDACAO_CELULA);
    const record = recordOf('energia', 'nova', { status: STATUS.EM_VALIDACAO_CELULA });
    const problems = saveProblems({
      form,
      user,
      policy,
      values: initialValues(record),
      record,
      chosenStatus: STATUS.EM_VALIDACAO_CELULA,
      files: {},
    });
    expect(problems).toEqual({ status: 'Seu perfil não permite salvar esta solicitação.' });
  });
});
