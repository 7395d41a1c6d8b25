import { type ComponentChildren, createContext } from 'preact';

/**
 * What a page around a game page puts under the game's top bar (TV's channels and the line of the
 * game it shows): below the site's bar and in the page's flow, as every other page's own header.
 * Drawn before the game page, they stood above its top bar: on a phone, a fifth of the screen of
 * channels over the site's name. Its own module: TV's page reads it without loading the game's shell.
 */
export const UnderTopBar = createContext<ComponentChildren>(null);
