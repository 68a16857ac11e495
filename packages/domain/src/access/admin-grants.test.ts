import { describe, expect, it } from 'vitest';
import { ALL_FLAGS } from '../test-support/actors.ts';
import {
  companyRemovalProblem,
  flagBeyondGranter,
  groupGrantProblem,
  groupRemovalProblem,
  mayAdministerRoleKind,
  mayGrantFlag,
  userGrantProblem,
  userRemovalProblem,
  type Granter,
  type GroupGrant,
} from './admin-grants.ts';
import { GROUP, PROFILE, type Permissions } from './groups.ts';

// GUIDE §7: nobody grants what they do not hold. The messages are what the administration screens
// show and what the API answers, word for word.
const NO_FLAGS: Permissions = {
  cadastro: false,
  cnpjs: false,
  relatorios: false,
  empresas: false,
  usuarios: false,
};

/** A cell user who administers users (flag 'usuarios') and nothing else, profile 4. */
const cellManager: Granter = {
  id: 10,
  grupo: GROUP.CELULA,
  papel: 'celula',
  empresa: 1,
  perfil: PROFILE.CADASTRO_UC,
  permissoes: { ...NO_FLAGS, usuarios: true },
};
const administrator: Granter = { ...cellManager, id: 1, perfil: PROFILE.ADMINISTRADOR };

const cellGroup: GroupGrant = { papel: 'celula', ...NO_FLAGS };
interface StoredUser {
  id: number;
  id_grupo: number;
  id_perfil: number;
  id_empresa: number;
  email: string;
  papel: string;
}
const user: StoredUser = {
  id: 20,
  id_grupo: GROUP.CELULA,
  id_perfil: PROFILE.CADASTRO_UC,
  id_empresa: 1,
  email: 'ana@empresa.com.br',
  papel: 'celula',
};
const edit = (changes: Partial<StoredUser> & { password?: unknown } = {}) => {
  const { papel: _papel, id: _id, ...next } = { ...user, ...changes };
  return next;
};

describe('only profile 1 grants profile 1', () => {
  it('a non-administrator may not create an administrator', () => {
    expect(
      userGrantProblem(cellManager, undefined, edit({ id_perfil: PROFILE.ADMINISTRADOR }), cellGroup),
    ).toEqual({
      msg: 'Só um Administrador (perfil 1) concede ou altera o perfil Administrador.',
      field: 'id_perfil',
    });
  });

  it('a non-administrator may not promote a user to administrator', () => {
    expect(
      userGrantProblem(cellManager, user, edit({ id_perfil: PROFILE.ADMINISTRADOR }), cellGroup),
    ).toEqual({
      msg: 'Só um Administrador (perfil 1) concede ou altera o perfil Administrador.',
      field: 'id_perfil',
    });
  });

  it('a non-administrator may not demote or otherwise edit an administrator', () => {
    const admin = { ...user, id_perfil: PROFILE.ADMINISTRADOR };
    for (const id_perfil of [PROFILE.CONSULTA, PROFILE.ADMINISTRADOR]) {
      expect(userGrantProblem(cellManager, admin, edit({ id_perfil }), cellGroup)?.msg).toBe(
        'Só um Administrador (perfil 1) concede ou altera o perfil Administrador.',
      );
    }
  });

  it('an administrator grants and removes profile 1', () => {
    expect(
      userGrantProblem(administrator, user, edit({ id_perfil: PROFILE.ADMINISTRADOR }), cellGroup),
    ).toBeNull();
    expect(
      userGrantProblem(administrator, undefined, edit({ id_perfil: PROFILE.ADMINISTRADOR }), cellGroup),
    ).toBeNull();
    const admin = { ...user, id_perfil: PROFILE.ADMINISTRADOR };
    expect(
      userGrantProblem(administrator, admin, edit({ id_perfil: PROFILE.CONSULTA }), cellGroup),
    ).toBeNull();
  });

  it('a non-administrator gives the other profiles to users of their own role kind', () => {
    for (const id_perfil of [PROFILE.TROCA_CONSULTA, PROFILE.CONSULTA, PROFILE.CADASTRO_UC]) {
      expect(userGrantProblem(cellManager, undefined, edit({ id_perfil }), cellGroup)).toBeNull();
      expect(userGrantProblem(cellManager, user, edit({ id_perfil }), cellGroup)).toBeNull();
    }
  });
});

