import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { LazyComponent } from '@/lib/lazy-component';
import { useHydrating } from '@/lib/prerender-context';
import { isPlainClick } from '@/lib/scroll-to-section';

const keepServerHtml = { __html: '' };

/** Where `element` sits below `root`, as child indexes: the same place in identical markup. */
function pathTo(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node !== root && node.parentElement; node = node.parentElement)
    path.unshift([...node.parentElement.children].indexOf(node));
  return path;
}

function elementAt(root: Element, path: number[]): HTMLElement | null {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : null;
}

/** A link or button of the prerendered HTML: where it was, and what tells it apart. */
type HeldTarget = { path: number[]; tag: string; href: string; text: string };

function heldTarget(root: Element, element: Element): HeldTarget {
  return {
    path: pathTo(root, element),
    tag: element.tagName,
    href: element.getAttribute('href') ?? '',
    text: element.textContent?.trim() ?? '',
  };
}

/**
 * The live element for a held one: at the same place when it is the same kind of element with
 * the same href and words, else the first such element anywhere in the box (the live sections
 * may hold an element the HTML did not, which moves the places after it).
 */
function liveTarget(root: Element, held: HeldTarget): HTMLElement | null {
  const same = (element: Element | null): element is HTMLElement =>
    element instanceof HTMLElement &&
    element.tagName === held.tag &&
    (element.getAttribute('href') ?? '') === held.href &&
    (element.textContent?.trim() ?? '') === held.text;
  const atPlace = elementAt(root, held.path);
  if (same(atPlace)) return atPlace;
  return [...root.querySelectorAll(held.tag)].find(same) ?? null;
}

/**
 * Lower sections of a prerendered page whose code loads only when the visitor gets near them, so
 * a visit that stays at the top fetches no script for them
 * (docs/decisions/0003-prerendered-public-pages.md). The prerender renders them
 * whole; when React hydrates the page it leaves their HTML as it stands (same layout, links and
 * ids: in-page links still find their sections) and renders them for real once the code is in. A
 * click or focus inside the HTML loads the code at once and is passed on to the same element once
 * the live sections have replaced it, so nothing the visitor does is lost. Should the code fail to
 * load, the HTML stays, its links working as plain links.
 *
 * In any render that is not a hydration (a navigation within the app, development, tests) the
 * sections render at once, suspending like any lazily loaded page.
 */
export function DeferredUntilNearViewport({
  name,
  component: Sections,
  margin = '600px',
}: {
  /** Names the box in the prerendered HTML; unique on the page. */
  name: string;
  component: LazyComponent<object>;
  /** How far below (or above) the viewport loading starts. */
  margin?: string;
}) {
  const hydrating = useHydrating();
  // Code already loaded (an earlier page had it) is hydrated along with the rest of the page.
  const [stage, setStage] = useState<'static' | 'live' | 'static-for-good'>(() =>
    hydrating && !Sections.loaded() ? 'static' : 'live',
  );
  const box = useRef<HTMLDivElement>(null);
  const replay = useRef<{ click?: HeldTarget; focus?: HeldTarget }>({});
  // A press (pointer down) on the HTML under way, and whether the live sections wait for its end.
  const press = useRef({ down: false, liveWaits: false });

  // If the code cannot be loaded (offline), the prerendered HTML stays: readable, and its links
  // work as plain links. Never swapped in between a press and its release: the click would land
  // on neither element and be lost.
  const goLive = useCallback(() => {
    void Sections.preload().then(
      () => {
        if (press.current.down) press.current.liveWaits = true;
        else setStage('live');
      },
      () => setStage('static-for-good'),
    );
  }, [Sections]);

  useEffect(() => {
    // The box is `display: contents` (no box of its own, so the page lays out as without it):
    // its sections are what comes near the viewport, each of them, as a visitor may jump past the
    // first (an in-page link, the End key, a restored scroll position).
    const sections = [...(box.current?.children ?? [])];
    if (stage !== 'static' || sections.length === 0) return;
    if (typeof IntersectionObserver === 'undefined') return goLive();
    const observer = new IntersectionObserver(
      (reports) => {
        if (!reports.some((report) => report.isIntersecting)) return;
        observer.disconnect();
        goLive();
      },
      { rootMargin: `${margin} 0px` },
    );
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
  }, [stage, goLive, margin]);

  // Tells tests and audits whether the sections are live yet. Set from an effect, not as a prop:
  // hydration leaves the prerendered box's attributes as they are.
  useLayoutEffect(() => {
    if (box.current) box.current.dataset.stage = stage;
  }, [stage]);

  useLayoutEffect(() => {
    const element = box.current;
    if (stage === 'static' || !element) return;
    const { click, focus } = replay.current;
    replay.current = {};
    if (focus) liveTarget(element, focus)?.focus({ preventScroll: true });
    if (click) liveTarget(element, click)?.click();
  }, [stage]);

  if (stage === 'live') {
    return (
      <div key="live" ref={box} data-deferred={name} className="contents">
        <Sections />
      </div>
    );
  }

  const onClickCapture = (event: MouseEvent) => {
    if (stage !== 'static') return;
    const target = (event.target as Element).closest('a[href], button');
    if (!target || !box.current?.contains(target)) return;
    // A click that opens a new tab or window needs only the link's href.
    if (!isPlainClick(event)) return goLive();
    // The static HTML's links and buttons have no handlers yet: hold the click for the live ones.
    event.preventDefault();
    event.stopPropagation();
    replay.current.click = heldTarget(box.current, target);
    goLive();
  };
  const onPointerDownCapture = () => {
    if (stage !== 'static' || press.current.down) return;
    press.current.down = true;
    const released = () => {
      window.removeEventListener('pointerup', released, true);
      window.removeEventListener('pointercancel', released, true);
      // After the click that follows the release, which the handler above holds for the live one.
      setTimeout(() => {
        const { liveWaits } = press.current;
        press.current = { down: false, liveWaits: false };
        if (liveWaits) setStage('live');
      });
    };
    window.addEventListener('pointerup', released, true);
    window.addEventListener('pointercancel', released, true);
  };
  const onFocusCapture = (event: { target: EventTarget }) => {
    if (stage !== 'static') return;
    if (box.current && event.target instanceof Element)
      replay.current.focus = heldTarget(box.current, event.target);
    goLive();
  };

  return (
    // The handlers only catch what bubbles up from the static HTML, whose own elements carry the
    // roles and keyboard access; the box itself is not interactive. Hydration keeps the content of
    // an element whose HTML React is told it does not own (an empty string, that never changes).
    <div
      key="static"
      ref={box}
      data-deferred={name}
      className="contents"
      onClickCapture={onClickCapture}
      onPointerDownCapture={onPointerDownCapture}
      onFocusCapture={onFocusCapture}
      dangerouslySetInnerHTML={keepServerHtml}
      suppressHydrationWarning
    />
  );
}
