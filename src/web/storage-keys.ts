/** The keys under which this device keeps what the app reads as it first draws (settings.ts, i18n/index.ts, prerender/as-served.ts). */
export const SETTINGS_KEY = 'hexarena.settings';
export const LANGUAGE_KEY = 'hexarena.lang';
