import { describe, expect, it } from 'vitest';
import { actorOf as actor, ALL_FLAGS } from '../test-support/actors.ts';
import { PROFILE } from '../access/groups.ts';
import { accessProblem } from './access-rule.ts';
import { formRule, menuRule, PUBLIC, SIGNED_IN } from './call.ts';

// Who may make a call (GUIDE §3: the call's access rule is the menu's own rule, so a screen's entry
// and its calls never disagree).
const consulta = { perfil: PROFILE.CONSULTA };

describe('accessProblem: who may make a call', () => {
  it('public and signed-in calls are open to any signed-in user, Consulta included', () => {
    for (const rule of [PUBLIC, SIGNED_IN]) {
      expect(accessProblem(actor('tower', consulta), rule)).toBeNull();
    }
  });

  it('a menu call is refused to whoever lacks the menu entry', () => {
    expect(accessProblem(actor('celula'), menuRule('logs'))).toBe('Você não tem permissão para esta ação.');
    expect(accessProblem(actor('celula', { perfil: PROFILE.ADMINISTRADOR }), menuRule('logs'))).toBeNull();
  });

  it('a menu call that writes is refused to Consulta, who still reads', () => {
    const amee = actor('amee', consulta);
    expect(accessProblem(amee, menuRule('pos-aprovacao'))).toBeNull();
    expect(accessProblem(amee, menuRule('pos-aprovacao', { write: true }))).toBe(
      'Seu perfil não permite salvar esta solicitação.',
    );
    expect(accessProblem(actor('amee'), menuRule('pos-aprovacao', { write: true }))).toBeNull();
  });

  it('a form call is refused, naming the form, to a group without access to it', () => {
    expect(accessProblem(actor('grupo_tim'), formRule('agua', 'nova'))).toBe(
      'Seu grupo não tem acesso a Nova Matrícula.',
    );
    expect(accessProblem(actor('celula'), formRule('agua', 'nova'))).toBeNull();
  });

  it('a form write is refused to Consulta; reading the form is not', () => {
    expect(accessProblem(actor('celula', consulta), formRule('energia', 'nova'))).toBeNull();
    expect(accessProblem(actor('celula', consulta), formRule('energia', 'nova', 'write'))).toBe(
      'Seu perfil não permite salvar esta solicitação.',
    );
  });

  it('creating on a form also needs the cadastro flag and a creator role', () => {
    expect(accessProblem(actor('solicitante'), formRule('energia', 'nova', 'create'))).toBeNull();
    expect(
      accessProblem(
        actor('solicitante', { permissoes: { ...ALL_FLAGS, cadastro: false } }),
        formRule('energia', 'troca', 'create'),
      ),
    ).toBe('Seu grupo não tem permissão de cadastro.');
    expect(accessProblem(actor('amee'), formRule('energia', 'nova', 'create'))).toBe(
      'Seu grupo não pode cadastrar esta solicitação.',
    );
    expect(accessProblem(actor('solicitante', consulta), formRule('energia', 'nova', 'create'))).toBe(
      'Seu perfil não permite salvar esta solicitação.',
    );
  });

  it('menuRule and formRule carry write only when asked', () => {
    expect(menuRule('logs')).toEqual({ kind: 'menu', menu: 'logs' });
    expect(menuRule('logs', { write: false })).toEqual({ kind: 'menu', menu: 'logs' });
    expect(menuRule('logs', { write: true })).toEqual({ kind: 'menu', menu: 'logs', write: true });
    expect(formRule('agua', 'troca')).toEqual({ kind: 'form', flow: 'agua', formKind: 'troca' });
    expect(formRule('agua', 'troca', 'create')).toEqual({
      kind: 'form',
      flow: 'agua',
      formKind: 'troca',
      write: 'create',
    });
  });
});
