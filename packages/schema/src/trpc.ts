/** The most calls one tRPC request may batch: the server answers 400 beyond it, so the clients' batch links stop there too. */
export const TRPC_MAX_BATCH_SIZE = 10;