describe('administrators send reset e-mails, never set passwords', () => {
  it('a password in a user save is refused, to an administrator too', () => {
    for (const granter of [cellManager, administrator]) {
      expect(userGrantProblem(granter, user, edit({ password: 'Segredo@2026' }), cellGroup)).toEqual({
        msg: 'A senha de um usuário não é definida pelo administrador: use "Enviar e-mail de redefinição".',
        field: 'password',
      });
      expect(userGrantProblem(granter, undefined, edit({ password: '' }), cellGroup)?.field).toBe('password');
    }
  });
});

describe('nobody edits their own group, profile or company', () => {
  const self = { ...user, id: cellManager.id };
  it.each([
    ['id_grupo', { id_grupo: GROUP.CELULA_VARIANTE }],
    ['id_perfil', { id_perfil: PROFILE.CONSULTA }],
    ['id_empresa', { id_empresa: 2 }],
  ] as const)('changing one’s own %s is refused, naming the field', (field, change) => {
    for (const granter of [cellManager, { ...administrator, id: cellManager.id }]) {
      expect(userGrantProblem(granter, self, edit(change), cellGroup)).toEqual({
        msg: 'Você não pode alterar o seu próprio grupo, perfil ou empresa.',
        field,
      });
    }
  });

  it('one’s own name and e-mail may change', () => {
    expect(userGrantProblem(cellManager, self, edit({ email: 'nova@empresa.com.br' }), cellGroup)).toBeNull();
  });

  it('the same change to someone else is not an own-access change', () => {
    expect(userGrantProblem(cellManager, user, edit({ id_perfil: PROFILE.CONSULTA }), cellGroup)).toBeNull();
  });
});

describe('only profile 1 administers users of another role kind', () => {
  const regionalGroup: GroupGrant = { papel: 'regional', ...NO_FLAGS };
  const message =
    'Só um Administrador (perfil 1) administra grupos, e usuários em grupos, de outro papel que não o do seu grupo.';

  it('putting a user in a group of another role kind is refused', () => {
    expect(
      userGrantProblem(cellManager, undefined, edit({ id_grupo: GROUP.REGIONAL }), regionalGroup),
    ).toEqual({
      msg: message,
      field: 'id_grupo',
    });
  });

  it('editing a user who is in a group of another role kind is refused, whatever group they go to', () => {
    const regionalUser = { ...user, id_grupo: GROUP.REGIONAL, papel: 'regional' };
    expect(userGrantProblem(cellManager, regionalUser, edit(), cellGroup)).toEqual({
      msg: message,
      field: 'id_grupo',
    });
  });

  it('an administrator moves users between role kinds', () => {
    const regionalUser = { ...user, id_grupo: GROUP.REGIONAL, papel: 'regional' };
    expect(userGrantProblem(administrator, regionalUser, edit(), cellGroup)).toBeNull();
    expect(
      userGrantProblem(administrator, user, edit({ id_grupo: GROUP.REGIONAL }), regionalGroup),
    ).toBeNull();
  });

  it('mayAdministerRoleKind: one’s own role kind, or any for profile 1', () => {
    expect(mayAdministerRoleKind(cellManager, 'celula')).toBe(true);
    expect(mayAdministerRoleKind(cellManager, 'regional')).toBe(false);
    expect(mayAdministerRoleKind(administrator, 'regional')).toBe(true);
  });
});

describe('only profile 1 changes another user’s e-mail (the reset link follows it)', () => {
  const message =
    'Só um Administrador (perfil 1) altera o e-mail de outro usuário: a redefinição de senha iria para o novo endereço.';

  it('a non-administrator changing another user’s e-mail is refused', () => {
    expect(userGrantProblem(cellManager, user, edit({ email: 'outra@empresa.com.br' }), cellGroup)).toEqual({
      msg: message,
      field: 'email',
    });
  });

  it('the same address in other case or with spaces is not a change', () => {
    expect(
      userGrantProblem(cellManager, user, edit({ email: '  ANA@Empresa.com.br ' }), cellGroup),
    ).toBeNull();
  });

  it('an administrator changes it', () => {
    expect(
      userGrantProblem(administrator, user, edit({ email: 'outra@empresa.com.br' }), cellGroup),
    ).toBeNull();
  });

  it('a new user’s e-mail is set by whoever creates them', () => {
    expect(
      userGrantProblem(cellManager, undefined, edit({ email: 'outra@empresa.com.br' }), cellGroup),
    ).toBeNull();
  });
});

