/** The spec's landing demo: the next layout every 3000 ms. */
const DEMO_STEP_MS = 3000;

/**
 * The landing page's grid demo (app/components/GridDemo.tsx renders every layout, the first shown):
 * shows the next layout and its caption every 3 seconds, and stands still for visitors who prefer
 * reduced motion.
 */
export function enhanceGridDemo(): void {
  const demo = document.querySelector('.grid-demo');
  const layouts = [...(demo?.querySelectorAll<HTMLElement>('.grid-demo__layout') ?? [])];
  const caption = demo?.querySelector('figcaption');
  if (!caption || layouts.length < 2) return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  let current = 0;
  window.setInterval(() => {
    current = (current + 1) % layouts.length;
    layouts.forEach((layout, index) => (layout.hidden = index !== current));
    caption.textContent = layouts[current]!.dataset.caption ?? '';
  }, DEMO_STEP_MS);
}
