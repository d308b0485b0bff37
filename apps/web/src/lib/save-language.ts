import type { Language } from "@mithai/schema";
import { useCustomerToken } from "./session";
import { trpc } from "./trpc";

/**
 * Saves a signed-in customer's language on the account (`user.updateProfile { …, language }`: mails follow it); a
 * guest's lives in the `lang` cookie only. Saving is a convenience: a failure leaves the page's language as chosen.
 */
export function useSaveLanguage(): (language: Language) => void {
  const token = useCustomerToken();
  const utils = trpc.useUtils();
  const update = trpc.user.updateProfile.useMutation();
  return (language) => {
    if (!token) return;
    void utils.user.profile
      .fetch()
      .then(({ name, phoneNumber }) => update.mutateAsync({ name, phoneNumber: phoneNumber ?? "", language }))
      .then((saved) => utils.user.profile.setData(undefined, saved))
      .catch(() => undefined);
  };
}
