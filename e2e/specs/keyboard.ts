/**
 * Keyboard steps of the end-to-end specs (accessibility audit, crawler): whether what has the focus shows
 * it, and walks by Tab and by arrow keys that check the focus at every stop.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** More Tab presses than any page has stops. */
export const MAX_TAB_STOPS = 150;

/**
 * Why the focused element shows no focus, or null when it does: it must be in the viewport and draw a
 * focus indicator — an outline or a box shadow of its own, the outline of the MUI button around it
 * (a checkbox's or switch's hidden input), the 2 px border of the MUI field it is in, or for the text
 * area of the rich-text editor, a box shadow on its frame. Runs in the page.
 */
export function focusProblem(): string | null {
  const element = document.activeElement;
  if (!element || element === document.body) return 'nothing has the focus';
  const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`;
  const box = element.getBoundingClientRect();
  if (box.bottom <= 0 || box.right <= 0 || box.top >= window.innerHeight || box.left >= window.innerWidth)
    return `${name} has the focus outside the viewport`;
  const drawsRing = (node: Element) => {
    const style = getComputedStyle(node);
    if (Number(style.opacity) === 0) return false;
    const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return hasOutline || style.boxShadow !== 'none';
  };
  if (drawsRing(element)) return null;
  const button = element.parentElement?.closest('.Mui-focusVisible');
  if (button && drawsRing(button)) return null;
  const outline = element.closest('.Mui-focused')?.querySelector(':scope > fieldset');
  if (outline && parseFloat(getComputedStyle(outline).borderTopWidth) >= 2) return null;
  // The text area of the rich-text editor draws nothing itself: its frame (the bordered box around it) does.
  if (element instanceof HTMLElement && element.isContentEditable) {
    let frame = element.parentElement;
    while (frame && parseFloat(getComputedStyle(frame).borderTopWidth) === 0) frame = frame.parentElement;
    if (frame && drawsRing(frame)) return null;
  }
  return `${name} has the focus but shows no focus indicator`;
}

/** Fails unless what has the focus shows it (focusProblem), naming the step that moved it. */
export async function expectFocusVisible(page: Page, step: string): Promise<void> {
  expect(await page.evaluate(focusProblem), `focus after ${step}`).toBeNull();
}

/** Presses `key` and checks that the focus shows. */
export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusVisible(page, key);
}

/**
 * Presses Tab until `target` has the focus (at most MAX_TAB_STOPS times), the focus showing at each
 * stop. Past the page's last stop the focus leaves the page (the browser's own controls), then comes
 * back to its first.
 */
export async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let stop = 0; stop < MAX_TAB_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    await expectFocusVisible(page, 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target.toString()} was not reached by Tab`);
}

/** Presses ArrowDown until `target` (an option, a menu item) has the focus, the focus showing at each step. */
export async function arrowTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < MAX_TAB_STOPS; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await press(page, 'ArrowDown');
  }
  throw new Error(`${target.toString()} was not reached by ArrowDown`);
}
