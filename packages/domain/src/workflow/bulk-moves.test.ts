import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES, STATUS } from '../catalogs/request-status.ts';
import { bulkMoves, bulkMoveTo } from './bulk-moves.ts';
import { roleMoves } from './queue.ts';

const actor = (papel: 'regional' | 'celula' | 'amee' | 'solicitante', perfil = 2) => ({ papel, perfil });
const summary = (papel: Parameters<typeof actor>[0]) =>
  bulkMoves(actor(papel), 'energia').map((m) => [m.status, m.label, m.tone]);

describe('bulk moves (issue 34 step 4)', () => {
  it('a selection offers exactly the moves the role takes from some status (roleMoves), named as the record’s buttons', () => {
    expect(summary('amee')).toEqual([
      [STATUS.INSERIDA_BASE, 'Inserir na base', 'approve'],
      [STATUS.RECUSADA_XEROX, 'Recusar', 'refuse'],
    ]);
    expect(summary('regional')).toEqual([
      [STATUS.EM_VALIDACAO_REGIONAL, 'Iniciar validação', 'forward'],
      [STATUS.APROVADA_REGIONAL, 'Aprovar', 'approve'],
      [STATUS.RECUSADA_REGIONAL, 'Recusar', 'refuse'],
    ]);
    expect(summary('celula').map(([status]) => status)).toEqual(
      expect.arrayContaining([STATUS.APROVADA, STATUS.RECUSADA_CELULA]),
    );
    for (const move of bulkMoves(actor('celula'), 'energia'))
      for (const from of move.from) expect(roleMoves('celula', from, 'energia')).toContain(move.status);
    expect(bulkMoves(actor('celula'), 'energia').flatMap((m) => m.from).length).toBe(
      REQUEST_STATUSES.flatMap((s) => roleMoves('celula', s, 'energia')).length,
    );
  });

  it('the read-only profile and a role that moves nothing get no move', () => {
    expect(bulkMoves(actor('celula', 3), 'energia')).toEqual([]);
    expect(bulkMoves(actor('solicitante'), 'energia')).toEqual([]);
    expect(bulkMoveTo(actor('celula'), 'energia', STATUS.INSERIDA_BASE)).toBeUndefined();
  });

  it('the observation is asked once for every move, required where a required rule of that choice requires it (3)', () => {
    const asks = (papel: Parameters<typeof actor>[0], status: number) =>
      bulkMoveTo(actor(papel), 'energia', status)!.asks;
    expect(asks('regional', STATUS.RECUSADA_REGIONAL)).toEqual([{ field: 'observacao', required: true }]);
    expect(asks('regional', STATUS.APROVADA_REGIONAL)).toEqual([{ field: 'observacao', required: false }]);
    expect(asks('amee', STATUS.INSERIDA_BASE)).toEqual([{ field: 'observacao', required: false }]);
  });

  it('a refusing bulk move asks the reason of its own catalogue once (reasonRequired); a forward move asks none', () => {
    const reason = (papel: Parameters<typeof actor>[0], status: number) =>
      bulkMoveTo(actor(papel), 'energia', status)!.reason;
    expect(reason('celula', STATUS.RECUSADA_CELULA)).toBe('solicitacao.6');
    expect(reason('amee', STATUS.RECUSADA_XEROX)).toBe('solicitacao.14');
    expect(reason('regional', STATUS.RECUSADA_REGIONAL)).toBe('solicitacao.3');
    expect(reason('celula', STATUS.APROVADA)).toBeNull();
    expect(reason('amee', STATUS.INSERIDA_BASE)).toBeNull();
  });
});
