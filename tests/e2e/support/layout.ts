/**
 * The layout guard's measuring (design section 9: nothing sticks out of its card or is cut at
 * 320–1440 px in en, de and ru). `findLayoutProblems` measures the page as it is laid out now;
 * `LayoutGuard` runs it at every width for every screen of a test and turns what it found into
 * one readable report.
 *
 * What counts as a problem:
 * - an element (or its own text) reaching past the inner edge of the card it sits in: the
 *   nearest ancestor with a visible border, a rounded background (pill, panel) or a dialog;
 * - an element reaching past the left or right edge of the viewport, and a page that scrolls
 *   sideways;
 * - text cut off: text-overflow: ellipsis with more text than room, or overflow hidden/clip
 *   with content wider (or taller) than the box, or a box that only scrolls vertically by
 *   design (overflow-y) but whose content is wider than it;
 * - a table wider than the region it scrolls in: its columns on the right are out of sight
 *   (on a phone, a table reads as one card or stacked row per entry instead);
 * - where asked for (`brokenWords`: the admin console's screens), a word broken across lines
 *   in a column narrower than 8 em (an address set one or two letters a line because the
 *   columns beside it took the room); a long word broken to fit a wider card is fine.
 * Not counted: visually hidden elements (sr-only) and whatever is not rendered; content other
 * than a table inside a region meant to scroll sideways (overflow-x: auto/scroll set on
 * purpose, such as a strip of tabs); outlines, rings and shadows (they are not part of an
 * element's box); form fields' own text (a long value in an input scrolls inside it).
 * Each problem names the element (tag, classes, text), by how many px, where on the screen,
 * the card, and the widest content inside it, which is often what needs to wrap.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

export const LAYOUT_WIDTHS = [320, 360, 414, 768, 1280, 1440] as const;

export type LayoutProblemKind =
  | 'sticks out of its card'
  | 'sticks out of the viewport'
  | 'page scrolls sideways'
  | 'text cut off (ellipsis)'
  | 'content cut off'
  | 'scrolls sideways'
  | 'table cut off (scrolls sideways)'
  | 'word broken in a narrow column'
  | 'control smaller than the others';

export interface LayoutProblem {
  kind: LayoutProblemKind;
  /** tag#id.classes of the offending element. */
  element: string;
  /** The start of its text (or its accessible name). */
  text: string;
  /** By how many CSS pixels (for a word broken in a narrow column: how wide the column is). */
  px: number;
  /** The card it sticks out of, for 'sticks out of its card'. */
  card?: string;
  /** The widest content inside it: often what makes it too wide. */
  widest?: string;
  /** Where on the screen: the nearest named region, navigation, dialog or the header. */
  where: string;
}

interface Options {
  /** A selector for the part of the page to check (an open dialog); the whole page by default. */
  within?: string;
  /** Differences up to this many pixels are rounding, not layout. */
  tolerance?: number;
  /** Also report a word broken in a narrow column (the screens that ask for it: the admin console's). */
  brokenWords?: boolean;
}

