// How an edit treats a resource's extension fields (resource-fields.ts `editShape`, docs/api-decisions.md §16, §19):
// one left out keeps its stored value, so a client that does not know the field loses nothing; `null` clears it.

/** The fields' values after an edit: each one sent as sent (`null`: none), each one left out as stored. */
export function editedFields<Values extends object, Key extends keyof Values & string>(
  keys: readonly Key[],
  sent: { readonly [K in Key]?: Values[K] | null },
  stored: Values,
): { [K in Key]: Values[K] | undefined } {
  const edited: Partial<Record<Key, unknown>> = {};
  for (const key of keys) {
    const value = sent[key];
    edited[key] = value === undefined ? stored[key] : (value ?? undefined);
  }
  return edited as { [K in Key]: Values[K] | undefined };
}
