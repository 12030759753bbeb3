/**
 * The focus ring of every control (the theme's `:focus-visible` and `Mui-focusVisible` style), for the
 * few controls whose MUI styles take the outline away, such as the rows-per-page select of a table.
 * Its amber is dark enough for 3:1 against the light pages and white paper (3.5:1) and against the dark
 * footer (3.9:1) of both brands, as WCAG 1.4.11 asks of a state indicator; the lighter #f59e0b it
 * replaces had 2:1 on white.
 */
export const focusRing = { outline: '3px solid #c96b05', outlineOffset: 2 } as const;
