import type { RoleKind } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../api/client.ts';
import { adminResource, type Versioned } from '../shared/api.ts';

export const usersResource = adminResource('usuarios');

export interface UserRow extends Versioned {
  id: number;
  name: string;
  email: string;
  id_empresa: number | null;
  razao_social: string | null;
  id_grupo: number;
  grupo_nome: string;
  papel: RoleKind;
  id_perfil: number;
  perfil_nome: string;
  id_regional: number | null;
  regionais: number[];
  id_status: boolean;
  telefone: string | null;
  cnpj: string | null;
  trocar_senha: number;
  cadastrado: string;
}

export interface UserOptions {
  empresas: { id: number; razao_social: string; fluxo: string; status: boolean }[];
  grupos: { id: number; nome: string; papel: RoleKind; papel_nome: string }[];
  perfis: { id: number; nome: string }[];
  regionais: { id: number; regional: string }[];
}

/** What the user form chooses from; read each time the form opens, so new companies show up. */
export function useUserOptions() {
  return useQuery({
    queryKey: [...usersResource.key, 'opcoes'],
    queryFn: async () => (await apiGet<{ dados: UserOptions }>('usuarios/opcoes')).dados,
    retry: false,
  });
}

export const sendPasswordReset = (id: number) =>
  apiPost<{ msg: string }>('usuarios/enviar-redefinicao-senha', { id });
