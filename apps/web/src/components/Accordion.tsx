import { useId, useState, type ReactNode } from "react";

export interface AccordionEntry {
  title: string;
  content: ReactNode;
}

/**
 * WAI-ARIA accordion: each title is a button inside a heading that shows or hides its panel (Enter or
 * Space from the keyboard); several panels may be open at once.
 */
export function Accordion({ entries }: { entries: AccordionEntry[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div className="accordion">
      {entries.map((entry, index) => {
        const expanded = open.has(index);
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={entry.title} className="accordion-item">
            <h2 className="accordion-heading">
              <button type="button" className="accordion-button" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(index)}>
                <span>{entry.title}</span>
                <span className="accordion-icon" aria-hidden="true" />
              </button>
            </h2>
            <div id={panelId} className="accordion-panel" hidden={!expanded}>
              {entry.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
