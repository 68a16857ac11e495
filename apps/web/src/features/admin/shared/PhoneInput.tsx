import { TextInput, type TextInputProps } from '@mantine/core';
import { phoneDigits } from '@portal/domain';

/**
 * What the field shows while a phone is typed or pasted: `(11) 3333-4444` up to ten digits,
 * `(11) 98765-4321` at the eleventh; nothing past it.
 */
export function typingPhone(typed: string): string {
  const digits = phoneDigits(typed).slice(0, 11);
  if (digits.length <= 2) return digits && `(${digits}`;
  const split = digits.length === 11 ? 7 : 6;
  const tail = digits.slice(split);
  return `(${digits.slice(0, 2)}) ${digits.slice(2, split)}${tail && `-${tail}`}`;
}

/** Takes a form's input props as they are (Mantine's getInputProps). */
interface Props extends Omit<TextInputProps, 'onChange'> {
  value?: string;
  onChange?: (typed: string) => void;
}

/** A phone field as the administration forms share it; the value keeps the mask's punctuation. */
export function PhoneInput({ value, onChange, ...rest }: Props) {
  return (
    <TextInput
      label="Telefone"
      {...rest}
      inputMode="tel"
      placeholder="(00) 00000-0000"
      value={value}
      onChange={(event) => onChange?.(typingPhone(event.currentTarget.value))}
    />
  );
}
