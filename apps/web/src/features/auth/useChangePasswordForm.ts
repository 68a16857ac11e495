import { useForm } from '@mantine/form';
import { newPasswordProblem, type SessionUser } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { sessionStore } from '../../app/session/store.ts';
import { toastSuccess } from '../../ui/toast.ts';
import { changePassword } from './passwordApi.ts';

/**
 * The password change the forced page (/troca-senha) and the user menu's modal share: the current
 * password is asked and checked by the server, the new one by the same rule the server applies.
 */
export function useChangePasswordForm(onChanged: (user: SessionUser) => void) {
  const form = useForm({
    initialValues: { senha_atual: '', password: '' },
    validate: {
      senha_atual: (value) => (value ? null : 'Informe a senha atual.'),
      password: (value, values) => newPasswordProblem(values.senha_atual, value),
    },
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onError: (error) => {
      if (error instanceof ApiError && error.campo) form.setFieldError(error.campo, error.message);
    },
    onSuccess: ({ msg, user }) => {
      sessionStore.updateUser(user);
      toastSuccess(msg);
      onChanged(user);
    },
  });
  /** A refusal that names no field: shown above the form. */
  const problem =
    mutation.error && !(mutation.error instanceof ApiError && mutation.error.campo)
      ? mutation.error.message
      : null;
  return {
    form,
    submit: form.onSubmit((values) => mutation.mutate(values)),
    pending: mutation.isPending,
    problem,
  };
}
