// A catalog's page part as the build makes it (scripts/precompiled-catalogs.ts): `en.ts?part=play`.
declare module '*?part=play' {
  const messages: Partial<import('./catalog.ts').Catalog>;
  export default messages;
}
declare module '*?part=study' {
  const messages: Partial<import('./catalog.ts').Catalog>;
  export default messages;
}
declare module '*?part=people' {
  const messages: Partial<import('./catalog.ts').Catalog>;
  export default messages;
}
declare module '*?part=export' {
  const messages: Partial<import('./catalog.ts').Catalog>;
  export default messages;
}
