import type en from './messages/en.ts';

/** A message's name: English's catalog (the source) holds every one. */
export type MessageKey = keyof typeof en;

/** A language's catalog: every key the source has, in ICU MessageFormat, and no other. */
export type Catalog = Record<MessageKey, string>;
