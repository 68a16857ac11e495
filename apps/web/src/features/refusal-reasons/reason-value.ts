import type { RefusalMove } from '@portal/domain';

/** What the dialog holds of the reason until it is sent; the gate judges it (judgeReason). */
export interface ReasonValue {
  motivo_recusa_id: number | null;
  motivo_recusa_texto: string;
}
export const NO_REASON: ReasonValue = { motivo_recusa_id: null, motivo_recusa_texto: '' };

/** The two keys the save sends for a refusing move; nothing for any other. */
export const reasonPayload = (move: RefusalMove | null, value: ReasonValue) =>
  move
    ? {
        motivo_recusa_id: value.motivo_recusa_id,
        ...(value.motivo_recusa_texto.trim()
          ? { motivo_recusa_texto: value.motivo_recusa_texto.trim() }
          : {}),
      }
    : {};

export const REASON_INPUT_ID = 'motivo-recusa';
