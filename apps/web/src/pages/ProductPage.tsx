import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Navigate, useParams } from "react-router";
import { type FoodItem, PRODUCT_IMAGE_SIZES, SUGGESTED_ITEMS_COUNT } from "@mithai/schema";
import { formatRupees } from "../lib/format";
import { categoryText } from "../lib/categories";
import { DeliveryCheck } from "../components/DeliveryCheck";
import { ProductActions } from "../components/ProductActions";
import { ItemStars } from "../components/Stars";
import { StockNote } from "../components/StockNote";
import { SuggestedItems } from "../components/SuggestedItems";
import { Tabs } from "../components/Tabs";
import { foodImageProps } from "../lib/images";
import { catalogLang } from "../lib/catalog-language";
import { trpc } from "../lib/trpc";
import { activeLanguage } from "../lib/i18n";
import { pageTitle, usePageHead } from "../lib/use-document-title";
import { errorCodeOf } from "../lib/errors";

// The Reviews tab (its list and form) loads after the page: below the fold, and out of the storefront's initial JavaScript.
const Reviews = lazy(() => import("../components/Reviews").then((m) => ({ default: m.Reviews })));

export function ProductPage() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const product = trpc.catalog.bySlug.useQuery({ slug, ...catalogLang() }, { retry: (count, error) => !isNotFound(error) && count < 1 });
  const list = trpc.catalog.list.useQuery(catalogLang());
  const productId = product.data?._id ?? "";
  const reviews = trpc.reviews.list.useInfiniteQuery({ productId }, { getNextPageParam: (page) => page.nextCursor, enabled: Boolean(productId) });
  const item = product.data;
  const reviewCount = reviews.data ? (reviews.data.pages[0]?.total ?? 0) : undefined;
  // The SEO fields are the owner's English; a Hindi or Telugu page is titled and described by the item's own words.
  const english = activeLanguage() === "en";
  usePageHead(item && ((english && item.metaTitle) || pageTitle(item.name)), item && ((english && item.metaDescription) || item.description), english ? item?.metaKeywords : "");

  if (product.isError) {
    return isNotFound(product.error) ? <Navigate to="/not-found" replace /> : <p className="container section" role="alert">
        <Trans>We could not load this sweet. Please try again.</Trans>
      </p>;
  }
  if (!item) return <ProductSkeleton />;

  return (
    <article className="container section product">
      <div className="product-top">
        <img {...foodImageProps(item.image)} sizes={PRODUCT_IMAGE_SIZES} width={960} height={720} alt={item.name} className="product-img" fetchPriority="high" />
        <div className="product-info">
          <p className="product-category">{categoryText(item.category).name}</p>
          <h1 className="product-title">{item.name}</h1>
          <ItemStars rating={item.rating} long />
          <p className="product-price">
            {formatRupees(item.price)} <span className="muted">
              <Trans>per kg</Trans>
            </span>
          </p>
          <p className="product-desc">{item.description}</p>
          <StockNote stockKg={item.stockKg} />
          <p className="note">
            <Trans>Minimum order starts from 1 kg.</Trans>
          </p>
          <ProductActions key={item._id} item={item} />
          <DeliveryCheck subtotal={item.price} />
        </div>
      </div>

      <Tabs
        label={t`About this sweet`}
        tabs={[
          { id: "ingredients", label: t`Ingredients Used`, content: <p>{item.ingredients}</p> },
          { id: "benefits", label: t`Health Benefits`, content: <p>{item.benefits}</p> },
          {
            id: "faq",
            label: t`FAQ`,
            content: (
              <dl className="faq-list">
                {item.faq.map((entry) => (
                  <div key={entry.question}>
                    <dt>{entry.question}</dt>
                    <dd>{entry.answer}</dd>
                  </div>
                ))}
              </dl>
            ),
          },
          {
            id: "reviews",
            label: reviewCount === undefined ? t`Reviews` : t`Reviews (${reviewCount})`,
            content: (
              <Suspense fallback={null}>
                <Reviews
                  productId={item._id}
                  reviews={reviews.data?.pages.flatMap((page) => page.reviews)}
                  more={reviews.hasNextPage ? { loading: reviews.isFetchingNextPage, load: () => void reviews.fetchNextPage() } : undefined}
                />
              </Suspense>
            ),
          },
        ]}
      />

      <SuggestedItems key={item._id} items={suggestionsFor(item, list.data ?? [])} />
    </article>
  );
}

/** Three other sweets: the same category first, then the rest of the menu. */
export function suggestionsFor(item: FoodItem, all: FoodItem[]): FoodItem[] {
  const others = all.filter((other) => other._id !== item._id);
  const sameCategory = others.filter((other) => other.category === item.category);
  const rest = others.filter((other) => other.category !== item.category);
  return [...sameCategory, ...rest].slice(0, SUGGESTED_ITEMS_COUNT);
}

function isNotFound(error: unknown): boolean {
  return errorCodeOf(error) === "NOT_FOUND";
}

function ProductSkeleton() {
  const { t } = useLingui();
  return (
    <div className="container section product" role="status" aria-label={t`Loading sweet`} aria-busy="true">
      <div className="product-top">
        <div className="product-img skeleton-block" />
        <div className="product-info">
          <div className="skeleton-line" />
          <div className="skeleton-line short" />
          <div className="skeleton-line" />
        </div>
      </div>
    </div>
  );
}
