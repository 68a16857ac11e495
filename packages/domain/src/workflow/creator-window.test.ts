import { describe, expect, it } from 'vitest';
import { PROFILE } from '../access/groups.ts';
import { STATUS } from '../catalogs/request-status.ts';
import { checkSave } from './check-save.ts';
import { creatorWindowOpen } from './deletion.ts';
import { requestForm } from './forms.ts';
import { requestPolicy } from './request-policy.ts';

const requester = { id: 7, papel: 'solicitante' as const, perfil: PROFILE.CADASTRO_UC };
const untouched = { status: STATUS.INICIADA, idUsuario: 7, statusChanges: 1, othersActed: false };

describe("the creator's window: correcting a request nobody has acted on", () => {
  it('is open to the creator while the request sits untouched in its first status', () => {
    expect(creatorWindowOpen(requester, untouched)).toBe(true);
  });

  it('closes once anyone else wrote to it, once it moved, for anyone but its creator, and for profile 3', () => {
    expect(creatorWindowOpen(requester, { ...untouched, othersActed: true })).toBe(false);
    expect(
      creatorWindowOpen(requester, { ...untouched, status: STATUS.EM_VALIDACAO_REGIONAL, statusChanges: 2 }),
    ).toBe(false);
    expect(creatorWindowOpen({ ...requester, id: 8 }, untouched)).toBe(false);
    expect(creatorWindowOpen({ ...requester, perfil: PROFILE.CONSULTA }, untouched)).toBe(false);
  });

  it('while open, the requester edits what creating let them fill in and keeps the status; nothing else', () => {
    const closed = requestPolicy({
      actor: requester,
      flow: 'energia',
      kind: 'nova',
      currentStatus: STATUS.INICIADA,
    });
    expect(closed.canSave).toBe(false);
    const open = requestPolicy({
      actor: requester,
      flow: 'energia',
      kind: 'nova',
      currentStatus: STATUS.INICIADA,
      creatorWindow: true,
    });
    expect(open.canSave).toBe(true);
    expect(open.statusChoices).toEqual([STATUS.INICIADA]);
    expect(open.editableFields).toEqual(expect.arrayContaining(['unidade', 'uf', 'endereco', 'observacao']));
    expect(open.editableFields).not.toContain('tipo_de_pagamento');
  });

  it('checkSave lets the creator correct a field, refuses a forged status and any field of the cell', () => {
    // A complete request as the requester filed it (the base required fields filled).
    const filed = Object.fromEntries(requestForm('energia', 'nova').requiredFields.map((f) => [f, '1']));
    const current = { status: STATUS.INICIADA, values: { ...filed, unidade: '123' } };
    const base = {
      actor: requester,
      flow: 'energia' as const,
      kind: 'nova' as const,
      current,
      creatorWindow: true,
    };
    expect(checkSave({ ...base, next: { status: STATUS.INICIADA, values: { unidade: '456' } } }).ok).toBe(
      true,
    );
    expect(checkSave({ ...base, next: { status: STATUS.APROVADA_REGIONAL, values: {} } })).toMatchObject({
      ok: false,
      code: 403,
    });
    expect(
      checkSave({ ...base, next: { status: STATUS.INICIADA, values: { tipo_de_pagamento: 1 } } }),
    ).toMatchObject({ ok: false, code: 403 });
    expect(
      checkSave({
        ...base,
        creatorWindow: false,
        next: { status: STATUS.INICIADA, values: { unidade: '456' } },
      }),
    ).toMatchObject({ ok: false, code: 403 });
  });
});
