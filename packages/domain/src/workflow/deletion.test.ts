import { describe, expect, it } from 'vitest';
import { PROFILE } from '../access/groups.ts';
import { CANNOT_DELETE, deletionProblem } from './deletion.ts';

const requester = { id: 7, papel: 'solicitante' as const, perfil: PROFILE.CADASTRO_UC };

describe('deleting a request', () => {
  it('its creator may delete it while nobody has acted on it', () => {
    expect(deletionProblem(requester, { status: 0, idUsuario: 7, statusChanges: 1 })).toBeNull();
  });

  it('once it moved on, not even its creator may delete it', () => {
    expect(deletionProblem(requester, { status: 1, idUsuario: 7, statusChanges: 2 })).toBe(CANNOT_DELETE);
    expect(deletionProblem(requester, { status: 0, idUsuario: 7, statusChanges: 3 })).toBe(CANNOT_DELETE);
  });

  it('nobody else may delete it, except an administrator', () => {
    expect(deletionProblem({ ...requester, id: 8 }, { status: 0, idUsuario: 7, statusChanges: 1 })).toBe(CANNOT_DELETE);
    expect(deletionProblem({ id: 1, papel: 'celula', perfil: PROFILE.ADMINISTRADOR }, { status: 5, idUsuario: 7, statusChanges: 4 })).toBeNull();
  });

  it('profile 3 (Consulta) deletes nothing', () => {
    expect(deletionProblem({ ...requester, perfil: PROFILE.CONSULTA }, { status: 0, idUsuario: 7, statusChanges: 1 })).toBe(CANNOT_DELETE);
  });
});
