/** A coded choice of a selector: the code is stored, the label is shown. */
export interface Option<C extends string | number = number> {
  readonly code: C;
  readonly label: string;
}

export const codesOf = <C extends string | number>(options: readonly Option<C>[]): C[] =>
  options.map((o) => o.code);

/** The label of a code, or the code itself when a stored value is no longer in the catalog. */
export const labelOf = <C extends string | number>(options: readonly Option<C>[], code: C): string =>
  options.find((o) => o.code === code)?.label ?? String(code);

/** The options whose codes are listed, in the listed order (forms offer subsets of a catalog). */
export const pick = <C extends string | number>(
  options: readonly Option<C>[],
  codes: readonly C[],
): Option<C>[] => codes.flatMap((code) => options.filter((o) => o.code === code));
