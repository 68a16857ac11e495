import { UFS } from '@portal/domain';

/** The 27 UFs as every UF selector lists them: 'SP - São Paulo'. */
export const UF_OPTIONS = UFS.map((u) => ({ value: u.uf, label: `${u.uf} - ${u.nome}` }));