/** Runs in the page: every layout problem of the part of the page given, as laid out now. */
function measureInPage({ within, tolerance, brokenWords }: { within: string | null; tolerance: number; brokenWords: boolean }): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const root = within ? document.querySelector(within) : document.body;
  if (!root) throw new Error(`layout guard: nothing matches ${within}`);

  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  const describe = (el: Element) => {
    const id = el.id && !/^[:«_]|^sync-/.test(el.id) ? `#${el.id}` : '';
    return cut(`${el.tagName.toLowerCase()}${id}${[...el.classList].map((c) => `.${c}`).join('')}`, 110);
  };
  const textOf = (el: Element) =>
    cut(clean((el as HTMLElement).innerText) || clean(el.getAttribute('aria-label')) || clean(el.getAttribute('alt')) || clean(el.textContent), 70);
  const nameOf = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    const label = labelledBy ? clean(document.getElementById(labelledBy)?.textContent) : '';
    return cut(label || clean(el.getAttribute('aria-label')), 60);
  };
  const where = (el: Element) => {
    for (let at: Element | null = el; at; at = at.parentElement) {
      if (at.tagName === 'DIALOG') return `dialog "${nameOf(at)}"`;
      if (at.matches('section[aria-labelledby], section[aria-label], nav[aria-label], [role="region"], [role="group"][aria-label]')) {
        return `${at.tagName === 'NAV' ? 'navigation' : at.tagName.toLowerCase() === 'section' ? 'section' : at.getAttribute('role')} "${nameOf(at)}"`;
      }
      if (at.tagName === 'HEADER') return 'header';
    }
    return 'page';
  };
  const report = (kind: LayoutProblemKind, el: Element, px: number, card?: Element) => {
    const problem: LayoutProblem = { kind, element: describe(el), text: textOf(el), px: Math.round(px), where: where(el) };
    if (card) problem.card = describe(card);
    if (kind !== 'text cut off (ellipsis)') {
      const inside = widest(el);
      if (inside && inside.element !== el) problem.widest = `<${describe(inside.element)}> "${cut(textOf(inside.element), 50)}" (${inside.width} px)`;
    }
    problems.push(problem);
  };
  /**
   * The widest content inside `el`, a text or a picture or form field: often what makes a box
   * too wide, such as a line that does not wrap.
   */
  const widest = (el: Element) => {
    let best: Element | null = null;
    let width = 0;
    for (const inside of el.querySelectorAll('*')) {
      if (visuallyHidden(getComputedStyle(inside), inside.getBoundingClientRect())) continue;
      const replaced = ['IMG', 'SELECT', 'INPUT', 'TEXTAREA', 'svg'].includes(inside.tagName);
      const text = replaced ? null : ownText(inside);
      const own = replaced ? inside.getBoundingClientRect().width : text ? text.right - text.left : 0;
      if (own > width) {
        best = inside;
        width = own;
      }
    }
    return best && { element: best, width: Math.round(width) };
  };

  const alpha = (color: string) => {
    if (color === 'transparent') return 0;
    const slash = /\/\s*([\d.]+)(%?)\s*\)$/.exec(color);
    if (slash) return Number(slash[1]) / (slash[2] ? 100 : 1);
    const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color);
    return rgba ? Number(rgba[1]) : 1;
  };
  const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
  const hasBorder = (s: CSSStyleDeclaration) =>
    sides.some((side) => parseFloat(s[`border${side}Width`]) > 0 && !['none', 'hidden'].includes(s[`border${side}Style`]) && alpha(s[`border${side}Color`]) > 0);
  const rounded = (s: CSSStyleDeclaration) => ['borderTopLeftRadius', 'borderTopRightRadius', 'borderBottomLeftRadius', 'borderBottomRightRadius'].some((r) => parseFloat(s[r as 'borderTopLeftRadius']) > 0);
  const isCard = (el: Element, s: CSSStyleDeclaration) =>
    el.tagName === 'DIALOG' || hasBorder(s) || (rounded(s) && (alpha(s.backgroundColor) > 0 || s.backgroundImage !== 'none'));
  /** sr-only and the like: a 1×1 px box that clips what is in it. */
  const visuallyHidden = (s: CSSStyleDeclaration, rect: DOMRect) =>
    (s.position === 'absolute' || s.position === 'fixed') && rect.width <= 1 && rect.height <= 1 &&
    (['hidden', 'clip'].includes(s.overflowX) || s.clipPath !== 'none' || s.clip !== 'auto');
  /** overflow-x: auto/scroll set on purpose, not only as the side effect of overflow-y. */
  const scrollsSidewaysOnPurpose = (el: HTMLElement) => {
    const value = el.style.getPropertyValue('overflow-y');
    const priority = el.style.getPropertyPriority('overflow-y');
    el.style.setProperty('overflow-y', 'visible', 'important');
    const overflowX = getComputedStyle(el).overflowX;
    el.style.setProperty('overflow-y', value, priority);
    return overflowX === 'auto' || overflowX === 'scroll';
  };
  /** Where an element's own text is laid out (clipped or not); null without text of its own. */
  const ownText = (el: Element) => {
    let left = Infinity;
    let right = -Infinity;
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || clean(node.textContent) === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width === 0) continue;
        left = Math.min(left, line.left);
        right = Math.max(right, line.right);
      }
    }
    return right > left ? { left, right } : null;
  };
  /** The element's box together with its own text, which can run past the box. */
  const extent = (el: Element, rect: DOMRect, clips: boolean) => {
    // Text a box clips (ellipsis) is cut off, not sticking out: reported as such below.
    const text = clips ? null : ownText(el);
    return text ? { left: Math.min(rect.left, text.left), right: Math.max(rect.right, text.right) } : { left: rect.left, right: rect.right };
  };
  const inner = (card: Element) => {
    const rect = card.getBoundingClientRect();
    const s = getComputedStyle(card);
    return { left: rect.left + parseFloat(s.borderLeftWidth), right: rect.right - parseFloat(s.borderRightWidth) };
  };
  /**
   * The width of the column in which the element's own text has a word broken across lines
   * (two letters on either side of a line break, no hyphen or space between them); null when no
   * word is broken. Only text of more than one line is looked at letter by letter.
   */
  const brokenWordColumn = (el: Element): number | null => {
    const range = document.createRange();
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? '';
      range.selectNodeContents(node);
      const lines = [...range.getClientRects()].filter((line) => line.width > 0);
      if (lines.length < 2) continue;
      let top: number | null = null;
      let before = '';
      for (let i = 0; i < text.length; i++) {
        const char = text[i]!;
        // A line may break after a space, a hyphen or a slash: no word is broken there.
        if (/[\s\-\u00AD\u2010-\u2014/]/.test(char)) {
          before = char;
          continue;
        }
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (top !== null && box.top > top + 1 && !/[\s\-\u00AD\u2010-\u2014/]/.test(before)) return Math.max(...lines.map((line) => line.width));
        top = box.top;
        before = char;
      }
    }
    return null;
  };
  /** A table in the region wider than the region: its columns on the right are out of sight. */
  const tableWiderThan = (region: Element) =>
    [...region.querySelectorAll('table')].some((table) => table.getBoundingClientRect().width > region.clientWidth + tolerance);
  const NO_OWN_CONTENT = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'OPTION', 'IMG', 'SVG', 'CANVAS', 'VIDEO', 'IFRAME', 'HTML', 'BODY']);

  interface Context {
    /** The card the element sits in; null: none within the nearest clipping or scrolling box. */
    card: Element | null;
    /** False inside a box that clips or scrolls: what reaches past it is that box's matter. */
    viewport: boolean;
    /** How far the parent sticks out of the same card and of the viewport. */
    parentCardOverflow: number;
    parentViewportOverflow: number;
  }

  const visit = (el: Element, context: Context) => {
    // An svg is checked as one picture.
    if (el instanceof SVGElement && el.tagName.toLowerCase() !== 'svg') return;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.contentVisibility === 'hidden' || s.opacity === '0') return;
    const rect = el.getBoundingClientRect();
    if (visuallyHidden(s, rect)) return;
    let ctx = context;
    // Fixed boxes and modal dialogs sit on the viewport, whatever their place in the DOM.
    if (s.position === 'fixed' || (el.tagName === 'DIALOG' && el.matches(':modal'))) {
      ctx = { card: null, viewport: true, parentCardOverflow: 0, parentViewportOverflow: 0 };
    }
    const shown = s.visibility === 'visible' && el.getClientRects().length > 0;
    const clipsX = s.overflowX === 'hidden' || s.overflowX === 'clip';
    const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
    const scrollsX = s.overflowX === 'auto' || s.overflowX === 'scroll';
    const card = isCard(el, s);

    let cardOverflow = 0;
    let viewportOverflow = 0;
    if (shown && el !== document.body) {
      const { left, right } = extent(el, rect, clipsX || scrollsX);
      let reported = false;
      if (ctx.card) {
        const box = inner(ctx.card);
        cardOverflow = Math.max(box.left - left, right - box.right, 0);
        if (cardOverflow > tolerance && cardOverflow > ctx.parentCardOverflow + tolerance) {
          report('sticks out of its card', el, cardOverflow, ctx.card);
          reported = true;
        }
      }
      // A card's own text (a button's label) running past its border.
      const text = card && !clipsX && !scrollsX ? ownText(el) : null;
      if (text) {
        const box = inner(el);
        const own = Math.max(box.left - text.left, text.right - box.right, 0);
        if (own > tolerance) {
          report('sticks out of its card', el, own, el);
          reported = true;
        }
      }
      if (ctx.viewport) {
        viewportOverflow = Math.max(-left, right - viewportWidth, 0);
        // Out of its card and so out of the viewport too: once is enough.
        if (!reported && viewportOverflow > tolerance && viewportOverflow > ctx.parentViewportOverflow + tolerance) report('sticks out of the viewport', el, viewportOverflow);
      }
    }
    const onPurpose = scrollsX && el instanceof HTMLElement && scrollsSidewaysOnPurpose(el);
    if (shown && !NO_OWN_CONTENT.has(el.tagName)) {
      const wider = el.scrollWidth - el.clientWidth;
      if (clipsX && s.textOverflow === 'ellipsis' && wider > 0) report('text cut off (ellipsis)', el, wider);
      else if (clipsX && wider > tolerance) report('content cut off', el, wider);
      else if (clipsY && el.scrollHeight - el.clientHeight > tolerance) report('content cut off', el, el.scrollHeight - el.clientHeight);
      else if (scrollsX && !onPurpose && wider > tolerance) report('scrolls sideways', el, wider);
      else if (scrollsX && wider > tolerance && tableWiderThan(el)) report('table cut off (scrolls sideways)', el, wider);
      // By how many px: here the column's width.
      const column = brokenWords ? brokenWordColumn(el) : null;
      if (column !== null && column < 8 * parseFloat(s.fontSize)) report('word broken in a narrow column', el, column);
    }

    // What reaches past a box that clips or scrolls is that box's matter (cut off, scrolls
    // sideways) or none (a region meant to scroll sideways); cards inside it count again.
    const childContext: Context = clipsX || scrollsX
      ? { card: null, viewport: false, parentCardOverflow: 0, parentViewportOverflow: 0 }
      : card
        ? { card: el, viewport: ctx.viewport, parentCardOverflow: 0, parentViewportOverflow: viewportOverflow }
        : { card: ctx.card, viewport: ctx.viewport, parentCardOverflow: cardOverflow, parentViewportOverflow: viewportOverflow };
    for (const child of el.children) visit(child, childContext);
  };

  visit(root, { card: null, viewport: true, parentCardOverflow: 0, parentViewportOverflow: 0 });

  // Checkboxes and radio buttons of one screen are drawn at one size: one that a long label
  // squeezes (a flex item that shrinks) reads as another kind of control.
  for (const type of ['checkbox', 'radio']) {
    const controls = [...root.querySelectorAll(`input[type="${type}"]`)].filter((el) => (el as HTMLElement).offsetParent !== null);
    const sizes = controls.map((el) => el.getBoundingClientRect());
    const largest = Math.max(0, ...sizes.map((size) => Math.min(size.width, size.height)));
    controls.forEach((el, n) => {
      const short = largest - Math.min(sizes[n]!.width, sizes[n]!.height);
      if (short > tolerance) report('control smaller than the others', el, short);
    });
  }
  if (!within) {
    const sideways = document.documentElement.scrollWidth - viewportWidth;
    if (sideways > tolerance) problems.push({ kind: 'page scrolls sideways', element: 'html', text: '', px: sideways, where: 'page' });
  }
  return problems;
}

