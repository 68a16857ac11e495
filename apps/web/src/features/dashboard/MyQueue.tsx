import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Table } from '../../ui/Table.tsx';
import {
  inboxTaskHref,
  inboxTaskKey,
  inboxTaskLabels,
  requestForm,
  statusHref,
  statusLabel,
} from '@portal/domain';
import type { DashboardOverview } from '@portal/domain/contracts/dashboard';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FLOW_LABEL, formatCount, daysText, formWithFlow, titleNamesFlow } from './format.ts';

interface Props {
  /** undefined while loading, null when the overview could not be read. */
  overview: DashboardOverview | null | undefined;
}

/** One line of the inbox: where the work is, what waits there, how many and the link to them. */
interface Row {
  key: string;
  screen: string;
  /** The flow, under a form title that does not name it. */
  flow?: string;
  /** The screen named out of context (the link's accessible name). */
  name: string;
  situation: string;
  total: number;
  href: string;
  oldestDays: number | null;
}

/** The request forms' lines: each status the user acts on from the form's list. */
const formRows = (overview: DashboardOverview): Row[] =>
  overview.formularios.flatMap((f) => {
    const form = requestForm(f.fluxo, f.tipo);
    return f.aguardando.map((a) => ({
      key: `${form.flow}-${form.kind}-${a.status}`,
      screen: form.title,
      flow: titleNamesFlow(form) ? undefined : FLOW_LABEL[form.flow],
      name: formWithFlow(form),
      situation: statusLabel(a.status, form.flow, form.kind),
      total: a.total,
      href: statusHref(form, [a.status]),
      oldestDays: a.mais_antiga_dias,
    }));
  });

/** The rest: base confirmation, post-approval stages, regularizations (dashboard/inbox.ts). */
const taskRows = (overview: DashboardOverview): Row[] =>
  overview.tarefas.map((task) => {
    const { tela, situacao } = inboxTaskLabels(task);
    return {
      key: inboxTaskKey(task),
      screen: tela,
      name: tela,
      situation: situacao,
      total: task.total,
      href: inboxTaskHref(task),
      oldestDays: null,
    };
  });

/**
 * "Aguardando minha ação" (issue 34 step 2): every piece of work the signed-in user may act on now
 * — requests, base confirmation, post-approval stages, regularizations — as the server counted it
 * with the policies the buttons come from. Each count opens the list holding exactly those rows.
 */
export function MyQueue({ overview }: Props) {
  const all = overview ? [...formRows(overview), ...taskRows(overview)] : [];
  // A role that never acts (a requester, profile 3 Consulta) has no queue to show.
  if (overview && !all.length) return null;
  const rows = all.filter((r) => r.total > 0);
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
            O que o seu perfil pode fazer agora: solicitações, confirmações na base, etapas depois da
            aprovação e regularizações. A idade conta os dias desde a data do pedido.
          </Text>
        </div>
        {overview && (
          <Badge
            ml="auto"
            size="lg"
            variant="light"
            color={waiting ? 'orange' : 'gray'}
            // Beside a long description on a phone the total keeps its width.
            style={{ flexShrink: 0 }}
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
        // On a phone the age column gives way, so the count stays in view without sideways scrolling.
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="xs" highlightOnHover aria-labelledby="fila-titulo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lista</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  Mais antiga
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-testid={`fila-${row.key}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.screen}
                    </Text>
                    {row.flow && (
                      <Text size="xs" c="dimmed">
                        {row.flow}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.situation}</Table.Td>
                  <Table.Td ta="right">
                    <Anchor
                      component={Link}
                      to={row.href}
                      fw={700}
                      aria-label={`${formatCount(row.total)} em ${row.situation} (${row.name})`}
                    >
                      {formatCount(row.total)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {row.oldestDays === null ? '—' : daysText(row.oldestDays)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
