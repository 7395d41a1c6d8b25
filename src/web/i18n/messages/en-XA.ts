import { parse } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Catalog } from '../catalog.ts';
import { pseudoElements } from '../pseudo.ts';
import en from './en.ts';

/**
 * The pseudo-locale's catalog (pseudo.ts), made from English as it is read: under Node (the tests)
 * here; in the site's build, scripts/precompiled-catalogs.ts makes it the same way, parsed.
 */
export default Object.fromEntries(Object.entries(en).map(([key, message]) => [key, printAST(pseudoElements(parse(message)))])) as Catalog;
