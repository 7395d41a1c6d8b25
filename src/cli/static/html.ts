/** Plain HTML only: the static site has no script, no style element, no style attribute, no CSS file. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] as string);

/** Marks every page as hexarena's: a later export deletes only pages that carry it. */
export const GENERATOR = '<meta name="generator" content="hexarena export-static">';

/** A page of the site, written in `lang` (its `<html lang>`: a screen reader reads it in that language). */
export function page(title: string, body: string, lang = 'en'): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    GENERATOR,
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export const link = (href: string, text: string, label?: string): string =>
  `<a href="${escapeHtml(href)}"${label ? ` aria-label="${escapeHtml(label)}"` : ''}>${escapeHtml(text)}</a>`;
