import type { FieldKind, Option, RequestForm } from '@portal/domain';

export interface SelectOption {
  value: string;
  label: string;
}

type CatalogKind = Extract<FieldKind, { kind: 'code' | 'stringCode' }>;

/**
 * The options of a catalog field (workflow/field-kinds.ts): what the form offers, plus the stored
 * value's own option when the form no longer offers it, so a record never shows a blank select.
 */
export function catalogOptions(form: RequestForm, kind: CatalogKind, stored: string): SelectOption[] {
  const all: readonly Option<string | number>[] = kind.catalog;
  const offered: readonly Option<string | number>[] = (kind.kind === 'code' && kind.offered?.(form)) || all;
  const extra = stored && !offered.some((o) => String(o.code) === stored);
  const options = extra ? [...offered, ...all.filter((o) => String(o.code) === stored)] : offered;
  return options.map((o) => ({ value: String(o.code), label: o.label }));
}

/** A list that always holds the stored value, so a record never shows a blank select. */
export const withStored = (options: SelectOption[], stored: string): SelectOption[] =>
  stored && !options.some((o) => o.value === stored)
    ? [...options, { value: stored, label: stored }]
    : options;
