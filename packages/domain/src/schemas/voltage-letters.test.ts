import { describe, expect, it } from 'vitest';
import { regularizationSaveBody } from './regularization.ts';
import { requestSaveSchema } from './request.ts';

/** The spec's ownership payloads send the voltage type as a letter code (bt, ml, mt, gd). */
describe('Tipo de Tensão por letra (bt/ml/mt/gd), como o spec envia', () => {
  it.each([
    ['bt', 1],
    ['ml', 2],
    ['mt', 2],
    ['gd', 2],
    ['MT', 2],
  ] as const)('%s é gravado como o código %i do catálogo, nos dois formulários de troca', (letter, code) => {
    for (const flow of ['energia', 'agua'] as const) {
      const parsed = requestSaveSchema(flow, 'troca').safeParse({ id_tensao: letter });
      expect(parsed.success && (parsed.data as Record<string, unknown>).id_tensao).toBe(code);
    }
  });

  it('os códigos numéricos continuam aceitos', () => {
    const parsed = requestSaveSchema('energia', 'troca').parse({ id_tensao: 3 }) as Record<string, unknown>;
    expect(parsed.id_tensao).toBe(3);
  });

  it('outra letra é recusada com o nome do campo', () => {
    const parsed = requestSaveSchema('energia', 'troca').safeParse({ id_tensao: 'xx' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('Tipo de Tensão');
  });

  it('a regularização aceita o payload com tipo_tensao por letra (campo da unidade, não editado ali)', () => {
    expect(regularizationSaveBody.safeParse({ tipo_tensao: 'gd', observacao: 'ok' }).success).toBe(true);
  });
});
