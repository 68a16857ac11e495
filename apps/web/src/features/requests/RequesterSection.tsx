import { SimpleGrid, Stack, Title } from '@mantine/core';
import { formatCpfOrCnpj, formatPhone } from '@portal/domain';
import { ReadOnlyField } from './record/ReadOnlyField.tsx';

export interface Requester {
  nome: string;
  empresa: string | null;
  cnpj: string | null;
  email: string;
  telefone: string | null;
}

/** 'Dados do Solicitante': who asked, never editable (the server takes it from the session), shown as text. */
export function RequesterSection({ requester }: { requester: Requester }) {
  const rows: [string, string | null][] = [
    ['Nome', requester.nome],
    ['Empresa', requester.empresa],
    ['CPF/CNPJ', requester.cnpj && formatCpfOrCnpj(requester.cnpj)],
    ['E-mail', requester.email],
    ['Telefone', requester.telefone && formatPhone(requester.telefone)],
  ];
  return (
    <Stack gap="sm" component="section" aria-label="Dados do Solicitante">
      <Title order={3} fz="md">
        Dados do Solicitante
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {rows.map(([label, value]) => (
          <ReadOnlyField key={label} label={label} value={value ?? ''} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
