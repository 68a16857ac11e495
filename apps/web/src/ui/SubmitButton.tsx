import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props extends ButtonProps {
  pending: boolean;
  children: ReactNode;
}

/** While a form is being sent the button reads 'Aguarde...' and cannot be pressed again. */
export function SubmitButton({ pending, children, ...props }: Props) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? 'Aguarde...' : children}
    </Button>
  );
}
