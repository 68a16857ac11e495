import { useForm, type FormErrors } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { schemaErrors } from '../../../ui/formErrors.ts';
import { toastSuccess } from '../../../ui/toast.ts';
import type { AdminResource, SaveMode } from './api.ts';

type SafeParser = Parameters<typeof schemaErrors>[0];

export interface RecordFormOptions<V extends object> {
  resource: AdminResource<unknown>;
  mode: SaveMode;
  initialValues: V;
  /** The payload sent for these values; keeps the form's field names so errors land on them. */
  toBody: (values: V) => object;
  /** The domain schema the server validates the payload with, when there is one. */
  schema?: SafeParser;
  /** Rules beyond the schema (cross-field ones the server also applies). */
  rules?: (values: V) => FormErrors;
  /**
   * The version of the record being edited (`record?.version`), sent with the save: if someone
   * else saved it meanwhile, the server refuses (409) and the form keeps what was typed.
   */
  version?: number;
  onSaved: () => void;
}

/**
 * An add/edit form of an administration record: validated with the server's own schema, saved
 * through the resource, and on refusal left as typed, with the server's message under the field
 * it names (`campo`) or, for a field the form does not show, above the form (a stale version, too).
 */
export function useRecordForm<V extends object>(options: RecordFormOptions<V>) {
  const { resource, mode, initialValues, toBody, schema, rules, version, onSaved } = options;
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<V>({
    initialValues,
    validate: (values) => ({
      ...(schema ? schemaErrors(schema)(toBody(values)) : {}),
      ...rules?.(values),
    }),
  });

  const mutation = useMutation({
    mutationFn: (body: object) => resource.save(mode, body),
    onSuccess: ({ msg }) => {
      toastSuccess(msg);
      void queryClient.invalidateQueries({ queryKey: resource.key });
      onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.campo && error.campo in form.getValues()) {
        form.setFieldError(error.campo, error.message);
      } else {
        setProblem(error.message);
      }
    },
  });

  const onSubmit = form.onSubmit((values) => {
    setProblem(null);
    mutation.mutate({ ...toBody(values), ...(version !== undefined && { version }) });
  });

  return { form, onSubmit, pending: mutation.isPending, problem };
}
