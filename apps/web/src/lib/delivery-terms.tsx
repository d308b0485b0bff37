import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import type { ZoneTerms } from "@mithai/schema";
import { STATIC_PAGES } from "@mithai/schema";
import { formatRupees } from "./format";
import { activeLanguage, activeLocale } from "./i18n";
import { trpc } from "./trpc";

/** The owner's delivery zones in one sentence (`delivery.terms`): what every page that speaks of delivery says. */
export function useDeliveryTerms() {
  const terms = trpc.delivery.terms.useQuery(undefined, { staleTime: 5 * 60_000 });
  // English is the server's own sentence; Hindi and Telugu say the same from the zones.
  const summary = terms.data && (activeLanguage() === "en" ? terms.data.summary : deliveryTermsSentence(terms.data.zones));
  return { ...terms, summary };
}

const freeOutright = (zone: ZoneTerms) => zone.charge === 0 || zone.freeAbove === 0;

/** packages/schema/src/kitchen.ts's deliveryTermsSentence in the page's language (zone names stay as the owner wrote them). */
export function deliveryTermsSentence(zones: readonly ZoneTerms[]): string {
  if (zones.length === 0) return t`Delivery is charged by PIN code at checkout`;
  if (zones.every(freeOutright)) return t`Free delivery on every order`;
  const free = zones.filter((zone) => freeOutright(zone) || zone.freeAbove !== null);
  const paying = zones.filter((zone) => !freeOutright(zone));
  const always = paying.filter((zone) => zone.freeAbove === null);
  const charges = [...new Set((always.length > 0 ? always : paying).map((zone) => zone.charge))].sort((a, b) => a - b);
  const lowest = formatRupees(charges[0]!);
  const cost = charges.length > 1 ? t`from ${lowest}` : lowest;
  if (free.length === 0) return t`Delivery ${cost} on every order`;
  const places = new Intl.ListFormat(activeLocale(), { type: "conjunction" }).format(
    free.map(({ name, freeAbove, ...zone }) => {
      const above = freeAbove === null ? "" : formatRupees(freeAbove);
      return freeOutright({ name, freeAbove, ...zone }) ? t`in ${name}` : t`in ${name} over ${above}`;
    }),
  );
  return always.length > 0 ? t`Free delivery ${places}; elsewhere ${cost}` : t`Free delivery ${places}; otherwise ${cost}`;
}

/** The zones' sentence with a full stop, or the way to the shipping page while it loads. */
export function DeliveryTermsText() {
  const { summary } = useDeliveryTerms();
  return summary ? (
    <>{summary}.</>
  ) : (
    <Link to={STATIC_PAGES.shipping.path}>
      <Trans>See delivery charges.</Trans>
    </Link>
  );
}
