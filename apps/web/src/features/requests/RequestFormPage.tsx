import { Alert, Button, Center, Loader } from '@mantine/core';
import type { RequestForm } from '@portal/domain';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../not-found/NotFoundPage.tsx';
import { toastError } from '../../ui/toast.ts';
import { readRequest } from './api.ts';
import { RequestEditor } from './RequestEditor.tsx';
import { requestKeys } from './queryKeys.ts';
import { timelineKey } from './timeline/api.ts';

/** `…/nova` creates; `…/nova/:id` (or `…/cadastro/:id`) opens a record as the policy lets this user. */
export function RequestFormPage({ form }: { form: RequestForm }) {
  const { id } = useParams();
  const recordId = id === undefined ? undefined : Number(id);
  const queryClient = useQueryClient();
  // A new generation remounts the editor: what the user typed is dropped for the fresh record.
  const [generation, setGeneration] = useState(0);
  const record = useQuery({
    queryKey: requestKeys.record(form, recordId),
    queryFn: () => readRequest(form, recordId!),
    enabled: recordId !== undefined && Number.isInteger(recordId) && recordId > 0,
    staleTime: 0,
    retry: false,
  });
  const loadError = record.error?.message;
  useEffect(() => {
    if (loadError) toastError(loadError);
  }, [loadError]);

  if (recordId !== undefined && !(Number.isInteger(recordId) && recordId > 0)) return <NotFoundPage />;
  if (record.isPending && recordId !== undefined) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando" />
      </Center>
    );
  }
  if (loadError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={loadError}>
        <Button
          component={Link}
          to={form.listPath}
          mt="sm"
          variant="default"
          leftSection={<IconArrowLeft size={18} />}
        >
          Voltar
        </Button>
      </Alert>
    );
  }

  const reload = async (discardTyped: boolean) => {
    const fresh = await record.refetch();
    if (recordId !== undefined) void queryClient.invalidateQueries({ queryKey: timelineKey(form, recordId) });
    if (discardTyped) setGeneration((g) => g + 1);
    return fresh.data;
  };

  return (
    <RequestEditor
      key={`${form.apiBase}-${recordId ?? 'nova'}-${generation}`}
      form={form}
      record={record.data}
      onReload={reload}
    />
  );
}
