// Building the page's elements. A few lines instead of a framework: the app's screens are
// drawn again whole after each answer, and no screen holds more than a few hundred elements.

export type Child = Node | string | number | null | undefined | false | Child[];

/** An element's attributes; `on…` functions become listeners, `true` an empty attribute. */
export type Props = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/** An HTML element with its attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else if (value !== false && value !== null && value !== undefined) {
      element.setAttribute(name, String(value));
    }
  }
  element.append(...flat(children));
  return element;
}

/** An SVG element (the chart, the QR code) with its attributes and children. */
export function svg(tag: string, props: Record<string, string | number> = {}, ...children: Node[]): SVGElement {
  const element = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(props)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

function flat(children: Child[]): (Node | string)[] {
  return children.flatMap((child): (Node | string)[] => {
    if (Array.isArray(child)) return flat(child);
    if (child === null || child === undefined || child === false) return [];
    return [typeof child === "number" ? String(child) : child];
  });
}

/** The screen's place on the page: everything shown is drawn into it. */
export function screen(): HTMLElement {
  const main = document.getElementById("screen");
  if (!main) throw new Error("the page has no #screen");
  return main;
}

/** Replaces what the screen shows, and tells a screen reader the new title. */
export function show(title: string, ...children: Child[]): void {
  const main = screen();
  document.title = `${title} · Phase 10`;
  main.replaceChildren(...flat(children));
  const heading = main.querySelector("h1");
  if (heading instanceof HTMLElement) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

/** Draws a part of the screen again, keeping the focus on the control that had it (by id). */
export function redraw(part: HTMLElement, ...children: Child[]): void {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.id : "";
  part.replaceChildren(...flat(children));
  if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
}