/** Every layout problem of the page (or of the part `within` selects) as it is laid out now. */
export function findLayoutProblems(page: Page, { within, tolerance = 1, brokenWords = false }: Options = {}): Promise<LayoutProblem[]> {
  return page.evaluate(measureInPage, { within: within ?? null, tolerance, brokenWords });
}

export interface FoundLayoutProblem extends LayoutProblem {
  language: string;
  screen: string;
  width: number;
}

/**
 * axe (support/axe.ts) on a screen as the guard walks its widths: every rule at each of `widths`
 * in light mode, and the colour rules in dark mode too when `otherTheme`.
 */
export interface AxeAlong {
  widths: readonly number[];
  otherTheme: boolean;
}

/** Collects the problems of every screen at every width; reports them all at once. */
export class LayoutGuard {
  readonly found: FoundLayoutProblem[] = [];
  /** The screens axe checked on the way. */
  readonly axeChecked = new Set<string>();
  /** `axeFor` says which screens axe checks on the way, and how; none by default. */
  constructor(
    private readonly page: Page,
    private readonly language: string,
    private readonly axeFor: (screen: string) => AxeAlong | undefined = () => undefined,
    private readonly height = 900,
  ) {}

  /**
   * Checks the screen as it is now at each width, narrowest first, and leaves the page at the
   * widest. Nothing to wait for between widths: the layout is CSS only, measured synchronously.
   * An axe violation fails at once, with the layout problems found so far left in `found`.
   */
  async atEveryWidth(screen: string, options: Options = {}): Promise<void> {
    const axe = this.axeFor(screen);
    for (const width of LAYOUT_WIDTHS) {
      await this.page.setViewportSize({ width, height: this.height });
      for (const problem of await findLayoutProblems(this.page, options)) this.found.push({ ...problem, language: this.language, screen, width });
      if (axe?.widths.includes(width)) {
        await expectNoAxeViolations(this.page, `${screen} (${this.language}, ${width} px)`, { within: options.within, otherTheme: axe.otherTheme });
        this.axeChecked.add(screen);
      }
    }
  }

