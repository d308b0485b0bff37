import { Navigate, useParams } from "react-router";
import { PRODUCT_IMAGE_SIZES, SUGGESTED_ITEMS_COUNT, type FoodItem } from "@mithai/schema/catalog";
import { formatRupees } from "@mithai/schema/money";
import { productPageTitle } from "@mithai/schema/pages";
import { DeliveryCheck } from "../components/DeliveryCheck";
import { ProductActions } from "../components/ProductActions";
import { StockNote } from "../components/StockNote";
import { Reviews } from "../components/Reviews";
import { SuggestedItems } from "../components/SuggestedItems";
import { Tabs } from "../components/Tabs";
import { foodImageProps } from "../lib/images";
import { trpc } from "../lib/trpc";
import { SHOP_NAME } from "../lib/shop";
import { usePageHead } from "../lib/use-document-title";
import { errorCodeOf } from "../lib/errors";

export function ProductPage() {
  const { slug = "" } = useParams();
  const product = trpc.catalog.bySlug.useQuery({ slug }, { retry: (count, error) => !isNotFound(error) && count < 1 });
  const list = trpc.catalog.list.useQuery();
  const productId = product.data?._id ?? "";
  const reviews = trpc.reviews.list.useInfiniteQuery({ productId }, { getNextPageParam: (page) => page.nextCursor, enabled: Boolean(productId) });
  const item = product.data;
  usePageHead(item && productPageTitle(SHOP_NAME, item), item && (item.metaDescription || item.description), item?.metaKeywords);

  if (product.isError) {
    return isNotFound(product.error) ? <Navigate to="/not-found" replace /> : <p className="container section" role="alert">We could not load this sweet. Please try again.</p>;
  }
  if (!item) return <ProductSkeleton />;

  return (
    <article className="container section product">
      <div className="product-top">
        <img {...foodImageProps(item.image)} sizes={PRODUCT_IMAGE_SIZES} width={960} height={720} alt={item.name} className="product-img" fetchPriority="high" />
        <div className="product-info">
          <p className="product-category">{item.category}</p>
          <h1 className="product-title">{item.name}</h1>
          <p className="product-price">
            {formatRupees(item.price)} <span className="muted">per kg</span>
          </p>
          <p className="product-desc">{item.description}</p>
          <StockNote stockKg={item.stockKg} />
          <p className="note">Minimum order starts from 1 kg.</p>
          <ProductActions key={item._id} item={item} />
          <DeliveryCheck subtotal={item.price} />
        </div>
      </div>

      <Tabs
        label="About this sweet"
        tabs={[
          { id: "ingredients", label: "Ingredients Used", content: <p>{item.ingredients}</p> },
          { id: "benefits", label: "Health Benefits", content: <p>{item.benefits}</p> },
          {
            id: "faq",
            label: "FAQ",
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
            label: reviews.data ? `Reviews (${reviews.data.pages[0]?.total ?? 0})` : "Reviews",
            content: (
              <Reviews
                productId={item._id}
                reviews={reviews.data?.pages.flatMap((page) => page.reviews)}
                more={reviews.hasNextPage ? { loading: reviews.isFetchingNextPage, load: () => void reviews.fetchNextPage() } : undefined}
              />
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
  return (
    <div className="container section product" role="status" aria-label="Loading sweet" aria-busy="true">
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
