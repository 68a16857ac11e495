import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Table } from '../../ui/Table.tsx';
import { requestForm, statusHref, statusLabel } from '@portal/domain';
import type { DashboardOverview } from '@portal/domain/contracts/dashboard';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FLOW_LABEL, formatCount, daysText, formWithFlow, titleNamesFlow } from './format.ts';

interface Props {
  /** undefined while loading, null when the overview could not be read. */
  overview: DashboardOverview | null | undefined;
}

/**
 * "Aguardando minha ação": the requests the signed-in role may move now, per form and status,
 * as the server counted them with the save policy's own tables (workflow/queue.ts). Each count
 * opens the list filtered to exactly that form and status.
 */
export function MyQueue({ overview }: Props) {
  const forms = overview?.formularios.filter((f) => f.aguardando.length > 0);
  // A role that never moves a request (a requester, profile 3 Consulta) has no queue to show.
  if (overview && !forms?.length) return null;
  const rows = (forms ?? []).flatMap((f) =>
    f.aguardando.filter((a) => a.total > 0).map((a) => ({ ...a, form: requestForm(f.fluxo, f.tipo) })),
  );
  const waiting = rows.reduce((n, r) => n + r.total, 0);

  return (
    <Paper component="section" withBorder radius="lg" p="lg" aria-labelledby="fila-titulo">
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="sm">
        <ThemeIcon size={36} radius="md" color="orange" variant="light" aria-hidden>
          <IconHourglassHigh size={20} />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg" id="fila-titulo">
            Aguardando minha ação
          </Title>
          <Text size="sm" c="dimmed">
            Solicitações em que o seu perfil pode agir agora. A idade conta os dias desde a data do pedido.
          </Text>
        </div>
        {overview && (
          <Badge
            ml="auto"
            size="lg"
            variant="light"
            color={waiting ? 'orange' : 'gray'}
            data-testid="fila-total"
          >
            {formatCount(waiting)}
          </Badge>
        )}
      </Group>
      {overview === undefined ? (
        <Stack gap="xs">
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : overview === null ? (
        <Text c="dimmed">Não foi possível carregar a sua fila agora.</Text>
      ) : rows.length === 0 ? (
        <Text>Nada aguardando a sua ação no momento.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" highlightOnHover aria-labelledby="fila-titulo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Formulário</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th ta="right">Mais antiga</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ form, status, total, mais_antiga_dias }) => {
                const label = statusLabel(status, form.flow, form.kind);
                return (
                  <Table.Tr
                    key={`${form.flow}.${form.kind}.${status}`}
                    data-testid={`fila-${form.flow}-${form.kind}-${status}`}
                  >
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {form.title}
                      </Text>
                      {!titleNamesFlow(form) && (
                        <Text size="xs" c="dimmed">
                          {FLOW_LABEL[form.flow]}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right">
                      <Anchor
                        component={Link}
                        to={statusHref(form, [status])}
                        fw={700}
                        aria-label={`${formatCount(total)} em ${label} (${formWithFlow(form)})`}
                      >
                        {formatCount(total)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">
                      {mais_antiga_dias === null ? '—' : daysText(mais_antiga_dias)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
