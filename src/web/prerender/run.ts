export {};

// Run by scripts/vite-prerender.ts in a process of its own: prints each language's home page markup.
// A browser's globals as the home page's modules and first render read them, set before they load.
const noop = () => undefined;
Object.assign(globalThis, {
  window: {
    location: { pathname: '/', hash: '', search: '', href: 'http://localhost/', protocol: 'http:', origin: 'http://localhost' },
    addEventListener: noop,
    removeEventListener: noop,
    matchMedia: () => ({ matches: false, addEventListener: noop, removeEventListener: noop }),
  },
});
const { LOCALES } = await import('../i18n/languages.ts');
const { homeMarkup } = await import('./home-markup.tsx');
const home: Record<string, string> = {};
for (const locale of LOCALES) home[locale] = await homeMarkup(locale);
process.stdout.write(JSON.stringify(home));
