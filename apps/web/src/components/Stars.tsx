import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatAverage, formatNumber } from "../lib/format";
import type { ItemRating } from "@mithai/schema";

const percent = (stars: number) => `${(Math.min(Math.max(stars, 0), 5) / 5) * 100}%`;

/** Five stars filled to `value` (a half shows as half a star), read aloud as the number. */
export function StarRow({ value, label }: { value: number; label: string }) {
  return (
    <span className="stars" role="img" aria-label={label}>
      <span className="stars-empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars-full" aria-hidden="true" style={{ width: percent(value) }}>
        ★★★★★
      </span>
    </span>
  );
}

/** An item's average and count ("4.5 ★ (12)"); nothing while it has no stars. */
export function ItemStars({ rating, long = false }: { rating: ItemRating; long?: boolean }) {
  const { t } = useLingui();
  if (rating.average === null || rating.count === 0) return null;
  const average = formatNumber(rating.average);
  const ratings = plural(rating.count, { one: "# rating", other: "# ratings" });
  return (
    <span className="item-stars">
      <StarRow value={rating.average} label={t`Rated ${average} out of 5 from ${ratings}`} />
      <span className="item-stars-figures" aria-hidden="true">
        {formatAverage(rating.average)} {long ? `· ${ratings}` : `(${formatNumber(rating.count)})`}
      </span>
    </span>
  );
}

/** The review form's 1–5 stars: a radio group, each star a labelled choice. */
export function StarPicker({ value, onChange, describedBy }: { value: number | null; onChange: (stars: number) => void; describedBy?: string }) {
  return (
    <fieldset className="star-picker" aria-describedby={describedBy}>
      <legend>
        <Trans>Your rating</Trans>
      </legend>
      {[1, 2, 3, 4, 5].map((stars) => (
        <label key={stars} className={value !== null && stars <= value ? "on" : undefined}>
          <input type="radio" name="rating" value={stars} checked={value === stars} onChange={() => onChange(stars)} className="visually-hidden" />
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">{plural(stars, { one: "# star", other: "# stars" })}</span>
        </label>
      ))}
    </fieldset>
  );
}
