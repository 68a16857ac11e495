/**
 * Turns a zod schema of the domain package into a validator for @mantine/form, so the
 * form checks exactly what the server checks, with the same messages.
 * Typed structurally to keep zod a dependency of the domain package only.
 */
interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export function schemaErrors(schema: SafeParser) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      errors[field] ??= issue.message;
    }
    return errors;
  };
}
