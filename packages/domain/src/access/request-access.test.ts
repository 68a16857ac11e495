import { describe, expect, it } from 'vitest';
import { ALL_FLOW_KINDS } from '../catalogs/flow-kind.ts';
import { requestForm } from '../workflow/forms.ts';
import { CANNOT_CREATE, PROFILE_READ_ONLY } from '../workflow/request-policy.ts';
import { GROUP, PROFILE, type Actor } from './groups.ts';
import { menuFor } from './menu.ts';
import { creationProblem, formAccessProblem, NO_CADASTRO_FLAG, writeProblem } from './request-access.ts';

const ALL_FLAGS = { cadastro: true, cnpjs: true, relatorios: true, empresas: true, usuarios: true };
const requester: Actor = {
  grupo: GROUP.SOLICITANTE,
  papel: 'solicitante',
  perfil: PROFILE.CADASTRO_UC,
  permissoes: ALL_FLAGS,
};
const property: Actor = {
  grupo: GROUP.PROPERTY,
  papel: 'property',
  perfil: PROFILE.CADASTRO_UC,
  permissoes: { ...ALL_FLAGS, cnpjs: false },
};

describe('who may use a request form', () => {
  it("exactly the users whose menu holds the form's entry", () => {
    for (const actor of [requester, property]) {
      const paths = menuFor(actor).flatMap((s) => s.items.map((i) => i.path));
      for (const { flow, kind } of ALL_FLOW_KINDS) {
        expect(formAccessProblem(actor, flow, kind) === null).toBe(
          paths.includes(requestForm(flow, kind).listPath),
        );
      }
    }
  });

  it('the refusal names the form', () => {
    expect(formAccessProblem(property, 'energia', 'troca')).toBe(
      'Seu grupo não tem acesso a Troca de Titularidade.',
    );
  });
});

describe('who may create', () => {
  it('a creator role of a group with the cadastro flag', () => {
    expect(creationProblem(requester, 'energia', 'nova')).toBeNull();
  });

  it('not a group whose cadastro flag is off', () => {
    expect(
      creationProblem({ ...requester, permissoes: { ...ALL_FLAGS, cadastro: false } }, 'energia', 'troca'),
    ).toBe(NO_CADASTRO_FLAG);
  });

  it('not profile 3 (Consulta), which writes nothing', () => {
    const reader = { ...requester, perfil: PROFILE.CONSULTA };
    expect(creationProblem(reader, 'energia', 'nova')).toBe(PROFILE_READ_ONLY);
    expect(writeProblem(reader)).toBe(PROFILE_READ_ONLY);
  });

  it('not a role the form does not list as creator', () => {
    const tower: Actor = {
      grupo: GROUP.TOWER,
      papel: 'tower',
      perfil: PROFILE.CADASTRO_UC,
      permissoes: ALL_FLAGS,
    };
    expect(creationProblem(tower, 'energia', 'nova')).toBe(CANNOT_CREATE);
  });
});
