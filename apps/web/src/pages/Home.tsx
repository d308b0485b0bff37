import { useRef } from "react";
import { useSearchParams } from "react-router";
import { CATEGORIES, type Category } from "@mithai/schema/catalog";
import { CATEGORY_BLURBS, CATEGORY_PARAM, categoryFromParam, categoryPage } from "@mithai/schema/pages";
import { FoodCard, FoodCardSkeleton } from "../components/FoodCard";
import { trpc } from "../lib/trpc";
import { useDocumentTitle } from "../lib/use-document-title";

const CATEGORY_COLOURS: Record<Category, string> = {
  "Flour Sweets": "#f0b44c",
  "Jaggery Sweets": "#9c5a22",
  "Stuffed Sweets": "#e7c99a",
  "Festive Sweets": "#c9a227",
};

export function Home() {
  const { data: items, isPending, isError } = trpc.catalog.list.useQuery();
  // The chosen category lives in the address (`/?category=…`): shareable, and Back restores the previous choice.
  const [params, setParams] = useSearchParams();
  const category = categoryFromParam(params.get(CATEGORY_PARAM));
  const heading = category ? categoryPage(category) : undefined;
  useDocumentTitle(heading?.title, heading?.description);
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
          <p className="hero-kicker">Handcrafted · Small batches · Pure ghee</p>
          <h1 className="hero-title">Sweets made the slow way, delivered fresh to your door</h1>
          <p className="hero-text">Laddoos rolled by hand, katlis cut by eye, jaggery cooked to the right thread. Order by the kilo; delivery is free.</p>
          <button type="button" className="button button-primary" onClick={() => menuRef.current?.scrollIntoView({ behavior: "smooth" })}>
            View Menu
          </button>
        </div>
      </section>

      <section ref={menuRef} id="menu" className="container section" aria-labelledby="menu-heading">
        <h2 id="menu-heading" className="section-title">Explore our menu</h2>
        <p className="muted">Choose a family of sweets; choose it again to see everything.</p>
        <div className="category-picker" role="group" aria-label="Categories">
          {CATEGORIES.map((name) => {
            const selected = category === name;
            return (
              <button
                key={name}
                type="button"
                className={`category${selected ? " selected" : ""}`}
                aria-pressed={selected}
                onClick={() => choose(selected ? null : name)}
              >
                <span className="category-swatch" style={{ background: CATEGORY_COLOURS[name] }} aria-hidden="true" />
                <span className="category-name">{name}</span>
                <span className="category-blurb">{CATEGORY_BLURBS[name]}</span>
              </button>
            );
          })}
        </div>
      </section>

      <section ref={gridRef} className="container section food-section" aria-labelledby="top-heading">
        <h2 id="top-heading" className="section-title">
          Top Sweets near you{category && `: ${category}`}
        </h2>
        {isError ? (
          <p role="alert">We could not load the menu. Please refresh the page.</p>
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
            <h2 className="whatsapp-title">Join our WhatsApp community</h2>
            <p>First word on festival boxes, fresh batches and members-only offers.</p>
          </div>
          <a className="button button-whatsapp" href="https://chat.whatsapp.com/" target="_blank" rel="noopener noreferrer">
            Join on WhatsApp
          </a>
        </div>
      </section>
    </>
  );
}
