import { Stack, Text } from '@mantine/core';
import { Select } from '../../ui/select.tsx';
import { DE_PARA_TIPO_OPTIONS, labelOf, type DeParaTipo } from '@portal/domain';
import { useState } from 'react';
import { AdminListPage } from '../admin/shared/AdminListPage.tsx';
import { dateCell } from '../admin/shared/cells.tsx';
import { useRecordModal } from '../admin/shared/useRecordModal.ts';
import { deParaResource, type DeParaRow } from './api.ts';
import { DeParaFormModal } from './DeParaFormModal.tsx';

const TIPO_DATA = DE_PARA_TIPO_OPTIONS.map((o) => ({ value: o.code, label: o.label }));
const tipoLabel = (tipo: DeParaTipo) => labelOf(DE_PARA_TIPO_OPTIONS, tipo);

/** /de-para — how the provider's base names things, translated into the portal's (issue 11). */
export function DeParaPage() {
  const [tipo, setTipo] = useState<DeParaTipo | null>(null);
  const modal = useRecordModal<DeParaRow>();
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        A importação da base Xerox/AME traduz cada valor de concessionária, regional e tensão do arquivo pelo
        valor do portal cadastrado aqui. Alterações valem a partir da próxima importação.
      </Text>
      <AdminListPage<DeParaRow>
        title="De-Para"
        resource={deParaResource}
        filters={{ tipo: tipo ?? undefined }}
        defaultSort={{ columnAccessor: 'de', direction: 'asc' }}
        searchPlaceholder="Valor do provedor ou do portal"
        createLabel="Novo De-Para"
        onCreate={modal.openNew}
        onEdit={modal.openEdit}
        rowName={(r) => `${r.de} (${tipoLabel(r.tipo)})`}
        toolbar={
          <Select
            label="Tipo"
            w={180}
            placeholder="Todos"
            clearable
            data={TIPO_DATA}
            value={tipo}
            onChange={(value) => setTipo(value as DeParaTipo | null)}
          />
        }
        columns={[
          { accessor: 'tipo', title: 'Tipo', sortable: true, render: (r) => tipoLabel(r.tipo) },
          { accessor: 'de', title: 'De (provedor)', sortable: true },
          { accessor: 'para_rotulo', title: 'Para (portal)', sortable: true },
          {
            accessor: 'cadastrado',
            title: 'Cadastro',
            sortable: true,
            render: (r) => dateCell(r.cadastrado),
          },
        ]}
      />
      {modal.opened && <DeParaFormModal record={modal.record} tipo={tipo} onClose={modal.close} />}
    </Stack>
  );
}
