import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabDef {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys move between tabs, only the selected tab is in the tab order. On a narrow screen the row
 * scrolls sideways; a fade and a chevron on the side with more tabs say so, and the chosen tab is brought into view.
 */
export function Tabs({ tabs, label }: { tabs: TabDef[]; label: string }) {
  const [selected, setSelected] = useState(tabs[0]?.id);
  const baseId = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const left = list.scrollLeft > 4;
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 4;
    setMore((now) => (now.left === left && now.right === right ? now : { left, right }));
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure, tabs.length]);
  const choose = (id: string) => {
    setSelected(id);
    refs.current[id]?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "smooth" });
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    choose(next.id);
    refs.current[next.id]?.focus();
  };

  return (
    <div className="tabs">
      <div className={`tab-scroller${more.left ? " more-left" : ""}${more.right ? " more-right" : ""}`}>
        <div role="tablist" aria-label={label} className="tab-list" ref={listRef} onScroll={measure}>
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              role="tab"
              type="button"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected === tab.id}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected === tab.id ? 0 : -1}
              className="tab"
              onClick={() => choose(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {more.right && (
          <span className="tab-more" aria-hidden="true">
            ›
          </span>
        )}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={selected !== tab.id}
          className="tab-panel"
          tabIndex={0}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
