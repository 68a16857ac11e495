import { describe, expect, it } from 'vitest';
import { PROFILE } from '../access/groups.ts';
import { STATUS } from '../catalogs/request-status.ts';
import { actorOf as actor } from '../test-support/actors.ts';
import { requestPolicy } from '../workflow/request-policy.ts';
import { regularizationPolicy } from '../workflow/regularization-policy.ts';
import {
  confirmsInBase,
  formInboxStatuses,
  inboxTaskHref,
  inboxTasks,
  regularizationInboxStatuses,
} from './inbox.ts';
import { myQueueStatuses } from './overview.ts';

const admin = { perfil: PROFILE.ADMINISTRADOR };
const consulta = { perfil: PROFILE.CONSULTA };

describe('"Aguardando minha ação" outside the request forms (issue 34 step 2)', () => {
  it("the cell's divergences wait for it at Divergente, Processo Iniciado and Em Andamento, in both flows", () => {
    for (const flow of ['energia', 'agua'] as const) {
      expect(regularizationInboxStatuses(actor('celula'), flow)).toEqual([0, 1, 2]);
    }
  });

  it('the provider waits on the divergences the cell approved (3 → 4), and nothing else of them', () => {
    expect(regularizationInboxStatuses(actor('amee'), 'energia')).toEqual([3]);
  });

  it("a regularization waits where the form's own status choices move it (regularizationPolicy)", () => {
    for (const papel of ['celula', 'amee', 'regional', 'tower'] as const) {
      const waiting = regularizationInboxStatuses(actor(papel), 'energia');
      for (const status of [0, 1, 2, 3, 4, 5] as const) {
        const moves = regularizationPolicy({ actor: actor(papel), currentStatus: status }).statusChoices;
        expect(waiting.includes(status), `${papel} ${status}`).toBe(moves.some((s) => s !== status));
      }
    }
  });

  it('whoever the regularization menu hides (no cnpjs flag) has no regularization work', () => {
    const noFlag = actor('celula', {
      permissoes: { cadastro: true, cnpjs: false, relatorios: true, empresas: true, usuarios: true },
    });
    expect(regularizationInboxStatuses(noFlag, 'energia')).toEqual([]);
  });

  it('the provider confirms approved requests in the base; the cell administrator opens the screen but may not take 7 → 8', () => {
    expect(confirmsInBase(actor('amee'), 'energia')).toBe(true);
    expect(confirmsInBase(actor('celula', admin), 'energia')).toBe(false);
    expect(
      requestPolicy({
        actor: actor('celula', admin),
        flow: 'energia',
        kind: 'nova',
        currentStatus: STATUS.APROVADA,
      }).statusChoices,
    ).not.toContain(STATUS.INSERIDA_BASE);
  });

  it("approved requests are listed once: the base confirmation's rows, not a request-list row", () => {
    expect(myQueueStatuses(actor('amee'), 'energia')).toContain(STATUS.APROVADA);
    expect(formInboxStatuses(actor('amee'), 'energia')).not.toContain(STATUS.APROVADA);
    expect(formInboxStatuses(actor('celula'), 'energia')).toEqual(
      myQueueStatuses(actor('celula'), 'energia'),
    );
  });

  it('the post-approval stages wait for the provider and administrators, never for Consulta', () => {
    const lists = (a: ReturnType<typeof actor>) =>
      inboxTasks(a).flatMap((t) => (t.tipo === 'pos-aprovacao' ? [t.lista] : []));
    expect(lists(actor('amee'))).toEqual(['pre-validacao', 'validacao-final', 'acompanhamento']);
    expect(lists(actor('celula', admin))).toHaveLength(3);
    expect(lists(actor('celula'))).toEqual([]);
    expect(lists(actor('amee', consulta))).toEqual([]);
  });

  it('profile 3 Consulta waits on nothing at all', () => {
    for (const papel of ['celula', 'amee', 'regional'] as const) {
      expect(inboxTasks(actor(papel, consulta))).toEqual([]);
    }
  });

  it('each entry links to the list filtered to exactly it', () => {
    expect(inboxTaskHref({ tipo: 'regularizacao', fluxo: 'agua', status: 0 })).toBe(
      '/agua/consolidacao?status=0',
    );
    expect(inboxTaskHref({ tipo: 'confirmacao-base', fluxo: 'energia', situacao: 'fora-da-base' })).toBe(
      '/confirmacao-base?fluxo=energia&situacao=fora-da-base',
    );
    expect(inboxTaskHref({ tipo: 'pos-aprovacao', lista: 'pre-validacao' })).toBe('/validacao-uc');
  });
});
