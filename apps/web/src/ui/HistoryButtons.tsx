import { Button, Modal, ScrollArea, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ObservationEntry, StatusEntry } from '@portal/domain/contracts/requests';
import { IconHistory, IconMessage } from '@tabler/icons-react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import { FAILED } from './feedback.ts';
import { toastError } from './toast.ts';

const when = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

interface HistoryQuery<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T[]>;
}

interface Props {
  statuses: HistoryQuery<StatusEntry>;
  observations: HistoryQuery<ObservationEntry>;
  /** How the record's kind shows a status (requests and regularizations name them differently). */
  renderStatus: (status: number) => ReactNode;
}

/** 'Histórico Status' and 'Histórico Observação': each button only when its history has entries. */
export function HistoryButtons(props: Props) {
  const statuses = useQuery(props.statuses);
  const observations = useQuery(props.observations);
  const failed = statuses.isError || observations.isError;
  useEffect(() => {
    if (failed) toastError(FAILED.list);
  }, [failed]);

  return (
    <>
      {Boolean(statuses.data?.length) && (
        <HistoryButton
          label="Histórico Status"
          icon={<IconHistory size={18} />}
          headers={['Nome', 'Data', 'Status']}
        >
          {statuses.data!.map((entry, i) => (
            <Table.Tr key={i}>
              <Table.Td>{entry.nome}</Table.Td>
              <Table.Td>{when(entry.data_cadastro)}</Table.Td>
              <Table.Td>{props.renderStatus(entry.status)}</Table.Td>
            </Table.Tr>
          ))}
        </HistoryButton>
      )}
      {Boolean(observations.data?.length) && (
        <HistoryButton
          label="Histórico Observação"
          icon={<IconMessage size={18} />}
          headers={['Nome', 'Data', 'Observação']}
        >
          {observations.data!.map((entry, i) => (
            <Table.Tr key={i}>
              <Table.Td>{entry.nome}</Table.Td>
              <Table.Td>{when(entry.data)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{entry.obs}</Table.Td>
            </Table.Tr>
          ))}
        </HistoryButton>
      )}
    </>
  );
}

interface HistoryButtonProps {
  label: string;
  icon: ReactNode;
  headers: string[];
  children: ReactNode;
}

function HistoryButton({ label, icon, headers, children }: HistoryButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" leftSection={icon} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={label} size="xl" centered>
        {/* Spec part 1 §2: the panels scroll past 250 px. */}
        <ScrollArea.Autosize mah={250}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Modal>
    </>
  );
}
