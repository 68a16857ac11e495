import { useForm, type FormErrors } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PostApprovalSaveReply } from '@portal/domain/contracts/post-approval';
import { ApiError } from '../../api/client.ts';
import { schemaErrors } from '../../ui/formErrors.ts';
import { toastSuccess } from '../../ui/toast.ts';
import { postApprovalKeys } from './api.ts';

interface StageFormOptions<V extends object> {
  initialValues: V;
  /** The domain schema the server validates the body with: the same messages, before sending. */
  schema: Parameters<typeof schemaErrors>[0];
  toBody: (values: V) => object;
  /** Rules beyond the schema that the server's gate also applies (a refusal's reason). */
  rules?: (values: V) => FormErrors;
  save: (body: never) => Promise<PostApprovalSaveReply>;
  /** Where the user goes once saved: the list the unit came from. */
  backTo: string;
}

/**
 * A post-approval save: checked with the server's schema, sent, and on refusal left as typed with
 * the server's message under the field it names, or above the form (a stale version, a unit that
 * moved on meanwhile).
 */
export function useStageForm<V extends object>({
  initialValues,
  schema,
  toBody,
  rules,
  save,
  backTo,
}: StageFormOptions<V>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<V>({
    initialValues,
    validate: (values) => ({ ...schemaErrors(schema)(toBody(values)), ...rules?.(values) }),
    // Once a save showed errors, each change checks again: a rule between fields (the observation
    // 'Não Aprovado' requires) clears when the other field changes, not only its own.
    onValuesChange: () => {
      if (Object.keys(form.errors).length) form.validate();
    },
  });
  const mutation = useMutation({
    mutationFn: (body: object) => save(body as never),
    onSuccess: ({ msg }) => {
      toastSuccess(msg);
      void queryClient.invalidateQueries({ queryKey: postApprovalKeys.all });
      void navigate(backTo);
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
    mutation.mutate(toBody(values));
  });
  return { form, onSubmit, pending: mutation.isPending, problem };
}
