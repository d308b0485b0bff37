import { z } from "./z";
import { CONSENT_STATUSES } from "../consent";

/** POST /api/consent. Unknown keys (an `ip` older clients send) are dropped: the server records the IP it sees. */
export const consentRequestSchema = z.object({
  consentStatus: z.enum(CONSENT_STATUSES, { message: `consentStatus must be one of: ${CONSENT_STATUSES.join(", ")}` }),
});
