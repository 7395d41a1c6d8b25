/** A solved game's static site: two players share the screen, or one plays the perfect computer. */
export const SITE_MODES = ['two-player', 'vs-ai'] as const;
export type SiteMode = (typeof SITE_MODES)[number];
