import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * A uPlot chart (a small, well-kept canvas charting library, in the admin chunk only) that follows its box's width.
 * The canvas is a picture for sighted readers: `label` says what it shows, and the page puts the same figures in a
 * table beside it.
 */
export function UPlotChart({ options, data, label, testId }: { options: Omit<uPlot.Options, "width">; data: uPlot.AlignedData; label: string; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot({ ...options, width: Math.max(280, element.clientWidth) }, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, element.clientWidth), height: options.height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return <div ref={box} className="owner-chart" role="img" aria-label={label} data-testid={testId} />;
}