describe('putting someone in a group hands them its flags: only flags the granter holds', () => {
  const reportsGroup: GroupGrant = { papel: 'celula', ...NO_FLAGS, relatorios: true };

  it('a group with a flag the granter lacks is refused, naming the flag', () => {
    expect(
      userGrantProblem(cellManager, user, edit({ id_grupo: GROUP.CELULA_VARIANTE }), reportsGroup),
    ).toEqual({
      msg: 'Só um Administrador (perfil 1) concede a permissão "Relatórios", que o seu grupo não tem.',
      field: 'id_grupo',
    });
    expect(userGrantProblem(cellManager, undefined, edit(), reportsGroup)?.msg).toBe(
      'Só um Administrador (perfil 1) concede a permissão "Relatórios", que o seu grupo não tem.',
    );
  });

  it('a user kept in the group they already had is not granted anything', () => {
    expect(userGrantProblem(cellManager, user, edit(), reportsGroup)).toBeNull();
  });

  it('flags the granter holds may be handed out; profile 1 hands out any', () => {
    const usersGroup: GroupGrant = { papel: 'celula', ...NO_FLAGS, usuarios: true };
    expect(
      userGrantProblem(cellManager, user, edit({ id_grupo: GROUP.CELULA_VARIANTE }), usersGroup),
    ).toBeNull();
    expect(
      userGrantProblem(administrator, user, edit({ id_grupo: GROUP.CELULA_VARIANTE }), reportsGroup),
    ).toBeNull();
  });

  it('flagBeyondGranter names the first flag turned on that the granter lacks, in the screen’s order', () => {
    expect(flagBeyondGranter(cellManager, ALL_FLAGS)).toBe('cadastro');
    expect(flagBeyondGranter(cellManager, { ...NO_FLAGS, usuarios: true, empresas: true })).toBe('empresas');
    expect(flagBeyondGranter(cellManager, { ...NO_FLAGS, usuarios: true })).toBeNull();
    expect(flagBeyondGranter(cellManager, NO_FLAGS)).toBeNull();
    expect(flagBeyondGranter(administrator, ALL_FLAGS)).toBeNull();
  });

  it('mayGrantFlag: a flag one’s group holds, or any for profile 1', () => {
    expect(mayGrantFlag(cellManager, 'usuarios')).toBe(true);
    expect(mayGrantFlag(cellManager, 'cadastro')).toBe(false);
    expect(mayGrantFlag(administrator, 'cadastro')).toBe(true);
  });
});

