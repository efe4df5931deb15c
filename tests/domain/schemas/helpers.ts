import * as v from 'valibot';

/** The messages a schema reports for an input ([] when it passes). */
export function messagesOf(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

/** The parsed output, failing the test with the messages when the input is rejected. */
export function outputOf<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new Error(`rejected: ${result.issues.map((issue) => issue.message).join('; ')}`);
  return result.output;
}
