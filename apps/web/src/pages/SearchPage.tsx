import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { categoryText } from "../lib/categories";
import { Link, useSearchParams } from "react-router";
import { CATEGORIES, CATEGORY_PARAM, SEARCH_QUERY_MAX } from "@mithai/schema";
import { FoodCard, FoodCardSkeleton } from "../components/FoodCard";
import { catalogLang } from "../lib/catalog-language";
import { trpc } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

/** `/search?q=…`: the navbar search's results, as the menu's product grid; nothing found offers the categories. */
export default function SearchPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX);
  useDocumentTitle(q ? t`Search: ${q}` : t`Search`);
  const { data: items, isPending, isError } = trpc.catalog.search.useQuery({ q, ...catalogLang() }, { enabled: q.length > 0 });

  return (
    <section className="container section food-section" aria-labelledby="search-heading">
      <h1 id="search-heading" className="section-title">
        {q ? t`Sweets matching “${q}”` : t`Search the menu`}
      </h1>
      {!q ? (
        <CategoryOffer lead={t`Type a sweet or an ingredient in the search box, or choose a family of sweets:`} />
      ) : isError ? (
        <p role="alert">
          <Trans>We could not search just now. Please try again.</Trans>
        </p>
      ) : isPending ? (
        <div className="food-grid" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => <FoodCardSkeleton key={i} />)}
        </div>
      ) : items.length === 0 ? (
        <CategoryOffer lead={t`No sweet matches “${q}”. Try another spelling, or choose a family of sweets:`} />
      ) : (
        <>
          <p className="muted" role="status">
            {plural(items.length, { one: "# sweet found", other: "# sweets found" })}
          </p>
          <div className="food-grid">
            {items.map((item, index) => <FoodCard key={item._id} item={item} eager={index < 2} />)}
          </div>
        </>
      )}
    </section>
  );
}

function CategoryOffer({ lead }: { lead: string }) {
  return (
    <div className="empty-state search-empty">
      <p>{lead}</p>
      <ul className="search-categories">
        {CATEGORIES.map((name) => (
          <li key={name}>
            <Link className="button button-secondary" to={`/?${new URLSearchParams({ [CATEGORY_PARAM]: name }).toString()}`}>
              {categoryText(name).name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