describe('group saves', () => {
  const otherGroupId = GROUP.CELULA_VARIANTE;
  const stored = { ...cellGroup, holdsAdministrator: false };

  it('a non-administrator may not edit the group of an administrator', () => {
    const adminGroup = { ...stored, holdsAdministrator: true };
    expect(groupGrantProblem(cellManager, otherGroupId, adminGroup, cellGroup)).toEqual({
      msg: 'Só um Administrador (perfil 1) altera ou apaga o grupo de um Administrador.',
      field: 'id',
    });
    expect(
      groupGrantProblem(cellManager, otherGroupId, adminGroup, { ...cellGroup, papel: 'amee' })?.field,
    ).toBe('papel');
    expect(groupGrantProblem(administrator, otherGroupId, adminGroup, cellGroup)).toBeNull();
  });

  it('a non-administrator may not create or edit a group of another role kind', () => {
    const message =
      'Só um Administrador (perfil 1) administra grupos, e usuários em grupos, de outro papel que não o do seu grupo.';
    expect(
      groupGrantProblem(cellManager, otherGroupId, undefined, { ...cellGroup, papel: 'regional' }),
    ).toEqual({
      msg: message,
      field: 'papel',
    });
    expect(groupGrantProblem(cellManager, otherGroupId, { ...stored, papel: 'regional' }, cellGroup)).toEqual(
      {
        msg: message,
        field: 'papel',
      },
    );
    expect(
      groupGrantProblem(
        cellManager,
        otherGroupId,
        { ...stored, papel: 'regional' },
        { ...cellGroup, papel: 'regional' },
      ),
    ).toEqual({ msg: message, field: 'id' });
    expect(
      groupGrantProblem(administrator, otherGroupId, undefined, { ...cellGroup, papel: 'regional' }),
    ).toBeNull();
  });

  it('nobody changes the role kind or flags of their own group, profile 1 included', () => {
    for (const granter of [cellManager, administrator]) {
      const own = { ...stored, ...granter.permissoes };
      expect(groupGrantProblem(granter, granter.grupo, own, { ...own, usuarios: false })).toEqual({
        msg: 'Você não pode alterar o papel ou as permissões do seu próprio grupo.',
        field: 'usuarios',
      });
      expect(
        groupGrantProblem(granter, granter.grupo, own, { ...own, papel: 'celula', empresas: !own.empresas })
          ?.msg,
      ).toBe('Você não pode alterar o papel ou as permissões do seu próprio grupo.');
    }
    const ownAsAdmin = { ...stored, ...ALL_FLAGS };
    expect(
      groupGrantProblem(administrator, administrator.grupo, ownAsAdmin, { ...ownAsAdmin, papel: 'amee' }),
    ).toEqual({
      msg: 'Você não pode alterar o papel ou as permissões do seu próprio grupo.',
      field: 'papel',
    });
  });

  it('one’s own group saved unchanged (its name, say) passes', () => {
    const own = { ...stored, usuarios: true };
    expect(
      groupGrantProblem(cellManager, cellManager.grupo, own, {
        papel: 'celula',
        ...NO_FLAGS,
        usuarios: true,
      }),
    ).toBeNull();
  });

  it('a flag added that the granter lacks is refused, naming the flag; flags already there stay', () => {
    expect(groupGrantProblem(cellManager, otherGroupId, stored, { ...cellGroup, cnpjs: true })).toEqual({
      msg: 'Só um Administrador (perfil 1) concede a permissão "Troca de titularidade e regularização de CNPJ", que o seu grupo não tem.',
      field: 'cnpjs',
    });
    expect(
      groupGrantProblem(cellManager, otherGroupId, undefined, { ...cellGroup, cadastro: true })?.field,
    ).toBe('cadastro');
    const withCnpjs = { ...stored, cnpjs: true };
    expect(groupGrantProblem(cellManager, otherGroupId, withCnpjs, { ...cellGroup, cnpjs: true })).toBeNull();
    expect(groupGrantProblem(cellManager, otherGroupId, stored, { ...cellGroup, usuarios: true })).toBeNull();
    expect(groupGrantProblem(administrator, otherGroupId, stored, { ...cellGroup, ...ALL_FLAGS })).toBeNull();
  });

  it('group delete: not an administrator’s group, not another role kind, unless profile 1', () => {
    expect(groupRemovalProblem(cellManager, { papel: 'celula', holdsAdministrator: false })).toBeNull();
    expect(groupRemovalProblem(cellManager, { papel: 'celula', holdsAdministrator: true })).toBe(
      'Só um Administrador (perfil 1) altera ou apaga o grupo de um Administrador.',
    );
    expect(groupRemovalProblem(cellManager, { papel: 'amee', holdsAdministrator: false })).toBe(
      'Só um Administrador (perfil 1) administra grupos, e usuários em grupos, de outro papel que não o do seu grupo.',
    );
    expect(groupRemovalProblem(administrator, { papel: 'amee', holdsAdministrator: true })).toBeNull();
  });
});

describe('removing users and companies', () => {
  it('only profile 1 deletes or deactivates an administrator', () => {
    expect(userRemovalProblem(cellManager, { id_perfil: PROFILE.ADMINISTRADOR })).toBe(
      'Só um Administrador (perfil 1) apaga ou desativa um Administrador.',
    );
    expect(userRemovalProblem(cellManager, { id_perfil: PROFILE.CONSULTA })).toBeNull();
    expect(userRemovalProblem(administrator, { id_perfil: PROFILE.ADMINISTRADOR })).toBeNull();
  });

  it('nobody deletes or deactivates their own company, profile 1 included', () => {
    for (const granter of [cellManager, administrator]) {
      expect(companyRemovalProblem(granter, { id: 1, holdsAdministrator: false })).toBe(
        'Você não pode desativar ou apagar a sua própria empresa.',
      );
    }
  });

  it('only profile 1 removes the company of an administrator', () => {
    expect(companyRemovalProblem(cellManager, { id: 2, holdsAdministrator: true })).toBe(
      'Só um Administrador (perfil 1) desativa ou apaga a empresa de um Administrador.',
    );
    expect(companyRemovalProblem(cellManager, { id: 2, holdsAdministrator: false })).toBeNull();
    expect(companyRemovalProblem(administrator, { id: 2, holdsAdministrator: true })).toBeNull();
  });

  it('a user with no company may remove any company but an administrator’s', () => {
    const noCompany = { ...cellManager, empresa: null };
    expect(companyRemovalProblem(noCompany, { id: 1, holdsAdministrator: false })).toBeNull();
  });
});
