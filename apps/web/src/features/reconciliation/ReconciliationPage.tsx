import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Flow } from '@portal/domain';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { importFile, previewFile, type ImportRunRow } from './api.ts';
import { FilePreview } from './FilePreview.tsx';
import { ImportRunsTable } from './ImportRunsTable.tsx';
import { reconciliationKeys } from './queryKeys.ts';

const FLOWS = [
  { value: 'energia', label: 'Energia' },
  { value: 'agua', label: 'Água' },
];
const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Não foi possível importar o arquivo.';
const n = (value: number) => value.toLocaleString('pt-BR');

/** What an applied run did, as the screen announces it. */
const appliedMessage = (run: ImportRunRow) =>
  `Base importada: ${n(run.linhas_aceitas)} linhas aplicadas, ${n(run.linhas_rejeitadas)} rejeitadas; ` +
  `${n(run.divergencias_abertas)} divergências abertas e ${n(run.divergencias_fechadas)} fechadas.`;

/**
 * /conciliacao-da-base (issue 11): the provider's base export (csv or xlsx) is previewed, sent
 * with its progress shown, queued and applied by the server (issue 16), and every run listed with
 * its rejected rows. The run this page sent is followed until it ends, then its outcome announced;
 * leaving the page loses nothing, the list shows the run when the user comes back.
 */
export function ReconciliationPage() {
  const queryClient = useQueryClient();
  const [flow, setFlow] = useState<Flow>('energia');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [queued, setQueued] = useState<ImportRunRow | null>(null);
  const announce = useCallback((run: ImportRunRow) => {
    setQueued(null);
    if (run.situacao === 'aplicada') toastSuccess(appliedMessage(run), 10_000);
    else toastError(run.erro ?? 'A importação falhou.', 10_000);
  }, []);

  const preview = useQuery({
    queryKey: [...reconciliationKeys.all, 'previa', flow, file?.name, file?.size, file?.lastModified],
    queryFn: () => previewFile(flow, file!),
    enabled: file !== null,
    retry: false,
  });
  const importing = useMutation({
    mutationFn: () => importFile(flow, file!, setSent),
    onMutate: () => setSent(0),
    onSuccess: (answer) => {
      toastSuccess(answer.msg, 10_000);
      setQueued(answer.dados);
      setFile(null);
    },
    onError: (err) => toastError(messageOf(err), 10_000),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
  const refused = preview.data?.problema ?? (preview.isError ? messageOf(preview.error) : null);

  return (
    <Stack gap="lg">
      <Card padding="lg" radius="lg">
        <Stack gap="md">
          <Title order={1} fz={22}>
            Conciliação da Base
          </Title>
          <Text c="dimmed" size="sm">
            Envie a exportação da base do provedor (.csv ou .xlsx, até 1 milhão de linhas). As linhas válidas
            substituem as da mesma UC e concessionária; as divergências de CNPJ ou razão social abrem
            regularizações, e as corrigidas são fechadas.
          </Text>
          <Group align="flex-end">
            <SegmentedControl
              data={FLOWS}
              value={flow}
              onChange={(value) => setFlow(value as Flow)}
              disabled={importing.isPending}
              aria-label="Fluxo"
            />
            <FileInput
              label="Arquivo da base"
              placeholder="Escolha o arquivo .csv ou .xlsx"
              accept=".csv,.txt,.xlsx"
              leftSection={<IconFileSpreadsheet size={16} />}
              style={{ flex: 1, minWidth: 260 }}
              value={file}
              onChange={setFile}
              clearable
              disabled={importing.isPending}
            />
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={!file || Boolean(refused) || preview.isFetching}
              loading={importing.isPending}
              onClick={() => importing.mutate()}
            >
              Importar
            </Button>
          </Group>
          {importing.isPending && (
            <Stack gap={4} data-testid="progresso">
              <Text size="sm">
                {sent < 100 ? `Enviando o arquivo: ${sent}%` : 'Arquivo enviado; colocando na fila…'}
              </Text>
              <Progress value={sent < 100 ? sent : 100} animated={sent >= 100} striped={sent >= 100} />
            </Stack>
          )}
          {queued && !importing.isPending && (
            <Alert color="blue" title="Importação na fila" data-testid="na-fila">
              O arquivo {queued.nome_arquivo} foi recebido e será aplicado pelo portal: acompanhe o andamento
              na lista abaixo. Pode sair desta página, a importação continua.
            </Alert>
          )}
          {file && preview.isFetching && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">Lendo as primeiras linhas…</Text>
            </Group>
          )}
          {preview.isError && (
            <Alert color="red" title="O arquivo não pode ser importado">
              {refused}
            </Alert>
          )}
          {file && preview.data === null && (
            <Text size="sm" c="dimmed">
              Planilhas acima de 1 MB não têm pré-visualização; a importação confere todas as linhas.
            </Text>
          )}
          {preview.data && <FilePreview preview={preview.data} />}
        </Stack>
      </Card>
      <Card padding="lg" radius="lg">
        <Stack gap="md">
          <Title order={2} fz={18}>
            Importações
          </Title>
          <ImportRunsTable watching={queued?.id} onEnded={announce} />
        </Stack>
      </Card>
    </Stack>
  );
}
