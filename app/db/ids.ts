const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `id` is a uuid PostgreSQL reads: one that is not names no row, and is not worth a query. */
export const isUuid = (id: string) => UUID.test(id)
