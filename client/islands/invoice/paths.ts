/** An invoices API path with its `{id}` filled in (INVOICES_API names them so). */
export const withId = (path: string, id: number) => path.replace("{id}", String(id));
