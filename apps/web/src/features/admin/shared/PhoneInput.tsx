import { InputBase, type InputBaseProps } from '@mantine/core';
import { IMaskInput } from 'react-imask';

/** Landline or mobile, with area code; the mask switches at the eleventh digit. */
const PHONE_MASK = [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }];

/** Takes a form's input props as they are (Mantine's getInputProps). */
interface Props extends InputBaseProps {
  value?: string;
  onChange?: (typed: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
}

/** A phone field as the administration forms share it; the value keeps the mask's punctuation. */
export function PhoneInput({ value, onChange, ...rest }: Props) {
  return (
    <InputBase
      label="Telefone"
      {...rest}
      component={IMaskInput}
      mask={PHONE_MASK}
      inputMode="tel"
      placeholder="(00) 00000-0000"
      value={value}
      onAccept={(typed: string) => onChange?.(typed)}
    />
  );
}
