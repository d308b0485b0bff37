import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { useSearchParams } from "react-router";
import { CATEGORIES, type Category, CATEGORY_PARAM, categoryFromParam } from "@mithai/schema";
import { categoryText } from "../lib/categories";
import { FoodCard, FoodCardSkeleton } from "../components/FoodCard";
import { DeliveryTermsText } from "../lib/delivery-terms";
import { catalogLang } from "../lib/catalog-language";
import { trpc } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

const CATEGORY_COLOURS: Record<Category, string> = {
  "Flour Sweets": "#f0b44c",
  "Jaggery Sweets": "#9c5a22",
  "Stuffed Sweets": "#e7c99a",
  "Festive Sweets": "#c9a227",
};

export function Home() {
  const { t } = useLingui();
  const { data: items, isPending, isError } = trpc.catalog.list.useQuery(catalogLang());
  // The chosen category lives in the address (`/?category=…`): shareable, and Back restores the previous choice.
  const [params, setParams] = useSearchParams();
  const category = categoryFromParam(params.get(CATEGORY_PARAM));
  const heading = category ? categoryText(category) : undefined;
  useDocumentTitle(heading?.name, heading?.description);
  const menuRef = useRef<HTMLElement>(null);
  const gridRef = useRef<HTMLElement>(null);

  const shown = items?.filter((item) => !category || item.category === category) ?? [];

  const choose = (next: Category | null) => {
    setParams(next ? { [CATEGORY_PARAM]: next } : {});
    // On a phone the grid is below the tiles: bring it into view, so the choice visibly does something.
    requestAnimationFrame(() => gridRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  };

  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="hero-kicker">
            <Trans>Handcrafted · Small batches · Pure ghee</Trans>
          </p>
          <h1 className="hero-title">
            <Trans>Sweets made the slow way, delivered fresh to your door</Trans>
          </h1>
          <p className="hero-text">
            <Trans>Laddoos rolled by hand, katlis cut by eye, jaggery cooked to the right thread. Order by the kilo.</Trans>{" "}
            <span className="hero-delivery">
              <DeliveryTermsText />
            </span>
          </p>
          <button type="button" className="button button-primary" onClick={() => menuRef.current?.scrollIntoView({ behavior: "smooth" })}>
            <Trans>View Menu</Trans>
          </button>
        </div>
      </section>

      <section ref={menuRef} id="menu" className="container section" aria-labelledby="menu-heading">
        <h2 id="menu-heading" className="section-title"><Trans>Explore our menu</Trans></h2>
        <p className="muted">
          <Trans>Choose a family of sweets; choose it again to see everything.</Trans>
        </p>
        <div className="category-picker" role="group" aria-label={t`Categories`}>
          {CATEGORIES.map((name) => {
            const selected = category === name;
            const text = categoryText(name);
            return (
              <button
                key={name}
                type="button"
                className={`category${selected ? " selected" : ""}`}
                aria-pressed={selected}
                onClick={() => choose(selected ? null : name)}
              >
                <span className="category-swatch" style={{ background: CATEGORY_COLOURS[name] }} aria-hidden="true" />
                <span className="category-name">{text.name}</span>
                <span className="category-blurb">{text.blurb}</span>
              </button>
            );
          })}
        </div>
      </section>

      <section ref={gridRef} className="container section food-section" aria-labelledby="top-heading">
        <h2 id="top-heading" className="section-title">
          {heading ? t`Top Sweets near you: ${heading.name}` : t`Top Sweets near you`}
        </h2>
        {isError ? (
          <p role="alert">
            <Trans>We could not load the menu. Please refresh the page.</Trans>
          </p>
        ) : (
          <div className="food-grid" aria-busy={isPending}>
            {isPending
              ? Array.from({ length: 8 }, (_, i) => <FoodCardSkeleton key={i} />)
              : shown.map((item, index) => <FoodCard key={item._id} item={item} eager={index < 2} />)}
          </div>
        )}
      </section>

      <section className="container section">
        <div className="whatsapp-banner">
          <div>
            <h2 className="whatsapp-title">
              <Trans>Join our WhatsApp community</Trans>
            </h2>
            <p>
              <Trans>First word on festival boxes, fresh batches and members-only offers.</Trans>
            </p>
          </div>
          <a className="button button-whatsapp" href="https://chat.whatsapp.com/" target="_blank" rel="noopener noreferrer">
            <Trans>Join on WhatsApp</Trans>
          </a>
        </div>
      </section>
    </>
  );
}
