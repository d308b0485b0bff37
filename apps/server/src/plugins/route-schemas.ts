import type { FastifyInstance } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";

/**
 * Route schemas are zod contracts (rest/contract.ts). Answers are serialised through them: a success answer that does not
 * fit its schema (a renamed or missing field) is not sent but fails as a 500, logged, and fields a contract does not name
 * are left out. A refusal that does not fit (a reason code its status does not list yet) is logged as a gap in the
 * contract and sent as it is: the client still learns why it was refused, and the contract test catches the gap.
 * Inputs are not checked here but by each handler with the same contract (rest/request.ts parseInput), after the sign-in
 * check, with the shop's 400 wording: so an unsigned request is a 401 whatever its body.
 */
export function registerRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(() => (value: unknown) => ({ value }));
  app.setSerializerCompiler((route) => {
    const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    if (!/^[45]/.test(String(route.httpStatus))) return serialize;
    return (data) => {
      try {
        return serialize(data);
      } catch (error) {
        app.log.error({ err: error, method: route.method, url: route.url, status: route.httpStatus }, "a refusal does not fit its route's contract");
        return JSON.stringify(data);
      }
    };
  });
}
