import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import type { FoodItem } from "@mithai/schema";
import { formatRupees } from "../lib/format";
import { foodImageProps } from "../lib/images";
import { ItemStars } from "./Stars";
import { StockNote } from "./StockNote";

export function FoodCard({ item, eager = false }: { item: FoodItem; eager?: boolean }) {
  return (
    <article className="food-card">
      <Link to={`/product/${item.slug}`} className="food-card-link">
        <img
          {...foodImageProps(item.image)}
          sizes="(min-width: 1100px) 260px, (min-width: 700px) 30vw, 46vw"
          width={640}
          height={480}
          alt={item.name}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="food-card-img"
        />
        <div className="food-card-body">
          <h3 className="food-card-title">{item.name}</h3>
          <ItemStars rating={item.rating} />
          <p className="food-card-desc">{item.description}</p>
          <p className="food-card-price">
            {formatRupees(item.price)} <span className="muted"><Trans>/ kg</Trans></span>
          </p>
          <StockNote stockKg={item.stockKg} />
        </div>
      </Link>
    </article>
  );
}

export function FoodCardSkeleton() {
  return (
    <div className="food-card skeleton" aria-hidden="true">
      <div className="food-card-img skeleton-block" />
      <div className="food-card-body">
        <div className="skeleton-line" />
        <div className="skeleton-line short" />
      </div>
    </div>
  );
}
