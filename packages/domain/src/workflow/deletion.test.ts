import { describe, expect, it } from 'vitest';
import { PROFILE } from '../access/groups.ts';
import { CANNOT_DELETE, deletionProblem } from './deletion.ts';

const requester = { id: 7, papel: 'solicitante' as const, perfil: PROFILE.CADASTRO_UC };

describe('deleting a request', () => {
  it('its creator may delete it while nobody has acted on it', () => {
    expect(
      deletionProblem(requester, { status: 0, idUsuario: 7, statusChanges: 1, othersActed: false }),
    ).toBeNull();
  });

  it('once it moved on, not even its creator may delete it', () => {
    expect(
      deletionProblem(requester, { status: 1, idUsuario: 7, statusChanges: 2, othersActed: false }),
    ).toBe(CANNOT_DELETE);
    expect(
      deletionProblem(requester, { status: 0, idUsuario: 7, statusChanges: 3, othersActed: false }),
    ).toBe(CANNOT_DELETE);
  });

  it('once someone else saved on it, its creator may no longer delete it', () => {
    expect(deletionProblem(requester, { status: 0, idUsuario: 7, statusChanges: 1, othersActed: true })).toBe(
      CANNOT_DELETE,
    );
  });

  it('nobody else may delete it, except an administrator', () => {
    expect(
      deletionProblem(
        { ...requester, id: 8 },
        { status: 0, idUsuario: 7, statusChanges: 1, othersActed: false },
      ),
    ).toBe(CANNOT_DELETE);
    expect(
      deletionProblem(
        { id: 1, papel: 'celula', perfil: PROFILE.ADMINISTRADOR },
        { status: 5, idUsuario: 7, statusChanges: 4, othersActed: false },
      ),
    ).toBeNull();
  });

  it('profile 3 (Consulta) deletes nothing', () => {
    expect(
      deletionProblem(
        { ...requester, perfil: PROFILE.CONSULTA },
        { status: 0, idUsuario: 7, statusChanges: 1, othersActed: false },
      ),
    ).toBe(CANNOT_DELETE);
  });
});