  /** Empty when all is well; otherwise the problems by screen, each with the widths it shows at. */
  report(): string {
    return formatLayoutProblems(this.found);
  }
}

/**
 * The report: per language, the problems grouped by the screens they occur on alike (the header
 * and the navigation show on every screen), one line per kind of element (eight children's
 * tables are one line), with the widths it occurs at and by how many px at most.
 */
export function formatLayoutProblems(found: FoundLayoutProblem[]): string {
  if (found.length === 0) return '';
  interface Entry {
    first: FoundLayoutProblem;
    screens: string[];
    widths: Map<number, number>;
    examples: Set<string>;
  }
  const lines: string[] = [];
  for (const language of new Set(found.map((problem) => problem.language))) {
    // Per screen: one entry per kind of problem and element.
    const perScreen = new Map<string, Entry>();
    for (const problem of found.filter((p) => p.language === language)) {
      const key = [problem.screen, problem.kind, problem.element, problem.card ?? ''].join('\u0000');
      const entry = perScreen.get(key) ?? { first: problem, screens: [problem.screen], widths: new Map(), examples: new Set() };
      perScreen.set(key, entry);
      entry.widths.set(problem.width, Math.max(entry.widths.get(problem.width) ?? 0, problem.px));
      entry.examples.add(`"${problem.text}" in ${problem.where}`);
    }
    // The same problem by the same amounts on several screens: one entry for all of them.
    const merged = new Map<string, Entry>();
    for (const entry of perScreen.values()) {
      const widths = [...entry.widths].sort(([a], [b]) => a - b).map(([width, px]) => `${width}: ${px}`).join(', ');
      const key = [entry.first.kind, entry.first.element, entry.first.card ?? '', widths].join('\u0000');
      const same = merged.get(key);
      if (!same) merged.set(key, entry);
      else {
        same.screens.push(...entry.screens);
        for (const example of entry.examples) same.examples.add(example);
      }
    }
    const byScreens = new Map<string, Entry[]>();
    for (const entry of merged.values()) {
      const screens = entry.screens.join(' | ');
      byScreens.set(screens, [...(byScreens.get(screens) ?? []), entry]);
    }
    lines.push(`Layout problems in ${language} (${merged.size}); at width in px: by how many px`);
    for (const [screens, entries] of byScreens) {
      lines.push(`  on ${screens}:`);
      for (const { first, widths, examples } of entries) {
        const at = [...widths].sort(([a], [b]) => a - b).map(([width, px]) => `${width}: ${px}`).join(', ');
        const shown = [...examples];
        const what = shown.length === 1 ? shown[0] : `${shown.length}×, e.g. ${shown.slice(0, 2).join('; ')}`;
        const card = first.card ? `, out of <${first.card}>` : '';
        const widest = first.widest ? `; widest inside: ${first.widest}` : '';
        lines.push(`    - ${first.kind} at ${at} — <${first.element}> ${what}${card}${widest}`);
      }
    }
  }
  return lines.join('\n');
}
